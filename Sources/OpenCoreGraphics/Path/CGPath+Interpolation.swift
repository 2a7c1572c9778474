import Foundation

extension CGPath {
    /// The path a fraction `f` of the way from `a` to `b`, element by element, when the two
    /// have the same sequence of elements (how Core Animation interpolates `CAShapeLayer.path`),
    /// a line or a quadratic curve facing a cubic one taken as the cubic curve it is; nil when
    /// they differ otherwise.
    ///
    /// End points move in a straight line. A cubic curve's control points move as Core
    /// Animation moves them: each as its offset from the end it leaves or enters (the handles
    /// of a Bézier tool), turning and stretching — angle and length interpolated, the shorter
    /// way round — rather than sliding in a straight line, which would shrink a handle that
    /// turns. Apple's pictures of shapes half-way through a morph show it (the Lottie corpus's
    /// `TypeFace-J` @ 50: its grey shape's outline matches only so).
    ///
    /// With `reused`, the elements are written into that path rather than a new one: the
    /// caller must be the only holder of it (a path never handed out since, or one whose every
    /// other holder let go), since a `CGPath` is otherwise never changed. Its element storage is
    /// kept, so a path of the same length is written without allocating.
    package static func interpolating(_ a: CGPath, _ b: CGPath, fraction f: Double, into reused: CGPath? = nil)
        -> CGPath?
    {
        let first = a.storage.elements
        let second = b.storage.elements
        guard first.count == second.count else { return nil }
        var storage = PathStorage()
        if let reused {
            // Taken out, so that the array is uniquely held while it is written.
            swap(&storage, &reused.storage)
            storage.removeAll()
        }
        storage.reserveCapacity(first.count)
        var ends = CurrentPoints()
        for index in first.indices {
            guard let element = first[index].interpolated(to: second[index], fraction: CGFloat(f), from: ends) else {
                if let reused { reused.storage = storage }
                return nil
            }
            ends.advance(first[index], second[index])
            storage.append(element)
        }
        guard let reused else { return CGPath(storage: storage) }
        reused.storage = storage
        return reused
    }
}

/// The current point of both paths, and where their subpaths started: a curve's first handle
/// is measured from the current point (the path between them is at the same fraction of the
/// way between the two, as every end point is).
private struct CurrentPoints {
    var a = CGPoint.zero
    var b = CGPoint.zero
    var starts = (a: CGPoint.zero, b: CGPoint.zero)

    mutating func advance(_ first: PathElement, _ second: PathElement) {
        guard let p = first.endPoint, let q = second.endPoint else {
            // A closed subpath: the current point goes back to where it started.
            (a, b) = starts
            return
        }
        (a, b) = (p, q)
        if case .move = first { starts = (p, q) }
    }
}

extension PathElement {
    /// The element a fraction `f` of the way to `other` — of the same kind, or a line,
    /// quadratic or cubic curve facing another of them — both drawn from the current points
    /// `ends`; nil for other pairs.
    fileprivate func interpolated(to other: PathElement, fraction f: CGFloat, from ends: CurrentPoints) -> PathElement? {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        switch (self, other) {
        case let (.move(p), .move(q)): return .move(to: mix(p, q))
        case let (.line(p), .line(q)): return .line(to: mix(p, q))
        case let (.quadCurve(p, c), .quadCurve(q, d)): return .quadCurve(to: mix(p, q), control: mix(c, d))
        case let (.curve(p, c1, c2), .curve(q, d1, d2)):
            let end = mix(p, q)
            let leaving = Self.handle(from: ends.a, to: c1, and: ends.b, to: d1, fraction: f)
            let entering = Self.handle(from: p, to: c2, and: q, to: d2, fraction: f)
            let start = mix(ends.a, ends.b)
            return .curve(
                to: end, control1: CGPoint(x: start.x + leaving.x, y: start.y + leaving.y),
                control2: CGPoint(x: end.x + entering.x, y: end.y + entering.y))
        case (.line, .curve), (.quadCurve, .curve), (.line, .quadCurve):
            return asCubic(from: ends.a)?.interpolated(to: other, fraction: f, from: ends)
        case (.curve, .line), (.curve, .quadCurve), (.quadCurve, .line):
            return other.asCubic(from: ends.b).flatMap { interpolated(to: $0, fraction: f, from: ends) }
        case (.closeSubpath, .closeSubpath): return .closeSubpath
        default: return nil
        }
    }

    /// A line or a quadratic curve drawn from `start` as the cubic curve that draws it (its
    /// degree raised): how a line morphs into a curve, as Apple's pictures show
    /// (`TypeFace-Z` @ 50, whose shapes' sides are lines in one keyframe and curves in the next).
    private func asCubic(from start: CGPoint) -> PathElement? {
        func along(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        switch self {
        case let .line(end):
            return .curve(to: end, control1: along(start, end, 1 / 3), control2: along(start, end, 2 / 3))
        case let .quadCurve(end, control):
            return .curve(to: end, control1: along(start, control, 2 / 3), control2: along(end, control, 2 / 3))
        default:
            return nil
        }
    }

    /// The handle a fraction `f` of the way from `anchor → control` to `otherAnchor →
    /// otherControl`, as an offset: its angle turned the shorter way and its length
    /// interpolated. A handle of no length takes the other's direction.
    private static func handle(
        from anchor: CGPoint, to control: CGPoint, and otherAnchor: CGPoint, to otherControl: CGPoint, fraction f: CGFloat
    ) -> CGPoint {
        let u = (x: Double(control.x - anchor.x), y: Double(control.y - anchor.y))
        let v = (x: Double(otherControl.x - otherAnchor.x), y: Double(otherControl.y - otherAnchor.y))
        let (lengthU, lengthV) = (hypot(u.x, u.y), hypot(v.x, v.y))
        guard lengthU > 0 || lengthV > 0 else { return .zero }
        let angleU = lengthU > 0 ? atan2(u.y, u.x) : atan2(v.y, v.x)
        let angleV = lengthV > 0 ? atan2(v.y, v.x) : angleU
        var turn = angleV - angleU
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        let fraction = Double(f)
        let length = lengthU + (lengthV - lengthU) * fraction
        let angle = angleU + turn * fraction
        return CGPoint(x: length * cos(angle), y: length * sin(angle))
    }
}
