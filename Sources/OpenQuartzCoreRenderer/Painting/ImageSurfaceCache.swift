import CCairo
import Foundation
import OpenQuartzCore

/// The Cairo surfaces made from `CGImage`s, kept with a renderer's bitmap (in its
/// ``RenderResources``), so that an image is converted from straight RGBA8 to Cairo's premultiplied pixels once, not
/// on every frame that shows it.
///
/// Entries hold their image weakly: the cache never keeps an image alive, and an entry whose
/// image has gone is swept out when the next image is converted. The identifier of a freed
/// image can be reused by a new one; the weak reference tells the two apart.
final class ImageSurfaceCache {
    private struct Entry {
        weak var image: CGImage?
        let surface: OpaquePointer
        /// Whether every pixel is white, in any alpha (worked out when first asked).
        var isWhite: Bool?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many images this cache has converted: for tests, which check that a frame reuses
    /// the surfaces of the last.
    private(set) var conversionCount = 0

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// The premultiplied surface showing `image`, converted now if this cache has not seen
    /// the image before; nil when Cairo cannot make a surface that large.
    func surface(for image: CGImage) -> OpaquePointer? {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image { return entry.surface }
        sweep()
        guard let surface = Self.makeSurface(from: image) else { return nil }
        conversionCount += 1
        entries[key] = Entry(image: image, surface: surface)
        return surface
    }

    /// Whether every visible pixel of `image` is white, so that tinting it is painting the
    /// tint through its alpha (particle images usually are). Remembered with its surface.
    func isWhite(_ image: CGImage) -> Bool {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image, let known = entry.isWhite { return known }
        var white = true
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] != 0 {
                if pixels[index] != 255 || pixels[index + 1] != 255 || pixels[index + 2] != 255 {
                    white = false
                    return
                }
            }
        }
        if entries[key]?.image === image { entries[key]?.isWhite = white }
        return white
    }

    /// Drops the entries whose image has been freed.
    private func sweep() {
        for (key, entry) in entries where entry.image == nil {
            cairo_surface_destroy(entry.surface)
            entries[key] = nil
        }
    }

    /// Converts straight RGBA8, row by row from the top, to Cairo's ARGB32: premultiplied,
    /// one native-endian 32-bit word per pixel, rows `stride` bytes apart.
    private static func makeSurface(from image: CGImage) -> OpaquePointer? {
        let (width, height) = (image.width, image.height)
        guard width <= Int(Int32.max), height <= Int(Int32.max),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    let alpha = UInt32(pixels[index + 3])
                    // Premultiplied, rounded to nearest: opaque pixels keep their exact values.
                    func channel(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                    row[x] =
                        alpha << 24 | channel(pixels[index]) << 16 | channel(pixels[index + 1]) << 8
                        | channel(pixels[index + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
