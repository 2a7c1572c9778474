import Foundation

/// A basic animation whose progress follows a damped spring: Apple's `CASpringAnimation`.
///
/// The spring carries the value from `fromValue` to `toValue` (with `CABasicAnimation`'s
/// from/to/by rules) and may overshoot. Its motion depends only on the elapsed seconds, not
/// on `duration`: as on Apple, `duration` is *not* set for you, and a duration shorter than
/// ``settlingDuration`` cuts the motion off (the value then jumps to the end or the fill).
/// The usual pattern, from Apple's documentation:
///
///     let spring = CASpringAnimation(keyPath: "transform.scale")
///     spring.fromValue = 0
///     spring.toValue = 1
///     spring.damping = 5
///     spring.duration = spring.settlingDuration
///     layer.add(spring, forKey: nil)
///
/// The spring takes the place of the timing curve, so `timingFunction` has no effect on it.
/// Invalid parameters (zero or negative `mass` or `stiffness`, negative `damping`, NaN or
/// infinite values) are programmer errors and trap with a message naming the property;
/// Apple's header only says "must be greater than 0".
open class CASpringAnimation: CABasicAnimation {
    /// Creates a spring from SwiftUI-style parameters (iOS 17): mass 1,
    /// stiffness `(2π/perceptualDuration)²` and damping `4π·ζ/perceptualDuration`, where the
    /// damping ratio ζ is `1 − bounce` for bounce ≥ 0 and `1/(1 + bounce)` for negative bounce.
    ///
    /// `bounce` runs from −1 (exclusive; ever more over-damped) through 0 (critically damped,
    /// no overshoot) to 1 (undamped). Apple does not document the mapping; it is SwiftUI's
    /// `Spring(duration:bounce:)`, which this initialiser's WWDC23 introduction pairs it with.
    /// It also sets ``allowsOverdamping`` to true, as the iOS 18 header says, so that a
    /// negative bounce is as sluggish as asked instead of being clamped to critical damping.
    ///
    ///     let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
    ///     // mass 1, stiffness ≈ 157.9, damping ≈ 17.59
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        require(
            perceptualDuration.isFinite && perceptualDuration > 0,
            "CASpringAnimation perceptualDuration must be a finite number greater than 0, got \(perceptualDuration)")
        require(
            bounce.isFinite && bounce > -1 && bounce <= 1,
            "CASpringAnimation bounce must be greater than -1 and at most 1, got \(bounce)")
        self.init()
        let parameters = SpringSolver.parameters(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        stiffness = CGFloat(parameters.stiffness)
        damping = CGFloat(parameters.damping)
        allowsOverdamping = true
    }

    /// The mass of the object on the spring; must be greater than 0 (default 1). A heavier
    /// mass swings further and settles later.
    open var mass: CGFloat = 1 {
        didSet { requirePositive(mass, "mass") }
    }

    /// The spring constant; must be greater than 0 (default 100). A stiffer spring moves and
    /// settles faster.
    open var stiffness: CGFloat = 100 {
        didSet { requirePositive(stiffness, "stiffness") }
    }

    /// The friction coefficient; must be 0 or more (default 10). Less damping overshoots more
    /// and settles later.
    open var damping: CGFloat = 10 {
        didSet {
            require(
                damping.isFinite && damping >= 0,
                "CASpringAnimation.damping must be a finite number ≥ 0, got \(damping)")
        }
    }

    /// The starting speed in whole distances per second (default 0): positive values move
    /// towards `toValue`, negative values away from it first.
    open var initialVelocity: CGFloat = 0 {
        didSet {
            require(
                initialVelocity.isFinite, "CASpringAnimation.initialVelocity must be finite, got \(initialVelocity)")
        }
    }

    /// Whether a damping ratio above 1 gives over-damped motion (iOS 17; default false).
    /// When false, as before iOS 17, any damping beyond critical (`2√(k·m)`) moves exactly
    /// like critical damping.
    open var allowsOverdamping = false

    /// The estimated time in seconds for the spring to come to rest with the current
    /// parameters: Core Animation's rule, threshold 0.001 of the distance (see
    /// `SpringSolver.settlingDuration`). Infinity when `damping` is 0.
    open var settlingDuration: CFTimeInterval {
        solver.settlingDuration
    }

    /// The perceived duration of the spring (iOS 17): its undamped period `2π·√(m/k)`, the
    /// inverse of ``init(perceptualDuration:bounce:)``.
    open var perceptualDuration: CFTimeInterval {
        solver.perceptualDuration
    }

    /// How bouncy the spring is (iOS 17): `1 − ζ` for a damping ratio ζ ≤ 1, `1/ζ − 1` for an
    /// over-damped spring, the inverse of ``init(perceptualDuration:bounce:)``. A damping
    /// ratio clamped because ``allowsOverdamping`` is false reads as 0.
    open var bounce: CGFloat {
        CGFloat(solver.bounce)
    }

    /// The motion that the animation engine evaluates in place of a timing curve.
    package var solver: SpringSolver {
        SpringSolver(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    override package func copyState(to target: CAAnimation) {
        super.copyState(to: target)
        let copy = unsafeDowncast(target, to: CASpringAnimation.self)
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        copy.allowsOverdamping = allowsOverdamping
    }

    /// The basic animation's fields, then the spring's, then `keyPath` last, as Apple prints
    /// them. Mass, stiffness and damping are always shown.
    override package func subclassFields() -> [(String, String)] {
        var fields = Array(super.subclassFields().dropLast(keyPathField.count))
        fields.append(("mass", formatNumber(Double(mass))))
        fields.append(("stiffness", formatNumber(Double(stiffness))))
        fields.append(("damping", formatNumber(Double(damping))))
        if initialVelocity != 0 { fields.append(("initialVelocity", formatNumber(Double(initialVelocity)))) }
        if allowsOverdamping { fields.append(("allowsOverdamping", "1")) }
        return fields + keyPathField
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "mass": mass
        case "stiffness": stiffness
        case "damping": damping
        case "initialVelocity": initialVelocity
        case "allowsOverdamping": allowsOverdamping
        case "settlingDuration": settlingDuration
        case "perceptualDuration": perceptualDuration
        case "bounce": bounce
        default: super.animationPropertyValue(forKey: key)
        }
    }

    /// The writable spring properties; the read-only ones (`settlingDuration`,
    /// `perceptualDuration`, `bounce`) fall through to custom-key storage, as Apple's
    /// key-value coding does for a key without a setter, and keep reading their computed value.
    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        func number() -> CGFloat {
            guard let value, let number = AnimatableValue.double(from: value) else {
                misuse(
                    "CASpringAnimation.setValue(_:forKey: \"\(key)\") needs a number, got \(describeType(value))")
            }
            return CGFloat(number)
        }
        switch key {
        case "mass": mass = number()
        case "stiffness": stiffness = number()
        case "damping": damping = number()
        case "initialVelocity": initialVelocity = number()
        case "allowsOverdamping": allowsOverdamping = (value as? Bool) ?? (number() != 0)
        default: return super.setAnimationProperty(value, forKey: key)
        }
        return true
    }
}

private func requirePositive(_ value: CGFloat, _ name: String) {
    require(
        value.isFinite && value > 0, "CASpringAnimation.\(name) must be a finite number greater than 0, got \(value)")
}
