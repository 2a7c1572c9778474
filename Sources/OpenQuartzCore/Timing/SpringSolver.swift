import Foundation

/// The motion of a damped spring that carries a value from 0 to 1: what `CASpringAnimation`
/// plays instead of a timing curve.
///
/// The spring obeys `m·x″ + c·x′ + k·x = 0`, where `x` is the distance still to go as a
/// fraction of the whole (x(0) = 1, x → 0) and `x′(0) = −initialVelocity`: a positive initial
/// velocity moves towards the target, in whole distances per second, as `CASpringAnimation.h`
/// documents. ``progress(at:)`` is `1 − x(t)`, so it starts at 0, may overshoot 1, and settles
/// on 1.
///
/// The three regimes follow WebKit's `SpringSolver.h` (under-damped and critically damped)
/// and the textbook over-damped solution. Like Core Animation, a damping ratio ζ above 1 is
/// treated as exactly 1 (critical damping) unless `allowsOverdamping` is set.
///
/// Everything is computed once in `init`; ``progress(at:)`` and ``velocity(at:)`` are a few
/// `exp`, `sin` and `cos` calls and never allocate, so they are safe on the per-frame path.
package struct SpringSolver: Sendable, Equatable {
    /// The mass of the object on the spring (> 0).
    package let mass: Double
    /// The spring constant (> 0).
    package let stiffness: Double
    /// The friction coefficient (≥ 0).
    package let damping: Double
    /// The starting speed towards the target, in whole distances per second.
    package let initialVelocity: Double
    /// Whether a damping ratio above 1 gives over-damped motion instead of critical damping.
    package let allowsOverdamping: Bool

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    package let naturalFrequency: Double
    /// The damping ratio the motion uses: `c / (2√(km))`, clamped to 1 unless over-damping is
    /// allowed.
    package let dampingRatio: Double

    /// Which closed form ``progress(at:)`` evaluates, with its precomputed coefficients.
    @usableFromInline let motion: Motion

    @usableFromInline
    enum Motion: Sendable, Equatable {
        /// x = e^(−decay·t) · (cos(ω_d·t) + b·sin(ω_d·t)).
        case underdamped(decay: Double, frequency: Double, b: Double)
        /// x = (1 + b·t) · e^(−ω₀·t).
        case critical(omega: Double, b: Double)
        /// x = c₁·e^(r₁·t) + c₂·e^(r₂·t), with r₁, r₂ < 0.
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// Creates the spring; mass and stiffness must be positive, damping non-negative, and
    /// every value finite.
    package init(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
        allowsOverdamping: Bool = false
    ) {
        require(mass.isFinite && mass > 0, "SpringSolver mass must be a finite number greater than 0, got \(mass)")
        require(
            stiffness.isFinite && stiffness > 0,
            "SpringSolver stiffness must be a finite number greater than 0, got \(stiffness)")
        require(
            damping.isFinite && damping >= 0, "SpringSolver damping must be a finite number ≥ 0, got \(damping)")
        require(initialVelocity.isFinite, "SpringSolver initialVelocity must be finite, got \(initialVelocity)")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping

        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        naturalFrequency = omega
        let v0 = initialVelocity
        if zeta < 1 {
            dampingRatio = zeta
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            // x′(0) = −decay + b·ω_d = −v0.
            motion = .underdamped(decay: zeta * omega, frequency: frequency, b: (zeta * omega - v0) / frequency)
        } else if !allowsOverdamping || zeta - 1 < 1e-9 {
            // Within 1e-9 of critical the over-damped roots nearly coincide and their
            // difference cancels; the critical form is then exact to ~1e-9.
            dampingRatio = allowsOverdamping ? zeta : 1
            // x′(0) = b − ω₀ = −v0.
            motion = .critical(omega: omega, b: omega - v0)
        } else {
            dampingRatio = zeta
            let spread = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + spread  // the slow root
            let r2 = -zeta * omega - spread  // the fast root
            // c₁ + c₂ = 1 and r₁·c₁ + r₂·c₂ = −v0.
            let c2 = (-v0 - r1) / (r2 - r1)
            motion = .overdamped(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
        }
    }

    /// The distance still to go at `t` seconds, as a fraction of the whole: 1 at t = 0,
    /// tending to 0 (negative after an overshoot).
    @inlinable
    package func displacement(at t: Double) -> Double {
        let t = max(t, 0)
        switch motion {
        case .underdamped(let decay, let frequency, let b):
            return exp(-decay * t) * (cos(frequency * t) + b * sin(frequency * t))
        case .critical(let omega, let b):
            return (1 + b * t) * exp(-omega * t)
        case .overdamped(let r1, let r2, let c1, let c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The fraction of the way travelled at `t` seconds: 0 at t ≤ 0, settling on 1, above 1
    /// while the spring overshoots.
    @inlinable
    package func progress(at t: Double) -> Double {
        1 - displacement(at: t)
    }

    /// The rate of ``progress(at:)`` at `t` seconds, in whole distances per second
    /// (`initialVelocity` at t = 0).
    @inlinable
    package func velocity(at t: Double) -> Double {
        let t = max(t, 0)
        switch motion {
        case .underdamped(let decay, let frequency, let b):
            let (s, c) = (sin(frequency * t), cos(frequency * t))
            // −x′ = e^(−decay·t) · ((decay − b·ω_d)·cos + (decay·b + ω_d)·sin).
            return exp(-decay * t) * ((decay - b * frequency) * c + (decay * b + frequency) * s)
        case .critical(let omega, let b):
            return (omega * (1 + b * t) - b) * exp(-omega * t)
        case .overdamped(let r1, let r2, let c1, let c2):
            return -(c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }
}
