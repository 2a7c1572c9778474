import Foundation

extension CGContext {
    // MARK: Building the current path

    /// Empties the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: state.transform) }

    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: state.transform) }

    /// Moves to the first point, then adds lines through the others.
    public func addLines(between points: [CGPoint]) {
        currentPath.addLines(between: points, transform: state.transform)
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.transform)
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: state.transform)
    }

    /// Adds an arc of a circle, with a line to its start from the current point. `clockwise` is
    /// Core Graphics' mathematical sense, as for ``CGMutablePath``: on the layer's y-down
    /// coordinates `clockwise: false` turns clockwise on the screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: state.transform)
    }

    /// Adds an arc of `radius` tangent to the lines from the current point to `tangent1End` and
    /// from there to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(
            tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.transform)
    }

    /// Appends `path` to the current path.
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: state.transform) }

    /// Appends a rectangle to the current path.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: state.transform) }

    /// Appends one rectangle for each of `rects`.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: state.transform) }

    /// Appends an ellipse to the current path.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: state.transform) }

    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point of the path, in user space.
    public var currentPointOfPath: CGPoint {
        currentPath.currentPoint.applying(state.transform.inverted())
    }

    /// Hands the current path over, leaving it empty.
    func takePath() -> CGPath {
        let path = currentPath
        currentPath = CGMutablePath()
        return path
    }
}
