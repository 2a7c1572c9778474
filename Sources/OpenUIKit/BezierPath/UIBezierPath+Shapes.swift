import Foundation

extension UIBezierPath {
    /// Appends a closed rectangle starting just after the top-left corner and running
    /// clockwise on screen, with a quarter circle of `radius` (clamped to half the shorter
    /// side) at each corner in `corners` and a square corner elsewhere.
    ///
    /// Each rounded corner is one cubic curve whose control points lie 0.5523 radii from the
    /// corner's ends towards the corner, the usual quarter-circle cubic.
    func addRoundedRect(_ rect: CGRect, corners: UIRectCorner, radius: CGFloat) {
        let rect = rect.standardized
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func cornerRadius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? r : 0 }
        let topLeft = cornerRadius(.topLeft)
        let topRight = cornerRadius(.topRight)
        let bottomRight = cornerRadius(.bottomRight)
        let bottomLeft = cornerRadius(.bottomLeft)

        move(to: CGPoint(x: minX + topLeft, y: minY))
        addLine(to: CGPoint(x: maxX - topRight, y: minY))
        addCorner(CGPoint(x: maxX, y: minY), to: CGPoint(x: maxX, y: minY + topRight), radius: topRight)
        addLine(to: CGPoint(x: maxX, y: maxY - bottomRight))
        addCorner(CGPoint(x: maxX, y: maxY), to: CGPoint(x: maxX - bottomRight, y: maxY), radius: bottomRight)
        addLine(to: CGPoint(x: minX + bottomLeft, y: maxY))
        addCorner(CGPoint(x: minX, y: maxY), to: CGPoint(x: minX, y: maxY - bottomLeft), radius: bottomLeft)
        addLine(to: CGPoint(x: minX, y: minY + topLeft))
        addCorner(CGPoint(x: minX, y: minY), to: CGPoint(x: minX + topLeft, y: minY), radius: topLeft)
        close()
    }

    /// A quarter circle from the current point round `corner` to `end`; nothing for a square
    /// corner (the lines before and after meet at the corner).
    private func addCorner(_ corner: CGPoint, to end: CGPoint, radius: CGFloat) {
        guard radius > 0 else { return }
        let start = currentPoint
        // The control-point distance of a cubic quarter circle, as a fraction of its radius:
        // 4/3·tan(π/8).
        let k: CGFloat = 4.0 / 3.0 * tan(CGFloat.pi / 8)
        addCurve(
            to: end,
            controlPoint1: CGPoint(x: start.x + k * (corner.x - start.x), y: start.y + k * (corner.y - start.y)),
            controlPoint2: CGPoint(x: end.x + k * (corner.x - end.x), y: end.y + k * (corner.y - end.y)))
    }

    /// The path with only its closed subpaths: what ``contains(_:)`` tests against.
    func closedSubpaths() -> CGPath {
        let closed = CGMutablePath()
        for subpath in Subpath.split(path.elements) where subpath.isClosed {
            closed.move(to: subpath.start)
            for segment in subpath.segments { Subpath.append(segment, to: closed) }
            closed.closeSubpath()
        }
        return closed
    }

    /// `elements` drawn backwards: the subpaths in reverse order, each from its end point back
    /// to its start, a closed one closed again.
    func reversedElements(of elements: [PathElement]) -> [PathElement] {
        var result: [PathElement] = []
        for subpath in Subpath.split(elements).reversed() {
            var points = [subpath.start]
            for segment in subpath.segments { points.append(Subpath.end(of: segment) ?? subpath.start) }
            result.append(.move(to: points[points.count - 1]))
            for (index, segment) in subpath.segments.enumerated().reversed() {
                let back = points[index]
                switch segment {
                case .line: result.append(.line(to: back))
                case .quadCurve(_, let control): result.append(.quadCurve(to: back, control: control))
                case .curve(_, let c1, let c2): result.append(.curve(to: back, control1: c2, control2: c1))
                case .move, .closeSubpath: break
                }
            }
            if subpath.isClosed { result.append(.closeSubpath) }
        }
        return result
    }
}

/// One subpath: its start, its segments (lines and curves) and whether a close ends it.
private struct Subpath {
    var start: CGPoint
    var segments: [PathElement] = []
    var isClosed = false

    /// Splits elements into subpaths. A segment right after a close, with no move between,
    /// starts a new subpath at the closed one's start, as Core Graphics draws it.
    static func split(_ elements: [PathElement]) -> [Subpath] {
        var subpaths: [Subpath] = []
        var current: Subpath?
        var lastStart = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let to):
                if let finished = current { subpaths.append(finished) }
                current = Subpath(start: to)
                lastStart = to
            case .line, .quadCurve, .curve:
                if current == nil || current?.isClosed == true {
                    if let finished = current { subpaths.append(finished) }
                    current = Subpath(start: lastStart)
                }
                current?.segments.append(element)
            case .closeSubpath:
                current?.isClosed = true
            }
        }
        if let finished = current { subpaths.append(finished) }
        return subpaths
    }

    /// The end point of a line or curve.
    static func end(of segment: PathElement) -> CGPoint? {
        switch segment {
        case .move(let to), .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
        case .closeSubpath: nil
        }
    }

    static func append(_ segment: PathElement, to path: CGMutablePath) {
        switch segment {
        case .line(let to): path.addLine(to: to)
        case .quadCurve(let to, let control): path.addQuadCurve(to: to, control: control)
        case .curve(let to, let c1, let c2): path.addCurve(to: to, control1: c1, control2: c2)
        case .move, .closeSubpath: break
        }
    }
}
