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
    func fillWithSpans(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve,
        red: Double, green: Double, blue: Double, alpha: Double
    ) -> Bool {
        guard resources.drawsWithSpans, curve == .circular || radius <= 0 || corners.isEmpty,
            cairo_get_operator(context) == CAIRO_OPERATOR_OVER,
            let surface = cairo_get_group_target(context),
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(surface)
        else { return false }
        var (scaleX, scaleY) = (0.0, 0.0)
        cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
        guard scaleX == 1, scaleY == 1 else { return false }
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        var clip = (
            0, 0, Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        if clipsLayers {
            // Only a clip of whole pixels is one spans can keep to; Cairo lists it in device
            // space under the identity matrix.
            cairo_save(context)
            cairo_identity_matrix(context)
            let list = cairo_copy_clip_rectangle_list(context)
            cairo_restore(context)
            defer { cairo_rectangle_list_destroy(list) }
            guard let list, list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else {
                return false
            }
            let box = list.pointee.rectangles[0]
            clip = (
                max(clip.0, Int(box.x + offsetX)), max(clip.1, Int(box.y + offsetY)),
                min(clip.2, Int(box.x + box.width + offsetX)), min(clip.3, Int(box.y + box.height + offsetY))
            )
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let transform = CGAffineTransform(
            a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0 + offsetX, ty: matrix.y0 + offsetY)
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        let target = SpanTarget(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), rowPixels: stride / 4,
            clipMinX: clip.0, clipMinY: clip.1, clipMaxX: clip.2, clipMaxY: clip.3)
        let drew = resources.spans.fillRoundedRect(
            rect, radius: radius, corners: corners, transform: transform,
            color: SpanColor(red: red, green: green, blue: blue, alpha: alpha), into: target)
        // A group nothing was drawn into stays clear for Cairo, which then skips it.
        if drew { cairo_surface_mark_dirty(surface) }
        return true
    }
}

extension LayerPainter {
    /// The layer's background through spans, if they can draw it: the call site in
    /// ``paintBody(_:)``.
    func fillBackgroundWithSpans(of layer: RenderNode) -> Bool {
        guard let rgba = layer.backgroundColor?.rgba else { return false }
        return fillWithSpans(
            layer.bounds, radius: cornerRadius(of: layer), corners: layer.maskedCorners, curve: layer.cornerCurve,
            red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }
}
