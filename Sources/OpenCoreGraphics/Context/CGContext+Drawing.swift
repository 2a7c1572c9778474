import Foundation

extension CGContext {
    // MARK: Painting paths

    /// Fills the current path with the fill colour by `rule`, and empties it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = takePath()
        guard !path.isEmpty else { return }
        record(.fill(path, color: state.fillColor, rule: rule))
    }

    /// Strokes the current path with the stroke colour in the line style, and empties it.
    public func strokePath() {
        let path = takePath()
        guard !path.isEmpty else { return }
        record(.stroke(path, color: state.strokeColor, line: currentLineStyle))
    }

    /// Paints the current path as `mode` says, and empties it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = takePath()
        guard !path.isEmpty else { return }
        switch mode {
        case .fill, .fillStroke: record(.fill(path, color: state.fillColor, rule: .winding))
        case .eoFill, .eoFillStroke: record(.fill(path, color: state.fillColor, rule: .evenOdd))
        case .stroke: break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
            record(.stroke(path, color: state.strokeColor, line: currentLineStyle))
        }
    }

    /// The line style strokes use now, with the current transform for the pen.
    private var currentLineStyle: LineStyle {
        var line = state.line
        line.transform = state.transform
        return line
    }

    /// Fills a rectangle. The current path is emptied, as in Core Graphics.
    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    /// Fills rectangles.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    /// Strokes a rectangle.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes a rectangle with lines `width` wide, leaving the line width as it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.line.width
        state.line.width = width
        stroke(rect)
        state.line.width = saved
    }

    /// Fills an ellipse.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes an ellipse.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes separate lines between pairs of points: the first to the second, the third to
    /// the fourth, and so on (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for index in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[index])
            addLine(to: points[index + 1])
        }
        strokePath()
    }

    // MARK: Clipping

    /// Intersects the clip with the inside of the current path by `rule`, and empties the
    /// path. An empty path leaves nothing to draw into.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = takePath()
        narrowClip(to: path.boundingBoxOfPath)
        record(.clip(path, rule: rule))
    }

    /// Intersects the clip with a mask stretched over `rect`: where the mask is opaque,
    /// drawing shows; where it is transparent, it does not; outside `rect` nothing shows.
    ///
    /// Core Graphics takes a grayscale image's levels, white showing, or an image's alpha.
    /// Images here are RGBA, so an image with no transparent pixel masks by its grey level
    /// (the luminance of its colour) and any other by its alpha. Under the identity
    /// transform the image's first row is at the top of `rect`, as ``draw(_:in:)`` draws it.
    public func clip(to rect: CGRect, mask: CGImage) {
        let rect = rect.standardized
        narrowClip(to: rect.applying(state.transform))
        record(.clipToMask(mask, in: rect, transform: state.transform))
    }

    /// The smallest rectangle, in user space, that holds the clip: what can still be drawn.
    /// Drawing code asks for it to draw only that part, as a tiled layer's tiles do.
    public var boundingBoxOfClipPath: CGRect {
        let bounds = state.clipBounds
        let t = state.transform
        guard !bounds.isNull, t.a * t.d - t.b * t.c != 0 else { return .null }
        return bounds.applying(t.inverted())
    }

    /// Narrows the clip's bounding box to `rect`, in the layer's coordinates.
    private func narrowClip(to rect: CGRect) {
        state.clipBounds = state.clipBounds.intersection(rect)
    }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    /// Intersects the clip with the union of rectangles.
    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    // MARK: Images, gradients, clearing

    /// Draws an image into a rectangle of user space, stretched to fill it. In a recording
    /// context (a layer's `draw(in:)`) its first row is at the rectangle's smallest y, upright
    /// on screen, as `UIImage` draws; in a bitmap context at its greatest y, as Core Graphics
    /// draws, upright in the bitmap's y-up space.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let rect = rect.standardized
        guard bitmap != nil else {
            record(.drawImage(image, in: rect, transform: state.transform))
            return
        }
        // A bitmap context draws as Core Graphics does: the image's first row at the rectangle's
        // greatest y, upright in its y-up space (and upside down under UIKit's flip).
        let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: rect.minY + rect.maxY)
        record(.drawImage(image, in: rect, transform: flip.concatenating(state.transform)))
    }

    /// Draws an image into a rectangle of user space with its first row at the rectangle's
    /// smallest y, in any context: upright under UIKit's flip, as `UIImage` draws.
    package func drawImageFromTop(_ image: CGImage, in rect: CGRect) {
        record(.drawImage(image, in: rect.standardized, transform: state.transform))
    }

    /// Paints a linear gradient over the clip: colours change along the line from `start` to
    /// `end` (in user space) and are constant across it. Beyond the ends nothing is painted,
    /// unless `options` extend the end colours.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        record(.drawGradient(gradient, .axial(start: start, end: end), options: options, transform: state.transform))
    }

    /// Paints a radial gradient over the clip, through the circles from the start circle to
    /// the end circle (in user space). Inside the start circle and outside the end circle
    /// nothing is painted, unless `options` extend the end colours.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        let shading = Shading.radial(
            startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius)
        record(.drawGradient(gradient, shading, options: options, transform: state.transform))
    }

    /// Makes a rectangle transparent, within the clip.
    public func clear(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: state.transform)
        record(.clear(path))
    }
}
