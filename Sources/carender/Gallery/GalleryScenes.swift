import OpenQuartzCore
import OpenUIKit

private let paper = CGColor(red: 0.96, green: 0.95, blue: 0.92, alpha: 1)
private let ink = CGColor(red: 0.17, green: 0.35, blue: 0.75, alpha: 1)
private let accent = CGColor(red: 0.93, green: 0.36, blue: 0.25, alpha: 1)

/// A canvas of `size` at the origin, made without implicit animations.
@MainActor
private func canvas(_ size: CGSize) -> CALayer {
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = paper
    return root
}

@MainActor
private func square(_ side: CGFloat, at center: CGPoint, _ color: CGColor, in root: CALayer) -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    layer.position = center
    layer.backgroundColor = color
    layer.cornerRadius = side / 6
    root.addSublayer(layer)
    return layer
}

@MainActor
func springDemo(_ timeline: DemoTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 120))
    let block = square(40, at: CGPoint(x: 40, y: 60), accent, in: root)
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.fromValue = 40
    spring.toValue = 200
    spring.mass = 1
    spring.stiffness = 120
    spring.damping = 6
    spring.duration = 2
    spring.fillMode = .forwards
    spring.isRemovedOnCompletion = false
    block.position.x = 200
    block.add(spring, forKey: "spring")
    return root
}

@MainActor
func keyframeCircleDemo(_ timeline: DemoTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    let arrow = square(30, at: CGPoint(x: 200, y: 120), ink, in: root)
    let orbit = CAKeyframeAnimation(keyPath: "position")
    orbit.path = circlePath(around: CGPoint(x: 120, y: 120), radius: 80)
    orbit.duration = 2
    orbit.calculationMode = .paced
    orbit.rotationMode = .rotateAuto
    orbit.repeatCount = .infinity
    arrow.add(orbit, forKey: "orbit")
    return root
}

@MainActor
func groupDemo(_ timeline: DemoTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    let layer = square(40, at: CGPoint(x: 120, y: 120), accent, in: root)
    layer.add(seedGroupAnimation(around: CGPoint(x: 120, y: 120), radius: 80, scale: 0.4), forKey: "group")
    return root
}

@MainActor
func additiveBlocksDemo(_ timeline: DemoTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 120))
    let view = UIView(frame: CGRect(x: 20, y: 40, width: 40, height: 40))
    view.backgroundColor = UIColor(cgColor: ink)
    root.addSublayer(view.layer)
    CATransaction.flush()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 120 })
    // Half-way, a second block retargets it; the additive animations blend.
    timeline.at(0.5) {
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut, animations: { view.center.x = 200 })
    }
    return root
}

@MainActor
func popDemo(_ timeline: DemoTimeline) -> CALayer {
    let root = canvas(CGSize(width: 120, height: 120))
    let view = UIView(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
    view.backgroundColor = UIColor(cgColor: accent)
    root.addSublayer(view.layer)
    CATransaction.flush()
    UIView.popAnimation(withDuration: 0.7) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
    return root
}
