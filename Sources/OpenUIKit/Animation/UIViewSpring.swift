import Foundation

/// The spring of a spring block animation, as `CASpringAnimation` parameters (mass 1).
public struct UIViewSpring: Sendable, Equatable {
    /// The spring constant.
    public let stiffness: Double
    /// The friction coefficient.
    public let damping: Double
    /// The starting speed, in whole distances per second.
    public let initialVelocity: Double
    /// How long the animation runs.
    public let duration: TimeInterval

    /// The spring UIKit uses for `animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…)`: mass 1, stiffness ω², damping 2ζω, where ω is the natural
    /// frequency at which the motion's second constant `c₂` has decayed to a thousandth by the
    /// end of the duration, `|c₂|·e^(−ζωD) = 0.001`.
    ///
    /// With displacement 1 and starting speed v₀ (towards the target), the motion is
    /// `e^(−ζωt)(cos ω_d t + c₂ sin ω_d t)` with `c₂ = (ζω − v₀)/ω_d` below critical damping
    /// and `(1 + c₂ t)·e^(−ωt)` with `c₂ = ω − v₀` at it. The damping ratio is clamped to
    /// (0, 1]: UIKit's springs never over-damp. When no ω satisfies the equation (the
    /// velocity cancels `c₂`), the envelope alone decides: `e^(−ζωD) = 0.001`.
    public init(dampingRatio: Double, duration: TimeInterval, initialVelocity: Double) {
        require(
            dampingRatio.isFinite && duration.isFinite && duration > 0 && initialVelocity.isFinite,
            "spring animation needs a finite damping ratio, a finite duration above 0 and a finite velocity; "
                + "got \(dampingRatio), \(duration), \(initialVelocity)")
        let zeta = min(max(dampingRatio, 0.001), 1)
        let omega = Self.naturalFrequency(zeta: zeta, duration: duration, velocity: initialVelocity)
        stiffness = omega * omega
        damping = 2 * zeta * omega
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    /// The iOS 17 spring: `CASpringAnimation(perceptualDuration:bounce:)`, running until it
    /// settles.
    init(perceptualDuration: TimeInterval, bounce: Double, initialVelocity: Double) {
        let spring = CASpringAnimation(perceptualDuration: perceptualDuration, bounce: CGFloat(bounce))
        spring.initialVelocity = CGFloat(initialVelocity)
        stiffness = Double(spring.stiffness)
        damping = Double(spring.damping)
        self.initialVelocity = initialVelocity
        duration = spring.settlingDuration
    }

    static func naturalFrequency(zeta: Double, duration: Double, velocity: Double) -> Double {
        let threshold = log(0.001)
        // log|c₂(ω)| − ζωD − log 0.001: positive while c₂'s term is still above a thousandth.
        func excess(_ omega: Double) -> Double {
            let c2: Double
            if zeta < 1 {
                c2 = (zeta * omega - velocity) / (omega * (1 - zeta * zeta).squareRoot())
            } else {
                c2 = omega - velocity
            }
            return log(abs(c2)) - zeta * omega * duration - threshold
        }
        // Walk down from a frequency far too fast to still be moving, to the first that is
        // not; then bisect between the two.
        var high = 1e4 / duration
        var low = high
        while low > 1e-6 {
            low *= 0.8
            if excess(low) > 0 { break }
            high = low
        }
        guard excess(low) > 0 else { return -threshold / (zeta * duration) }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if excess(middle) > 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
