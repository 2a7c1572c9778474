import CPixelRows

/// A solid premultiplied colour as one 32-bit pixel (alpha, red, green, blue from the high
/// byte down: B, G, R, A in memory on a little-endian machine), made 8-bit as Cairo makes it
/// (16-bit premultiplied components, truncated), so that where coverage agrees the pixels
/// agree with Cairo's. `CPixelRows` blends it as pixman blends `OVER` through a coverage mask.
struct SpanColor {
    /// The premultiplied colour as a pixel.
    let pixel: UInt32

    /// The colour of straight components in 0…1.
    init(red: Double, green: Double, blue: Double, alpha: Double) {
        func byte(_ value: Double) -> UInt32 {
            // Cairo: premultiplied, to 16 bits rounded; pixman: the top 8 bits.
            let clamped = min(max(value.isFinite ? value : 0, 0), 1)
            return UInt32((clamped * 65535 + 0.5).rounded(.down)) >> 8
        }
        let a = min(max(alpha.isFinite ? alpha : 0, 0), 1)
        pixel = byte(a) << 24 | byte(red * a) << 16 | byte(green * a) << 8 | byte(blue * a)
    }

    var isClear: Bool { pixel == 0 }

    /// The alpha byte.
    var alpha: UInt32 { pixel >> 24 }
}
