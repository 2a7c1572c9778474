import CCairo
import Foundation
import OpenQuartzCore

/// Paints shadows onto a Cairo context: the silhouette of what casts one, drawn into an alpha
/// surface in device space, blurred, and painted in the shadow's colour moved by its offset.
/// Layers cast them (``Shadow/init(of:)``) and so does drawing recorded under
/// `CGContext.setShadow(offset:blur:color:)`. Offsets and blur are in the context's user space.
struct ShadowPainter {
    let context: OpaquePointer

    /// Paints the shadow of `path`, placed in user space by `placement`: a layer's
    /// `shadowPath`, or the one path its drawing fills, so that its content is not looked at.
    func paintShadow(_ shadow: Shadow, of path: CGPath, placedBy placement: CGAffineTransform = .identity) {
        guard !path.isEmpty, path.hasOnlyFinitePoints else { return }
        // Cairo keeps the path in device space: the placement applies to it alone, and the
        // shadow's offset and blur stay in user space.
        cairo_save(context)
        CairoDrawing.transform(placement, in: context)
        CairoDrawing.setPath(path, in: context)
        cairo_restore(context)
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_fill_extents(context, &x1, &y1, &x2, &y2)
        let corners = [(x1, y1), (x2, y1), (x2, y2), (x1, y2)].map { point -> (Double, Double) in
            var (x, y) = point
            cairo_user_to_device(context, &x, &y)
            return (x, y)
        }
        let padding = blurPadding(shadow)
        guard let box = AlphaBox(containing: corners, padding: padding, within: deviceClipExtents()) else {
            cairo_new_path(context)
            return
        }
        // The path is filled into an alpha picture of the pixels it covers that land in the box,
        // which the blur reads as it fills the box (the box's padding is not drawn or read).
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in corners { (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)) }
        let cast = (
            x: max(Int(minX.rounded(.down)), box.x), y: max(Int(minY.rounded(.down)), box.y),
            maxX: min(Int(maxX.rounded(.up)), box.x + box.width), maxY: min(Int(maxY.rounded(.up)), box.y + box.height)
        )
        guard cast.maxX > cast.x, cast.maxY > cast.y else {
            cairo_new_path(context)
            return
        }
        let covered = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(cast.maxX - cast.x), Int32(cast.maxY - cast.y))!
        defer { cairo_surface_destroy(covered) }
        let drawer = cairo_create(covered)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_translate(drawer, -Double(cast.x), -Double(cast.y))
        cairo_transform(drawer, &matrix)
        let outline = cairo_copy_path(context)
        cairo_append_path(drawer, outline)
        cairo_path_destroy(outline)
        cairo_set_fill_rule(drawer, CAIRO_FILL_RULE_WINDING)
        cairo_fill(drawer)
        cairo_destroy(drawer)
        cairo_new_path(context)
        let silhouette = box.makeSurface()
        let (columns, rows) = (0..<(cast.maxX - cast.x), 0..<(cast.maxY - cast.y))
        paint(shadow, silhouette: silhouette, at: box, padding: padding) { shift in
            GaussianBlur.blurAlpha(
                from: covered, columns: columns, rows: rows, at: (cast.x - box.x, cast.y - box.y),
                into: silhouette, sigma: padding.sigma, shift: shift)
        }
    }

    /// Paints the shadow cast by the alpha of `content`, a group of what casts it.
    func paintShadow(_ shadow: Shadow, ofAlphaIn content: OpaquePointer) {
        var source: OpaquePointer?
        guard cairo_pattern_get_surface(content, &source) == CAIRO_STATUS_SUCCESS, let source,
            cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE
        else { return }
        cairo_surface_flush(source)
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(source, &offsetX, &offsetY)
        guard let occupied = AlphaBox.occupied(in: source) else { return }
        // Device coordinates of the occupied pixels: surface pixel = device point + offset.
        let corners = [
            (Double(occupied.minX) - offsetX, Double(occupied.minY) - offsetY),
            (Double(occupied.maxX) - offsetX, Double(occupied.maxY) - offsetY),
        ]
        let padding = blurPadding(shadow)
        guard let box = AlphaBox(containing: corners, padding: padding, within: deviceClipExtents()) else { return }
        guard offsetX == offsetX.rounded(), offsetY == offsetY.rounded() else {
            // A source placed between pixels (Cairo's groups never are): drawn into the
            // silhouette. Cairo places a source by its device offset itself: device point d
            // lands on d − box.
            let silhouette = box.makeSurface()
            let drawer = cairo_create(silhouette)!
            cairo_set_source_surface(drawer, source, -Double(box.x), -Double(box.y))
            cairo_paint(drawer)
            cairo_destroy(drawer)
            paint(shadow, silhouette: silhouette, at: box, padding: padding)
            return
        }
        // Source pixel s lands on the box's pixel s − offset − box; the occupied pixels that
        // land in the box are read straight from the group as it is blurred.
        let move = (x: -Int(offsetX) - box.x, y: -Int(offsetY) - box.y)
        let lower = (x: max(occupied.minX, -move.x), y: max(occupied.minY, -move.y))
        let upper = (
            x: max(min(occupied.maxX, box.width - move.x), lower.x), y: max(min(occupied.maxY, box.height - move.y), lower.y)
        )
        let (columns, rows) = (lower.x..<upper.x, lower.y..<upper.y)
        let silhouette = box.makeSurface()
        paint(shadow, silhouette: silhouette, at: box, padding: padding) { shift in
            GaussianBlur.blurAlpha(
                from: source, columns: columns, rows: rows, at: (columns.lowerBound + move.x, rows.lowerBound + move.y),
                into: silhouette, sigma: padding.sigma, shift: shift)
        }
    }

    /// The shadow's blur and offset in device pixels.
    func deviceReach(of shadow: Shadow) -> (sigma: Double, dx: Double, dy: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        // The offset is in user space (a layer's coordinates), so it turns and scales with it.
        var dx = Double(shadow.offset.width)
        var dy = Double(shadow.offset.height)
        cairo_user_to_device_distance(context, &dx, &dy)
        return (Double(shadow.sigma) * scale, dx, dy)
    }

    /// The pixels of the image surface `group` (a pattern) holds; 0 for another kind.
    static func pixelCount(of group: OpaquePointer) -> Int {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { return 0 }
        return Int(cairo_image_surface_get_width(surface)) * Int(cairo_image_surface_get_height(surface))
    }

    /// How far beyond the silhouette, in device pixels, the blurred and offset shadow reaches.
    private func blurPadding(_ shadow: Shadow) -> (x: Double, y: Double, sigma: Double, dx: Double, dy: Double) {
        let (sigma, dx, dy) = deviceReach(of: shadow)
        let reach = (3 * sigma).rounded(.up) + 1
        return (reach + abs(dx), reach + abs(dy), sigma, dx, dy)
    }

    /// The clip's extents in device space, where shadows are blurred.
    private func deviceClipExtents() -> (Double, Double, Double, Double) {
        cairo_save(context)
        cairo_identity_matrix(context)
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        cairo_restore(context)
        return (x1, y1, x2, y2)
    }

    /// Blurs `silhouette` (an A8 surface covering `box` of device space), then paints the
    /// shadow colour through it, moved by the offset (both from `padding`). Consumes the
    /// surface. With `blur`, that fills the silhouette, blurred and moved by the sub-pixel
    /// shift it is given, instead.
    private func paint(
        _ shadow: Shadow, silhouette: OpaquePointer, at box: AlphaBox,
        padding: (x: Double, y: Double, sigma: Double, dx: Double, dy: Double),
        blur: (((x: Double, y: Double)) -> Void)? = nil
    ) {
        defer { cairo_surface_destroy(silhouette) }
        // The mask goes on whole pixels, the offset's fraction moved into it while it is
        // blurred: a mask between pixels is resampled as it is composited, which cost
        // several times the blur.
        let origin = (x: Double(box.x) + padding.dx, y: Double(box.y) + padding.dy)
        let whole = (x: origin.x.rounded(.down), y: origin.y.rounded(.down))
        let shift = (x: origin.x - whole.x, y: origin.y - whole.y)
        if let blur { blur(shift) } else { GaussianBlur.blurAlpha(of: silhouette, sigma: padding.sigma, shift: shift) }
        let rgba = shadow.color.rgba
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha * shadow.opacity)
        cairo_mask_surface(context, silhouette, whole.x, whole.y)
        cairo_restore(context)
    }
}
