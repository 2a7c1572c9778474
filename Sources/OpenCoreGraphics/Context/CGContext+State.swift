import Foundation

extension CGContext {
    // MARK: Colours

    /// Sets the colour used by fills.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }

    /// Sets an sRGB fill colour from its components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets a gray fill colour: `gray` is the white level, 0 black to 1 white.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Sets the colour used by strokes.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    /// Sets an sRGB stroke colour from its components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets a gray stroke colour.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    // MARK: Line style

    /// Sets the width of stroked lines, in user space.
    public func setLineWidth(_ width: CGFloat) { state.line.width = width }

    /// Sets how the ends of stroked lines are drawn.
    public func setLineCap(_ cap: CGLineCap) { state.line.cap = cap }

    /// Sets how the corners of stroked lines are drawn.
    public func setLineJoin(_ join: CGLineJoin) { state.line.join = join }

    /// Sets how far, in line widths, a miter join may reach before it is bevelled.
    public func setMiterLimit(_ limit: CGFloat) { state.line.miterLimit = limit }

    /// Sets the dash pattern of stroked lines: `lengths` of dashes and gaps in turn, starting
    /// `phase` into the pattern. An empty list — or one Core Graphics could not draw: a
    /// negative or non-finite length, or nothing but zeros — strokes solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let drawable =
            lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 } && phase.isFinite
        state.line.dashPhase = drawable ? phase : 0
        state.line.dashLengths = drawable ? lengths : []
    }

    // MARK: Compositing

    /// Sets the alpha, 0…1, that scales everything drawn afterwards (values outside are
    /// clamped).
    public func setAlpha(_ alpha: CGFloat) {
        let alpha = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
        guard alpha != state.alpha else { return }
        state.alpha = alpha
        record(.setAlpha(alpha))
    }

    /// Sets how what is drawn afterwards combines with what is already drawn.
    public func setBlendMode(_ mode: CGBlendMode) {
        guard mode != state.blendMode else { return }
        state.blendMode = mode
        record(.setBlendMode(mode))
    }

    // MARK: Shadows

    /// Makes what is drawn afterwards cast a shadow `offset` away, blurred by `blur`, in
    /// `color`; a nil or clear colour turns shadows off. The offset and blur are in the
    /// layer's coordinates whatever the current transform (Core Graphics' base space), the
    /// offset's height pointing down as in UIKit.
    ///
    /// Apple does not define the blur; here it draws the shadow a layer with `shadowRadius`
    /// of half the blur would cast (a Gaussian of standard deviation `blur / 2`).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        let blur = blur.isFinite ? max(blur, 0) : 0
        let offset = offset.width.isFinite && offset.height.isFinite ? offset : .zero
        let color = color.flatMap { $0.alpha > 0 ? $0 : nil }
        record(.setShadow(offset: offset, blur: blur, color: color))
    }

    /// Makes what is drawn afterwards cast a shadow `offset` away, blurred by `blur`, in
    /// black at a third of full opacity, Core Graphics' default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// Turns antialiasing of what is drawn afterwards on (the default) or off.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        guard shouldAntialias != state.shouldAntialias else { return }
        state.shouldAntialias = shouldAntialias
        record(.setShouldAntialias(shouldAntialias))
    }
}
