import CPixelRows

/// A solid premultiplied colour as one 32-bit pixel (alpha, red, green, blue from the high
/// byte down: B, G, R, A in memory on a little-endian machine), and its blend over
/// premultiplied pixels.
///
/// The arithmetic is pixman's for Cairo's `OVER` of a solid colour through a coverage mask, so
/// that where coverage agrees the pixels agree: the colour is made 8-bit as Cairo makes it
/// (16-bit premultiplied components, truncated), scaled by the coverage level with rounding
/// division by 255, and the destination keeps `255 − alpha` of itself, rounded the same way.
///
/// Channels are multiplied two at a time in one integer, each in a 16-bit lane (pixman's
/// `UN8x4_MUL_UN8`), and two pixels at a time in 64 bits: plain integer arithmetic, as fast
/// unoptimised as optimised, where generic SIMD types are thousands of times slower in a
/// debug build.
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

    private init(pixel: UInt32) {
        self.pixel = pixel
    }

    var isClear: Bool { pixel == 0 }

    /// The alpha byte.
    var alpha: UInt32 { pixel >> 24 }

    /// The colour through a coverage level out of 255.
    @inline(__always)
    func scaled(by level: Int) -> SpanColor {
        SpanColor(pixel: UInt32(truncatingIfNeeded: Self.multiply(UInt64(pixel), by: UInt64(level))))
    }

    /// The 8-bit coverage level of an accumulated winding: non-zero, at most full.
    @inline(__always)
    static func level(_ sum: Float) -> Int {
        Int(min(abs(sum), 1) * 255 + 0.5)
    }

    /// Every byte of `value` times `factor` (at most 255) divided by 255, rounded as pixman
    /// rounds: `t = v × f + 128; (t + t >> 8) >> 8`, in 16-bit lanes that cannot carry into
    /// each other (t + t >> 8 stays below 65,536).
    @inline(__always)
    static func multiply(_ value: UInt64, by factor: UInt64) -> UInt64 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let half: UInt64 = 0x0080_0080_0080_0080
        var even = (value & lanes) &* factor &+ half
        even = ((even &+ ((even >> 8) & lanes)) >> 8) & lanes
        var odd = ((value >> 8) & lanes) &* factor &+ half
        odd = (odd &+ ((odd >> 8) & lanes)) & ~lanes
        return even | odd
    }

    /// Blends the colour over `count` pixels.
    @inline(__always)
    func blend(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        guard alpha < 255 else {
            pixels.update(repeating: pixel, count: count)
            return
        }
        if count >= 8 {
            // Long runs four pixels at a time (`CPixelRows`, the same arithmetic).
            oqc_over_solid(pixels, count, pixel)
            return
        }
        let keep = UInt64(255 - alpha)
        // What is kept of a byte is at most 255 − alpha and a premultiplied byte at most
        // alpha, so the sum never carries into the next byte.
        let pair = UInt64(pixel) << 32 | UInt64(pixel)
        let raw = UnsafeMutableRawPointer(pixels)
        var index = 0
        while index + 2 <= count {
            let destination = raw.loadUnaligned(fromByteOffset: index * 4, as: UInt64.self)
            raw.storeBytes(
                of: Self.multiply(destination, by: keep) &+ pair, toByteOffset: index * 4, as: UInt64.self)
            index += 2
        }
        if index < count { blend(pixels + index) }
    }

    /// Blends the colour over one pixel.
    @inline(__always)
    func blend(_ pixel: UnsafeMutablePointer<UInt32>) {
        let kept = Self.multiply(UInt64(pixel.pointee), by: UInt64(255 - alpha))
        pixel.pointee = UInt32(truncatingIfNeeded: kept) &+ self.pixel
    }
}
