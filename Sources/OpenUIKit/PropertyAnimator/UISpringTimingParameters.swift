import Foundation

/// Timing that follows a damped spring: UIKit's `UISpringTimingParameters`.
///
/// Made from a damping ratio, the spring is fitted to the animator's duration with UIKit's
/// mapping (``UIViewSpring``: mass 1, and the stiffness and damping at which the motion has
/// settled to a thousandth by the end of the duration). Made from mass, stiffness and
/// damping, or from a perceptual duration and bounce (iOS 17), the spring is used as given and
/// runs until it settles (Core Animation's `settlingDuration`); the animator's duration is then
/// ignored, as UIKit's header says.
///
/// The initial velocity is in whole distances per second, `dx` for every property.
/// Differs from Apple: UIKit applies `dy` to the y axis of position changes; here `dx`
/// paces both axes.
///
///     let spring = UISpringTimingParameters(dampingRatio: 0.6)
///     let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: spring)
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// How the spring is described.
    enum Spring: Equatable {
        /// Fitted to the animator's duration with UIKit's mapping.
        case dampingRatio(Double)
        /// Used as given; runs until it settles.
        case physical(mass: Double, stiffness: Double, damping: Double)
        /// From a perceptual duration and bounce (iOS 17), as SwiftUI's `Spring(duration:bounce:)`
        /// makes them at mass 1; over-damped for a negative bounce; runs until it settles.
        case perceptual(duration: Double, bounce: Double)
    }

    /// The starting speed, in whole distances per second: 1 covers the animation's whole
    /// distance in a second. Only `dx` is used (see the type's discussion).
    public let initialVelocity: CGVector

    let spring: Spring

    /// UIKit's default spring, the system spring: mass 3, stiffness 1000, damping 500
    /// (damping ratio 4.56, which Core Animation moves like critical damping), no velocity.
    public override convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// Parameters from an archive. Nothing is decoded (there is no Objective-C archiving of
    /// these here): they are those of `init()`.
    public required convenience init?(coder: NSCoder) {
        self.init()
    }

    /// A spring with `ratio` as damping ratio and no initial velocity: 1 settles without
    /// overshoot, smaller values oscillate.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` as damping ratio and an initial velocity. The ratio must be a
    /// finite number above 0 (values above 1 move like 1, as UIKit's do); the velocity must
    /// be finite.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        require(
            ratio.isFinite && ratio > 0,
            "UISpringTimingParameters(dampingRatio:) needs a finite damping ratio above 0, got \(ratio)")
        Self.requireFinite(velocity)
        spring = .dampingRatio(Double(ratio))
        initialVelocity = velocity
        super.init()
    }

    /// A spring with the given constants, run until it settles. Mass, stiffness and damping
    /// must be finite and above 0, the velocity finite. Its damping ratio is
    /// `damping / (2·√(stiffness·mass))`. Differs from Apple: a damping of 0 traps, since an
    /// undamped spring never settles and its animator could never end.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        require(
            mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0 && damping.isFinite && damping > 0,
            "UISpringTimingParameters(mass:stiffness:damping:initialVelocity:) needs a finite mass, stiffness and "
                + "damping above 0 (an undamped spring never settles); got \(mass), \(stiffness), \(damping)")
        Self.requireFinite(velocity)
        spring = .physical(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping))
        initialVelocity = velocity
        super.init()
    }

    /// A spring of damping ratio `damping` whose undamped period is `response` seconds
    /// (iOS 17; SwiftUI's `Spring(response:dampingRatio:)`): mass 1, stiffness `(2π/response)²`,
    /// damping `4π·damping/response`, run until it settles as a spring of given constants.
    /// `damping` must be finite and above 0 (an undamped spring never settles), `response`
    /// finite and above 0.
    public convenience init(
        damping: CGFloat, response: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)
    ) {
        require(
            response.isFinite && response > 0,
            "UISpringTimingParameters(damping:response:) needs a finite response above 0, got \(response)")
        require(
            damping.isFinite && damping > 0,
            "UISpringTimingParameters(damping:response:) needs a finite damping ratio above 0 (an undamped spring "
                + "never settles), got \(damping)")
        let stiffness = pow(2 * .pi / response, 2)
        self.init(mass: 1, stiffness: stiffness, damping: 4 * .pi * damping / response, initialVelocity: velocity)
    }

    /// A spring of perceived duration `duration` and `bounce` (iOS 17), with no initial
    /// velocity: see ``init(duration:bounce:initialVelocity:)``.
    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring of perceived duration `duration` and `bounce` (iOS 17): SwiftUI's
    /// `Spring(duration:bounce:)` at mass 1 — stiffness `(2π/duration)²`, damping ratio
    /// `1 − bounce` (0: no overshoot, towards 1: ever bouncier), or `1/(1 + bounce)` for a
    /// negative bounce, which is over-damped. As for given constants, the animation runs until
    /// the spring settles and the animator's duration is ignored. `duration` must be finite and
    /// above 0, `bounce` above −1 and below 1 (a bounce of 1 never settles), the velocity finite.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        require(
            duration.isFinite && duration > 0,
            "UISpringTimingParameters(duration:bounce:) needs a finite duration above 0, got \(duration)")
        require(
            bounce.isFinite && bounce > -1 && bounce < 1,
            "UISpringTimingParameters(duration:bounce:) needs a bounce above -1 and below 1 (1 never settles), "
                + "got \(bounce)")
        Self.requireFinite(velocity)
        spring = .perceptual(duration: duration, bounce: Double(bounce))
        initialVelocity = velocity
        super.init()
    }

    /// `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }

    /// nil: a spring has no cubic curve.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }

    /// The parameters themselves.
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The motion of this spring for an animation of `duration` seconds, with how long it
    /// runs: `duration` for a damping ratio, the settling time for given constants.
    func motion(forDuration duration: TimeInterval) -> (solver: SpringSolver, duration: TimeInterval) {
        let velocity = Double(initialVelocity.dx)
        switch spring {
        case .dampingRatio(let ratio):
            let fitted = UIViewSpring(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
            let solver = SpringSolver(
                mass: 1, stiffness: fitted.stiffness, damping: fitted.damping, initialVelocity: velocity)
            return (solver, duration)
        case .physical(let mass, let stiffness, let damping):
            let solver = SpringSolver(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            return (solver, solver.settlingDuration)
        case .perceptual(let perceived, let bounce):
            let constants = SpringSolver.parameters(perceptualDuration: perceived, bounce: bounce)
            let solver = SpringSolver(
                mass: 1, stiffness: constants.stiffness, damping: constants.damping, initialVelocity: velocity,
                allowsOverdamping: true)
            return (solver, solver.settlingDuration)
        }
    }

    private static func requireFinite(_ velocity: CGVector) {
        require(
            velocity.dx.isFinite && velocity.dy.isFinite,
            "UISpringTimingParameters needs a finite initial velocity, got \(velocity)")
    }

    /// The spring's description, for the debugger.
    public override var description: String {
        switch spring {
        case .dampingRatio(let ratio):
            "<UISpringTimingParameters: dampingRatio \(ratio), initialVelocity (\(initialVelocity.dx), \(initialVelocity.dy))>"
        case .physical(let mass, let stiffness, let damping):
            "<UISpringTimingParameters: mass \(mass), stiffness \(stiffness), damping \(damping), "
                + "initialVelocity (\(initialVelocity.dx), \(initialVelocity.dy))>"
        case .perceptual(let duration, let bounce):
            "<UISpringTimingParameters: duration \(duration), bounce \(bounce), "
                + "initialVelocity (\(initialVelocity.dx), \(initialVelocity.dy))>"
        }
    }
}
