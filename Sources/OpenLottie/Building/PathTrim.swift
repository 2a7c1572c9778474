import Foundation
import OpenCoreGraphics

/// Trims that cut the paths themselves, as lottie-ios's Main Thread engine applies them: what
/// is left is filled and stroked like any path (the Core Animation engine can only stroke part
/// of a path, through `strokeStart` and `strokeEnd`).
///
/// Lengths are measured along the curves. A cut piece is an open subpath (a fill closes it
/// with a straight line); a trim that wraps past the end of a path gives two pieces, the one
/// from the path's start first.
enum PathTrim {
    /// The paths of `shapes` trimmed from `start` to `end` percent, moved on by `offset`
    /// degrees (360° is once round): with `simultaneously`, each path on its own; otherwise
    /// all of them as one long path, in their order.
    static func trimmed(
        _ shapes: [BezierShape], start: Double, end: Double, offset: Double, simultaneously: Bool
    ) -> CGPath {
        let path = CGMutablePath()
        let from = min(start, end) / 100
        let to = max(start, end) / 100
        if from == to { return path }
        if from == 0, to == 1 {
            for shape in shapes { PathGeometry.append(shape, to: path) }
            return path
        }
        let shift = offset.truncatingRemainder(dividingBy: 360) / 360
        let measured = shapes.map(MeasuredShape.init)
        if simultaneously {
            for shape in measured {
                shape.append(ranges(from: from, to: to, shift: shift, length: shape.length), to: path)
            }
            return path
        }
        let total = measured.reduce(0) { $0 + $1.length }
        var shapeStart = 0.0
        for shape in measured {
            let local = ranges(from: from, to: to, shift: shift, length: total).compactMap {
                range -> ClosedRange<Double>? in
                let lower = max(range.lowerBound - shapeStart, 0)
                let upper = min(range.upperBound - shapeStart, shape.length)
                return lower < upper ? lower...upper : nil
            }
            shape.append(local, to: path)
            shapeStart += shape.length
        }
        return path
    }

    /// The lengths kept of a path `length` long: `from`…`to` (fractions) moved on by `shift`
    /// and wrapped round; a range past the end becomes two, the one from the start first. The
    /// whole path is one range from 0 to `length`.
    private static func ranges(from: Double, to: Double, shift: Double, length: Double) -> [ClosedRange<Double>] {
        var start = (from + shift).truncatingRemainder(dividingBy: 1)
        var end = (to + shift).truncatingRemainder(dividingBy: 1)
        if start < 0 { start += 1 }
        if end < 0 { end += 1 }
        if start == 1 { start = 0 }
        if end == 0 { end = 1 }
        if (start == 0 && end == 1) || start == end { return [0...length] }
        if end < start { return [0...(end * length), (start * length)...length] }
        return [(start * length)...(end * length)]
    }
}

/// One path's segments as cubic curves with their lengths, to cut at lengths along it.
private struct MeasuredShape {
    struct Segment {
        var points: (CGPoint, CGPoint, CGPoint, CGPoint)
        /// Whether both handles are zero: a straight line, measured and cut exactly.
        var isLine: Bool
        /// The length from the segment's start to each of its samples (`samples + 1` of them;
        /// the two ends for a line).
        var lengths: [Double]
        var length: Double { lengths[lengths.count - 1] }
    }

    static let samples = 24

    let shape: BezierShape
    var segments: [Segment] = []
    var length = 0.0

    init(_ shape: BezierShape) {
        self.shape = shape
        guard var previous = shape.vertices.first else { return }
        func add(to vertex: BezierShape.Vertex) {
            let points = (
                previous.point,
                CGPoint(x: previous.point.x + previous.outTangent.x, y: previous.point.y + previous.outTangent.y),
                CGPoint(x: vertex.point.x + vertex.inTangent.x, y: vertex.point.y + vertex.inTangent.y), vertex.point
            )
            let isLine = previous.outTangent == .zero && vertex.inTangent == .zero
            let lengths =
                isLine
                ? [0, Double(hypot(points.3.x - points.0.x, points.3.y - points.0.y))] : Self.sampledLengths(points)
            segments.append(Segment(points: points, isLine: isLine, lengths: lengths))
            length += segments[segments.count - 1].length
            previous = vertex
        }
        for vertex in shape.vertices.dropFirst() { add(to: vertex) }
        if shape.isClosed, let first = shape.vertices.first {
            if shape.drawsClosingSegment {
                add(to: first)
            } else {
                // The straight line a closed path ends with, whatever handle its last vertex has:
                // an ellipse ends on its first point with a handle, and measuring that loop as
                // a curve made its quarters 8 % short.
                previous.outTangent = .zero
                add(to: BezierShape.Vertex(point: first.point, inTangent: .zero, outTangent: .zero))
            }
        }
    }

    private static func sampledLengths(_ p: (CGPoint, CGPoint, CGPoint, CGPoint)) -> [Double] {
        var lengths = [0.0]
        lengths.reserveCapacity(samples + 1)
        var last = p.0
        for index in 1...samples {
            let point = cubicPoint(p.0, p.1, p.2, p.3, at: Double(index) / Double(samples))
            lengths.append(lengths[lengths.count - 1] + Double(hypot(point.x - last.x, point.y - last.y)))
            last = point
        }
        return lengths
    }

    /// Adds the pieces of the path between the lengths of each range, each as a subpath; a
    /// range over the whole path adds the path itself, closed as it is.
    func append(_ ranges: [ClosedRange<Double>], to path: CGMutablePath) {
        for range in ranges {
            if range.lowerBound <= 0, range.upperBound >= length {
                PathGeometry.append(shape, to: path)
                continue
            }
            var segmentStart = 0.0
            var started = false
            for segment in segments {
                defer { segmentStart += segment.length }
                let segmentEnd = segmentStart + segment.length
                guard segmentEnd >= range.lowerBound, segmentStart <= range.upperBound else { continue }
                let t0 = started ? 0 : segment.parameter(at: range.lowerBound - segmentStart)
                let t1 = range.upperBound >= segmentEnd ? 1 : segment.parameter(at: range.upperBound - segmentStart)
                let piece =
                    segment.isLine
                    ? Self.line(segment.points.0, segment.points.3, from: t0, to: t1)
                    : Self.cut(segment.points, from: t0, to: t1)
                if !started {
                    path.move(to: piece.0)
                    started = true
                }
                if segment.isLine {
                    path.addLine(to: piece.3)
                } else {
                    path.addCurve(to: piece.3, control1: piece.1, control2: piece.2)
                }
                if range.upperBound <= segmentEnd { break }
            }
        }
    }

    /// The part of a line between fractions `t0` and `t1` of it, as a cubic's four points.
    private static func line(_ a: CGPoint, _ b: CGPoint, from t0: Double, to t1: Double)
        -> (CGPoint, CGPoint, CGPoint, CGPoint)
    {
        func at(_ t: Double) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let (start, end) = (at(t0), at(t1))
        return (start, start, end, end)
    }

    /// The part of a cubic between parameters `t0` and `t1`.
    private static func cut(_ p: (CGPoint, CGPoint, CGPoint, CGPoint), from t0: Double, to t1: Double)
        -> (CGPoint, CGPoint, CGPoint, CGPoint)
    {
        let left = t1 < 1 ? split(p, at: t1).0 : p
        guard t0 > 0, t1 > 0 else { return left }
        return split(left, at: t0 / t1).1
    }

    /// de Casteljau's split of a cubic at `t`.
    private static func split(_ p: (CGPoint, CGPoint, CGPoint, CGPoint), at t: Double)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint))
    {
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let ab = mix(p.0, p.1)
        let bc = mix(p.1, p.2)
        let cd = mix(p.2, p.3)
        let abc = mix(ab, bc)
        let bcd = mix(bc, cd)
        let middle = mix(abc, bcd)
        return ((p.0, ab, abc, middle), (middle, bcd, cd, p.3))
    }
}

extension MeasuredShape.Segment {
    /// The curve's parameter where `distance` along it is reached (between samples, in
    /// proportion).
    func parameter(at distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        guard distance < length else { return 1 }
        var low = 0
        var high = lengths.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if lengths[middle] <= distance { low = middle } else { high = middle }
        }
        let span = lengths[high] - lengths[low]
        let within = span > 0 ? (distance - lengths[low]) / span : 0
        return (Double(low) + within) / Double(lengths.count - 1)
    }
}
