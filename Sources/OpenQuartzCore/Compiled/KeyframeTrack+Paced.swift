import Foundation

// Constant speed: `paced` over straight segments gives each keyframe the time its distance
// along the way calls for; `cubicPaced` and paths re-time a spline by its arc length.
// `CAAnimation.h`: in the paced modes "the `keyTimes' and `timingFunctions' properties of the
// animation are ignored and calculated implicitly."

extension KeyframeTrack {
    /// The key times at which straight segments between `values` are covered at constant
    /// speed: each keyframe is reached at its share of the total distance.
    ///
    /// Distance is Euclidean over the components (numbers |Δ|, points, sizes, rects, colours,
    /// affine transforms, arrays of numbers or colours of equal length). Kinds with no distance
    /// (3-D transforms, booleans, images, other objects), and values that do not move at all,
    /// are spaced evenly.
    static func pacedTimes(_ values: [AnimatableValue]) -> [Double] {
        var lengths: [Double] = []
        for i in 1..<values.count {
            guard let length = distance(values[i - 1], values[i]) else {
                return evenTimes(count: values.count)
            }
            lengths.append(length)
        }
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return evenTimes(count: values.count) }
        var times = [0.0]
        var travelled = 0.0
        for length in lengths {
            travelled += length
            times.append(min(travelled / total, 1))
        }
        times[times.count - 1] = 1
        return times
    }

    /// The straight-line distance between two values, or nil when their kind has none.
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double? {
        func euclidean(_ x: [Double], _ y: [Double]) -> Double? {
            guard x.count == y.count else { return nil }
            return zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        switch (a, b) {
        case let (.numbers(x), .numbers(y)):
            return euclidean(x, y)
        case let (.colors(x), .colors(y)):
            let layout = VectorLayout.color
            return euclidean(
                x.flatMap { layout.components(of: .color($0)) ?? [] },
                y.flatMap { layout.components(of: .color($0)) ?? [] })
        default:
            guard let layout = VectorLayout(a.kind), let x = layout.components(of: a),
                let y = layout.components(of: b)
            else { return nil }
            return euclidean(x, y)
        }
    }
}

/// Cumulative arc length along a spline, sampled so that a frame can find where a given
/// distance is reached with a binary search and a few Newton steps, without allocating.
struct ArcLengthTable {
    /// Samples per segment. With the Newton refinement below, positions are exact to about
    /// 1e-9 of the length; the samples only need to bracket the answer.
    static let samplesPerSegment = 16

    /// `cumulative[s * samplesPerSegment + k]` is the length from the start of the spline to
    /// parameter k / samplesPerSegment of segment s; the last entry is the total length.
    let cumulative: [Double]
    let segmentCount: Int

    init(_ spline: KeyframeSpline) {
        let samples = Self.samplesPerSegment
        segmentCount = spline.segmentCount
        var cumulative = [0.0]
        cumulative.reserveCapacity(segmentCount * samples + 1)
        var total = 0.0
        for s in 0..<segmentCount {
            for k in 0..<samples {
                let start = Double(k) / Double(samples)
                total += Self.length(of: spline, segment: s, from: start, to: start + 1 / Double(samples))
                cumulative.append(total)
            }
        }
        self.cumulative = cumulative
    }

    var total: Double { cumulative[cumulative.count - 1] }

    /// The segment and parameter at which a fraction `f` of the total length is reached.
    ///
    /// When the spline has no length at all, time is shared evenly among the segments instead.
    @inline(__always)
    func segment(atFraction f: Double, of spline: KeyframeSpline) -> (Int, Double) {
        let samples = Self.samplesPerSegment
        let total = self.total
        guard total > 0 else {
            let position = f * Double(segmentCount)
            let segment = min(Int(position), segmentCount - 1)
            return (segment, min(position - Double(segment), 1))
        }
        let target = f * total
        let k = KeyframeTrack.lastIndex(in: cumulative, atOrBefore: target, upTo: cumulative.count - 2)
        let segment = k / samples
        let low = Double(k % samples) / Double(samples)
        let high = low + 1 / Double(samples)
        let before = cumulative[k]
        let span = cumulative[k + 1] - before
        guard span > 0 else { return (segment, low) }
        // Start from the chord-proportional guess, then Newton on L(u) − remaining = 0, with
        // L'(u) the speed; the quadrature is exact enough that two or three steps converge.
        let remaining = target - before
        var u = low + (high - low) * min(max(remaining / span, 0), 1)
        for _ in 0..<4 {
            let error = Self.length(of: spline, segment: segment, from: low, to: u) - remaining
            if abs(error) <= total * 1e-12 { break }
            let speed = spline.speed(segment: segment, at: u)
            guard speed > 0 else { break }
            u = min(max(u - error / speed, low), high)
        }
        return (segment, u)
    }

    /// The arc length of segment `s` between parameters `a` and `b`: five-point
    /// Gauss–Legendre quadrature of the speed.
    @inline(__always)
    static func length(of spline: KeyframeSpline, segment s: Int, from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        // Nodes and weights of the five-point Gauss–Legendre rule on [−1, 1].
        let x1 = 0.5384693101056831, w1 = 0.4786286704993665
        let x2 = 0.9061798459386640, w2 = 0.2369268850561891
        let w0 = 0.5688888888888889
        func speed(_ x: Double) -> Double { spline.speed(segment: s, at: middle + half * x) }
        let sum = w0 * speed(0) + w1 * (speed(-x1) + speed(x1)) + w2 * (speed(-x2) + speed(x2))
        return sum * half
    }
}
