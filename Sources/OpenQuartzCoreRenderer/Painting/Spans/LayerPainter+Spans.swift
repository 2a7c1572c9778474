import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Fills a layer's background with our spans (SpanRasterizer.swift) instead of Cairo, when
    /// they draw it exactly: circular (or no) corners, `OVER` onto an image surface, under a
    /// clip the painter did not set or one of whole device pixels. False when Cairo must draw.
    ///
    /// Plain values in, so that the call site stays a line whatever the painter reads layers
    /// from: the outline in the layer's coordinates (the context's user space), the colour
    /// (straight components) and the alpha it is multiplied by.
    /// `extra`, when given, maps the outline into the user space first, as if the context had
    /// been transformed by it.
    func fillWithSpans(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve,
        red: Double, green: Double, blue: Double, alpha: Double, through extra: CGAffineTransform? = nil
    ) -> Bool {
        // A background is drawn into colour bitmaps only (a mask's alpha group leaves it to Cairo).
        guard resources.drawsWithSpans, curve == .circular || radius <= 0 || corners.isEmpty,
            let surface = imageTarget(), let target = spanTarget(of: surface)
        else { return false }
        let toPixels = userToPixels(of: surface)
        let transform = extra.map { $0.concatenating(toPixels) } ?? toPixels
        cairo_surface_flush(surface)
        let drew = resources.spans.fillRoundedRect(
            rect, radius: radius, corners: corners, transform: transform,
            color: SpanColor(red: red, green: green, blue: blue, alpha: alpha), into: target)
        // A group nothing was drawn into stays clear for Cairo, which then skips it.
        if drew { cairo_surface_mark_dirty(surface) }
        return true
    }
}

extension LayerPainter {
    /// The layer's background through spans, if they can draw it: the call sites in
    /// ``paintBody(_:)`` and, for a layer that paints nothing else, in
    /// ``paint(_:through:opacityFactor:)`` with its map to the parent as `extra`.
    func fillBackgroundWithSpans(of layer: borrowing RenderNode, through extra: CGAffineTransform? = nil) -> Bool {
        guard let rgba = layer.drawn.backgroundColor?.rgba else { return false }
        return fillWithSpans(
            layer.drawn.bounds, radius: cornerRadius(of: layer), corners: layer.drawn.maskedCorners,
            curve: layer.drawn.cornerCurve,
            red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha, through: extra)
    }
}
