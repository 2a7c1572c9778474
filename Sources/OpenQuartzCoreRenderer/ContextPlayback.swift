import CCairo
import Foundation
import OpenQuartzCore

/// Replays what a ``CGContext`` recorded — the drawing of a layer's `draw(in:)` — onto a Cairo
/// context whose user space is the coordinate space the recording was made in.
///
/// The recording holds fills, strokes, clips, images and saved states, every path and
/// rectangle already through the transform that was current when it was drawn, so the replay
/// needs no transforms of its own. Its coordinates are "the layer's coordinates", as
/// `CGContext` documents, y growing downwards as on iOS; images are drawn upright, their first
/// row at the top of their rectangle, since the recording keeps only the rectangle an image
/// was drawn into.
struct ContextPlayback {
    let context: OpaquePointer
    let images: ImageSurfaceCache

    /// Draws `operations` in order, leaving the Cairo state as it found it however the
    /// recording's saves and restores pair up.
    func play(_ operations: [CGContext.Operation]) {
        cairo_save(context)
        defer { cairo_restore(context) }
        // Core Graphics draws with the normal blend mode unless told otherwise, whatever
        // operator the caller composites with.
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        var savedStates = 0
        for operation in operations {
            switch operation {
            case .saveState:
                cairo_save(context)
                savedStates += 1
            case .restoreState:
                // `CGContext` ignores unmatched restores and never records them; guard anyway,
                // since restoring past the playback's own save would undo the caller's clip.
                guard savedStates > 0 else { continue }
                cairo_restore(context)
                savedStates -= 1
            case .fill(let path, let color, let rule):
                CairoDrawing.setPath(path, in: context)
                cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                CairoDrawing.setSource(color, in: context)
                cairo_fill(context)
            case .stroke(let path, let color, let lineWidth):
                CairoDrawing.setPath(path, in: context)
                cairo_set_line_width(context, strokeWidth(lineWidth))
                CairoDrawing.setSource(color, in: context)
                cairo_stroke(context)
            case .clip(let path):
                // `CGContext.clip()` uses the non-zero winding rule.
                CairoDrawing.setPath(path, in: context)
                cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
                cairo_clip(context)
            case .drawImage(let image, let rect):
                let rect = rect.standardized
                guard rect.width > 0, rect.height > 0, let surface = images.surface(for: image) else { continue }
                CairoDrawing.fill(
                    rect, with: surface, from: CGRect(x: 0, y: 0, width: image.width, height: image.height),
                    in: context)
            }
        }
        while savedStates > 0 {
            cairo_restore(context)
            savedStates -= 1
        }
    }

    /// The Cairo line width for a recorded one. Core Graphics draws a width of 0 (or less) as
    /// the thinnest line the device shows, one pixel; Cairo would draw nothing.
    private func strokeWidth(_ width: CGFloat) -> Double {
        guard width <= 0 || !width.isFinite else { return Double(width) }
        var (dx, dy) = (1.0, 0.0)
        cairo_device_to_user_distance(context, &dx, &dy)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Cairo drawing steps shared by the contents code and the playback of recorded drawing.
enum CairoDrawing {
    /// Fills `destination` with the part `source` (in the image's pixels) of an image surface,
    /// stretched to fit and filtered bilinearly. Outside the image its edge pixels are
    /// extended, as Core Animation does for `contentsRect`s beyond the unit rectangle; the same
    /// keeps the edges of a stretched image sharp instead of fading them into transparency.
    static func fill(
        _ destination: CGRect, with surface: OpaquePointer, from source: CGRect, in context: OpaquePointer
    ) {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let scaleX = Double(source.width / destination.width)
        let scaleY = Double(source.height / destination.height)
        // The pattern matrix maps user space to the image's pixels.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(
            &matrix, scaleX, 0, 0, scaleY,
            Double(source.minX) - Double(destination.minX) * scaleX,
            Double(source.minY) - Double(destination.minY) * scaleY)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context, pattern)
        rectangle(destination, in: context)
        cairo_fill(context)
    }

    /// Adds a rectangle to the current path.
    static func rectangle(_ rect: CGRect, in context: OpaquePointer) {
        cairo_rectangle(
            context, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }

    /// Replaces the current path with `path`.
    static func setPath(_ path: CGPath, in context: OpaquePointer) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let point):
                cairo_move_to(context, Double(point.x), Double(point.y))
            case .line(let point):
                cairo_line_to(context, Double(point.x), Double(point.y))
            case .quadCurve(let end, let control):
                // Cairo has cubic curves only; a quadratic is the cubic with its control
                // points two thirds of the way from each end to the quadratic's control.
                if cairo_has_current_point(context) == 0 {
                    cairo_move_to(context, Double(control.x), Double(control.y))
                }
                var (startX, startY) = (0.0, 0.0)
                cairo_get_current_point(context, &startX, &startY)
                let (controlX, controlY) = (Double(control.x), Double(control.y))
                let (endX, endY) = (Double(end.x), Double(end.y))
                cairo_curve_to(
                    context,
                    startX + 2 / 3 * (controlX - startX), startY + 2 / 3 * (controlY - startY),
                    endX + 2 / 3 * (controlX - endX), endY + 2 / 3 * (controlY - endY),
                    endX, endY)
            case .curve(let end, let control1, let control2):
                cairo_curve_to(
                    context, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                    Double(end.x), Double(end.y))
            case .closeSubpath:
                cairo_close_path(context)
            }
        }
    }

    /// Makes `color` the source.
    static func setSource(_ color: CGColor, in context: OpaquePointer) {
        let rgba = color.rgba
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha)
    }

    /// Adds a rectangle with circular corners of `radius` to the path: the shape
    /// `masksToBounds` clips to.
    static func roundedRectangle(_ rect: CGRect, radius: CGFloat, in context: OpaquePointer) {
        let (x, y, w, h) = (Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        let r = Double(radius)
        guard r > 0 else {
            cairo_rectangle(context, x, y, w, h)
            return
        }
        cairo_new_sub_path(context)
        cairo_arc(context, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }
}
