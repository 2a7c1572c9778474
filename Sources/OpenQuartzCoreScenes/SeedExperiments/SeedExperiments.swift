import Foundation
import OpenQuartzCore

/// The seed articles' experiments that the model supports, each on a manual clock of its own,
/// printing what the article prints or describes: the action search's answers, nested
/// transactions, fill modes, springs, groups, transitions, and the views' block animations.
/// `carender experiments` prints them.
public enum SeedExperiments {
    /// One experiment: its title (the seed and what it shows) and its body, which prints.
    public typealias Experiment = (title: String, run: @MainActor (CAManualClock) -> Void)

    /// Every experiment, in the articles' order: the layers' first, then the views'.
    @MainActor public static var all: [Experiment] {
        [
            ("Seed 000 · the action search answers (delegate: action / nil / NSNull)", actionSearchAnswers),
            ("Seed 000 · DRInspectionLayer: what add(_:forKey:) receives", inspectionLayer),
            ("Seed 000 · DRAnimationBlockDelegate: block callbacks", blockDelegate),
            ("Seed 001 · nested transactions: 0.25 s, 1 s and disabled actions", nestedTransactions),
            ("Seed 002 · LLayer + LAnimation: a layer that answers its own action", customAction),
            ("Seed 002 · removedOnCompletion = NO, fillMode = both: model vs presentation", keepsEndState),
            ("Seed 002 · fillMode walk-through (bounds.size, begin 2 s, 5 s long)", fillModes),
            ("Seed 002 · CASpringAnimation: mass 5, stiffness 10000, damping 300, velocity 100", spring),
            ("Seed 002 · CAAnimationGroup: rotation, autoreversing scale, a path from 3 s, in 10 s", group),
            ("Seed 002 · CATransition: pageUnCurl from the top, 3 s, repeated 10 times", transition),
        ] + viewExperiments
    }

    /// Runs every experiment, each under a title line and on a new clock, printing to
    /// standard output.
    @MainActor public static func printAll() {
        for (index, experiment) in all.enumerated() {
            if index > 0 { print() }
            print("== \(experiment.title) ==")
            let clock = CAManualClock()
            CAClock.$current.withValue(clock) {
                experiment.run(clock)
                CATransaction.flush()
            }
        }
    }
}

private final class Answering: CALayerDelegate {
    let answer: (any CAAction)?
    init(_ answer: (any CAAction)?) { self.answer = answer }
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
}

private func describe(_ action: (any CAAction)?) -> String {
    guard let action else { return "(null)" }
    return String(describing: action)
}

private func actionSearchAnswers(_ clock: CAManualClock) {
    let standalone = CALayer()
    print("standalone layer, actionForKey(position): \(describe(standalone.action(forKey: "position")))")
    for (name, answer) in [
        ("NSNull", NSNull() as (any CAAction)?), ("nil", nil), ("a CABasicAnimation", CABasicAnimation()),
    ] {
        let delegate = Answering(answer)
        let layer = CALayer()
        layer.delegate = delegate
        let asked = delegate.action(for: layer, forKey: "position")
        print(
            "delegate answers \(name): actionForLayer:forKey: = \(describe(asked)); layer's search = \(describe(layer.action(forKey: "position")))"
        )
    }
}

private final class InspectionLayer: CALayer {
    override func add(_ anim: CAAnimation, forKey key: String?) {
        print("adding animation: \(anim.debugDescription)")
        super.add(anim, forKey: key)
    }
}

private func inspectionLayer(_ clock: CAManualClock) {
    let layer = InspectionLayer()
    layer.position = CGPoint(x: 5, y: 5)
    CATransaction.flush()
    clock.advance(by: 1)
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.3)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    layer.position = CGPoint(x: 100, y: 100)
    CATransaction.commit()
    print("the layer holds: \(layer.animation(forKey: "position")!.debugDescription)")
}

private final class BlockDelegate: CAAnimationDelegate {
    let start: () -> Void
    let stop: (Bool) -> Void
    init(beginning: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        start = beginning
        stop = completion
    }
    func animationDidStart(_ anim: CAAnimation) { start() }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stop(flag) }
}

private func blockDelegate(_ clock: CAManualClock) {
    let myLayer = CALayer()
    for cancel in [false, true] {
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0
        fadeIn.duration = 1
        fadeIn.delegate = BlockDelegate(
            beginning: { print("  [\(CACurrentMediaTime()) s] beginning to fade in") },
            completion: { finished in
                print("  [\(CACurrentMediaTime()) s] did fade \(finished ? "to the end" : "but was cancelled")")
            })
        myLayer.opacity = 1
        myLayer.add(fadeIn, forKey: "fade in slowly")
        CATransaction.flush()
        clock.advance(by: 0.5)
        if cancel { myLayer.removeAnimation(forKey: "fade in slowly") }
        clock.advance(by: 1)
    }
}

private func nestedTransactions(_ clock: CAManualClock) {
    let (layerA, layerB, layerC) = (CALayer(), CALayer(), CALayer())
    CATransaction.flush()
    CATransaction.begin()
    layerA.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.begin()
    CATransaction.setValue(1, forKey: kCATransactionAnimationDuration)
    layerB.position = CGPoint(x: 110, y: 119)
    CATransaction.commit()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layerC.opacity = 0
    CATransaction.commit()
    CATransaction.commit()
    print("layerA backgroundColor animation: \(layerA.animation(forKey: "backgroundColor")?.duration ?? 0) s")
    print("layerB position animation: \(layerB.animation(forKey: "position")?.duration ?? 0) s")
    print(
        "layerC opacity animation: \(layerC.animation(forKey: "opacity").map { "\($0.duration) s" } ?? "none (actions disabled)")"
    )
    for time in [0.0, 0.125, 0.25, 0.5, 1] {
        clock.advance(to: time)
        let a = layerA.presentation()!.backgroundColor?.components ?? []
        let b = layerB.presentation()!.position
        print(
            "t = \(format(time)) s: layerA red = \(format(Double(a.first ?? 0))), layerB position = (\(format(b.x)), \(format(b.y))), layerC opacity = \(layerC.presentation()!.opacity)"
        )
    }
}

private final class LAnimation: CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        print("LAnimation runActionForKey:\(event) object:\(layer)")
        let animation = CABasicAnimation(keyPath: event)
        animation.toValue = NSValue(cgPoint: CGPoint(x: 300, y: 300))
        animation.duration = 10
        layer.add(animation, forKey: event)
    }
}

private final class LLayer: CALayer {
    override func action(forKey event: String) -> (any CAAction)? {
        print("LLayer actionForKey:\(event) (delegate = \(delegate.map { "\($0)" } ?? "nil"))")
        return LAnimation()
    }
}

private func customAction(_ clock: CAManualClock) {
    let layer = LLayer()
    layer.position = CGPoint(x: 10, y: 10)
    CATransaction.flush()
    for time in [0.0, 2.5, 5, 10] {
        clock.advance(to: time)
        let p = layer.presentation()!.position
        print("t = \(format(time)) s: presentation position = (\(format(p.x)), \(format(p.y)))")
    }
}

private func keepsEndState(_ clock: CAManualClock) {
    let layer = CALayer()
    layer.position = CGPoint(x: 20, y: 20)
    CATransaction.flush()
    clock.advance(by: 1)
    let move = CABasicAnimation(keyPath: "position")
    move.toValue = NSValue(cgPoint: CGPoint(x: 200, y: 300))
    move.isRemovedOnCompletion = false
    move.fillMode = .both
    layer.add(move, forKey: nil)
    CATransaction.flush()
    clock.advance(by: 5)
    let p = layer.presentation()!.position
    print(
        "after the animation: presentation position = (\(format(p.x)), \(format(p.y))); model position = (\(format(layer.position.x)), \(format(layer.position.y)))"
    )
}

private func fillModes(_ clock: CAManualClock) {
    let times = [0.0, 1, 2, 4.5, 7, 8, 10]
    print("fillMode    " + times.map { "t=\(format($0))".padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
    for mode in [CAMediaTimingFillMode.removed, .forwards, .backwards, .both] {
        let run = CAManualClock()
        let row: [String] = CAClock.$current.withValue(run) {
            let colorLayer = CALayer()
            CATransaction.setDisableActions(true)
            colorLayer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            CATransaction.flush()
            let grow = CABasicAnimation(keyPath: "bounds.size")
            grow.fromValue = NSValue(cgSize: CGSize(width: 100, height: 100))
            grow.toValue = NSValue(cgSize: CGSize(width: 400, height: 400))
            grow.beginTime = CACurrentMediaTime() + 2
            grow.duration = 5
            grow.fillMode = mode
            grow.isRemovedOnCompletion = false
            grow.timingFunction = CAMediaTimingFunction(name: .linear)
            colorLayer.add(grow, forKey: nil)
            CATransaction.flush()
            return times.map { time in
                run.advance(to: time)
                return format(colorLayer.presentation()!.bounds.size.width).padding(
                    toLength: 9, withPad: " ", startingAt: 0)
            }
        }
        print(mode.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + row.joined())
    }
}

private func spring(_ clock: CAManualClock) {
    let layer = CALayer()
    CATransaction.setDisableActions(true)
    layer.position = CGPoint(x: 0, y: 0)
    CATransaction.flush()
    let spring = CASpringAnimation(keyPath: "position")
    spring.mass = 5
    spring.stiffness = 10000
    spring.damping = 300
    spring.initialVelocity = 100
    spring.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 0))
    spring.duration = spring.settlingDuration
    print("settlingDuration = \(format(spring.settlingDuration)) s")
    layer.add(spring, forKey: nil)
    CATransaction.flush()
    for time in [0.0, 0.05, 0.1, 0.2, 0.4] {
        clock.advance(to: time)
        print("t = \(format(time)) s: x = \(format(layer.presentation()!.position.x))")
    }
}

private func group(_ clock: CAManualClock) {
    let layer = CALayer()
    CATransaction.setDisableActions(true)
    layer.position = CGPoint(x: 200, y: 300)
    CATransaction.flush()
    layer.add(seedGroupAnimation(around: CGPoint(x: 200, y: 300), radius: 200, scale: 0.2), forKey: nil)
    CATransaction.flush()
    for time in [0.5, 1.5, 3.0, 3.5, 4.0, 9.9, 10.5] {
        clock.advance(to: time)
        let shown = layer.presentation()!
        let angle = shown.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        let factor = shown.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 1
        print(
            "t = \(format(time)) s: rotation = \(format(angle)) rad, scale = \(format(factor)), "
                + "position = (\(format(shown.position.x)), \(format(shown.position.y)))")
    }
}

private func transition(_ clock: CAManualClock) {
    CATransaction.setDisableActions(true)
    let layer = CALayer()
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.flush()
    CATransaction.setDisableActions(true)
    layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let transition = CATransition()
    transition.type = CATransitionType(rawValue: "pageUnCurl")
    transition.startProgress = 0
    transition.endProgress = 1
    transition.subtype = .fromTop
    transition.repeatCount = 10
    transition.duration = 3
    layer.add(transition, forKey: nil)
    CATransaction.flush()
    print("added under \(layer.animationKeys() ?? [])")
    func colour(_ layer: CALayer) -> String {
        guard let components = layer.backgroundColor?.components else { return "nil" }
        return "(" + components.map { format(Double($0)) }.joined(separator: ", ") + ")"
    }
    for time in [0.0, 1.5, 4.5, 29.9, 30.1] {
        clock.advance(to: time)
        guard let state = layer.activeTransition() else {
            print("t = \(format(time)) s: no transition; the layer shows \(colour(layer))")
            continue
        }
        print(
            "t = \(format(time)) s: \(state.type) (drawn as \(state.drawnType)) \(state.subtype?.rawValue ?? "-"), "
                + "progress \(format(state.progress)), before \(colour(state.before)), after \(colour(state.after))")
    }
}

/// A time or value as `%g` prints it (`0.5`, `1e-06`).
private func format(_ value: Double) -> String {
    String(format: "%g", value)
}

private func format(_ value: CGFloat) -> String {
    format(Double(value))
}
