import CCairo
import Foundation
import OpenQuartzCore

/// pixman, the pixel library under Cairo: its image composition takes projective transforms,
/// which Cairo's API does not.
enum Pixman {
    /// Draws `source` into `destination` (both ARGB32 image surfaces), each destination pixel
    /// taking the source at `destinationToSource` of it, filtered bilinearly; outside the
    /// source is transparent.
    static func project(
        _ source: OpaquePointer, into destination: OpaquePointer, destinationToSource map: PlaneTransform
    ) {
        guard let sourceImage = image(of: source), let destinationImage = image(of: destination) else { return }
        defer {
            pixman_image_unref(sourceImage)
            pixman_image_unref(destinationImage)
        }
        // pixman maps column vectors, so its matrix is the transpose of ours. It stores 16.16
        // fixed-point numbers and multiplies them in 64 bits, so the matrix (which may be
        // scaled freely, being projective) is scaled to make w 1 at the destination's origin,
        // the scale pixman's own projective code expects; larger entries overflow it.
        let m = map.m
        let rows = [[m.0, m.3, m.6], [m.1, m.4, m.7], [m.2, m.5, m.8]]
        let largest = rows.joined().map(abs).max() ?? 0
        guard largest > 0, largest.isFinite else { return }
        let factor = abs(m.8) > largest * 1e-6 ? 1 / m.8 : 1 / largest
        var transform = pixman_transform()
        withUnsafeMutableBytes(of: &transform.matrix) { raw in
            let entries = raw.bindMemory(to: pixman_fixed_t.self)
            for row in 0..<3 {
                for column in 0..<3 {
                    entries[row * 3 + column] = pixman_fixed_t((rows[row][column] * factor * 65536).rounded())
                }
            }
        }
        pixman_image_set_transform(sourceImage, &transform)
        pixman_image_set_filter(sourceImage, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(sourceImage, PIXMAN_REPEAT_NONE)
        pixman_image_composite32(
            PIXMAN_OP_OVER, sourceImage, nil, destinationImage, 0, 0, 0, 0, 0, 0,
            cairo_image_surface_get_width(destination), cairo_image_surface_get_height(destination))
    }

    /// A pixman image sharing the pixels of an ARGB32 Cairo image surface.
    private static func image(of surface: OpaquePointer) -> OpaquePointer? {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return pixman_image_create_bits(
            PIXMAN_a8r8g8b8, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface),
            UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(surface))
    }
}
