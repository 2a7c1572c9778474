import Foundation

/// How an animator's progress goes from 0 to 1 over normalised time: a cubic Bézier curve,
/// or a spring whose motion over `springTime` seconds fills that time.
///
/// The animator computes progress with the same solvers Core Animation uses for the
/// animations it adds (`CAMediaTimingFunction`'s curve, `SpringSolver`), so that the values
/// it writes into the model when it stops match what was on screen.
enum PacingCurve {
    case bezier(CAMediaTimingFunction)
    case spring(SpringSolver, springTime: Double)

    static let linear = PacingCurve.bezier(CAMediaTimingFunction(name: .linear))

    /// The curve `provider` describes for animations of `duration` seconds, with how long
    /// they then run: `duration`, except for a spring given by its constants, which runs
    /// until it settles.
    @MainActor
    static func resolve(_ provider: any UITimingCurveProvider, duration: TimeInterval) -> (PacingCurve, TimeInterval) {
        let type = provider.timingCurveType
        if type == .spring || type == .composed, let spring = provider.springTimingParameters {
            if case .dampingRatio = spring.spring, duration <= 0 {
                // Nothing to fit a spring to: the change is immediate.
                return (.linear, 0)
            }
            let motion = spring.motion(forDuration: duration)
            require(
                motion.duration.isFinite && motion.duration > 0,
                "UIViewPropertyAnimator: the spring \(spring) never settles, so the animator could never end")
            return (.spring(motion.solver, springTime: motion.duration), motion.duration)
        }
        let function = provider.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .default)
        return (.bezier(function), duration)
    }

    /// Progress at normalised time `x` (clamped to [0, 1]); a spring may overshoot 1.
    func progress(at x: Double) -> Double {
        let clamped = min(max(x, 0), 1)
        switch self {
        case .bezier(let function): return function.value(at: clamped)
        case .spring(let solver, let springTime): return solver.progress(at: clamped * springTime)
        }
    }

    /// The curve played backwards, `1 − curve(1 − x)`, when Core Animation can draw it as a
    /// timing function: the Bézier curve with its control points mirrored through (½, ½).
    /// nil for a spring, whose motion backwards is no spring.
    var reversedTimingFunction: CAMediaTimingFunction? {
        guard case .bezier(let function) = self else { return nil }
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        return CAMediaTimingFunction(controlPoints: 1 - second[0], 1 - second[1], 1 - first[0], 1 - first[1])
    }

    /// A Core Animation animation of `keyPath` paced by this curve over `seconds`: a basic
    /// animation with the curve as its timing function, or a spring animation whose
    /// constants are scaled so that its `springTime` seconds of motion fit in `seconds`.
    func forwardAnimation(keyPath: String, seconds: Double) -> CABasicAnimation {
        switch self {
        case .bezier(let function):
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = function
            animation.duration = seconds
            return animation
        case .spring(let solver, let springTime):
            // x(t) = X(k·t) solves m·x″ + k·c·x′ + k²·K·x = 0 when X solves the spring's own
            // equation, so scaling damping by k and stiffness by k² speeds the motion up k-fold.
            let scale = springTime / seconds
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.mass = CGFloat(solver.mass)
            animation.stiffness = CGFloat(solver.stiffness * scale * scale)
            animation.damping = CGFloat(solver.damping * scale)
            animation.initialVelocity = CGFloat(solver.initialVelocity * scale)
            animation.allowsOverdamping = solver.allowsOverdamping
            animation.duration = seconds
            return animation
        }
    }
}
