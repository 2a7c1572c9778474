import Foundation

/// The area a stroke covers, built as pieces: a strip per stretch of each segment, a wedge
/// per join, a cap per open end. Every piece is a simple polygon turned counter-clockwise, so
/// the pieces' winding numbers only add up and filling them all with the non-zero rule
/// paints exactly their union, with no need to merge them into one outline as Apple does.
struct StrokeOutline {
    let halfWidth: CGFloat
    let lineCap: CGLineCap
    let lineJoin: CGLineJoin
    let miterLimit: CGFloat
    /// How far a straight edge may stray from the true, curved outline.
    let tolerance: CGFloat
    /// The pieces, each counter-clockwise (positive signed area).
    private(set) var polygons: [[CGPoint]] = []

    /// Curves are cut at least this many times in two, so an S-bend whose middle sits on its
    /// chord is still seen.
    private let minimumDepth = 2
    /// Beyond this many halvings a stretch is drawn as it is; only a cusp gets this far.
    private let maximumDepth = 12
    /// The most a curve's tangent may turn within one strip.
    private let maximumStripTurn: CGFloat = .pi / 8

    init(halfWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        self.halfWidth = halfWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.tolerance = tolerance
    }

    /// Adds the stroke of one subpath: bodies, joins between its segments, and either caps at
    /// both ends or, when it is closed, a join where it meets its start.
    mutating func addSubpath(_ subpath: SegmentedSubpath) {
        let drawn = subpath.segments.filter { !$0.isDegenerate }
        guard let first = drawn.first, let last = drawn.last else {
            // Core Graphics draws a zero-length subpath as a dot when the cap has a shape;
            // a lone move draws nothing.
            if !subpath.segments.isEmpty { addDot(at: subpath.start) }
            return
        }
        var previous: PathSegment?
        for segment in drawn {
            addBody(of: segment)
            if let previous, let incoming = previous.endDirection, let outgoing = segment.startDirection {
                addJoin(at: segment.start, incoming: incoming, outgoing: outgoing, style: lineJoin)
            }
            previous = segment
        }
        guard let startDirection = first.startDirection, let endDirection = last.endDirection else { return }
        if subpath.isClosed {
            addJoin(at: first.start, incoming: endDirection, outgoing: startDirection, style: lineJoin)
        } else {
            addCap(at: first.start, outward: startDirection.scaled(by: -1))
            addCap(at: last.end, outward: endDirection)
        }
    }

    // MARK: Bodies

    /// A point of a segment with its unit tangent, where a strip starts or ends.
    private struct Sample {
        var t: CGFloat
        var point: CGPoint
        var direction: CGVector
    }

    private mutating func addBody(of segment: PathSegment) {
        guard let startDirection = segment.startDirection, let endDirection = segment.endDirection else { return }
        let first = Sample(t: 0, point: segment.start, direction: startDirection)
        let last = Sample(t: 1, point: segment.end, direction: endDirection)
        if case .line = segment {
            addStrip(from: first, to: last)
        } else {
            addBody(of: segment, from: first, to: last, depth: 0)
        }
    }

    /// Halves `[a, b]` until a strip between the two samples' normals stays within the
    /// tolerance of the curve and of both its offset curves, then adds that strip.
    private mutating func addBody(of segment: PathSegment, from a: Sample, to b: Sample, depth: Int) {
        let t = (a.t + b.t) / 2
        let point = segment.point(at: t)
        let direction = segment.direction(at: t) ?? a.point.vector(to: b.point).unit ?? a.direction
        let middle = Sample(t: t, point: point, direction: direction)
        if depth < maximumDepth && (depth < minimumDepth || needsHalving(a, middle, b)) {
            addBody(of: segment, from: a, to: middle, depth: depth + 1)
            addBody(of: segment, from: middle, to: b, depth: depth + 1)
        } else {
            addStrip(from: a, to: b)
        }
    }

    private func needsHalving(_ a: Sample, _ middle: Sample, _ b: Sample) -> Bool {
        let turn = a.direction.angle(to: middle.direction) + middle.direction.angle(to: b.direction)
        if turn > maximumStripTurn { return true }
        // The outline's edges are the offset curves at ±halfWidth; each must stay close to
        // its chord, not just the centre line, since a wide stroke magnifies the bend.
        for offset in [0, halfWidth, -halfWidth] {
            func shifted(_ s: Sample) -> CGPoint { s.point.offset(by: s.direction.rightPerpendicular, times: offset) }
            if distance(from: shifted(middle), toLineThrough: shifted(a), shifted(b)) > tolerance { return true }
        }
        return false
    }

    /// The area swept by the normal between two samples: two half-strips, one each side.
    private mutating func addStrip(from a: Sample, to b: Sample) {
        if a.direction.angle(to: b.direction) > maximumStripTurn {
            // Only halving's depth limit lets the tangent turn this much in one strip: a cusp,
            // where it flips within a vanishing stretch. Round it, as the normal sweeping
            // through the flip would, rather than cut the corner with a straight edge.
            guard let chord = a.point.vector(to: b.point).unit else {
                addJoin(at: a.point, incoming: a.direction, outgoing: b.direction, style: .round)
                return
            }
            addJoin(at: a.point, incoming: a.direction, outgoing: chord, style: .round)
            addStrip(
                from: Sample(t: a.t, point: a.point, direction: chord),
                to: Sample(t: b.t, point: b.point, direction: chord))
            addJoin(at: b.point, incoming: chord, outgoing: b.direction, style: .round)
            return
        }
        let aSide = a.direction.rightPerpendicular.scaled(by: halfWidth)
        let bSide = b.direction.rightPerpendicular.scaled(by: halfWidth)
        if a.direction == b.direction {
            addPolygon([
                a.point.offset(by: aSide, times: -1), a.point.offset(by: aSide), b.point.offset(by: bSide),
                b.point.offset(by: bSide, times: -1),
            ])
            return
        }
        for sign: CGFloat in [1, -1] {
            addHalfStrip(
                a.point, a.point.offset(by: aSide, times: sign), b.point, b.point.offset(by: bSide, times: sign))
        }
    }

    /// The quadrilateral between the normals `a → aOuter` and `b → bOuter`. On the inside of
    /// a bend tighter than the half width the two normals cross; the swept area is then the
    /// two triangles meeting at the crossing, since the quadrilateral would be a bow tie whose
    /// halves wind in opposite directions.
    private mutating func addHalfStrip(_ a: CGPoint, _ aOuter: CGPoint, _ b: CGPoint, _ bOuter: CGPoint) {
        let u = a.vector(to: aOuter)
        let v = b.vector(to: bOuter)
        let denominator = u.cross(v)
        if denominator != 0 {
            let ab = a.vector(to: b)
            let s = ab.cross(v) / denominator
            let r = ab.cross(u) / denominator
            if s > 0 && s < 1 && r > 0 && r < 1 {
                let crossing = a.offset(by: u, times: s)
                addPolygon([a, crossing, b])
                addPolygon([crossing, aOuter, bOuter])
                return
            }
        }
        addPolygon([a, aOuter, bOuter, b])
    }

    // MARK: Joins and caps

    /// The join at `p` between a segment arriving along `incoming` and one leaving along
    /// `outgoing`, on the outer side of the turn; the inner side is already covered by the
    /// two bodies.
    private mutating func addJoin(at p: CGPoint, incoming: CGVector, outgoing: CGVector, style: CGLineJoin) {
        let turn = atan2(incoming.cross(outgoing), incoming.dot(outgoing))
        guard turn != 0 else { return }
        // Turning left (counter-clockwise), the outer corner is on the right.
        let side: CGFloat = turn > 0 ? halfWidth : -halfWidth
        let outerIn = incoming.rightPerpendicular.scaled(by: side)
        let outerOut = outgoing.rightPerpendicular.scaled(by: side)
        // Miter length over line width is 1/sin(φ/2) for an angle φ = π − |turn| between
        // the segments, that is 1/cos(turn/2); past the limit Core Graphics bevels.
        let halfTurnCosine = cos(turn / 2)
        switch style {
        case .round:
            addPolygon([p] + arc(around: p, from: outerIn, sweep: turn))
        case .miter where halfTurnCosine > 0 && 1 / halfTurnCosine <= miterLimit:
            guard let bisector = outerIn.adding(outerOut).unit else { return }
            let tip = p.offset(by: bisector, times: halfWidth / halfTurnCosine)
            addPolygon([p, p.offset(by: outerIn), tip, p.offset(by: outerOut)])
        default:
            addPolygon([p, p.offset(by: outerIn), p.offset(by: outerOut)])
        }
    }

    /// The cap at an open end `p`, reaching out along the unit vector `outward`.
    private mutating func addCap(at p: CGPoint, outward: CGVector) {
        let side = outward.rightPerpendicular.scaled(by: halfWidth)
        switch lineCap {
        case .butt:
            return
        case .square:
            let ahead = outward.scaled(by: halfWidth)
            addPolygon([
                p.offset(by: side), p.offset(by: side).offset(by: ahead),
                p.offset(by: side, times: -1).offset(by: ahead), p.offset(by: side, times: -1),
            ])
        case .round:
            // A quarter turn left of the right-hand side is straight ahead, so this half
            // circle bulges outward.
            addPolygon([p] + arc(around: p, from: side, sweep: .pi))
        }
    }

    /// The dot Core Graphics draws for a zero-length subpath: a circle for round caps, an
    /// axis-aligned square for square caps (there is no direction to turn it by), nothing for
    /// butt caps.
    private mutating func addDot(at p: CGPoint) {
        let h = halfWidth
        switch lineCap {
        case .butt:
            return
        case .square:
            addPolygon([
                CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h),
            ])
        case .round:
            addPolygon(Array(arc(around: p, from: CGVector(dx: h, dy: 0), sweep: 2 * .pi).dropLast()))
        }
    }

    // MARK: Polygons

    /// Points along the circle about `center` through `center + start`, turning by `sweep`,
    /// both ends included, with chords that stay within the tolerance of the circle.
    private func arc(around center: CGPoint, from start: CGVector, sweep: CGFloat) -> [CGPoint] {
        // A chord spanning angle θ bulges r·(1 − cos(θ/2)) from its arc.
        let step = 2 * acos(max(1 - tolerance / halfWidth, 0))
        let count = min(max(Int((abs(sweep) / min(step, .pi / 4)).rounded(.up)), 1), 4096)
        return (0...count).map { index in
            center.offset(by: start.rotated(by: sweep * CGFloat(index) / CGFloat(count)))
        }
    }

    /// Adds a simple polygon turned counter-clockwise, dropping it when it has no area.
    private mutating func addPolygon(_ points: [CGPoint]) {
        var doubleArea: CGFloat = 0
        var previous = points[points.count - 1]
        for point in points {
            doubleArea += previous.x * point.y - point.x * previous.y
            previous = point
        }
        guard doubleArea.isFinite, doubleArea != 0 else { return }
        polygons.append(doubleArea > 0 ? points : points.reversed())
    }
}

/// The distance from `p` to the line through `a` and `b`, or to `a` when they coincide.
private func distance(from p: CGPoint, toLineThrough a: CGPoint, _ b: CGPoint) -> CGFloat {
    let ab = a.vector(to: b)
    let ap = a.vector(to: p)
    let length = ab.length
    return length > 0 ? abs(ab.cross(ap)) / length : ap.length
}
