import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws an emitter layer's particles (``LayerSnapshot/particles``, in its render mode's
    /// order), in the layer's bounds coordinates, clipped to its rounded bounds when
    /// `masksToBounds`. Each is its contents image — the part `contentsRect` selects, at
    /// `1 / contentsScale` points a pixel times its scale — centred on its position, turned by
    /// its rotation and multiplied by its colour. `additive` adds the particles' colours
    /// together in a group of their own, which is then composited normally over what lies
    /// beneath.
    func paintParticles(of snapshot: LayerSnapshot) {
        let layer = nodes[snapshot]
        cairo_save(context)
        defer { cairo_restore(context) }
        if layer.drawn.masksToBounds {
            addRoundedRect(layer.drawn.bounds, of: layer)
            cairo_clip(context)
        }
        let additive = layer.kind == .emitter(renderMode: .additive)
        if additive {
            cairo_push_group(context)
            cairo_set_operator(context, CAIRO_OPERATOR_ADD)
        }
        // Each particle sets the matrix from the layer's rather than saving and restoring the
        // whole state: particles are many, and most share one image and so one pattern.
        var layerMatrix = cairo_matrix_t()
        cairo_get_matrix(context, &layerMatrix)
        var patterns = ParticlePatterns()
        defer { patterns.destroy() }
        for particle in snapshot.particles {
            paint(particle, from: layerMatrix, upsideDown: snapshot.isUpsideDown, patterns: &patterns)
        }
        cairo_set_matrix(context, &layerMatrix)
        if additive {
            cairo_pop_group_to_source(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            cairo_paint(context)
        }
    }

    private func paint(
        _ particle: EmitterParticle, from layerMatrix: cairo_matrix_t, upsideDown: Bool,
        patterns: inout ParticlePatterns
    ) {
        guard let image = particle.contents, particle.alpha > 0, particle.scale > 0,
            let surface = resources.images.surface(for: image)
        else { return }
        let unit = particle.contentsRect.standardized
        let width = CGFloat(image.width)
        let height = CGFloat(image.height)
        let source = CGRect(
            x: unit.minX * width, y: unit.minY * height, width: unit.width * width, height: unit.height * height)
        let pointsPerPixel = Double(particle.scale / particle.contentsScale)
        guard source.width > 0, source.height > 0, pointsPerPixel.isFinite, pointsPerPixel > 0 else { return }
        // The image's selected pixels, centred on the particle, turned and scaled; in an
        // upside-down plane (a y-up CAML document) mirrored back upright, as layer contents are.
        var matrix = layerMatrix
        cairo_matrix_translate(&matrix, Double(particle.position.x), Double(particle.position.y))
        cairo_matrix_rotate(&matrix, Double(particle.rotation))
        cairo_matrix_scale(&matrix, pointsPerPixel, upsideDown ? -pointsPerPixel : pointsPerPixel)
        cairo_matrix_translate(&matrix, -Double(source.width) / 2, -Double(source.height) / 2)
        cairo_set_matrix(context, &matrix)
        let filter = Self.imageFilter(for: particle, matrix: matrix)
        // The whole image needs no clip: its pattern shows nothing beyond its edges. A part of
        // it is cut out by a clip, the pattern's edge pixels extended up to it.
        let isWhole = source == CGRect(x: 0, y: 0, width: width, height: height)
        if !isWhole {
            cairo_save(context)
            cairo_rectangle(context, 0, 0, Double(source.width), Double(source.height))
            cairo_clip(context)
        }
        defer { if !isWhole { cairo_restore(context) } }
        let isWhiteTint = particle.red == 1 && particle.green == 1 && particle.blue == 1
        if isWhiteTint || resources.images.isWhite(image) {
            guard
                let pattern = patterns.pattern(
                    for: surface, offset: source.origin, filter: filter, extended: !isWhole)
            else { return }
            if isWhiteTint {
                cairo_set_source(context, pattern)
                cairo_paint_with_alpha(context, particle.alpha)
            } else {
                // A white image tinted is the tint painted through the image's alpha.
                cairo_set_source_rgba(context, particle.red, particle.green, particle.blue, particle.alpha)
                cairo_mask(context, pattern)
            }
            return
        }
        // A coloured image: each channel multiplied by the tint's, in a copy.
        guard let tinted = Self.tinted(surface, red: particle.red, green: particle.green, blue: particle.blue)
        else { return }
        defer { cairo_surface_destroy(tinted) }
        guard let pattern = ParticlePatterns.make(tinted, offset: source.origin, filter: filter, extended: !isWhole)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(context, pattern)
        cairo_paint_with_alpha(context, particle.alpha)
    }

    /// Bilinear, unless the cell's filter for the way the image is scaled on screen (up:
    /// `magnificationFilter`, down: `minificationFilter`) is `"nearest"`.
    private static func imageFilter(for particle: EmitterParticle, matrix: cairo_matrix_t) -> cairo_filter_t {
        let pixelsPerImagePixel = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let name = pixelsPerImagePixel > 1 ? particle.magnificationFilter : particle.minificationFilter
        return name == "nearest" ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
    }

    /// A copy of an image surface with each colour channel multiplied by the tint's.
    private static func tinted(_ surface: OpaquePointer, red: Double, green: Double, blue: Double) -> OpaquePointer? {
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS,
            let from = cairo_image_surface_get_data(surface), let to = cairo_image_surface_get_data(copy)
        else { return nil }
        cairo_surface_flush(surface)
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        let stride = Int(cairo_image_surface_get_stride(copy))
        let factors = [red, green, blue].map { UInt32((min(max($0, 0), 1) * 256).rounded()) }
        for row in 0..<Int(height) {
            let input = UnsafeRawPointer(from + row * sourceStride).assumingMemoryBound(to: UInt32.self)
            let output = UnsafeMutableRawPointer(to + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<Int(width) {
                let pixel = input[column]
                let r = (((pixel >> 16) & 0xFF) * factors[0]) >> 8
                let g = (((pixel >> 8) & 0xFF) * factors[1]) >> 8
                let b = ((pixel & 0xFF) * factors[2]) >> 8
                output[column] = pixel & 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        cairo_surface_mark_dirty(copy)
        return copy
    }
}

/// The patterns of one layer's particles, made once per image, part and filter and shared by
/// every particle drawing them.
private struct ParticlePatterns {
    private struct Key: Hashable {
        let surface: OpaquePointer
        let x: CGFloat
        let y: CGFloat
        let filter: UInt32
        let extended: Bool
    }

    private var patterns: [Key: OpaquePointer] = [:]

    mutating func pattern(for surface: OpaquePointer, offset: CGPoint, filter: cairo_filter_t, extended: Bool)
        -> OpaquePointer?
    {
        let key = Key(surface: surface, x: offset.x, y: offset.y, filter: filter.rawValue, extended: extended)
        if let known = patterns[key] { return known }
        let made = Self.make(surface, offset: offset, filter: filter, extended: extended)
        patterns[key] = made
        return made
    }

    func destroy() {
        for pattern in patterns.values { cairo_pattern_destroy(pattern) }
    }

    /// A pattern of `surface` whose pixel `offset` lies at the user-space origin; beyond the
    /// image it shows nothing, or with `extended` its edge pixels.
    static func make(_ surface: OpaquePointer, offset: CGPoint, filter: cairo_filter_t, extended: Bool)
        -> OpaquePointer?
    {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, Double(offset.x), Double(offset.y))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, extended ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        return pattern
    }
}
