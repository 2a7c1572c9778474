import Foundation
import OpenCoreGraphics

// A point animated along a `CGPath`. `CAAnimation.h`: "Each point in the path except for
// `moveto' points defines a single keyframe for the purpose of timing and interpolation …
// For constant velocity animation along the path, `calculationMode' should be set to `paced'."

extension KeyframeTrack {
    /// Builds the track that moves a point along `path`.
    ///
    /// Each line, curve and close is one segment, followed exactly (curves along their Bézier
    /// parameter, a close back to the start of its subpath), so a path of n segments has n + 1
    /// keyframes: its start point and the end of every segment. A move inside the path starts
    /// the next segment somewhere else: the point jumps there at that segment's key time.
    ///
    /// Modes: `linear` gives each segment its key time span (even unless `keyTimes` has
    /// n + 1 valid entries), eased by `timingFunctions`; `paced` moves at constant speed along
    /// the arc length; `discrete` jumps from keyframe to keyframe (n + 2 key times; fewer time
    /// the first points alone). `cubic` and `cubicPaced` follow the path as `linear` and
    /// `paced` do, since the path already says what curve to take between its points.
    ///
    /// - Precondition: the path has at least one point.
    package convenience init(path: CGPath, keyTimes: [Double]?, timingFunctions: [UnitBezier]?, mode: CalculationMode) {
        let outline = PathOutline(path)
        require(!outline.points.isEmpty, "KeyframeTrack needs a path with at least one point")
        let spline = KeyframeSpline(layout: .point, controls: outline.controls)
        let keyframes = outline.keyframes.map { AnimatableValue.point($0) }
        guard spline.segmentCount > 0 else {
            self.init(storage: .constant(keyframes.first ?? .point(outline.points[0])), mode: mode)
            return
        }
        switch mode {
        case .linear, .cubic:
            let times = Self.keyTimes(keyTimes, count: spline.segmentCount + 1)
            self.init(storage: .keyedSpline(spline, times: times, curves: timingFunctions ?? []), mode: mode)
        case .paced, .cubicPaced:
            self.init(storage: .pacedSpline(spline, ArcLengthTable(spline)), mode: mode)
        case .discrete:
            // Fewer key times than the points need (n + 1) time the first points alone: with k
            // key times the first k − 1 points show, each from its key time to the next, and
            // the last of them holds to the end (Apple's pictures of lottie-ios's held motion
            // paths, n points timed by n key times, never show the last point).
            var shown = keyframes
            if let keyTimes, keyTimes.count >= 2, keyTimes.count <= keyframes.count {
                shown.removeLast(keyframes.count - keyTimes.count + 1)
            }
            let times = Self.keyTimes(keyTimes, count: shown.count + 1)
            self.init(storage: .steps(values: shown, times: times), mode: mode)
        }
    }
}

/// A path flattened into cubic Bézier segments (control points stored as `KeyframeSpline`
/// expects them) and its keyframe points.
struct PathOutline {
    /// Four 2-D control points per segment, flat.
    var controls: [Double] = []
    /// The start of the first segment, then the end of every segment.
    var keyframes: [CGPoint] = []
    /// Every point the path names, moves included (to tell an empty path from a lone move).
    var points: [CGPoint] = []

    init(_ path: CGPath) {
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        let elements = path.elements
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let to):
                points.append(to)
                current = to
                subpathStart = to
            case .line(let to):
                points.append(to)
                addCubic(current, lerp(current, to, 1.0 / 3), lerp(current, to, 2.0 / 3), to)
                current = to
            case .quadCurve(let to, let control):
                points += [control, to]
                // Degree elevation: the same curve, with the same parameter, as a cubic.
                addCubic(current, lerp(current, control, 2.0 / 3), lerp(to, control, 2.0 / 3), to)
                current = to
            case .curve(let to, let control1, let control2):
                points += [control1, control2, to]
                addCubic(current, control1, control2, to)
                current = to
            case .closeSubpath:
                // Core Animation leaves out a path's closing segment at its end: n key times
                // for n points, and a layer that ends where the last point is, not back at the
                // start (Apple's pictures of lottie-ios's closed motion paths).
                guard index < elements.count - 1 else { break }
                let to = subpathStart
                addCubic(current, lerp(current, to, 1.0 / 3), lerp(current, to, 2.0 / 3), to)
                current = to
            }
        }
        if keyframes.isEmpty, let first = points.first {
            keyframes = [first]
        }
    }

    private mutating func addCubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) {
        if keyframes.isEmpty { keyframes.append(p0) }
        keyframes.append(p3)
        for p in [p0, c1, c2, p3] {
            controls.append(Double(p.x))
            controls.append(Double(p.y))
        }
    }

    private func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
