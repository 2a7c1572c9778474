import CCairo
import Foundation
import OpenQuartzCore

/// A layer's shadow, when it shows: Core Animation draws none unless `shadowOpacity` is above
/// 0 and `shadowColor` is not clear.
struct Shadow {
    let color: CGColor
    let opacity: Double
    let offset: CGSize
    /// The standard deviation of the Gaussian blur, in the layer's points: `shadowRadius`.
    ///
    /// Apple does not define the blur; design tools that export to Core Animation treat
    /// `shadowRadius` as half of a CSS blur length, whose standard deviation is half the
    /// length, which makes the standard deviation `shadowRadius` itself.
    let sigma: CGFloat

    init?(of layer: RenderNode) {
        guard let color = layer.shadowColor, color.alpha > 0, layer.shadowOpacity > 0 else { return nil }
        self.color = color
        opacity = min(Double(layer.shadowOpacity), 1)
        offset = layer.shadowOffset
        sigma = layer.shadowRadius.isFinite ? max(layer.shadowRadius, 0) : 0
    }
}

extension LayerPainter {
    /// `content` (a group of the layer's drawing) with its alpha multiplied by that of `mask`,
    /// drawn in the layer's coordinates. Consumes `content`.
    func masking(_ content: OpaquePointer, with mask: LayerSnapshot) -> OpaquePointer {
        cairo_push_group(context)
        paint(mask, through: mask.node.transformToSuperlayer3D)
        let alpha = cairo_pop_group(context)!
        cairo_push_group(context)
        cairo_set_source(context, content)
        cairo_mask(context, alpha)
        cairo_pattern_destroy(alpha)
        cairo_pattern_destroy(content)
        return cairo_pop_group(context)!
    }

    /// Paints the shadow of `path` (in the layer's coordinates): `shadowPath` given, so the
    /// layer's content is not looked at.
    func paintShadow(_ shadow: Shadow, of path: CGPath) {
        guard !path.isEmpty, path.hasOnlyFinitePoints else { return }
        CairoDrawing.setPath(path, in: context)
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
        let silhouette = box.makeSurface()
        let drawer = cairo_create(silhouette)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_translate(drawer, -Double(box.x), -Double(box.y))
        cairo_transform(drawer, &matrix)
        let outline = cairo_copy_path(context)
        cairo_append_path(drawer, outline)
        cairo_path_destroy(outline)
        cairo_set_fill_rule(drawer, CAIRO_FILL_RULE_WINDING)
        cairo_fill(drawer)
        cairo_destroy(drawer)
        cairo_new_path(context)
        paint(shadow, silhouette: silhouette, at: box, padding: padding)
    }

    /// Paints the shadow cast by the alpha of `content`, a group of the layer's drawing.
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
        let silhouette = box.makeSurface()
        let drawer = cairo_create(silhouette)!
        cairo_set_source_surface(drawer, source, offsetX - Double(box.x), offsetY - Double(box.y))
        cairo_paint(drawer)
        cairo_destroy(drawer)
        paint(shadow, silhouette: silhouette, at: box, padding: padding)
    }

    /// How far beyond the silhouette, in device pixels, the blurred and offset shadow reaches.
    private func blurPadding(_ shadow: Shadow) -> (x: Double, y: Double, sigma: Double, dx: Double, dy: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let sigma = Double(shadow.sigma) * scale
        // The offset is in the layer's coordinates, so it turns and scales with the layer.
        var dx = Double(shadow.offset.width)
        var dy = Double(shadow.offset.height)
        cairo_user_to_device_distance(context, &dx, &dy)
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
    /// surface.
    private func paint(
        _ shadow: Shadow, silhouette: OpaquePointer, at box: AlphaBox,
        padding: (x: Double, y: Double, sigma: Double, dx: Double, dy: Double)
    ) {
        defer { cairo_surface_destroy(silhouette) }
        GaussianBlur.blurAlpha(of: silhouette, sigma: padding.sigma)
        let rgba = shadow.color.rgba
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha * shadow.opacity)
        cairo_mask_surface(context, silhouette, Double(box.x) + padding.dx, Double(box.y) + padding.dy)
        cairo_restore(context)
    }
}

/// A rectangle of whole device pixels holding a silhouette and the blur around it.
struct AlphaBox {
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    /// The box around `points`, grown by the blur and the offset and kept to `clip` grown by
    /// the same amount (what lies further out cannot reach the clip); nil when empty or too
    /// large to blur.
    init?(
        containing points: [(Double, Double)], padding: (x: Double, y: Double, sigma: Double, dx: Double, dy: Double),
        within clip: (Double, Double, Double, Double)
    ) {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.0, first.1, first.0, first.1)
        for (px, py) in points {
            (minX, minY, maxX, maxY) = (min(minX, px), min(minY, py), max(maxX, px), max(maxY, py))
        }
        let reach = (3 * padding.sigma).rounded(.up) + 1
        minX = max(minX - reach, clip.0 - padding.x)
        minY = max(minY - reach, clip.1 - padding.y)
        maxX = min(maxX + reach, clip.2 + padding.x)
        maxY = min(maxY + reach, clip.3 + padding.y)
        guard minX.isFinite, minY.isFinite, maxX > minX, maxY > minY else { return nil }
        x = Int(minX.rounded(.down))
        y = Int(minY.rounded(.down))
        width = Int(maxX.rounded(.up)) - x
        height = Int(maxY.rounded(.up)) - y
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
    }

    func makeSurface() -> OpaquePointer {
        cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    }

    /// The pixels of an ARGB32 image surface whose alpha is not 0, or nil if none.
    static func occupied(in surface: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for row in 0..<height {
            let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            var first = -1
            var last = -1
            for column in 0..<width where pixels[column] >> 24 != 0 {
                if first < 0 { first = column }
                last = column
            }
            guard first >= 0 else { continue }
            (minX, maxX) = (min(minX, first), max(maxX, last + 1))
            (minY, maxY) = (min(minY, row), row + 1)
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }
}

/// A Gaussian blur of an alpha mask, approximated by three box blurs in each direction (the
/// sizes from Kovesi's "Fast almost-Gaussian filtering"), which is within a few percent of the
/// true kernel and costs the same whatever the radius.
enum GaussianBlur {
    static func blurAlpha(of surface: OpaquePointer, sigma: Double) {
        guard sigma >= 0.5 else { return }
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let radii = boxRadii(sigma: sigma)
        var line = [UInt8](repeating: 0, count: max(width, height))
        var column = [UInt8](repeating: 0, count: height)
        for radius in radii {
            for row in 0..<height {
                boxBlur(data + row * stride, count: width, step: 1, radius: radius, scratch: &line)
            }
            for x in 0..<width {
                boxBlur(data + x, count: height, step: stride, radius: radius, scratch: &column)
            }
        }
    }

    /// The radii of three box filters whose sequence has standard deviation `sigma`.
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4))
            .rounded()
        return (0..<3).map { index in (Double(index) < m ? lower : upper) / 2 }
    }

    /// Replaces `count` values `step` bytes apart by the mean of the `2 × radius + 1` values
    /// around each, counting zeros beyond the ends.
    private static func boxBlur(
        _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]
    ) {
        guard radius > 0 else { return }
        for index in 0..<count { scratch[index] = start[index * step] }
        let size = 2 * radius + 1
        var sum = 0
        for index in 0..<min(radius, count) { sum += Int(scratch[index]) }
        for index in 0..<count {
            let entering = index + radius
            if entering < count { sum += Int(scratch[entering]) }
            let leaving = index - radius - 1
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
            start[index * step] = UInt8((sum + size / 2) / size)
        }
    }
}
