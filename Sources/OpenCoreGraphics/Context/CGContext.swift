import Foundation

/// A drawing destination that records what is drawn into it: the context a layer's
/// `draw(in:)` receives.
///
/// Apple's `CGContext` rasterises as it goes; this one keeps the drawing as a list of
/// operations in device-independent form, which the renderer replays with Cairo at whatever
/// scale it needs. Only the part of Apple's API that layer drawing uses is provided.
public final class CGContext {
    /// A recorded drawing operation, in the layer's coordinates (the current transform
    /// already applied).
    public enum Operation: Equatable, Sendable {
        case fill(CGPath, color: CGColor, rule: CGPathFillRule)
        case stroke(CGPath, color: CGColor, lineWidth: CGFloat)
        case drawImage(CGImage, in: CGRect)
        case clip(CGPath)
        case saveState
        case restoreState
    }

    private struct State {
        var transform = CGAffineTransform.identity
        var fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        var strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        var lineWidth: CGFloat = 1
    }

    /// The size of the area drawn into, in points.
    public let size: CGSize
    /// Pixels per point of the backing store the drawing is meant for.
    public let scale: CGFloat
    /// What has been drawn so far, in order.
    public private(set) var operations: [Operation] = []

    private var state = State()
    private var savedStates: [State] = []
    private var currentPath = CGMutablePath()

    /// Creates an empty recording context of the given size.
    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        savedStates.append(state)
        operations.append(.saveState)
    }

    /// Pops the graphics state saved last.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        operations.append(.restoreState)
    }

    /// The current transformation matrix.
    public var ctm: CGAffineTransform { state.transform }

    /// Moves the origin.
    public func translateBy(x: CGFloat, y: CGFloat) {
        state.transform = CGAffineTransform(translationX: x, y: y).concatenating(state.transform)
    }

    /// Scales the coordinate system.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        state.transform = CGAffineTransform(scaleX: x, y: y).concatenating(state.transform)
    }

    /// Rotates the coordinate system by `angle` radians.
    public func rotate(by angle: CGFloat) {
        state.transform = CGAffineTransform(rotationAngle: angle).concatenating(state.transform)
    }

    /// Applies `transform` to the coordinate system.
    public func concatenate(_ transform: CGAffineTransform) {
        state.transform = transform.concatenating(state.transform)
    }

    /// Sets the colour used by fills.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }

    /// Sets the colour used by strokes.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    /// Sets the width of stroked lines.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }

    // MARK: Paths

    /// Appends `path` to the current path.
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: state.transform) }

    /// Appends a rectangle to the current path.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: state.transform) }

    /// Appends an ellipse to the current path.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: state.transform) }

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        operations.append(.fill(takePath(), color: state.fillColor, rule: rule))
    }

    /// Strokes the current path and clears it.
    public func strokePath() {
        operations.append(.stroke(takePath(), color: state.strokeColor, lineWidth: state.lineWidth))
    }

    /// Intersects the clip with the current path and clears it.
    public func clip() { operations.append(.clip(takePath())) }

    /// Fills a rectangle.
    public func fill(_ rect: CGRect) {
        addRect(rect)
        fillPath()
    }

    /// Strokes a rectangle.
    public func stroke(_ rect: CGRect) {
        addRect(rect)
        strokePath()
    }

    /// Fills an ellipse.
    public func fillEllipse(in rect: CGRect) {
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes an ellipse.
    public func strokeEllipse(in rect: CGRect) {
        addEllipse(in: rect)
        strokePath()
    }

    /// Draws an image into a rectangle.
    public func draw(_ image: CGImage, in rect: CGRect) {
        operations.append(.drawImage(image, in: rect.applying(state.transform)))
    }

    private func takePath() -> CGPath {
        let path = currentPath
        currentPath = CGMutablePath()
        return path
    }
}
