import Foundation

extension CGPath {
    /// Whether the path has no elements at all. A path holding only a move is not empty.
    public var isEmpty: Bool { storage.elements.isEmpty }

    /// How many elements the path holds (moves, lines, curves and closes): what drawing it
    /// costs beyond the pixels it covers.
    package var elementCount: Int { storage.elements.count }

    /// How many subpaths the path holds: its moves.
    package var subpathCount: Int {
        storage.elements.reduce(0) { count, element in
            if case .move = element { count + 1 } else { count }
        }
    }

    /// The end of the last element (the subpath's start after a close), or `.zero` for an
    /// empty path, as Apple returns.
    public var currentPoint: CGPoint { storage.currentPoint ?? .zero }

    /// The smallest rectangle holding every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    ///
    /// Cheap, but loose around curves whose control points stick out; see
    /// ``boundingBoxOfPath`` for the tight box.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for element in storage.elements {
            switch element {
            case .move(let to), .line(let to): box.add(to)
            case .quadCurve(let to, let control):
                box.add(control)
                box.add(to)
            case .curve(let to, let control1, let control2):
                box.add(control1)
                box.add(control2)
                box.add(to)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle holding the path's outline: curves contribute their exact
    /// extrema, not their control points. `CGRect.null` for an empty path.
    ///
    /// Move points count even when no segment follows them, as they do for ``boundingBox``.
    public var boundingBoxOfPath: CGRect {
        storage.tightBox.rect
    }

    /// Whether the path is exactly one axis-aligned rectangle; if so, and `rect` is not `nil`,
    /// stores the (standardized) rectangle there.
    ///
    /// Recognizes a move followed by three lines and a close, or by four lines back to the
    /// start with an optional close, in either direction. Apple does not document which
    /// shapes qualify; this accepts what `addRect` makes and its hand-drawn equivalents.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var elements = storage.elements[...]
        let hasClose = elements.last == .closeSubpath
        if hasClose { elements = elements.dropLast() }
        guard case .move(let start)? = elements.first else { return false }
        var corners = [start]
        for element in elements.dropFirst() {
            guard case .line(let to) = element else { return false }
            corners.append(to)
        }
        var returnsToStart = false
        if corners.count == 5, corners[4] == start {
            corners.removeLast()
            returnsToStart = true
        }
        guard hasClose || returnsToStart, corners.count == 4 else { return false }
        // Sides must alternate strictly between horizontal and vertical.
        let firstSideIsHorizontal = corners[0].y == corners[1].y
        for index in 0..<4 {
            let p = corners[index]
            let q = corners[(index + 1) % 4]
            let horizontal = p.y == q.y && p.x != q.x
            let vertical = p.x == q.x && p.y != q.y
            let wantHorizontal = (index % 2 == 0) == firstSideIsHorizontal
            guard wantHorizontal ? horizontal : vertical else { return false }
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        rect?.pointee = CGRect(
            x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }
}

/// Grows a rectangle point by point, starting from the null rectangle.
struct BoxAccumulator {
    private var minX = CGFloat.infinity
    private var minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity
    private var maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Adds what `element`, drawn from `start`, covers: its end, and a curve's extrema.
    mutating func add(_ element: PathElement, from start: CGPoint?) {
        switch element {
        case .move(let to), .line(let to):
            add(to)
        case .quadCurve(let to, let control):
            add(to)
            guard let start else { return }
            forEachQuadraticExtremum(start.x, control.x, to.x) { add(quadraticPoint(start, control, to, at: $0)) }
            forEachQuadraticExtremum(start.y, control.y, to.y) { add(quadraticPoint(start, control, to, at: $0)) }
        case .curve(let to, let control1, let control2):
            add(to)
            guard let start else { return }
            forEachCubicExtremum(start.x, control1.x, control2.x, to.x) {
                add(cubicPoint(start, control1, control2, to, at: $0))
            }
            forEachCubicExtremum(start.y, control1.y, control2.y, to.y) {
                add(cubicPoint(start, control1, control2, to, at: $0))
            }
        case .closeSubpath:
            break
        }
    }
}
