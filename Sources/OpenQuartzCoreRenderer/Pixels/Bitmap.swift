import CCairo
import Foundation
import OpenQuartzCore

/// A Cairo image surface: premultiplied 32-bit ARGB in native byte order, what the renderer
/// draws into. Owns the surface.
final class Bitmap {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        require(width > 0 && height > 0, "a bitmap needs a positive size, got \(width) × \(height)")
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        require(
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            "could not create a \(width) × \(height) bitmap: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
        )
        self.width = width
        self.height = height
    }

    /// A bitmap holding straight RGBA8 pixels (top row first), premultiplied.
    convenience init(straightRGBA pixels: [UInt8], width: Int, height: Int) {
        require(
            pixels.count == width * height * 4, "\(pixels.count) bytes are not \(width) × \(height) RGBA pixels")
        self.init(width: width, height: height)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let index = (y * width + x) * 4
                let alpha = UInt32(pixels[index + 3])
                func channel(_ offset: Int) -> UInt32 { (UInt32(pixels[index + offset]) * alpha + 127) / 255 }
                row[x] = alpha << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Wraps a surface Cairo made (from a PNG), taking ownership.
    private init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The pixels as Cairo holds them, premultiplied BGRA8 on a little-endian machine, rows
    /// packed without padding, top row first.
    var premultipliedBGRA: [UInt8] {
        withPixels { data, stride in
            let rowBytes = width * 4
            if stride == rowBytes { return Array(UnsafeRawBufferPointer(start: data, count: rowBytes * height)) }
            var pixels = [UInt8](repeating: 0, count: rowBytes * height)
            pixels.withUnsafeMutableBytes { target in
                for y in 0..<height {
                    target.baseAddress!.advanced(by: y * rowBytes).copyMemory(
                        from: data + y * stride, byteCount: rowBytes)
                }
            }
            return pixels
        }
    }

    /// Calls `body` with Cairo's pixels in place (premultiplied BGRA8, rows `bytesPerRow`
    /// apart, top row first), flushed first.
    func withPixels<Result>(_ body: (UnsafeRawPointer, _ bytesPerRow: Int) throws -> Result) rethrows -> Result {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            misuse("a \(width) × \(height) bitmap always has pixels")
        }
        return try body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
    }

    /// The pixels as straight (non-premultiplied) RGBA8, top row first.
    var straightRGBA: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, count in
            writeStraightRGBA(into: UnsafeMutableRawPointer(target.baseAddress!))
            count = width * height * 4
        }
    }

    /// ``straightRGBA`` in memory of its own, which a caller may keep without copying it.
    var straightRGBAMemory: CAPixelMemory {
        CAPixelMemory(count: width * height * 4) { writeStraightRGBA(into: $0) }
    }

    /// Writes ``straightRGBA`` into `target`, `width × height × 4` bytes.
    private func writeStraightRGBA(into target: UnsafeMutableRawPointer) {
        withPixels { data, stride in
            for y in 0..<height {
                convertPremultipliedBGRAToStraightRGBA(data + y * stride, into: target + y * width * 4, pixels: width)
            }
        }
    }

    /// The pixels as a `CGImage` (straight RGBA8).
    var image: CGImage {
        guard let image = CGImage(width: width, height: height, rgbaPixels: straightRGBA) else {
            misuse("a \(width) × \(height) bitmap always makes an image")
        }
        return image
    }

    /// The bitmap as PNG data.
    func pngData() throws -> Data {
        final class Sink {
            var data = Data()
        }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.encoding(String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// Reads a PNG file into a bitmap.
    static func read(pngAt url: URL) throws -> Bitmap {
        let surface = cairo_image_surface_create_from_png(url.path)
        guard let surface else { throw RenderError.decoding(path: url.path, reason: "no surface") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.decoding(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
        return Bitmap(adopting: surface)
    }
}

/// Decodes a PNG file into a `CGImage` (straight RGBA8): for comparing rendered frames with
/// golden images.
public func readPNG(at url: URL) throws -> CGImage {
    try Bitmap.read(pngAt: url).image
}
