import Foundation

/// A graphics path that can be added to.
///
/// Not safe to mutate from several threads at once, like Apple's `CGMutablePath`; it is
/// nonetheless `Sendable` to the compiler, because it inherits ``CGPath``'s conformance.
///
/// Every `transform` maps the new points before they are stored. Angles are in radians, in a
/// y-up mathematical sense: see ``addArc(center:radius:startAngle:endAngle:clockwise:transform:)``.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Creates an empty mutable path.
    public init() {
        super.init(storage: PathStorage())
    }

    override init(storage: PathStorage) {
        super.init(storage: storage)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.move(to: point), transform: transform)
    }

    /// Adds a line from the current point to `point`. Ignored when the path is empty.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.line(to: point), transform: transform)
    }

    /// Moves to the first point, then adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() {
            addLine(to: point, transform: transform)
        }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        storage.append(.quadCurve(to: end, control: control), transform: transform)
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        storage.append(.curve(to: end, control1: control1, control2: control2), transform: transform)
    }

    /// Adds a closed rectangular subpath: move to (minX, minY), lines to (maxX, minY),
    /// (maxX, maxY), (minX, maxY), close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.addRect(rect, transform: transform)
    }

    /// Adds one closed rectangular subpath per rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects {
            storage.addRect(rect, transform: transform)
        }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting
    /// at (maxX, midY) and passing (midX, maxY) next.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.addEllipse(in: rect, transform: transform)
    }

    /// Adds a closed rectangle with quarter-ellipse corners of the given size.
    ///
    /// Traps when a corner size is negative or more than half the rectangle, as Apple's
    /// assertion does. The subpath starts at (maxX, minY + cornerHeight) and runs down the
    /// right edge first (Apple does not document the starting point).
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        storage.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }

    /// Adds an arc of a circle from `startAngle` to `endAngle`, preceded by a line from the
    /// current point (or a move, on an empty path).
    ///
    /// `clockwise` is Core Graphics' mathematical sense: `true` sweeps towards decreasing
    /// angles. On a flipped (y-down) surface that looks counter-clockwise.
    ///
    ///     path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    ///     // (10, 0) → (0, 10) in one cubic segment
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        storage.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: transform)
    }

    /// Adds an arc of `delta` radians starting at `startAngle`; a positive delta sweeps
    /// towards increasing angles.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        storage.addRelativeArc(
            center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// Adds an arc of `radius` tangent to the lines current point → `tangent1End` and
    /// `tangent1End` → `tangent2End`, with a line from the current point to the arc.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        storage.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform)
    }

    /// Appends the elements of `path`, mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        // Read first: `path` may be this very path.
        let elements = path.storage.elements
        for element in elements {
            storage.append(element, transform: transform)
        }
    }

    /// Closes the current subpath with a line back to its start; the current point becomes
    /// that start.
    public func closeSubpath() {
        storage.append(.closeSubpath)
    }
}
