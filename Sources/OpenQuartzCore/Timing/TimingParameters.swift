import Foundation

/// Where a timed object stands at some parent time.
package struct TimingProgress: Equatable, Sendable {
    /// Progress through the current simple cycle, 0…1, before any timing function.
    package var fraction: Double
    /// Which repetition this is (0 for the first); cumulative animations build on it.
    package var iteration: Double
    /// The seconds into the current cycle, after autoreversing: `fraction × duration`, or,
    /// for an infinite duration (where the fraction stays 0), the time itself. A spring runs
    /// in seconds.
    package var seconds: Double
}

/// The `CAMediaTiming` properties of one animation, frozen when it is added, with the
/// arithmetic that turns a parent time into progress.
///
/// Follows `CAMediaTiming.h`: `t = (tp − beginTime) × speed + timeOffset`; the active
/// interval lasts `repeatDuration`, or `repeatCount` cycles, or one cycle; a cycle is
/// `duration`, doubled when autoreversing; `timeOffset` wraps around inside the active
/// interval (a 3 s animation with offset 1 s plays 1→3 s, then 0→1 s).
package struct TimingParameters: Hashable, Sendable {
    package var beginTime: Double = 0
    package var duration: Double = 0
    package var speed: Double = 1
    package var timeOffset: Double = 0
    package var repeatCount: Double = 0
    package var repeatDuration: Double = 0
    package var autoreverses = false
    package var fillsForwards = false
    package var fillsBackwards = false
    package var removedOnCompletion = true
    /// A child of a group: its active interval includes its end, where it shows its end value
    /// whatever its fill mode (Apple shows a child's last keyframe at exactly its end, where a
    /// group's paused tree is often drawn: lottie-ios pauses at a layer's last frame).
    package var isGroupChild = false

    package init() {}

    package var cycleDuration: Double { autoreverses ? duration * 2 : duration }

    /// The length of the active interval in the object's own time.
    package var activeDuration: Double {
        Self.activeDuration(
            duration: duration, repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses)
    }

    /// The length of a `CAMediaTiming`'s active interval in its own time, as `CAMediaTiming.h`
    /// defines it: `repeatDuration` when set, else `repeatCount` cycles when set, else one
    /// cycle; a cycle is `duration`, doubled when autoreversing. Every reader of an active
    /// interval — animations, emitter cells, a package's length, a held swipe — calls this.
    package static func activeDuration(
        duration: Double, repeatCount: Double, repeatDuration: Double, autoreverses: Bool
    ) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        let cycle = autoreverses ? duration * 2 : duration
        if repeatCount > 0 { return cycle * repeatCount }
        return cycle
    }

    /// Time since `beginTime`, scaled by `speed`, before `timeOffset`.
    @inline(__always)
    package func elapsed(atParentTime parentTime: Double) -> Double {
        Self.elapsed(atParentTime: parentTime, beginTime: beginTime, speed: speed)
    }

    /// ``elapsed(atParentTime:)`` of a timing that begins at `beginTime` and runs at `speed`.
    @inline(__always)
    package static func elapsed(atParentTime parentTime: Double, beginTime: Double, speed: Double) -> Double {
        let elapsed = (parentTime - beginTime) * speed
        // An infinite speed at its begin time (0 × ∞), or an infinite parent time at an
        // infinite begin time (∞ − ∞): nothing has elapsed yet.
        return elapsed.isNaN ? 0 : elapsed
    }

    /// Progress at a parent time, or nil when the object has no effect then (before it
    /// begins or after it ends without filling, or after it ends and is removed).
    @inline(__always)
    package func progress(atParentTime parentTime: Double) -> TimingProgress? {
        let elapsed = elapsed(atParentTime: parentTime)
        let active = activeDuration
        if elapsed < -Self.boundaryTolerance {
            guard fillsBackwards else { return nil }
            return progress(atActiveTime: wrapped(timeOffset, within: active), isEnd: false)
        }
        if elapsed >= active - Self.boundaryTolerance {
            if isGroupChild, elapsed <= active + Self.boundaryTolerance { return endProgress }
            guard fillsForwards, !removedOnCompletion else { return nil }
            return endProgress
        }
        return progress(atActiveTime: wrapped(max(elapsed, 0) + timeOffset, within: active), isEnd: false)
    }

    /// Times computed through timing chains (commit time, layer conversions, many small clock
    /// steps) carry rounding error; within this much of a boundary they count as on it. The
    /// clock's event delivery compares event times with the same slack.
    package static let boundaryTolerance = 1e-9

    /// The fraction of a single cycle — no time offset, no repeats, no autoreverse — that
    /// begins at `beginTime` and runs at `speed`, at `parentTime`: what
    /// ``progress(atParentTime:)`` gives such a timing, in fewer steps; nil when it has no
    /// effect then. `holdsEnd`: it fills forwards and is not removed on completion. The render
    /// tree's vector lane calls it with the numbers it keeps for such timings in a row of their
    /// own (`TimingRow`).
    @inline(__always)
    package static func singleCycleFraction(
        atParentTime parentTime: Double, beginTime: Double, speed: Double, duration: Double, fillsBackwards: Bool,
        holdsEnd: Bool
    ) -> Double? {
        let elapsed = elapsed(atParentTime: parentTime, beginTime: beginTime, speed: speed)
        if elapsed < -boundaryTolerance { return fillsBackwards ? 0 : nil }
        if elapsed >= duration - boundaryTolerance { return holdsEnd ? 1 : nil }
        return min(max(max(elapsed, 0) / duration, 0), 1)
    }

    /// The progress that a forward fill holds: where the active interval ends.
    package var endProgress: TimingProgress {
        let active = activeDuration
        var end = active + timeOffset
        if active.isFinite, active > 0 {
            end = end.truncatingRemainder(dividingBy: active)
            if end <= 0 { end += active }
        }
        return progress(atActiveTime: end, isEnd: true)
    }

    @inline(__always)
    private func wrapped(_ time: Double, within active: Double) -> Double {
        guard timeOffset != 0, active.isFinite, active > 0 else { return time }
        // An infinite time offset has no place inside a finite interval: the start stands for it.
        guard time.isFinite else { return 0 }
        let remainder = time.truncatingRemainder(dividingBy: active)
        return remainder < 0 ? remainder + active : remainder
    }

    /// Progress inside the cycles at a time measured from the start of the active interval.
    /// `isEnd` makes a time exactly on a cycle boundary count as the end of the cycle before.
    @inline(__always)
    private func progress(atActiveTime time: Double, isEnd: Bool) -> TimingProgress {
        let cycle = cycleDuration
        guard cycle > 0 else { return TimingProgress(fraction: 1, iteration: 0, seconds: 0) }
        var iteration: Double
        var inCycle: Double
        let cycles = time / cycle
        if !cycle.isFinite || !time.isFinite {
            // An infinite duration (or repeat) never leaves its first cycle; an infinite time
            // offset stands at its start. Infinity is a value Apple accepts for both.
            iteration = 0
            inCycle = time.isFinite ? time : 0
        } else if cycles < Self.exactCycleCount {
            // Active times are never negative, so truncation is the floor (and needs no libm call).
            iteration = Double(Int64(cycles))
            inCycle = time - iteration * cycle
        } else {
            // Any finite time is valid (an animation repeating for ever, read at 1e20 s): past
            // what an integer holds, the exact floating-point remainder gives the place in the
            // cycle, and the count is as exact as a Double can say it.
            inCycle = time.truncatingRemainder(dividingBy: cycle)
            iteration = ((time - inCycle) / cycle).rounded()
        }
        if isEnd, inCycle <= 0, iteration > 0 {
            iteration -= 1
            inCycle = cycle
        }
        if autoreverses, inCycle > duration {
            inCycle = cycle - inCycle
        }
        let ratio = inCycle / duration
        let fraction = ratio.isNaN ? 0 : min(max(ratio, 0), 1)
        let seconds = duration.isFinite ? fraction * duration : max(inCycle, 0)
        return TimingProgress(fraction: fraction, iteration: iteration, seconds: seconds)
    }

    /// Below this many cycles the cycle count is taken by integer truncation, which is exact
    /// there; at or above it, by a floating-point remainder (2^52: every Double above is whole).
    private static let exactCycleCount = 4_503_599_627_370_496.0

    /// The time, in the parent's time space, at which the active interval ends; infinite when
    /// it never does (paused, or repeating for ever).
    package var endTimeInParent: Double {
        guard speed > 0 else { return .infinity }
        return beginTime + activeDuration / speed
    }
}
