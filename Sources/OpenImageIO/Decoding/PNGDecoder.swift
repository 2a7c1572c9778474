import CPNG
import Foundation
import OpenCoreGraphics

/// Decodes PNG through libpng's simplified API, which turns every PNG (palette, grey, 16-bit,
/// interlaced, with or without alpha) into straight RGBA8 and reports errors by its return
/// value: its own `setjmp` stays inside libpng, so nothing jumps over Swift frames.
enum PNGDecoder {
    /// The size from the header, or `nil` when the header is unreadable or too large.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        withHeader(of: data) { image, _ in (Int(image.width), Int(image.height)) }
    }

    /// The whole image, or `nil` when the data is corrupt, truncated or too large.
    static func image(from data: Data) -> CGImage? {
        withHeader(of: data) { image, _ -> CGImage? in
            let width = Int(image.width)
            let height = Int(image.height)
            image.format = oqc_png_format_rgba
            // Not cleared first: libpng writes every byte, and clearing a wallpaper's 16 MB
            // took a tenth of its decoding.
            var finished: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                finished = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
                count = finished != 0 ? width * height * 4 : 0
            }
            guard finished != 0 else { return nil }
            return CGImage(width: width, height: height, rgbaPixels: pixels)
        } ?? nil
    }

    /// Reads the header of `data` and, if it is within the limits, calls `body` while the
    /// bytes are still borrowed; frees libpng's state afterwards either way.
    private static func withHeader<Result>(
        of data: Data,
        _ body: (inout png_image, UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        data.withUnsafeBytes { bytes -> Result? in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard let base = bytes.baseAddress,
                png_image_begin_read_from_memory(&image, base, bytes.count) != 0,
                DecodingLimits.accepts(width: Int(image.width), height: Int(image.height))
            else { return nil }
            return body(&image, bytes)
        }
    }
}
