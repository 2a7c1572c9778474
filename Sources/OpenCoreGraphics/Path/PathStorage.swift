import Foundation

/// The elements of a path and the state needed to keep appending to it.
///
/// Every shape-building operation of ``CGMutablePath`` lives here as a mutating method, so the
/// immutable ``CGPath`` initializers (`CGPath(rect:transform:)` and friends) build with the
/// same code. Points are transformed as they are appended, as Core Graphics does.
struct PathStorage: Sendable {
    /// The recorded elements; every subpath starts with a `.move`.
    private(set) var elements: [PathElement] = []
    /// The end of the last element (the subpath start after a close), or `nil` while empty.
    private(set) var currentPoint: CGPoint?
    /// The first point of the subpath being built, where `closeSubpath` returns to.
    private(set) var subpathStart: CGPoint?
    /// The box of the elements so far, curves by their extrema, kept as they are appended:
    /// ``CGPath/boundingBoxOfPath``, which a renderer asks of every shape on every frame.
    private(set) var tightBox = BoxAccumulator()

    init() {}

    /// Appends an element exactly as given, in path coordinates; the building block of the
    /// operations below and of `addPath`.
    ///
    /// A segment or close with no current point is dropped: Apple logs "no current point" and
    /// ignores it. A second close in a row is dropped too, since it would add nothing.
    mutating func append(_ element: PathElement) {
        let start = currentPoint
        switch element {
        case .move(let to):
            subpathStart = to
            currentPoint = to
        case .line(let to), .quadCurve(let to, _), .curve(let to, _, _):
            guard currentPoint != nil else { return }
            currentPoint = to
        case .closeSubpath:
            guard currentPoint != nil, elements.last != .closeSubpath else { return }
            currentPoint = subpathStart
        }
        elements.append(element)
        tightBox.add(element, from: start)
    }

    /// Empties the path, keeping the room its elements had.
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        currentPoint = nil
        subpathStart = nil
        tightBox = BoxAccumulator()
    }

    mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
    }

    /// Appends `element` with its points mapped through `t`.
    mutating func append(_ element: PathElement, transform t: CGAffineTransform) {
        append(t.isIdentity ? element : element.applying(t))
    }

    /// Appends a rectangle as Apple's `CGPathAddRect` does: move to the minimum corner, three
    /// lines through (maxX, minY), (maxX, maxY), (minX, maxY), then close. The rectangle is
    /// standardized first, so a negative size does not reverse the direction.
    mutating func addRect(_ rect: CGRect, transform t: CGAffineTransform) {
        append(.move(to: CGPoint(x: rect.minX, y: rect.minY)), transform: t)
        append(.line(to: CGPoint(x: rect.maxX, y: rect.minY)), transform: t)
        append(.line(to: CGPoint(x: rect.maxX, y: rect.maxY)), transform: t)
        append(.line(to: CGPoint(x: rect.minX, y: rect.maxY)), transform: t)
        append(.closeSubpath)
    }

    /// Appends the ellipse inscribed in `rect` as four cubic quarter arcs, starting at the
    /// right-hand point (maxX, midY) and going towards (midX, maxY): increasing angle, which
    /// is what Apple's documentation calls clockwise (it draws clockwise on a y-down screen).
    mutating func addEllipse(in rect: CGRect, transform t: CGAffineTransform) {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let cx = rect.midX
        let cy = rect.midY
        // Control-point distance of a quarter circle: 4/3·tan(π/8).
        let kx = rx * quarterArcControlRatio
        let ky = ry * quarterArcControlRatio
        append(.move(to: CGPoint(x: cx + rx, y: cy)), transform: t)
        append(
            .curve(
                to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
                control2: CGPoint(x: cx + kx, y: cy + ry)),
            transform: t)
        append(
            .curve(
                to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
                control2: CGPoint(x: cx - rx, y: cy + ky)),
            transform: t)
        append(
            .curve(
                to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
                control2: CGPoint(x: cx - kx, y: cy - ry)),
            transform: t)
        append(
            .curve(
                to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
                control2: CGPoint(x: cx + rx, y: cy - ky)),
            transform: t)
        append(.closeSubpath)
    }

    /// Appends a rectangle with elliptical corners, oriented like the ellipse: it starts at
    /// (maxX, minY + cornerHeight) and runs down the right edge first.
    ///
    /// Apple documents the orientation ("clockwise", as for ellipses) but not the starting
    /// point; this one makes a rounded rectangle with half-size corners start where the
    /// ellipse starts. A zero corner size gives a plain rectangle. Corners that are negative
    /// or larger than half the rectangle trap, as Apple's assertion in `CGPathAddRoundedRect`
    /// does.
    mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform t: CGAffineTransform
    ) {
        let rect = rect.standardized
        require(
            cornerWidth >= 0 && 2 * cornerWidth <= rect.width,
            "addRoundedRect: cornerWidth \(cornerWidth) must be in 0...width/2 (width \(rect.width))")
        require(
            cornerHeight >= 0 && 2 * cornerHeight <= rect.height,
            "addRoundedRect: cornerHeight \(cornerHeight) must be in 0...height/2 (height \(rect.height))")
        guard cornerWidth > 0, cornerHeight > 0 else {
            addRect(rect, transform: t)
            return
        }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let kx = cornerWidth * quarterArcControlRatio
        let ky = cornerHeight * quarterArcControlRatio
        append(.move(to: CGPoint(x: maxX, y: minY + cornerHeight)), transform: t)
        append(.line(to: CGPoint(x: maxX, y: maxY - cornerHeight)), transform: t)
        append(
            .curve(
                to: CGPoint(x: maxX - cornerWidth, y: maxY),
                control1: CGPoint(x: maxX, y: maxY - cornerHeight + ky),
                control2: CGPoint(x: maxX - cornerWidth + kx, y: maxY)),
            transform: t)
        append(.line(to: CGPoint(x: minX + cornerWidth, y: maxY)), transform: t)
        append(
            .curve(
                to: CGPoint(x: minX, y: maxY - cornerHeight),
                control1: CGPoint(x: minX + cornerWidth - kx, y: maxY),
                control2: CGPoint(x: minX, y: maxY - cornerHeight + ky)),
            transform: t)
        append(.line(to: CGPoint(x: minX, y: minY + cornerHeight)), transform: t)
        append(
            .curve(
                to: CGPoint(x: minX + cornerWidth, y: minY),
                control1: CGPoint(x: minX, y: minY + cornerHeight - ky),
                control2: CGPoint(x: minX + cornerWidth - kx, y: minY)),
            transform: t)
        append(.line(to: CGPoint(x: maxX - cornerWidth, y: minY)), transform: t)
        append(
            .curve(
                to: CGPoint(x: maxX, y: minY + cornerHeight),
                control1: CGPoint(x: maxX - cornerWidth + kx, y: minY),
                control2: CGPoint(x: maxX, y: minY + cornerHeight - ky)),
            transform: t)
        append(.closeSubpath)
    }
}

/// The control-point distance of a cubic quarter circle of radius 1: 4/3·tan(π/8).
let quarterArcControlRatio: CGFloat = 4.0 / 3.0 * tan(CGFloat.pi / 8)
