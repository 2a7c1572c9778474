import OpenQuartzCore
import OpenUIKit

/// A spring set up as seed 002 does — mass, stiffness, damping, the settling duration as its
/// duration — but softer, so that the overshoot shows: it peaks about 40 pt past the end.
@MainActor
func springScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 120))
    lane(CGRect(x: 10, y: 38, width: 220, height: 44), in: root)
    let block = square(40, at: CGPoint(x: 32, y: 60), accent, in: root)
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.fromValue = CGFloat(32)
    spring.toValue = CGFloat(160)
    spring.mass = 1
    spring.stiffness = 120
    spring.damping = 8
    spring.duration = spring.settlingDuration
    block.position.x = 160
    block.add(spring, forKey: "spring")
    return root
}

@MainActor
func keyframeCircleScene(_ timeline: SceneTimeline) -> CALayer {
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
func groupScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    let layer = square(40, at: CGPoint(x: 120, y: 120), accent, in: root)
    layer.add(seedGroupAnimation(around: CGPoint(x: 120, y: 120), radius: 80, scale: 0.4), forKey: "group")
    return root
}

@MainActor
func additiveBlocksScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 120))
    let view = UIView(frame: CGRect(x: 20, y: 40, width: 40, height: 40))
    view.backgroundColor = UIColor(cgColor: ink)
    root.addSublayer(view.layer)
    timeline.keep(view)
    CATransaction.flush()
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 120 })
    // Half-way, a second block retargets it; the additive animations blend.
    timeline.at(0.5) {
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut, animations: { view.center.x = 200 })
    }
    return root
}

@MainActor
func popScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 120, height: 120))
    let view = UIView(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
    view.backgroundColor = UIColor(cgColor: accent)
    // A dot in one corner: a square turned a quarter looks the same, the dot shows the turn.
    let dot = UIView(frame: CGRect(x: 8, y: 8, width: 14, height: 14))
    dot.backgroundColor = UIColor(cgColor: paper)
    dot.layer.cornerRadius = 7
    view.addSubview(dot)
    root.addSublayer(view.layer)
    timeline.keep(view)
    CATransaction.flush()
    UIView.popAnimation(withDuration: 0.7) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
    return root
}
