import Foundation

/// A drawing destination that records what is drawn into it: the context a layer's
/// `draw(in:)` receives, or a bitmap context (``init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)``)
/// whose recording the renderer draws into its pixels.
///
/// Apple's `CGContext` rasterises as it goes; this one keeps the drawing as a list of
/// operations in device-independent form, which the renderer replays with Cairo at whatever
/// scale it needs. Everyday Core Graphics is here: the graphics state (transform, colours, line
/// style, dashes, alpha, blend mode, antialiasing) with saves and restores, paths, fills and
/// strokes, clipping by either rule, images, linear and radial gradients, and clearing.
///
/// Differences from Apple: coordinates are the layer's, y growing downwards as on iOS, and an
/// image drawn under the identity transform comes out upright, its first row at the top of its
/// rectangle (the way `UIImage.draw(in:)` draws); other transforms move, scale, rotate or flip
/// it from there. There is no text drawing (no Core Text) and no pattern colours.
public final class CGContext {
    /// A recorded drawing operation. Paths are in the layer's coordinates, the transform that
    /// was current when they were added already applied; what is drawn in the current user
    /// space (a line's pen and dashes, an image, a gradient) carries that transform with it.
    /// State that applies to everything drawn after it (alpha, blend mode, antialiasing) is
    /// recorded when it changes, and saves and restore bracket it as they bracket the
    /// graphics state.
    public enum Operation: Equatable, Sendable {
        /// Fills a path with a colour.
        case fill(CGPath, color: CGColor, rule: CGPathFillRule)
        /// Strokes a path with a colour in a line style.
        case stroke(CGPath, color: CGColor, line: LineStyle)
        /// Intersects the clip with a path's inside by a rule.
        case clip(CGPath, rule: CGPathFillRule)
        /// Draws an image into a rectangle of the user space that `transform` maps to the
        /// layer's coordinates.
        case drawImage(CGImage, in: CGRect, transform: CGAffineTransform)
        /// Paints a gradient over the clip; its geometry is in the user space that `transform`
        /// maps to the layer's coordinates.
        case drawGradient(CGGradient, Shading, options: CGGradientDrawingOptions, transform: CGAffineTransform)
        /// Makes the inside of a path transparent, whatever the blend mode.
        case clear(CGPath)
        /// Sets the alpha that scales everything drawn after it.
        case setAlpha(CGFloat)
        /// Sets how what is drawn after it combines with what is there.
        case setBlendMode(CGBlendMode)
        /// Turns antialiasing on or off for what is drawn after it.
        case setShouldAntialias(Bool)
        /// Sets the shadow cast by what is drawn after it: its offset and blur in the layer's
        /// coordinates and its colour; a nil colour (or a clear one) casts none.
        case setShadow(offset: CGSize, blur: CGFloat, color: CGColor?)
        /// Intersects the clip with a mask: the image stretched over a rectangle of the user
        /// space `transform` maps to the layer's coordinates, nothing showing outside it.
        case clipToMask(CGImage, in: CGRect, transform: CGAffineTransform)
        /// Draws what a module above this one recorded — the layer tree `CALayer.render(in:)`
        /// draws — in the user space `transform` maps to the layer's coordinates.
        case drawEmbedded(EmbeddedDrawing, transform: CGAffineTransform)
        /// Pushes a copy of the graphics state.
        case saveState
        /// Pops the graphics state saved last.
        case restoreState
    }

    /// How a path is stroked: the line's width, caps, joins and dashes, measured in the user
    /// space `transform` maps to the layer's coordinates (so a scaled context draws a wider
    /// line, as Core Graphics does).
    public struct LineStyle: Equatable, Sendable {
        /// The line's width; 0 or less draws the thinnest line the device shows.
        public var width: CGFloat
        /// How the ends are drawn.
        public var cap: CGLineCap
        /// How corners are drawn.
        public var join: CGLineJoin
        /// How far, in line widths, a miter join reaches before it is bevelled.
        public var miterLimit: CGFloat
        /// How far into the dash pattern the line starts.
        public var dashPhase: CGFloat
        /// Lengths of the dashes and gaps in turn; empty for a solid line.
        public var dashLengths: [CGFloat]
        /// The current transform when the line was stroked.
        public var transform: CGAffineTransform

        /// A line style; the defaults are Core Graphics'.
        public init(
            width: CGFloat = 1, cap: CGLineCap = .butt, join: CGLineJoin = .miter, miterLimit: CGFloat = 10,
            dashPhase: CGFloat = 0, dashLengths: [CGFloat] = [], transform: CGAffineTransform = .identity
        ) {
            self.width = width
            self.cap = cap
            self.join = join
            self.miterLimit = miterLimit
            self.dashPhase = dashPhase
            self.dashLengths = dashLengths
            self.transform = transform
        }
    }

    /// Drawing that a module above this one records and the renderer knows how to draw (a
    /// layer tree from `CALayer.render(in:)`); compared by identity.
    public struct EmbeddedDrawing: Equatable, @unchecked Sendable {
        /// What was recorded; the renderer casts it to the types it draws.
        package let content: AnyObject

        package init(_ content: AnyObject) {
            self.content = content
        }

        public static func == (lhs: EmbeddedDrawing, rhs: EmbeddedDrawing) -> Bool {
            lhs.content === rhs.content
        }
    }

    /// The geometry of a gradient, in its user space.
    public enum Shading: Equatable, Sendable {
        /// Colours change along the line from `start` to `end`, constant across it.
        case axial(start: CGPoint, end: CGPoint)
        /// Colours change through the circles from the start circle to the end circle.
        case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
    }

    /// The graphics state `saveGState` pushes: Core Graphics' defaults to begin with.
    struct State {
        var transform = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var line = LineStyle()
        var alpha: CGFloat = 1
        var blendMode = CGBlendMode.normal
        var shouldAntialias = true
        /// The clip's bounding box in the layer's coordinates.
        var clipBounds: CGRect
    }

    /// The size of the area drawn into, in points.
    public let size: CGSize
    /// Pixels per point of the backing store the drawing is meant for.
    public let scale: CGFloat
    /// What has been drawn so far, in order.
    public private(set) var operations: [Operation] = []

    var state: State
    private var savedStates: [State] = []
    /// The pixels of a bitmap context (`init(data:width:height:…)`); nil for a recording one.
    var bitmap: BitmapStore?
    /// The current path, in the layer's coordinates. As in Core Graphics it is not part of the
    /// graphics state: saving and restoring leave it alone.
    var currentPath = CGMutablePath()

    /// Creates an empty recording context of the given size.
    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
        state = State(clipBounds: CGRect(origin: .zero, size: size))
    }

    func record(_ operation: Operation) {
        operations.append(operation)
    }

    /// Records `content` to be drawn in the current user space.
    package func recordEmbedded(_ content: AnyObject) {
        record(.drawEmbedded(EmbeddedDrawing(content), transform: state.transform))
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        savedStates.append(state)
        record(.saveState)
    }

    /// Pops the graphics state saved last; does nothing when none is saved.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        record(.restoreState)
    }

    /// The current transformation matrix: user space to the layer's coordinates.
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
}
