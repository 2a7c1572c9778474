import Foundation

/// One distinct timing of the vector lane: when and how fast its animations progress.
struct VectorTiming: Hashable {
    var parameters: TimingParameters
    var curve: UnitBezier?
    /// A spring's motion, which replaces the curve (`CASpringAnimation`).
    var spring: SpringSolver?

    static func == (lhs: VectorTiming, rhs: VectorTiming) -> Bool {
        lhs.parameters == rhs.parameters && lhs.curve == rhs.curve && lhs.spring == rhs.spring
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(parameters)
        hasher.combine(curve?.x1)
        hasher.combine(curve?.y1)
        hasher.combine(curve?.x2)
        hasher.combine(curve?.y2)
        hasher.combine(spring?.stiffness)
        hasher.combine(spring?.damping)
    }

    /// The eased fraction for a progress: along the spring (in seconds) or the curve.
    @inline(__always)
    func eased(_ progress: TimingProgress) -> Double {
        if let spring { return spring.progress(at: progress.seconds) }
        return curve?.solve(progress.fraction) ?? progress.fraction
    }
}

/// What a frame reads of one distinct timing, 80 bytes in a table of its own, for the common
/// shape — one forward cycle along a curve (or linear), no time offset, no repeats, no
/// autoreverse, no spring — whose progress is a subtraction, a multiply and a division.
/// Timings of any other shape are marked `general` and take `TimingParameters.progress`.
///
/// With distinct timings (every animation its own begin time, duration and curve) a frame
/// reads one of these per animation instead of the whole `VectorTiming`, which with its
/// curve's table of samples and room for a spring is several times larger.
struct TimingRow {
    enum Form: UInt8 {
        case general
        case curve
        case linear
    }

    var beginTime: Double
    var speed: Double
    var duration: Double
    var polynomial: BezierPolynomial
    var form: Form
    var fillsBackwards: Bool
    /// Fills forwards and stays after completion: holds the end value once the cycle is over.
    var holdsEnd: Bool

    init(_ timing: VectorTiming) {
        let p = timing.parameters
        beginTime = p.beginTime
        speed = p.speed
        duration = p.duration
        polynomial = (timing.curve ?? .linear).polynomial
        fillsBackwards = p.fillsBackwards
        holdsEnd = p.fillsForwards && !p.removedOnCompletion
        // Below a million seconds (elapsed / duration) rounds below 1 whenever elapsed is a
        // nanosecond short of the end, so the single cycle's arithmetic here is exactly
        // `TimingParameters.progress`'s.
        let oneCycle =
            p.timeOffset == 0 && p.repeatCount == 0 && p.repeatDuration == 0 && !p.autoreverses
            && p.duration > 0 && p.duration < 1e6 && timing.spring == nil && !p.isGroupChild
        form = oneCycle ? (timing.curve == nil ? .linear : .curve) : .general
    }

    /// The raw fraction at local time `time`, as `TimingParameters.progress` gives it for
    /// this shape; nil when the animation has no effect then. Only for `curve` and `linear`.
    @inline(__always)
    func fraction(at time: Double) -> Double? {
        TimingParameters.singleCycleFraction(
            atParentTime: time, beginTime: beginTime, speed: speed, duration: duration, fillsBackwards: fillsBackwards,
            holdsEnd: holdsEnd)
    }
}
