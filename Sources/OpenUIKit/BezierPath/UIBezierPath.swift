import Foundation

/// A path of lines and curves with the settings to stroke and fill it: Apple's
/// `UIBezierPath`, built on `CGMutablePath`.
///
/// Angles are in UIKit's sense: on a y-down screen, `clockwise == true` sweeps towards
/// increasing angles (0 points right, π/2 down). Apple's `UIBezierPath` is not bound to the main
/// actor, and neither is this one; like Apple's, an instance is not safe to mutate from several
/// threads at once.
///
///     let ring = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40,
///                             startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
///     shapeLayer.path = ring.cgPath
///
/// Not supported: drawing (`fill()`, `stroke()`, `addClip()`), which needs a UIKit graphics
/// context; the renderer draws a path through `CAShapeLayer` instead.
open class UIBezierPath: NSObject, NSCopying {
    /// The elements; every builder below appends here.
    fileprivate(set) var path = CGMutablePath()

    /// The width of stroked lines (1 by default).
    open var lineWidth: CGFloat = 1
    /// The shape of the ends of open subpaths when stroked (`.butt` by default).
    open var lineCapStyle: CGLineCap = .butt
    /// The shape of the joints between segments when stroked (`.miter` by default).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The limit past which a mitered joint is bevelled (10 by default).
    open var miterLimit: CGFloat = 10
    /// How accurately curves are rendered, in pixels (0.6 by default, as Apple documents).
    open var flatness: CGFloat = 0.6
    /// Whether filling and ``contains(_:)`` use the even-odd rule instead of non-zero winding
    /// (`false` by default).
    open var usesEvenOddFillRule = false

    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// Creates an empty path.
    public override init() {
        super.init()
    }

    /// Creates a closed rectangular path: a move to the rectangle's origin, lines along the
    /// top, right and bottom edges (clockwise on screen), then a close.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// Creates a closed path of four cubic curves approximating the oval inscribed in `rect`,
    /// clockwise on screen from its rightmost point.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// Creates a closed rectangle whose four corners are quarter circles of `cornerRadius`,
    /// clamped to half the shorter side, as Apple documents; a radius of 0 gives a rectangle.
    ///
    /// Differs from Apple: since iOS 7 Apple draws these corners as "continuous" curves that
    /// ease into the edges over about 1.53 radii; here they are circular, as
    /// ``init(roundedRect:byRoundingCorners:cornerRadii:)`` draws them on Apple's platforms too.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        addRoundedRect(rect, corners: .allCorners, radius: cornerRadius)
    }

    /// Creates a closed rectangle whose chosen corners are quarter circles of
    /// `cornerRadii.width`, clamped to half the shorter side; the others stay square.
    ///
    /// Apple's UIKit reads only the width of `cornerRadii`, and so does this.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        addRoundedRect(rect, corners: corners, radius: cornerRadii.width)
    }

    /// Creates an open path holding one arc of a circle, from `startAngle` to `endAngle`.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Creates a path with the elements of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path's elements as an immutable Core Graphics path. Setting it replaces the elements
    /// and keeps the stroke settings.
    open var cgPath: CGPath {
        get { path.copy() ?? CGPath(rect: .null, transform: nil) }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// Adds a straight line from the current point to `point`. Does nothing on an empty path,
    /// as Apple's does (it needs a current point).
    open func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// Adds a cubic Bézier curve from the current point to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve from the current point to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc of a circle, with a line from the current point to its start (a move on an
    /// empty path).
    ///
    /// `clockwise` is UIKit's, on a y-down screen: `true` sweeps towards increasing angles,
    /// which is Core Graphics' counter-clockwise.
    ///
    ///     path.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    ///     // (10, 0) → (0, 10): right to bottom, one quarter
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line back to its first point.
    open func close() {
        path.closeSubpath()
    }

    /// Removes every element; the stroke settings stay.
    open func removeAllPoints() {
        path = CGMutablePath()
    }

    /// Appends the elements of `bezierPath` (its settings are not copied).
    open func append(_ bezierPath: UIBezierPath) {
        path.addPath(bezierPath.path)
    }

    /// Maps every point of the path through `transform`.
    open func apply(_ transform: CGAffineTransform) {
        path = withUnsafePointer(to: transform) { path.mutableCopy(using: $0) } ?? path
    }

    /// A new path drawing the same segments in the opposite direction, with the same settings.
    ///
    /// The subpaths come in reverse order, each starting at its old end point; a closed subpath
    /// stays closed, so its implicit closing line is drawn first. Apple documents only that
    /// the direction changes and the appearance does not.
    open func reversing() -> UIBezierPath {
        let reversed = copyWithSettings()
        reversed.path = CGMutablePath()
        for element in reversedElements(of: path.elements) {
            switch element {
            case .move(let to): reversed.path.move(to: to)
            case .line(let to): reversed.path.addLine(to: to)
            case .quadCurve(let to, let control): reversed.path.addQuadCurve(to: to, control: control)
            case .curve(let to, let c1, let c2): reversed.path.addCurve(to: to, control1: c1, control2: c2)
            case .closeSubpath: reversed.path.closeSubpath()
            }
        }
        return reversed
    }

    // MARK: Reading

    /// Whether the path has no elements. A path holding only a move is not empty.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included, as
    /// Apple documents; `CGRect.null` for an empty path.
    open var bounds: CGRect { path.boundingBox }

    /// The end of the last element (the subpath's start after a close); `.zero` when empty.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether `point` lies in the area a fill would paint, counting closed subpaths only:
    /// as Apple documents, the inside of an open subpath is not contained. Uses
    /// ``usesEvenOddFillRule``.
    open func contains(_ point: CGPoint) -> Bool {
        closedSubpaths().contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Dashes

    /// Sets the dash pattern for stroking: `count` lengths from `pattern`, starting `phase`
    /// into it. A `nil` pattern or a count of 0 means solid lines.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        dashPhase = phase
    }

    /// Copies the dash lengths into `pattern`, which must have room for all of them (call once
    /// with a `nil` pattern to learn the count), the count into `count` and the phase into
    /// `phase`; each may be `nil`.
    open func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern {
            for (index, length) in dashPattern.enumerated() { pattern[index] = length }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Drawing

    // Into the current context (``UIGraphicsGetCurrentContext()``), as a view's `draw(_:)`
    // does; outside a context each does nothing, as UIKit does.

    /// Fills the path with the current fill colour, by its rule (``usesEvenOddFillRule``); the
    /// context's graphics state and path are left as they were.
    open func fill() {
        drawInCurrentContext { context in
            context.addPath(cgPath)
            context.fillPath(using: fillRule)
        }
    }

    /// Strokes the path with the current stroke colour, its ``lineWidth``, caps, joins, miter
    /// limit and dashes.
    open func stroke() {
        drawInCurrentContext { context in
            applyLineStyle(to: context)
            context.addPath(cgPath)
            context.strokePath()
        }
    }

    /// Fills the path blended by `blendMode` at `alpha`.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawInCurrentContext { context in
            context.setBlendMode(blendMode)
            context.setAlpha(alpha)
            context.addPath(cgPath)
            context.fillPath(using: fillRule)
        }
    }

    /// Strokes the path blended by `blendMode` at `alpha`.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawInCurrentContext { context in
            context.setBlendMode(blendMode)
            context.setAlpha(alpha)
            applyLineStyle(to: context)
            context.addPath(cgPath)
            context.strokePath()
        }
    }

    /// Intersects the current context's clip with the path's area, by its rule. Unlike the
    /// others it changes the graphics state, as UIKit's does: save the state first to undo it.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.clip(using: fillRule)
    }

    private var fillRule: CGPathFillRule { usesEvenOddFillRule ? .evenOdd : .winding }

    /// Runs `body` in the current context with its graphics state saved around it.
    private func drawInCurrentContext(_ body: (CGContext) -> Void) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        body(context)
    }

    private func applyLineStyle(to context: CGContext) {
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        if !dashPattern.isEmpty {
            context.setLineDash(phase: dashPhase, lengths: dashPattern)
        }
    }

    // MARK: Copying

    /// A copy with the same elements and settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        copyWithSettings()
    }

    private func copyWithSettings() -> UIBezierPath {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy() ?? CGMutablePath()
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.flatness = flatness
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        copy.dashPattern = dashPattern
        copy.dashPhase = dashPhase
        return copy
    }

    open override var description: String {
        "<UIBezierPath: \(path.description)>"
    }
}
