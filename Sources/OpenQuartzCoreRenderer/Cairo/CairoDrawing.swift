import CCairo
import Foundation
import OpenQuartzCore

/// Cairo drawing steps shared by the contents code and the playback of recorded drawing.
enum CairoDrawing {
    /// Fills `destination` with the part `source` (in the image's pixels) of an image surface,
    /// stretched to fit and filtered by `filter` (bilinearly unless told). Outside the image its edge pixels are
    /// extended, as Core Animation does for `contentsRect`s beyond the unit rectangle; the same
    /// keeps the edges of a stretched image sharp instead of fading them into transparency.
    static func fill(
        _ destination: CGRect, with surface: OpaquePointer, from source: CGRect, in context: OpaquePointer,
        filter: cairo_filter_t = CAIRO_FILTER_BILINEAR
    ) {
        guard setSource(surface, from: source, to: destination, in: context, filter: filter) else { return }
        rectangle(destination, in: context)
        cairo_fill(context)
    }

    /// Makes the part `source` (in the image's pixels) of an image surface, stretched onto
    /// `destination` in user space, the source, as ``fill(_:with:from:in:)`` draws it. False
    /// when Cairo could not make the pattern.
    @discardableResult
    static func setSource(
        _ surface: OpaquePointer, from source: CGRect, to destination: CGRect, in context: OpaquePointer,
        filter: cairo_filter_t = CAIRO_FILTER_BILINEAR
    ) -> Bool {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return false }
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
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context, pattern)
        return true
    }

    /// Applies an affine transform to the user space.
    static func transform(_ transform: CGAffineTransform, in context: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(
            &matrix, Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d),
            Double(transform.tx), Double(transform.ty))
        cairo_transform(context, &matrix)
    }

    /// Adds a rectangle to the current path.
    static func rectangle(_ rect: CGRect, in context: OpaquePointer) {
        cairo_rectangle(
            context, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }

    /// Replaces the current path with `path`.
    static func setPath(_ path: CGPath, in context: OpaquePointer) {
        cairo_new_path(context)
        appendPath(path, in: context)
    }

    /// Adds `path` to the current path.
    static func appendPath(_ path: CGPath, in context: OpaquePointer) {
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
}
