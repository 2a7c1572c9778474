import CImageShims
import Foundation
import OpenCoreGraphics

/// Decodes JPEG through libjpeg-turbo, behind the C shim that keeps libjpeg's `longjmp` out
/// of Swift: grey, Y′CbCr and RGB come out as RGBA8, CMYK and YCCK are converted without a
/// colour profile.
enum JPEGDecoder {
    /// The whole image, or `nil` when the data is corrupt, truncated or too large.
    static func image(from data: Data) -> CGImage? {
        data.withUnsafeBytes { bytes -> CGImage? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: UInt32 = 0
            var height: UInt32 = 0
            let status = oqc_jpeg_decode(
                base, bytes.count, UInt32(DecodingLimits.maximumSide), DecodingLimits.maximumJPEGScans,
                &pixels, &width, &height)
            defer { oqc_image_free(pixels) }
            guard status == OQC_JPEG_OK, let pixels else { return nil }
            let count = Int(width) * Int(height) * 4
            return CGImage(
                width: Int(width), height: Int(height),
                rgbaPixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }
}
