import Foundation

// Key times: validating them, spacing keyframes evenly, and finding the segment (linear and
// cubic) or the step (discrete) a fraction falls in.

extension KeyframeTrack {
    /// The key times to use for `count` keyframe times: `keyTimes` when they are valid, made
    /// to rise when they are out of order or outside [0, 1], evenly spaced times otherwise.
    ///
    /// Valid means `count` entries, each a number in [0, 1], none smaller than the one before.
    /// "If the values in this array are invalid or inappropriate for the current calculation
    /// mode, they are ignored." (Apple, `CAKeyframeAnimation.keyTimes`.) Apple also asks for
    /// the first to be 0 and the last 1; when they are not, the first keyframe holds before the
    /// first key time and the last after the last, rather than discarding the times.
    static func keyTimes(_ keyTimes: [Double]?, count: Int) -> [Double] {
        if let keyTimes, areValid(keyTimes, count: count) { return keyTimes }
        if let keyTimes, let ordered = runningMaximum(keyTimes, count: count) { return ordered }
        return evenTimes(count: count)
    }

    /// Key times outside [0, 1] or out of order, made to rise: each is the largest so far.
    /// The segment at a fraction is then the one that ends at the first key time past it, as
    /// Apple finds it (measured: lottie-ios's keyframes before an animation's first frame or
    /// after its last give such key times, and Apple's pictures show that segment's value, not
    /// evenly spaced values). Nil when the count is wrong or a time is not finite: those are
    /// ignored, and the values evenly spaced.
    ///
    /// Key times below a first one of 0 or less (lottie-ios's keyframes before the animation's
    /// first frame, after the 0 it puts first): the segment from the last of them keeps its
    /// own start, so that at 0 the value is part way through it, as Apple's pictures show
    /// (`[0, -0.5, 0.5, 1]` is half way through its second segment at 0). Its key time stays
    /// below the first: the fractions, never below 0, still find their segment by halving.
    static func runningMaximum(_ keyTimes: [Double], count: Int) -> [Double]? {
        guard keyTimes.count == count, keyTimes.allSatisfy(\.isFinite) else { return nil }
        var ordered = keyTimes
        for index in ordered.indices.dropFirst() { ordered[index] = max(ordered[index], ordered[index - 1]) }
        if ordered[0] <= 0,
            let last = keyTimes.indices.dropFirst().prefix(while: { keyTimes[$0] <= ordered[0] }).last,
            last + 1 < keyTimes.count
        {
            ordered[last] = keyTimes[last]
        }
        return ordered
    }

    /// Whether `keyTimes` can time `count` keyframe times.
    static func areValid(_ keyTimes: [Double], count: Int) -> Bool {
        guard keyTimes.count == count else { return false }
        var previous = 0.0
        for time in keyTimes {
            // Comparisons with NaN are false, so NaN fails here too.
            guard time >= previous, time <= 1 else { return false }
            previous = time
        }
        return true
    }

    /// `count` times from 0 to 1 in equal steps: i / (count − 1).
    static func evenTimes(count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        let last = Double(count - 1)
        return (0..<count).map { Double($0) / last }
    }

    /// The segment `f` falls in, and the eased fraction of the way through it.
    ///
    /// Segment i runs from `times[i]` to `times[i + 1]`. When key times repeat (a jump), the
    /// later segment wins at the shared time, so the value jumps exactly there. `curves[i]`
    /// eases segment i after the animation's own timing function, as `timingFunctions` does on
    /// Apple's platforms.
    ///
    /// Generic so that the render tree's keyframe lane runs it on its flat buffers; both
    /// collections are indexed from 0.
    @inline(__always)
    static func segment<Times: RandomAccessCollection<Double>, Curves: RandomAccessCollection<UnitBezier>>(
        in times: Times, curves: Curves, at f: Double
    ) -> (Int, Double) where Times.Index == Int, Curves.Index == Int {
        let segment = lastIndex(in: times, atOrBefore: f, upTo: times.count - 2)
        let start = times[segment]
        let end = times[segment + 1]
        var local: Double
        if end > start {
            local = min(max((f - start) / (end - start), 0), 1)
        } else {
            local = f >= end ? 1 : 0
        }
        if segment < curves.count {
            local = curves[segment].solve(local)
        }
        return (segment, local)
    }

    /// The index of the value that holds at `f` when value i holds from `times[i]` until
    /// `times[i + 1]`; the last value holds to the end, as in Apple's discrete example. A value
    /// whose span is empty (two equal key times) never shows: at the end of
    /// `[0, a, 1, 1]` the value of `a…1` does (measured on Apple: lottie-ios's layers, visible
    /// from `a` and hidden from 1, are visible at their last frame).
    @inline(__always)
    static func step(in times: [Double], at f: Double, count: Int) -> Int {
        var index = lastIndex(in: times, atOrBefore: f, upTo: count - 1)
        while index > 0, index + 1 < times.count, times[index] == times[index + 1] { index -= 1 }
        return index
    }

    /// The largest i in 0...limit with `times[i] <= f`, or 0 when there is none: a binary
    /// search, since key times are sorted.
    @inline(__always)
    static func lastIndex<Times: RandomAccessCollection<Double>>(
        in times: Times, atOrBefore f: Double, upTo limit: Int
    ) -> Int where Times.Index == Int {
        var low = 0
        var high = limit
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= f {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }
}
