import OpenQuartzCore

/// Seed 002's group, shared by the scene experiment and the gallery: a rotation, an
/// autoreversing scale down to `scale` and, from 3 s, a path round a circle of `radius` about
/// `center`, in a 10 s group that repeats.
public func seedGroupAnimation(around center: CGPoint, radius: CGFloat, scale: CGFloat) -> CAAnimationGroup {
    let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
    rotation.toValue = Double.pi
    rotation.duration = 1
    rotation.repeatCount = .infinity
    let shrink = CABasicAnimation(keyPath: "transform.scale")
    shrink.toValue = scale
    shrink.duration = 1
    shrink.repeatCount = .infinity
    shrink.autoreverses = true
    let orbit = CAKeyframeAnimation(keyPath: "position")
    orbit.path = circlePath(around: center, radius: radius)
    orbit.duration = 2
    orbit.beginTime = 3
    orbit.repeatCount = .infinity
    let group = CAAnimationGroup()
    group.duration = 10
    group.animations = [rotation, shrink, orbit]
    group.repeatCount = .infinity
    return group
}

/// A full circle starting at its rightmost point, going the way angles grow.
func circlePath(around center: CGPoint, radius: CGFloat) -> CGPath {
    let circle = CGMutablePath()
    circle.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
    return circle
}
