import CPNG
import Foundation
import OpenCoreGraphics

/// Encodes PNG through libpng's simplified API: straight RGBA8 in, an 8-bit RGBA PNG out.
/// Errors come back as return values (libpng's `setjmp` stays inside libpng).
package enum PNGEncoder {
    /// The PNG file of `image`, or nil when libpng refuses it (it only does when out of
    /// memory or for sizes beyond PNG's limits).
    package static func data(of image: CGImage) -> Data? {
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.format = oqc_png_format_rgba
        defer { png_image_free(&header) }
        let pixels = image.rgbaPixels
        var size: png_alloc_size_t = 0
        // The first call measures, the second writes (libpng's documented two-step use).
        guard png_image_write_to_memory(&header, nil, &size, 0, pixels, 0, nil) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let written = bytes.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&header, buffer.baseAddress, &size, 0, pixels, 0, nil)
        }
        guard written != 0 else { return nil }
        return Data(bytes[0..<Int(size)])
    }
}
