import CCairo
import Foundation
import OpenQuartzCore

extension ContextPlayback {
    /// Paints a recorded gradient over the clip, in its own user space, scaled by `alpha`.
    ///
    /// Cairo's linear and radial patterns are the PDF's axial and radial shadings, which Core
    /// Graphics' gradients are too: a radial gradient sweeps the circles between its two. With
    /// neither option nothing is painted past the ends; with both the end colours go on. With
    /// one, the colours go on and a clip takes away the other side: the half-plane before the
    /// start or after the end of a linear gradient; the start circle, or everything outside
    /// the end circle, of a radial one (exact when one circle holds the other, as usual).
    func drawGradient(
        _ gradient: CGGradient, _ shading: CGContext.Shading, options: CGGradientDrawingOptions,
        transform: CGAffineTransform, alpha: Double
    ) {
        guard Self.isInvertible(transform) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        CairoDrawing.transform(transform, in: context)
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        let pattern: OpaquePointer
        switch shading {
        case .axial(let start, let end):
            guard start != end, [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) else { return }
            pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
            if before != after { clipAxial(from: start, to: end, keepingBefore: before) }
        case .radial(let startCenter, let startRadius, let endCenter, let endRadius):
            let numbers = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
            guard numbers.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0,
                startRadius > 0 || endRadius > 0
            else { return }
            pattern = cairo_pattern_create_radial(
                Double(startCenter.x), Double(startCenter.y), Double(startRadius), Double(endCenter.x),
                Double(endCenter.y), Double(endRadius))
            if before != after {
                clipRadial(
                    start: (startCenter, startRadius), end: (endCenter, endRadius), keepingBefore: before)
            }
        }
        defer { cairo_pattern_destroy(pattern) }
        for (color, location) in zip(gradient.colors, gradient.locations) {
            let rgba = color.rgba
            let offset = location.isFinite ? min(max(Double(location), 0), 1) : 0
            cairo_pattern_add_color_stop_rgba(pattern, offset, rgba.red, rgba.green, rgba.blue, rgba.alpha)
        }
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_source(context, pattern)
        cairo_paint_with_alpha(context, alpha)
    }

    /// Clips to the side of a linear gradient's start (or end) line that is painted: the band
    /// from the start on, when `keepingBefore` is false; up to the end, when true.
    private func clipAxial(from start: CGPoint, to end: CGPoint, keepingBefore: Bool) {
        let length = Double(hypot(end.x - start.x, end.y - start.y))
        let far = reach(from: start) + length
        cairo_save(context)
        cairo_translate(context, Double(start.x), Double(start.y))
        cairo_rotate(context, atan2(Double(end.y - start.y), Double(end.x - start.x)))
        // Along the axis: from the start (or far before it) to the end (or far after it).
        let from = keepingBefore ? -far : 0
        let to = keepingBefore ? length : far
        cairo_new_path(context)
        cairo_rectangle(context, from, -far, to - from, 2 * far)
        cairo_restore(context)
        cairo_clip(context)
    }

    /// Clips away the inside of the start circle (`keepingBefore` false) or the outside of the
    /// end circle (true).
    private func clipRadial(
        start: (center: CGPoint, radius: CGFloat), end: (center: CGPoint, radius: CGFloat), keepingBefore: Bool
    ) {
        cairo_new_path(context)
        if keepingBefore {
            cairo_arc(context, Double(end.center.x), Double(end.center.y), Double(end.radius), 0, 2 * .pi)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        } else {
            let far = reach(from: start.center)
            cairo_rectangle(context, Double(start.center.x) - far, Double(start.center.y) - far, 2 * far, 2 * far)
            cairo_arc(context, Double(start.center.x), Double(start.center.y), Double(start.radius), 0, 2 * .pi)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        }
        cairo_clip(context)
    }

    /// A distance from `point` past every part of the current clip, in user space.
    private func reach(from point: CGPoint) -> Double {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        let corners = [(x1, y1), (x1, y2), (x2, y1), (x2, y2)]
        return corners.map { hypot($0.0 - Double(point.x), $0.1 - Double(point.y)) }.max()! + 1
    }
}
