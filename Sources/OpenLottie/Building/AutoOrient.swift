import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Auto-orient (`ao`) as After Effects and lottie-web draw it: the layer turns with the
/// direction its position moves in — along the position's spatial curve, at the distance the
/// easing has covered — added to its own rotation. The complete engine works it out at every
/// whole frame (and the motion's ends) as lottie-web draws that frame, and turns linearly
/// between keyframes the short way round, keeping a frame as a keyframe only where the turn
/// between the ones kept around it would pass more than ``turnTolerance`` from it.
enum AutoOrient {
    /// The layer's rotation with the direction of its motion added, in degrees; the rotation as
    /// it is when the position does not move.
    static func rotation(of transform: TransformModel) -> KeyframeGroup<Double> {
        let times: [Double] =
            if let position = transform.position {
                position.keyframes.map(\.time)
            } else {
                (transform.positionX?.keyframes ?? []).map(\.time) + (transform.positionY?.keyframes ?? []).map(\.time)
            }
        guard let first = times.min(), let last = times.max(), last > first else { return transform.rotation }
        let rotationTimes = transform.rotation.keyframes.map(\.time)
        let start = min(first, rotationTimes.min() ?? first)
        let end = max(last, rotationTimes.max() ?? last)
        let wholeFrames = stride(from: start.rounded(.up), through: end.rounded(.down), by: 1)
        let frames = ([start] + wholeFrames + [end]).reduce(into: [Double]()) { frames, frame in
            if frame > (frames.last ?? -.infinity) { frames.append(frame) }
        }
        var samples: [Sample] = []
        samples.reserveCapacity(frames.count)
        let path = transform.position.map(MotionPath.init)
        var previousTurn: Double?
        for frame in frames {
            // lottie-web: the direction from just before the frame to it; at the ends, that of
            // the first or last moment of the motion.
            let (from, to) =
                frame <= first
                ? (first, first + 0.01) : frame >= last ? (last - 0.05, last) : (frame - 0.01, frame)
            let a = position(of: transform, along: path, at: from)
            let b = position(of: transform, along: path, at: to)
            var turn = b == a ? 0 : atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            // Within half a turn of the sample before, so that the layer turns between them the
            // way it moves, not back round through ±180°.
            if let previousTurn { turn += 360 * ((previousTurn - turn) / 360).rounded() }
            previousTurn = turn
            samples.append(Sample(time: frame, x: transform.rotation.value(at: frame) + turn, y: 0, z: 0))
        }
        let kept = samples.count < 2 ? [] : [0] + keptSamples(samples, within: turnTolerance) + [samples.count - 1]
        return KeyframeGroup(keyframes: kept.map { Keyframe(time: samples[$0].time, value: samples[$0].x) })
    }

    /// How far, in degrees, an auto-oriented layer's turn between two keyframes may pass from
    /// the direction worked out at a frame between them (a thousandth of a degree moves a point
    /// 500 points from the anchor by less than a hundredth of a point).
    static let turnTolerance = 0.001

    /// The position at `frame`, along its spatial curve (`path`, the position's keyframes with
    /// their curves measured).
    static func position(of transform: TransformModel, along path: MotionPath?, at frame: Double) -> CGPoint {
        if let path { return path.point(at: frame) }
        return CGPoint(x: transform.positionX?.value(at: frame) ?? 0, y: transform.positionY?.value(at: frame) ?? 0)
    }

    /// A position's keyframes, each spatial curve between them (its control points, easing and
    /// length table) made once, when a point on it is first asked for: the layer tree asks for
    /// points at every frame or quarter of a frame.
    final class MotionPath {
        let group: KeyframeGroup<LottieVector>
        private let times: [Double]
        /// Whether the keyframes' times never decrease, so that a frame's keyframe is found by
        /// halving.
        private let isSorted: Bool
        /// Each keyframe's stretch to the next, measured when first asked for.
        private var segments: [Stretch]

        private enum Stretch {
            case unmeasured
            case straight
            case curved(Segment)
        }

        /// A curved stretch between keyframes `index` and `index + 1`.
        private final class Segment {
            let fromTime: Double
            let toTime: Double
            let easing: CAMediaTimingFunction
            let points: (CGPoint, CGPoint, CGPoint, CGPoint)
            let lengths: [Double]

            init(
                fromTime: Double, toTime: Double, easing: CAMediaTimingFunction,
                points: (CGPoint, CGPoint, CGPoint, CGPoint)
            ) {
                self.fromTime = fromTime
                self.toTime = toTime
                self.easing = easing
                self.points = points
                lengths = AutoOrient.lengths(points.0, points.1, points.2, points.3)
            }
        }

        init(_ group: KeyframeGroup<LottieVector>) {
            self.group = group
            times = group.keyframes.map(\.time)
            isSorted = zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
            segments = Array(repeating: .unmeasured, count: times.count)
        }

        /// The point at `frame`: between keyframes with spatial tangents, the point of the
        /// Bézier curve at the eased fraction of its length; otherwise the straight
        /// interpolation.
        func point(at frame: Double) -> CGPoint {
            guard let index = lastIndex(atOrBefore: frame), let segment = segment(at: index) else {
                let value = group.value(at: frame)
                return CGPoint(x: value.x, y: value.y)
            }
            let progress = (frame - segment.fromTime) / (segment.toTime - segment.fromTime)
            let eased = segment.easing.value(at: progress)
            let (p0, p1, p2, p3) = segment.points
            return AutoOrient.pointAlongCubic(p0, p1, p2, p3, lengths: segment.lengths, fractionOfLength: eased)
        }

        /// The last keyframe at or before `frame`.
        private func lastIndex(atOrBefore frame: Double) -> Int? {
            guard isSorted else { return times.lastIndex { $0 <= frame } }
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] <= frame { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }

        /// The curve from keyframe `index` to the next; nil where the motion is not curved there.
        private func segment(at index: Int) -> Segment? {
            switch segments[index] {
            case .curved(let segment): return segment
            case .straight: return nil
            case .unmeasured: break
            }
            let keyframes = group.keyframes
            guard index + 1 < keyframes.count, !keyframes[index].isHold,
                let out = keyframes[index].spatialOutTangent, let into = keyframes[index + 1].spatialInTangent,
                out != .zero || into != .zero
            else {
                segments[index] = .straight
                return nil
            }
            let from = keyframes[index]
            let to = keyframes[index + 1]
            let p0 = CGPoint(x: from.value.x, y: from.value.y)
            let p3 = CGPoint(x: to.value.x, y: to.value.y)
            let segment = Segment(
                fromTime: from.time, toTime: to.time, easing: TimingCurve(from: from, to: to).function,
                points: (p0, CGPoint(x: p0.x + out.x, y: p0.y + out.y), CGPoint(x: p3.x + into.x, y: p3.y + into.y), p3)
            )
            segments[index] = .curved(segment)
            return segment
        }
    }

    /// `group` with each eased segment along a spatial curve replaced by straight keyframes,
    /// each at the point the eased fraction of the curve's length reaches, as lottie-web and
    /// After Effects move along a motion path (Core Animation's `linear` mode moves along the
    /// curve's Bézier parameter instead, which lottie-ios's engines keep). The curve is
    /// measured every quarter of a frame; a quarter is kept as a keyframe only where the
    /// straight line between the kept ones around it would pass more than ``pacingTolerance``
    /// from a point measured, so that every quarter frame is drawn within that of its point
    /// and a slow or straight motion needs a few keyframes, not four a frame.
    static func pacedAlongCurves(_ group: KeyframeGroup<LottieVector>) -> KeyframeGroup<LottieVector> {
        let keyframes = group.keyframes
        func isCurved(_ index: Int) -> Bool {
            guard index + 1 < keyframes.count, !keyframes[index].isHold,
                let out = keyframes[index].spatialOutTangent, let into = keyframes[index + 1].spatialInTangent
            else { return false }
            return (out != .zero || into != .zero) && keyframes[index + 1].time > keyframes[index].time
        }
        guard keyframes.indices.contains(where: isCurved) else { return group }
        let path = MotionPath(group)
        var result: [Keyframe<LottieVector>] = []
        result.reserveCapacity(keyframes.count)
        for index in keyframes.indices {
            var keyframe = keyframes[index]
            if index > 0, isCurved(index - 1) {
                keyframe.inTangent = nil
                keyframe.spatialInTangent = nil
            }
            guard isCurved(index) else {
                result.append(keyframe)
                continue
            }
            let next = keyframes[index + 1]
            keyframe.outTangent = nil
            keyframe.spatialOutTangent = nil
            result.append(keyframe)
            let quarters = Int(((next.time - keyframe.time) * 4).rounded(.up))
            let easing = TimingCurve(from: keyframes[index], to: next).function
            let hasDepth = keyframe.value.components.count > 2
            // The measured points, from the keyframe (sample 0) to the next (sample `quarters`).
            var samples: [Sample] = []
            samples.reserveCapacity(quarters + 1)
            samples.append(Sample(keyframe.time, keyframe.value))
            for step in 1..<max(quarters, 1) {
                let frame = keyframe.time + Double(step) / 4
                let point = path.point(at: frame)
                var depth = 0.0
                if hasDepth {
                    let eased = easing.value(at: (frame - keyframe.time) / (next.time - keyframe.time))
                    depth = keyframe.value[2] + (next.value[2] - keyframe.value[2]) * eased
                }
                samples.append(Sample(time: frame, x: point.x, y: point.y, z: depth))
            }
            samples.append(Sample(next.time, next.value))
            for kept in keptSamples(samples, within: pacingTolerance) {
                let sample = samples[kept]
                result.append(
                    Keyframe(
                        time: sample.time,
                        value: LottieVector(hasDepth ? [sample.x, sample.y, sample.z] : [sample.x, sample.y])))
            }
        }
        return KeyframeGroup(keyframes: result)
    }

    /// How far, in the composition's points, the straight line between two kept samples of a
    /// motion path may pass from a point measured between them.
    static let pacingTolerance = 0.005

    /// A point measured on a motion path (or a turn, `x`) at a time.
    private struct Sample {
        var time: Double
        var x: Double
        var y: Double
        var z: Double

        init(time: Double, x: Double, y: Double, z: Double) {
            self.time = time
            self.x = x
            self.y = y
            self.z = z
        }

        init(_ time: Double, _ value: LottieVector) {
            self.init(time: time, x: value[0], y: value[1], z: value[2])
        }
    }

    /// The indices of `samples`, first and last left out (they are keyframes already), kept so
    /// that straight lines in time between consecutive kept samples (and the ends) pass
    /// within `tolerance` of every sample between them: from each kept sample, about the
    /// furthest one still within it is kept next.
    private static func keptSamples(_ samples: [Sample], within tolerance: Double) -> [Int] {
        var kept: [Int] = []
        var anchor = 0
        let last = samples.count - 1
        while anchor < last - 1 {
            // The reach doubles while the line fits, then is halved back between the last
            // fitting reach and the first that did not (each reach taken was checked whole).
            var reach = anchor + 1
            var step = 1
            var failed = last + 1
            while reach < last {
                let candidate = min(anchor + 2 * step, last)
                guard fits(samples, from: anchor, to: candidate, within: tolerance) else {
                    failed = candidate
                    break
                }
                reach = candidate
                step *= 2
            }
            while failed - reach > 1 {
                let middle = (reach + failed) / 2
                if fits(samples, from: anchor, to: middle, within: tolerance) {
                    reach = middle
                } else {
                    failed = middle
                }
            }
            if reach == last { break }
            kept.append(reach)
            anchor = reach
        }
        return kept
    }

    /// Whether every sample strictly between `from` and `to` lies within `tolerance` of the
    /// straight line in time between them.
    private static func fits(_ samples: [Sample], from: Int, to: Int, within tolerance: Double) -> Bool {
        let a = samples[from], b = samples[to]
        let span = b.time - a.time
        let limit = tolerance * tolerance
        for index in (from + 1)..<to {
            let sample = samples[index]
            let fraction = (sample.time - a.time) / span
            let dx = a.x + (b.x - a.x) * fraction - sample.x
            let dy = a.y + (b.y - a.y) * fraction - sample.y
            let dz = a.z + (b.z - a.z) * fraction - sample.z
            if dx * dx + dy * dy + dz * dz > limit { return false }
        }
        return true
    }

    /// The lengths along a cubic Bézier curve at the ends of 100 straight pieces, from its
    /// start (0) to its whole length, as lottie-web measures them.
    static func lengths(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [Double] {
        var lengths = [0.0]
        lengths.reserveCapacity(pieces + 1)
        var previous = p0
        for step in 1...pieces {
            let point = cubicPoint(p0, p1, p2, p3, at: Double(step) / Double(pieces))
            lengths.append(lengths[step - 1] + hypot(point.x - previous.x, point.y - previous.y))
            previous = point
        }
        return lengths
    }

    /// The point of a cubic Bézier curve `fraction` of its length from its start, `lengths`
    /// being the curve's ``lengths(_:_:_:_:)``.
    static func pointAlongCubic(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, lengths: [Double], fractionOfLength fraction: Double
    ) -> CGPoint {
        let target = min(max(fraction, 0), 1) * lengths[pieces]
        guard lengths[pieces] > 0 else { return p0 }
        // The first length at or past the target, by halving (the lengths never decrease).
        var low = 0, high = pieces
        while low < high {
            let middle = (low + high) / 2
            if lengths[middle] >= target { high = middle } else { low = middle + 1 }
        }
        let step = min(max(low, 1), pieces)
        let span = lengths[step] - lengths[step - 1]
        let within = span > 0 ? (target - lengths[step - 1]) / span : 0
        return cubicPoint(p0, p1, p2, p3, at: (Double(step - 1) + within) / Double(pieces))
    }

    /// How many straight pieces a curve's length is measured over.
    private static let pieces = 100

    private static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: Double) -> CGPoint
    {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
