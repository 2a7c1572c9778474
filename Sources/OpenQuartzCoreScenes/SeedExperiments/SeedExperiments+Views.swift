import Foundation
import OpenQuartzCore
import OpenUIKit

extension SeedExperiments {
    /// The seeds' experiments with views. They run on the main actor, where views live.
    @MainActor static var viewExperiments: [Experiment] {
        [
            ("Seed 000 · a view's answer outside and inside an animation block", viewAnswers),
            ("Seed 000 · DRInspectionView: what a view block adds to its layer", inspectionView),
            (
                "Seed 001 · UIView.animate is a transaction: a standalone layer inside it, disableActions around it",
                blockIsATransaction
            ),
            ("Additive view animations: a second block started mid-flight blends", additiveBlend),
            ("Seed 000 · DR_popAnimation: to the new value and back, the model unchanged", popAnimation),
            ("Seed 003 · EasyAnimation's chain: two steps, looped, then cancelled", chain),
            (
                "Seed 000 · keyframe blocks: the view answers nil while recording, then one CAKeyframeAnimation",
                keyframes
            ),
            ("Seed 000 · UIImageView: a discrete keyframe animation on contents", imageView),
            ("UIViewPropertyAnimator: scrubbed to 0.3, reversed, finished at the start", propertyAnimator),
        ]
    }
}

@MainActor
private func committedView() -> UIView {
    let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))  // centred on (0, 0)
    CATransaction.flush()
    return view
}

@MainActor
private func viewAnswers(_ clock: CAManualClock) {
    let myView = committedView()
    print("outside animation block: \(describeAction(myView.action(for: myView.layer, forKey: "position")))")
    UIView.animate(withDuration: 0.3) {
        print("inside animation block: \(describeAction(myView.action(for: myView.layer, forKey: "position")))")
    }
}

private func describeAction(_ action: (any CAAction)?) -> String {
    guard let action else { return "(null)" }
    return String(describing: action)
}

private final class DRInspectionLayer: CALayer {
    override func add(_ anim: CAAnimation, forKey key: String?) {
        print("adding animation: \(anim.debugDescription)")
        print(
            "  the model already holds \(describeValue(value(forKeyPath: (anim as? CAPropertyAnimation)?.keyPath ?? "")))"
        )
        super.add(anim, forKey: key)
    }
}

private final class DRInspectionView: UIView {
    override class var layerClass: AnyClass { DRInspectionLayer.self }
}

@MainActor
private func inspectionView(_ clock: CAManualClock) {
    let view = DRInspectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    CATransaction.flush()
    UIView.animate(withDuration: 0.3) {
        view.center = CGPoint(x: 100, y: 100)
        view.alpha = 0.5
    }
}

@MainActor
private func blockIsATransaction(_ clock: CAManualClock) {
    let layerC = CALayer()
    let view = committedView()
    UIView.animate(withDuration: 0.5) { layerC.opacity = 0 }
    print(
        "standalone layer changed in a 0.5 s block: opacity animation of \(layerC.animation(forKey: "opacity")?.duration ?? 0) s"
    )
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    UIView.animate(withDuration: 0.33) { view.backgroundColor = .red }
    CATransaction.commit()
    print("view block inside a transaction with disabled actions: \(view.layer.animationKeys() ?? ["no animation"])")
}

@MainActor
private func additiveBlend(_ clock: CAManualClock) {
    let view = committedView()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 }) {
        print("  first block completed: finished = \($0)")
    }
    for time in [0.25, 0.5] {
        clock.advance(to: time)
        print("t = \(time) s: x = \(describeValue(view.layer.presentation()!.position.x))")
    }
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 200 }) {
        print("  second block completed: finished = \($0)")
    }
    print("second block to x = 200 starts at 0.5 s; the layer runs \(view.layer.animationKeys() ?? [])")
    for time in [0.5, 0.75, 1.0, 1.25, 1.5] {
        clock.advance(to: time)
        print("t = \(time) s: x = \(describeValue(view.layer.presentation()!.position.x))")
    }
}

@MainActor
private func popAnimation(_ clock: CAManualClock) {
    let view = committedView()
    UIView.popAnimation(withDuration: 0.7) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
    print("model transform after the block: \(view.transform == .identity ? "identity" : "rotated")")
    for fraction in [0.0, 0.175, 0.35, 0.7, 1.0] {
        clock.advance(to: fraction * 0.7)
        let angle = view.layer.presentation()!.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        print("at \(fraction) of 0.7 s: rotation = \(describeValue(angle + 0)) rad")  // + 0 turns -0 into 0
    }
}

@MainActor
private func chain(_ clock: CAManualClock) {
    let view = committedView()
    let chain = UIView.animateAndChain(
        withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 },
        completion: { print("  [\(CACurrentMediaTime()) s] out: finished = \($0)") }
    )
    .animate(withDuration: 1, options: .curveLinear, animations: { view.center.x = 0 }) {
        print("  [\(CACurrentMediaTime()) s] back: finished = \($0)")
    }
    .loop()
    clock.advance(to: 4.5)
    print("cancel at 4.5 s")
    chain.cancel { print("  [\(CACurrentMediaTime()) s] chain cancelled after its running step") }
    clock.advance(to: 8)
}

@MainActor
private func keyframes(_ clock: CAManualClock) {
    let view = committedView()
    UIView.animateKeyframes(withDuration: 10, delay: 0, options: []) {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) {
            print(
                "while recording, the view answers \(describeAction(view.action(for: view.layer, forKey: "opacity")))")
            view.alpha = 0
        }
    }
    print("the layer holds: \(view.layer.animation(forKey: "opacity")!.debugDescription)")
    for time in [0.5, 1.0, 5.0] {
        clock.advance(to: time)
        print("t = \(time) s: alpha = \(describeValue(view.layer.presentation()!.opacity))")
    }
}

@MainActor
private func imageView(_ clock: CAManualClock) {
    let frames = (0..<3).map { shade -> UIImage in
        let pixel = UInt8(shade * 100)
        return UIImage(cgImage: CGImage(width: 1, height: 1, rgbaPixels: [pixel, pixel, pixel, 255])!)
    }
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
    imageView.animationImages = frames
    imageView.animationDuration = 0.3
    imageView.animationRepeatCount = 2
    imageView.startAnimating()
    for key in imageView.layer.animationKeys() ?? [] {
        print("the layer holds: \(imageView.layer.animation(forKey: key)!.debugDescription)")
    }
    for time in [0.05, 0.15, 0.25, 0.35, 0.7] {
        clock.advance(to: time)
        let shown = imageView.layer.presentation()?.contents as? CGImage
        let index = frames.firstIndex { $0.cgImage === shown }.map(String.init) ?? "none"
        print("t = \(time) s: frame \(index), isAnimating = \(imageView.isAnimating)")
    }
}

@MainActor
private func propertyAnimator(_ clock: CAManualClock) {
    let view = committedView()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
    animator.addCompletion { position in print("  [\(CACurrentMediaTime()) s] completion at \(position)") }
    animator.pauseAnimation()
    animator.fractionComplete = 0.3
    CATransaction.flush()
    print("scrubbed to 0.3: x = \(describeValue(view.layer.presentation()!.position.x))")
    animator.isReversed = true
    animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    for time in [0.15, 0.3] {
        clock.advance(to: time)
        print("t = \(time) s reversed: x = \(describeValue(view.layer.presentation()!.position.x))")
    }
    clock.advance(to: 1)
    print("model x after finishing at the start: \(describeValue(view.center.x))")
}

private func describeValue(_ value: Any?) -> String {
    switch value {
    case let number as CGFloat: String(format: "%g", Double(number))
    case let point as CGPoint: "(\(describeValue(point.x)), \(describeValue(point.y)))"
    case let number as Float: String(format: "%g", Double(number))
    default: String(describing: value ?? "nil")
    }
}
