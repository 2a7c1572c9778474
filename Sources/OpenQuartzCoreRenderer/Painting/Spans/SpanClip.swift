import CCairo
import Foundation
import OpenCoreGraphics

/// A mask's path the painter has clipped the context to (``LayerPainter/clipToPath(ofMask:)``),
/// kept so that the one gradient filling that clip is drawn straight into the path's spans
/// rather than into a bitmap that Cairo then composites through the clip.
///
/// Made only where every other clip is whole device pixels, so that the path within the
/// clip's extents is exactly what the clip lets through; it holds for the surface it was made
/// on, which the painter draws into until a group is pushed.
struct SpanClip {
    let path: CGPath
    /// From the path's coordinates to the surface's pixels.
    let toPixels: CGAffineTransform
    let evenOdd: Bool
    /// The image surface the transform leads to.
    let surface: OpaquePointer
}

extension LayerPainter {
    /// The clip `path` (in the coordinates `toUser` maps into user space) would be for spans,
    /// before the context is clipped to it: nil unless the target is a 32-bit image surface
    /// of one pixel a unit and the clip so far is whole pixels.
    func spanClip(for path: CGPath, through toUser: CGAffineTransform, evenOdd: Bool) -> SpanClip? {
        guard resources.drawsWithSpans, let surface = imageTarget(alphaOnly: true), spanTarget(of: surface) != nil
        else { return nil }
        return SpanClip(
            path: path, toPixels: toUser.concatenating(userToPixels(of: surface)), evenOdd: evenOdd, surface: surface)
    }

    /// The context's target when spans can draw into it: a 32-bit ARGB image surface of one
    /// pixel a unit, or, with `alphaOnly`, an A8 one too (a mask's group).
    func imageTarget(alphaOnly: Bool = false) -> OpaquePointer? {
        guard let surface = cairo_get_group_target(context),
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
                || (alphaOnly && cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8),
            cairo_image_surface_get_data(surface) != nil
        else { return nil }
        var (scaleX, scaleY) = (0.0, 0.0)
        cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
        guard scaleX == 1, scaleY == 1 else { return nil }
        return surface
    }

    /// Fills `clip` with `ramp` laid out by `userToPattern` (from the current user space),
    /// within the context's clip, straight into the target's pixels; false, drawing nothing,
    /// when the context no longer draws into the clip's surface or the map is not finite.
    func fillSpanClip(
        _ clip: SpanClip, ramp: ColorRamp, shape: GradientRaster.Shape, userToPattern: cairo_matrix_t
    ) -> Bool {
        guard let surface = imageTarget(alphaOnly: true), surface == clip.surface,
            cairo_get_operator(context) == CAIRO_OPERATOR_OVER, let data = cairo_image_surface_get_data(surface)
        else { return false }
        var deviceToUser = cairo_matrix_t()
        cairo_get_matrix(context, &deviceToUser)
        guard cairo_matrix_invert(&deviceToUser) == CAIRO_STATUS_SUCCESS else { return false }
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        var pixelsToDevice = cairo_matrix_t()
        cairo_matrix_init_translate(&pixelsToDevice, -offsetX, -offsetY)
        var pixelsToUser = cairo_matrix_t()
        cairo_matrix_multiply(&pixelsToUser, &pixelsToDevice, &deviceToUser)
        var userToPattern = userToPattern
        var toPattern = cairo_matrix_t()
        cairo_matrix_multiply(&toPattern, &pixelsToUser, &userToPattern)
        let m = toPattern
        guard m.xx.isFinite, m.yx.isFinite, m.xy.isFinite, m.yy.isFinite, m.x0.isFinite, m.y0.isFinite else {
            return false
        }
        // The clip's extents in whole pixels: every clip but the path's is whole pixels, so the
        // path within them is what the clip lets through.
        cairo_save(context)
        cairo_identity_matrix(context)
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        cairo_restore(context)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let target = SpanTarget(
            base: UnsafeMutableRawPointer(data), rowBytes: stride,
            alphaOnly: cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8,
            clipMinX: max(Int((x1 + offsetX).rounded(.down)), 0), clipMinY: max(Int((y1 + offsetY).rounded(.down)), 0),
            clipMaxX: min(Int((x2 + offsetX).rounded(.up)), Int(cairo_image_surface_get_width(surface))),
            clipMaxY: min(Int((y2 + offsetY).rounded(.up)), Int(cairo_image_surface_get_height(surface))))
        guard target.clipMaxX > target.clipMinX, target.clipMaxY > target.clipMinY else { return true }
        let spans = resources.spans
        spans.beginPolygon()
        spans.add(clip.path, transform: clip.toPixels)
        cairo_surface_flush(surface)
        let gradient = SpanGradient(table: resources.gradients.table(of: ramp), shape: shape, toPattern: toPattern)
        if spans.fill(with: gradient, evenOdd: clip.evenOdd, into: target) { cairo_surface_mark_dirty(surface) }
        resources.gradients.countSpanFill()
        return true
    }
}

extension LayerPainter {
    /// Where spans draw into the context's target: its pixels within its clip, when the
    /// target is a 32-bit image surface of one pixel a unit, the operator `OVER` and the clip
    /// whole pixels in one rectangle; nil when Cairo must draw. With `surface`, the caller's
    /// ``imageTarget()``.
    func spanTarget(of surface: OpaquePointer) -> SpanTarget? {
        guard cairo_get_operator(context) == CAIRO_OPERATOR_OVER, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = UnsafeMutableRawPointer(data)
        let alphaOnly = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        guard clipsLayers else {
            // The painter's own clips are groups' boxes, which hold what is drawn in them:
            // the whole surface.
            return SpanTarget(
                base: base, rowBytes: stride, alphaOnly: alphaOnly, clipMinX: 0, clipMinY: 0, clipMaxX: width,
                clipMaxY: height)
        }
        cairo_save(context)
        cairo_identity_matrix(context)
        let list = cairo_copy_clip_rectangle_list(context)
        cairo_restore(context)
        defer { cairo_rectangle_list_destroy(list) }
        // Cairo lists a clip only when it is whole pixels; no clip is the whole surface.
        guard let list, list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else {
            return nil
        }
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        let box = list.pointee.rectangles[0]
        return SpanTarget(
            base: base, rowBytes: stride, alphaOnly: alphaOnly,
            clipMinX: max(Int((box.x + offsetX).rounded()), 0), clipMinY: max(Int((box.y + offsetY).rounded()), 0),
            clipMaxX: min(Int((box.x + box.width + offsetX).rounded()), width),
            clipMaxY: min(Int((box.y + box.height + offsetY).rounded()), height))
    }

    /// The map from the current user space to the pixels of `surface`.
    func userToPixels(of surface: OpaquePointer) -> CGAffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        return CGAffineTransform(
            a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0 + offsetX, ty: matrix.y0 + offsetY)
    }

    /// Fills `path` (in user space) with a solid colour by `evenOdd` or the non-zero rule,
    /// through spans; false, drawing nothing, when Cairo must draw it.
    func fillWithSpans(_ path: CGPath, evenOdd: Bool, color: SpanColor) -> Bool {
        guard resources.drawsWithSpans, let surface = imageTarget(alphaOnly: true), let target = spanTarget(of: surface)
        else {
            return false
        }
        let spans = resources.spans
        spans.beginPolygon()
        spans.add(path, transform: userToPixels(of: surface))
        cairo_surface_flush(surface)
        if spans.fill(with: color, evenOdd: evenOdd, into: target) { cairo_surface_mark_dirty(surface) }
        return true
    }
}
