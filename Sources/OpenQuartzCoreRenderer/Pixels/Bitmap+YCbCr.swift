import OpenCoreGraphics
import CCairo

extension Bitmap {
    /// The pixels in planar Y′CbCr 4:2:0 (see ``YCbCrConversion``), converted straight from the
    /// surface's memory.
    var yCbCr420: CAYCbCr420Planes {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            misuse("a \(width) × \(height) image surface always has pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let count = YCbCrConversion.byteCount(width: width, height: height)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            YCbCrConversion.convert(
                premultipliedBGRA: data, bytesPerRow: stride, width: width, height: height, into: buffer.baseAddress!)
            initialized = count
        }
        return CAYCbCr420Planes(width: width, height: height, bytes: bytes)
    }
}
