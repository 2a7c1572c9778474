import Foundation

/// One track's course through a leg: its progress goes from `from` to `to`, paced by the
/// leg's curve, during the part `windowStart…windowEnd` of the leg's normalised time.
///
/// Progress is 0 at the track's start value and 1 at its end value.
struct TrackCourse: Equatable {
    var from: Double
    var to: Double
    var windowStart: Double
    var windowEnd: Double

    /// A track that stays at `progress` for the whole leg.
    static func resting(at progress: Double) -> TrackCourse {
        TrackCourse(from: progress, to: progress, windowStart: 0, windowEnd: 1)
    }

    var isResting: Bool { from == to }

    func progress(at u: Double, curve: PacingCurve) -> Double {
        // An empty window (a delay factor of 1) is a step at its place.
        if windowEnd <= windowStart { return u >= windowEnd ? to : from }
        if u <= windowStart { return from }
        if u >= windowEnd { return to }
        return from + (to - from) * curve.progress(at: (u - windowStart) / (windowEnd - windowStart))
    }
}

/// A stretch of an animator's run, played from normalised time 0 to 1 (or back): a curve, a
/// length in seconds, the `fractionComplete` it goes from and to, and each track's course.
///
/// The animator's own animation is its main leg (from 0 to 1 along the timing parameters).
/// Continuing with other timing, or after scrubbing, starts a fresh leg from wherever the
/// tracks are: "as if the animation was started from its current position with a new
/// duration and timing parameters" (UIKit's header).
struct AnimatorLeg {
    var curve: PacingCurve
    var duration: TimeInterval
    var startFraction: Double
    var endFraction: Double
    /// Parallel to the animator's tracks.
    var courses: [TrackCourse]

    /// The animator's own leg: every track from its start to its end value, beginning at
    /// its window start (its delay, as a fraction of the duration).
    static func main(windowStarts: [Double], curve: PacingCurve, duration: TimeInterval) -> AnimatorLeg {
        AnimatorLeg(
            curve: curve, duration: duration, startFraction: 0, endFraction: 1,
            courses: windowStarts.map { TrackCourse(from: 0, to: 1, windowStart: $0, windowEnd: 1) })
    }

    /// A leg from fraction `fraction`, where the tracks are at `positions`, to `target` (0 or
    /// 1). Each track keeps the rule of the main leg: it is at its start until the fraction
    /// passes its window start, so a track still waiting for its delay keeps waiting, and one
    /// going back reaches its start when the fraction comes back to its window start.
    static func fresh(
        from fraction: Double, positions: [Double], windowStarts: [Double], toward target: Double,
        curve: PacingCurve, duration: TimeInterval
    ) -> AnimatorLeg {
        let courses = zip(positions, windowStarts).map { position, windowStart -> TrackCourse in
            if target > fraction {
                let waits = position == 0 && windowStart > fraction
                let start = waits ? (windowStart - fraction) / (1 - fraction) : 0
                return TrackCourse(from: position, to: 1, windowStart: min(start, 1), windowEnd: 1)
            }
            guard target < fraction, windowStart < fraction else { return .resting(at: position) }
            return TrackCourse(from: position, to: 0, windowStart: 0, windowEnd: (fraction - windowStart) / fraction)
        }
        return AnimatorLeg(
            curve: curve, duration: duration, startFraction: fraction, endFraction: target, courses: courses)
    }

    /// `fractionComplete` at normalised time `u`.
    func fraction(at u: Double) -> Double {
        startFraction + (endFraction - startFraction) * u
    }

    /// Every track's progress at normalised time `u`.
    func positions(at u: Double) -> [Double] {
        courses.map { $0.progress(at: u, curve: curve) }
    }

    /// Takes in a track added while the leg is under way, beginning at fraction
    /// `windowStart`. A leg heading for the start leaves it at its start.
    mutating func appendTrack(windowStart: Double) {
        guard endFraction > startFraction else {
            courses.append(.resting(at: 0))
            return
        }
        let start = (windowStart - startFraction) / (endFraction - startFraction)
        courses.append(TrackCourse(from: 0, to: 1, windowStart: min(max(start, 0), 1), windowEnd: 1))
    }
}

/// Where a paused animator's linear scrubbing is measured from: the fraction it was paused
/// at and the tracks' progress there.
///
/// UIKit scrubs "linearly" by default (`scrubsLinearly`): progress follows the fraction in a
/// straight line. Measured from the pause point, the first scrub does not jump even when the
/// animator was paused part-way along an eased curve; from a standing start (fraction 0) it
/// is plain linear, fraction 0.3 showing 30 % of every change.
struct ScrubAnchor {
    var fraction: Double
    var positions: [Double]

    /// Every track's progress when scrubbed to `fraction`: straight lines from the anchor to
    /// the end (fraction 1) and back to the start (fraction 0).
    func positions(at fraction: Double, windowStarts: [Double]) -> [Double] {
        let target: Double = fraction >= self.fraction ? 1 : 0
        let leg = AnimatorLeg.fresh(
            from: self.fraction, positions: positions, windowStarts: windowStarts, toward: target, curve: .linear,
            duration: 1)
        let span = abs(target - self.fraction)
        let u = span > 0 ? abs(fraction - self.fraction) / span : 1
        return leg.positions(at: u)
    }
}

/// How an active property animator's animations stand: moving along a leg, frozen on one, or
/// scrubbed linearly away from where they were paused.
enum AnimatorMotion {
    /// Moving along `leg` (backwards when not `forward`), at normalised time `anchorU` at
    /// media time `anchorTime`; before `anchorTime` (a delay) it waits there.
    case moving(AnimatorLeg, forward: Bool, anchorTime: Double, anchorU: Double)
    /// Standing still at normalised time `u` of `leg`.
    case frozen(AnimatorLeg, u: Double)
    /// Paused and scrubbed linearly to `fraction`, measured from `anchor`.
    case scrubbed(ScrubAnchor, fraction: Double)

    /// The leg's normalised time at media time `time` (clamped to the leg).
    static func u(
        of leg: AnimatorLeg, forward: Bool, anchorTime: Double, anchorU: Double, at time: Double
    ) -> Double {
        guard leg.duration > 0 else { return forward ? 1 : 0 }
        let travelled = max(time - anchorTime, 0) / leg.duration
        return min(max(anchorU + (forward ? travelled : -travelled), 0), 1)
    }

    /// Where the animations stand at media time `time`, as a leg and a normalised time; nil
    /// when scrubbed.
    func legPosition(at time: Double) -> (leg: AnimatorLeg, u: Double)? {
        switch self {
        case .moving(let leg, let forward, let anchorTime, let anchorU):
            (leg, Self.u(of: leg, forward: forward, anchorTime: anchorTime, anchorU: anchorU, at: time))
        case .frozen(let leg, let u):
            (leg, u)
        case .scrubbed:
            nil
        }
    }

    /// `fractionComplete` at media time `time`.
    func fraction(at time: Double) -> Double {
        if case .scrubbed(_, let fraction) = self { return fraction }
        let (leg, u) = legPosition(at: time)!
        return leg.fraction(at: u)
    }

    /// Every track's progress at media time `time`.
    func positions(at time: Double, windowStarts: [Double]) -> [Double] {
        if case .scrubbed(let anchor, let fraction) = self {
            return anchor.positions(at: fraction, windowStarts: windowStarts)
        }
        let (leg, u) = legPosition(at: time)!
        return leg.positions(at: u)
    }

    /// The same motion with a track added at fraction `windowStart`, which stands at its start
    /// value until the fraction gets there. A scrubbed motion is measured afresh from where
    /// it stands, with the new track at its start.
    func addingTrack(windowStart: Double, windowStarts: [Double]) -> AnimatorMotion {
        switch self {
        case .moving(var leg, let forward, let anchorTime, let anchorU):
            leg.appendTrack(windowStart: windowStart)
            return .moving(leg, forward: forward, anchorTime: anchorTime, anchorU: anchorU)
        case .frozen(var leg, let u):
            leg.appendTrack(windowStart: windowStart)
            return .frozen(leg, u: u)
        case .scrubbed(let anchor, let fraction):
            let positions = anchor.positions(at: fraction, windowStarts: windowStarts) + [0]
            return .scrubbed(ScrubAnchor(fraction: fraction, positions: positions), fraction: fraction)
        }
    }
}
