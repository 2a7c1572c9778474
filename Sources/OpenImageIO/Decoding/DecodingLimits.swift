/// How large an image may be before decoding refuses it: image files are data from outside,
/// and a few bytes of header can claim a size that would take all memory.
enum DecodingLimits {
    /// The longest side accepted, in pixels: 16,384 × 16,384 RGBA8 is 1 GiB.
    static let maximumSide = 16_384

    /// More progressive JPEG scans than this are refused, as libjpeg-turbo's fuzzers do: each
    /// scan is a pass over the whole image.
    static let maximumJPEGScans: Int32 = 500

    /// Whether `width × height` pixels are within the limits (and both sides positive).
    static func accepts(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumSide && height <= maximumSide
    }
}
