import Foundation

/// The render tree's lane for keyframe animations of up to four numbers (numbers, points,
/// sizes, rectangles) in `linear`, `paced` or `cubic` mode: their key times, segment curves
/// and control points live in three flat buffers, so that a frame evaluates them as plain
/// doubles — no enum, no reference count, no allocation.
///
/// Identical tracks (the same keyframe animation added to many layers) are stored once: each
/// layer's copy compiles to its own `KeyframeTrack`, but a frame should read the shape once,
/// not once per layer.
struct KeyframeLane {
    /// Where one track's data lives in the buffers.
    struct Track {
        var timesStart: Int32
        /// Key times: one more than the segments.
        var timeCount: Int32
        var curvesStart: Int32
        var curveCount: Int32
        var pointsStart: Int32
        /// Cubic tracks have four control points per segment; linear ones a point per key time.
        var isCubic: Bool
    }

    struct Entry {
        var node: Int32
        /// Index into the render tree's table of distinct timings.
        var timing: Int32
        var track: Int32
        /// The model value, shown when the animation has no effect.
        var base: SIMD4<Double>
    }

    /// A track's contents, to find an identical one already stored.
    struct TrackShape: Hashable {
        var times: [Double]
        var curves: [[Double]]
        var points: [SIMD4<Double>]
        var isCubic: Bool
    }

    private(set) var times: [Double] = []
    private(set) var curves: [UnitBezier] = []
    private(set) var points: [SIMD4<Double>] = []
    private(set) var tracks: [Track] = []
    private(set) var entries: [Entry] = []
    private var trackIndices: [TrackShape: Int32] = [:]

    /// Adds an animation whose track has `shape`, returning the entry's index.
    mutating func add(_ shape: TrackShape, node: Int, timing: Int32, base: SIMD4<Double>) -> Int {
        let track: Int32
        if let stored = trackIndices[shape] {
            track = stored
        } else {
            track = Int32(tracks.count)
            tracks.append(
                Track(
                    timesStart: Int32(times.count), timeCount: Int32(shape.times.count),
                    curvesStart: Int32(curves.count), curveCount: Int32(shape.curves.count),
                    pointsStart: Int32(points.count), isCubic: shape.isCubic))
            times += shape.times
            curves += shape.curves.map { UnitBezier(x1: $0[0], y1: $0[1], x2: $0[2], y2: $0[3]) }
            points += shape.points
            trackIndices[shape] = track
        }
        entries.append(Entry(node: Int32(node), timing: timing, track: track, base: base))
        return entries.count - 1
    }

    /// The track of a keyframe animation the lane can take: on a whole property, on its own,
    /// neither additive, cumulative nor run through a value function, with vector values.
    static func shape(of compiled: CompiledAnimation) -> TrackShape? {
        guard compiled.groups.isEmpty, compiled.component == nil, !compiled.isAdditive, !compiled.isCumulative,
            compiled.valueFunction == nil, case .keyframes(let track) = compiled.source
        else { return nil }
        switch track.storage {
        case .interpolated(let values, let times, let curves):
            var points: [SIMD4<Double>] = []
            for value in values {
                guard value.kind == values[0].kind, let vector = value.vector else { return nil }
                points.append(vector)
            }
            return TrackShape(times: times, curves: curves.map(\.controlPoints), points: points, isCubic: false)
        case .keyedSpline(let spline, let times, let curves):
            let dimension = spline.dimension
            guard [.number, .point, .size, .rect].contains(spline.layout) else { return nil }
            let points = (0..<(spline.controls.count / dimension)).map { point in
                var vector = SIMD4<Double>()
                for j in 0..<dimension { vector[j] = spline.controls[point * dimension + j] }
                return vector
            }
            return TrackShape(times: times, curves: curves.map(\.controlPoints), points: points, isCubic: true)
        default:
            return nil
        }
    }

    /// Evaluates every entry at its layer's time, writing one value per entry.
    func evaluate(
        nodeTimes: UnsafeBufferPointer<Double>, timings: UnsafeBufferPointer<VectorTiming>,
        into values: UnsafeMutableBufferPointer<SIMD4<Double>>
    ) {
        entries.withUnsafeBufferPointer { entries in
            tracks.withUnsafeBufferPointer { tracks in
                times.withUnsafeBufferPointer { times in
                    curves.withUnsafeBufferPointer { curves in
                        points.withUnsafeBufferPointer { points in
                            var memo = ProgressMemo()
                            for index in entries.indices {
                                let entry = entries[index]
                                let time = nodeTimes[Int(entry.node)]
                                guard let fraction = memo.fraction(timing: entry.timing, at: time, in: timings) else {
                                    values[index] = entry.base
                                    continue
                                }
                                values[index] = Self.value(
                                    of: tracks[Int(entry.track)], at: fraction, times: times, curves: curves,
                                    points: points)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `KeyframeTrack.value(atFraction:)` on the flat buffers.
    @inline(__always)
    private static func value(
        of track: Track, at eased: Double, times: UnsafeBufferPointer<Double>,
        curves: UnsafeBufferPointer<UnitBezier>, points: UnsafeBufferPointer<SIMD4<Double>>
    ) -> SIMD4<Double> {
        let f = eased.isNaN ? 0 : min(max(eased, 0), 1)
        let trackTimes = UnsafeBufferPointer(
            rebasing: times[Int(track.timesStart)..<Int(track.timesStart + track.timeCount)])
        let trackCurves = UnsafeBufferPointer(
            rebasing: curves[Int(track.curvesStart)..<Int(track.curvesStart + track.curveCount)])
        let (segment, u) = KeyframeTrack.segment(in: trackTimes, curves: trackCurves, at: f)
        if track.isCubic {
            let base = Int(track.pointsStart) + segment * 4
            let v = 1 - u
            return v * v * v * points[base] + 3 * v * v * u * points[base + 1] + 3 * v * u * u * points[base + 2]
                + u * u * u * points[base + 3]
        }
        let from = points[Int(track.pointsStart) + segment]
        let to = points[Int(track.pointsStart) + segment + 1]
        return from + (to - from) * u
    }
}

extension UnitBezier {
    /// x1, y1, x2, y2: what identifies the curve.
    var controlPoints: [Double] { [x1, y1, x2, y2] }
}
