import Foundation

/// One drawn piece of a path with its start point made explicit: what the stroker and the
/// dasher walk, since a ``PathElement`` alone does not know where it starts.
enum PathSegment: Equatable {
    case line(CGPoint, CGPoint)
    case quadCurve(CGPoint, CGPoint, CGPoint)
    case cubicCurve(CGPoint, CGPoint, CGPoint, CGPoint)

    /// The segment's points in order: start, controls, end.
    var points: [CGPoint] {
        switch self {
        case .line(let p0, let p1): [p0, p1]
        case .quadCurve(let p0, let p1, let p2): [p0, p1, p2]
        case .cubicCurve(let p0, let p1, let p2, let p3): [p0, p1, p2, p3]
        }
    }

    /// The segment of the same degree with the given points (start, controls, end).
    private init(points p: [CGPoint]) {
        switch p.count {
        case 2: self = .line(p[0], p[1])
        case 3: self = .quadCurve(p[0], p[1], p[2])
        default: self = .cubicCurve(p[0], p[1], p[2], p[3])
        }
    }

    var start: CGPoint { points[0] }
    var end: CGPoint { points[points.count - 1] }

    /// Whether every point, controls included, is the start: the segment covers nothing and
    /// has no direction, so strokers and dashers skip it.
    var isDegenerate: Bool { points.allSatisfy { $0 == start } }

    /// The element that draws this segment from its start.
    var element: PathElement {
        switch self {
        case .line(_, let p1): .line(to: p1)
        case .quadCurve(_, let c, let p2): .quadCurve(to: p2, control: c)
        case .cubicCurve(_, let c1, let c2, let p3): .curve(to: p3, control1: c1, control2: c2)
        }
    }

    func point(at t: CGFloat) -> CGPoint {
        switch self {
        case .line(let p0, let p1): CGPoint(x: p0.x * (1 - t) + p1.x * t, y: p0.y * (1 - t) + p1.y * t)
        case .quadCurve(let p0, let p1, let p2): quadraticPoint(p0, p1, p2, at: t)
        case .cubicCurve(let p0, let p1, let p2, let p3): cubicPoint(p0, p1, p2, p3, at: t)
        }
    }

    /// The derivative with respect to the parameter.
    func derivative(at t: CGFloat) -> CGVector {
        let u = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p0.vector(to: p1)
        case .quadCurve(let p0, let p1, let p2):
            let a = p0.vector(to: p1)
            let b = p1.vector(to: p2)
            return CGVector(dx: 2 * (u * a.dx + t * b.dx), dy: 2 * (u * a.dy + t * b.dy))
        case .cubicCurve(let p0, let p1, let p2, let p3):
            let a = p0.vector(to: p1)
            let b = p1.vector(to: p2)
            let c = p2.vector(to: p3)
            return CGVector(
                dx: 3 * (u * u * a.dx + 2 * u * t * b.dx + t * t * c.dx),
                dy: 3 * (u * u * a.dy + 2 * u * t * b.dy + t * t * c.dy))
        }
    }

    /// The unit direction of travel where the segment leaves its start: towards the first
    /// point that differs from the start, which is the tangent's limit when controls
    /// coincide with the end point. `nil` for a degenerate segment.
    var startDirection: CGVector? {
        points.dropFirst().lazy.compactMap { start.vector(to: $0).unit }.first
    }

    /// The unit direction of travel where the segment arrives at its end; `nil` for a
    /// degenerate segment.
    var endDirection: CGVector? {
        points.dropLast().reversed().lazy.compactMap { $0.vector(to: self.end).unit }.first
    }

    /// The unit tangent at `t`, or `nil` where the derivative vanishes (a cusp).
    func direction(at t: CGFloat) -> CGVector? {
        if t <= 0 { return startDirection }
        if t >= 1 { return endDirection }
        let d = derivative(at: t)
        // A derivative this small against the control polygon is a cusp: its direction is noise.
        let scale = points.dropFirst().reduce(0) { max($0, start.vector(to: $1).length) }
        return d.length > scale * 1e-9 ? d.unit : nil
    }

    /// The part of the segment between parameters `t0` and `t1`, as a segment of the same
    /// degree (de Casteljau twice), so a cut curve stays a curve.
    func subsegment(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        let from = max(t0, 0)
        if from == 0 && t1 >= 1 { return self }
        var p = points
        if from > 0 { p = Self.split(p, at: from).after }
        // What is left runs from `from` to 1, so `t1` is rescaled to it.
        if t1 < 1 { p = Self.split(p, at: (t1 - from) / (1 - from)).before }
        return PathSegment(points: p)
    }

    /// De Casteljau's split of a control polygon at `t`. The weighted form makes `t = 1`
    /// return the end point exactly.
    private static func split(_ points: [CGPoint], at t: CGFloat) -> (before: [CGPoint], after: [CGPoint]) {
        var row = points
        var before = [row[0]]
        var after = [row[row.count - 1]]
        while row.count > 1 {
            row = zip(row, row.dropFirst()).map { a, b in
                CGPoint(x: a.x * (1 - t) + b.x * t, y: a.y * (1 - t) + b.y * t)
            }
            before.append(row[0])
            after.append(row[row.count - 1])
        }
        return (before, after.reversed())
    }

    /// The arc length between parameters `t0` and `t1`: exact for lines, adaptive
    /// Gauss–Legendre quadrature of the speed for curves.
    func length(from t0: CGFloat = 0, to t1: CGFloat = 1) -> CGFloat {
        guard t1 > t0 else { return 0 }
        if case .line(let p0, let p1) = self { return p0.vector(to: p1).length * (t1 - t0) }
        return adaptiveLength(t0, t1, whole: gaussLength(t0, t1), depth: 0)
    }

    private func adaptiveLength(_ a: CGFloat, _ b: CGFloat, whole: CGFloat, depth: Int) -> CGFloat {
        let m = (a + b) / 2
        let left = gaussLength(a, m)
        let right = gaussLength(m, b)
        if depth >= 20 || abs(left + right - whole) <= 1e-12 * max(1, whole) { return left + right }
        return adaptiveLength(a, m, whole: left, depth: depth + 1)
            + adaptiveLength(m, b, whole: right, depth: depth + 1)
    }

    /// Five-point Gauss–Legendre quadrature of the speed over `[a, b]`.
    private func gaussLength(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum: CGFloat = 0
        for (node, weight) in gaussLegendreFive {
            sum += weight * derivative(at: middle + half * node).length
        }
        return sum * half
    }

    /// The parameter `t ≥ t0` at which the arc length from `t0` reaches `distance`, clamped
    /// to the segment's end: Newton's method on the length, kept inside a shrinking bracket.
    func parameter(atLength distance: CGFloat, from t0: CGFloat) -> CGFloat {
        guard distance > 0 else { return t0 }
        let total = length(from: t0, to: 1)
        guard distance < total else { return 1 }
        if case .line = self { return t0 + (1 - t0) * distance / total }
        var low = t0
        var high: CGFloat = 1
        var t = t0 + (1 - t0) * distance / total
        for _ in 0..<60 {
            let error = length(from: t0, to: t) - distance
            if abs(error) <= 1e-12 * max(1, total) { break }
            if error > 0 { high = t } else { low = t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - error / speed : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }
}

/// Nodes and weights of five-point Gauss–Legendre quadrature on [−1, 1].
private let gaussLegendreFive: [(CGFloat, CGFloat)] = [
    (0, 128.0 / 225.0),
    (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
    (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
    (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
]

/// A subpath as the segments it draws.
struct SegmentedSubpath {
    /// Where the subpath starts: its move, or the previous subpath's start after a close.
    var start: CGPoint
    /// The segments in order. A closed subpath ends with its closing line, even when that
    /// line has zero length, so a subpath of a move and a close still has one segment.
    var segments: [PathSegment] = []
    /// Whether the subpath ends with a close, which joins its end to its start.
    var isClosed = false
}

extension CGPath {
    /// The path's subpaths as segments. A lone move yields a subpath with no segments.
    var segmentedSubpaths: [SegmentedSubpath] {
        var subpaths: [SegmentedSubpath] = []
        var current: SegmentedSubpath?
        var point = CGPoint.zero
        var lastStart = CGPoint.zero
        func add(_ segment: PathSegment) {
            // Segments after a close without a move start a new subpath at the old start, as
            // filling treats them.
            if current == nil { current = SegmentedSubpath(start: lastStart) }
            current?.segments.append(segment)
            point = segment.end
        }
        for element in storage.elements {
            switch element {
            case .move(let to):
                if let finished = current { subpaths.append(finished) }
                current = SegmentedSubpath(start: to)
                point = to
                lastStart = to
            case .line(let to):
                add(.line(point, to))
            case .quadCurve(let to, let control):
                add(.quadCurve(point, control, to))
            case .curve(let to, let control1, let control2):
                add(.cubicCurve(point, control1, control2, to))
            case .closeSubpath:
                guard var closing = current else { continue }
                closing.segments.append(.line(point, closing.start))
                closing.isClosed = true
                subpaths.append(closing)
                current = nil
                point = closing.start
            }
        }
        if let finished = current { subpaths.append(finished) }
        return subpaths
    }
}

// Plane-vector arithmetic for the stroker and the dasher, as named methods so that no
// operator on Foundation's types joins the module's type checking.

extension CGPoint {
    /// The vector from this point to `other`.
    func vector(to other: CGPoint) -> CGVector { CGVector(dx: other.x - x, dy: other.y - y) }

    /// This point moved by `times` copies of `v`.
    func offset(by v: CGVector, times scale: CGFloat = 1) -> CGPoint {
        CGPoint(x: x + v.dx * scale, y: y + v.dy * scale)
    }
}

extension CGVector {
    var length: CGFloat { hypot(dx, dy) }

    /// The vector scaled to length 1, or `nil` when it has no direction.
    var unit: CGVector? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return CGVector(dx: dx / l, dy: dy / l)
    }

    func scaled(by s: CGFloat) -> CGVector { CGVector(dx: dx * s, dy: dy * s) }
    func adding(_ v: CGVector) -> CGVector { CGVector(dx: dx + v.dx, dy: dy + v.dy) }
    func dot(_ v: CGVector) -> CGFloat { dx * v.dx + dy * v.dy }
    func cross(_ v: CGVector) -> CGFloat { dx * v.dy - dy * v.dx }

    /// The vector turned a quarter turn towards −y: the right-hand side of travel in Core
    /// Graphics' y-up coordinates.
    var rightPerpendicular: CGVector { CGVector(dx: dy, dy: -dx) }

    /// The vector turned by `angle` radians (positive: from +x towards +y).
    func rotated(by angle: CGFloat) -> CGVector {
        let c = cos(angle)
        let s = sin(angle)
        return CGVector(dx: dx * c - dy * s, dy: dx * s + dy * c)
    }

    /// The unsigned angle to `v`, in [0, π].
    func angle(to v: CGVector) -> CGFloat { atan2(abs(cross(v)), dot(v)) }
}
