import Foundation

extension SpringSolver {
    /// How close to the target (as a fraction of the whole distance) counts as settled.
    /// Core Animation's threshold, which reproduces its measured `settlingDuration`s.
    package static var settlingThreshold: Double { 0.001 }

    /// The time between the samples of the settling walk for damping ratios ≥ 1.
    package static var settlingStep: Double { 0.1 }

    /// The longest walk, in steps (10⁵ seconds): a spring slower than that reports infinity
    /// instead of looping for ever.
    static var maximumSettlingSteps: Int { 1_000_000 }

    /// The estimated time in seconds until the spring is at rest, by Core Animation's rule.
    ///
    /// - Under-damped (ζ < 1): the displacement is bounded by the envelope
    ///   `(1 + |b|)·e^(−ζω₀t)`, where `b = (ζω₀ − v₀)/ω_d` is the sine coefficient, so the
    ///   settling time is the t at which the envelope reaches ε = 0.001:
    ///   `t = ln((1 + |b|)/ε) / (ζω₀)`. For (m, k, c, v₀) = (1, 100, 10, 0) this is
    ///   `ln(1000·(1 + 1/√3)) / 5 = 1.4727003346780925`, Apple's value to the last bit.
    ///   No damping at all (ζ = 0) never settles: infinity.
    /// - Critically or over-damped (ζ ≥ 1): the first multiple of 0.1 s (accumulated by
    ///   repeated addition, as Apple's loop does, hence 0.9999999999999999 for (1, 100, 20, 0))
    ///   at which |x(t)| < ε.
    ///
    /// Source: the rule is issue 3's description of Apple's behaviour; the closed form is ours,
    /// checked against both of Apple's reference values.
    package var settlingDuration: Double {
        let epsilon = Self.settlingThreshold
        if case .underdamped(let decay, _, let b) = motion {
            guard decay > 0 else { return .infinity }
            return log((1 + abs(b)) / epsilon) / decay
        }
        var time = 0.0
        for _ in 0..<Self.maximumSettlingSteps {
            if abs(displacement(at: time)) < epsilon { return time }
            time += Self.settlingStep
        }
        return .infinity
    }

    /// The perceptual duration of SwiftUI's `Spring(duration:bounce:)`: the undamped period
    /// `2π/ω₀` (SwiftUI's `Spring.duration`; its doc gives 0.63 for (1, 100, 10)).
    package var perceptualDuration: Double {
        2 * Double.pi / naturalFrequency
    }

    /// SwiftUI's bounce for this spring's (effective) damping ratio: `1 − ζ` for ζ ≤ 1 and
    /// `1/ζ − 1` above, the inverse of ``dampingRatio(bounce:)``.
    package var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// The damping ratio of a SwiftUI `bounce`: `1 − bounce` for bounce ≥ 0,
    /// `1 / (1 + bounce)` below.
    ///
    /// Source: `springDampingFraction(bounce:)` in SwiftUI's public `.swiftinterface`
    /// (`@_alwaysEmitIntoClient`), which `Spring(duration:bounce:)` uses.
    package static func dampingRatio(bounce: Double) -> Double {
        bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
    }

    /// The (stiffness, damping) of SwiftUI's `Spring(duration:bounce:)` at mass 1:
    /// `k = (2π/duration)²` and `c = 2√k·ζ = 4πζ/duration`.
    ///
    /// Source: `springStiffness(response:)` and `springDamping(fraction:stiffness:)` in
    /// SwiftUI's public `.swiftinterface`; SwiftUI's `Spring` documentation gives
    /// (157.9, 17.6) for (0.5 s, 0.3), which this reproduces.
    package static func parameters(perceptualDuration duration: Double, bounce: Double)
        -> (stiffness: Double, damping: Double)
    {
        let frequency = 2 * Double.pi / duration
        let stiffness = frequency * frequency
        return (stiffness, 2 * stiffness.squareRoot() * dampingRatio(bounce: bounce))
    }
}
