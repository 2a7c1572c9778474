/// A solid premultiplied colour as 8-bit channels in a pixel's byte order (B, G, R, A on a
/// little-endian machine), and its blend over premultiplied pixels.
///
/// The arithmetic is pixman's for Cairo's `OVER` of a solid colour through a coverage mask, so
/// that where coverage agrees the pixels agree: the colour is made 8-bit as Cairo makes it
/// (16-bit premultiplied components, truncated), scaled by the coverage level with rounding
/// division by 255, and the destination keeps `255 − alpha` of itself, rounded the same way.
struct SpanColor {
    /// The colour's bytes for four pixels, widened.
    let quad: SIMD16<UInt16>
    /// What the destination keeps of itself, out of 255, for four pixels.
    let keep: SIMD16<UInt16>
    let channels: SIMD4<UInt16>

    /// The colour of straight components in 0…1.
    init(red: Double, green: Double, blue: Double, alpha: Double) {
        func byte(_ value: Double) -> UInt16 {
            // Cairo: premultiplied, to 16 bits rounded; pixman: the top 8 bits.
            let clamped = min(max(value.isFinite ? value : 0, 0), 1)
            return UInt16((clamped * 65535 + 0.5).rounded(.down)) >> 8
        }
        let a = min(max(alpha.isFinite ? alpha : 0, 0), 1)
        self.init(channels: SIMD4(byte(blue * a), byte(green * a), byte(red * a), byte(a)))
    }

    private init(channels: SIMD4<UInt16>) {
        self.channels = channels
        var quad = SIMD16<UInt16>()
        for pixel in 0..<4 {
            for channel in 0..<4 { quad[pixel * 4 + channel] = channels[channel] }
        }
        self.quad = quad
        keep = SIMD16(repeating: 255 - channels[3])
    }

    var isClear: Bool { channels == .zero }

    /// `value × level / 255`, rounded as pixman rounds.
    @inline(__always)
    static func multiply<V: SIMD>(_ value: V, _ level: V) -> V where V.Scalar == UInt16 {
        let product = value &* level &+ V(repeating: 128)
        return (product &+ (product &>> 8)) &>> 8
    }

    /// The colour through a coverage level out of 255.
    func scaled(by level: Int) -> SpanColor {
        SpanColor(channels: Self.multiply(channels, SIMD4(repeating: UInt16(level))))
    }

    /// The 8-bit coverage level of an accumulated winding: non-zero, at most full.
    @inline(__always)
    static func level(_ sum: Float) -> Int {
        Int(min(abs(sum), 1) * 255 + 0.5)
    }

    /// Blends the colour over `count` pixels.
    @inline(__always)
    func blend(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        var index = 0
        let raw = UnsafeMutableRawPointer(pixels)
        if channels[3] == 255 {
            let value = UInt32(channels[3]) << 24 | UInt32(channels[2]) << 16 | UInt32(channels[1]) << 8
                | UInt32(channels[0])
            pixels.update(repeating: value, count: count)
            return
        }
        while index + 4 <= count {
            let bytes = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD16<UInt8>.self)
            let kept = Self.multiply(SIMD16<UInt16>(truncatingIfNeeded: bytes), keep) &+ quad
            raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: kept), toByteOffset: index * 4, as: SIMD16<UInt8>.self)
            index += 4
        }
        while index < count {
            blend(pixels + index)
            index += 1
        }
    }

    /// Blends the colour over one pixel.
    @inline(__always)
    func blend(_ pixel: UnsafeMutablePointer<UInt32>) {
        let raw = UnsafeMutableRawPointer(pixel)
        let bytes = raw.load(as: SIMD4<UInt8>.self)
        let kept = Self.multiply(SIMD4<UInt16>(truncatingIfNeeded: bytes), SIMD4(repeating: keep[0])) &+ channels
        raw.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: kept), as: SIMD4<UInt8>.self)
    }
}
