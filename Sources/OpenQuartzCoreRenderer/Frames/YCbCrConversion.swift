import OpenCoreGraphics

/// Premultiplied BGRA8 pixels to planar Y′CbCr 4:2:0: BT.709 matrix, limited range, 8 bits
/// (ffmpeg's `yuv420p`, tagged `bt709` and `tv`).
///
/// The premultiplied colour is used as it is, which is the picture over black: video has no
/// alpha. Each 2 × 2 block of pixels shares one Cb and one Cr, computed from the block's mean
/// colour (chroma sited at the block's centre). On an odd edge the block is the 2 × 1, 1 × 2 or
/// 1 × 1 pixels there. Values follow ITU-R BT.709-6 (Kr = 0.2126, Kb = 0.0722), scaled to the
/// limited range of its table 4.6: Y = 16 + 219·Y′, Cb and Cr = 128 + 224·(…), rounded to the
/// nearest integer in fixed point.
package enum YCbCrConversion {
    /// The byte count of a `width × height` picture in planar 4:2:0: the luma plane, then the
    /// two chroma planes of `⌈width / 2⌉ × ⌈height / 2⌉`.
    package static func byteCount(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Converts `width × height` premultiplied BGRA8 pixels (Cairo's ARGB32 on a little-endian
    /// machine), top row first, rows `bytesPerRow` apart from `pixels`, into the three planes
    /// at `planes`, which has room for ``byteCount(width:height:)`` bytes.
    package static func convert(
        premultipliedBGRA pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int,
        into planes: UnsafeMutablePointer<UInt8>
    ) {
        require(width > 0 && height > 0, "cannot convert a \(width) × \(height) picture")
        require(
            bytesPerRow >= width * 4 && bytesPerRow % 4 == 0,
            "rows \(bytesPerRow) bytes apart do not hold \(width) aligned BGRA pixels")
        let matrix = Matrix.bt709
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        let cbPlane = planes + width * height
        let crPlane = cbPlane + chromaWidth * chromaHeight
        let pairs = width / 2
        for blockRow in 0..<chromaHeight {
            let top = 2 * blockRow
            // An odd last row pairs with itself: the block's mean is that row's.
            let bottom = min(top + 1, height - 1)
            let row0 = (pixels + top * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let row1 = (pixels + bottom * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let cb = cbPlane + blockRow * chromaWidth
            let cr = crPlane + blockRow * chromaWidth
            // Luma and chroma in loops of their own: each is simple enough for the compiler to
            // vectorise (together, neither is: 5.2 against 2.8 ms for a full-HD frame), and the
            // chroma loop reads rows the luma loop has just brought into the cache.
            matrix.luma(row0, count: width, into: planes + top * width)
            if bottom != top { matrix.luma(row1, count: width, into: planes + bottom * width) }
            for pair in 0..<pairs {
                let x = 2 * pair
                (cb[pair], cr[pair]) = matrix.chroma(row0[x], row0[x + 1], row1[x], row1[x + 1])
            }
            if width % 2 == 1 {
                // An odd last column: each of its pixels counts twice, for the missing neighbour.
                let x = width - 1
                (cb[pairs], cr[pairs]) = matrix.chroma(row0[x], row0[x], row1[x], row1[x])
            }
        }
    }

    /// The colour matrix for 8-bit components, in fixed point, with the rounding offsets.
    struct Matrix {
        /// Fraction bits of the coefficients. 20 keeps every sum within `Int32` (the chroma sum
        /// of four pixels stays under 2^30), and the coefficients' own rounding moves a result
        /// by less than a thousandth of a code value.
        static let fractionBits: Int32 = 20

        let yR: Int32
        let yG: Int32
        let yB: Int32
        let cbR: Int32
        let cbG: Int32
        let cbB: Int32
        let crR: Int32
        let crG: Int32
        let crB: Int32
        /// 16, plus a half to round to nearest (luma sums are never negative).
        let lumaOffset: Int32 = 16 << fractionBits + 1 << (fractionBits - 1)
        /// 128 plus a half, at the scale of a four-pixel sum; it also keeps chroma sums positive,
        /// so that the shift rounds to nearest.
        let chromaOffset: Int32 = 128 << (fractionBits + 2) + 1 << (fractionBits + 1)

        /// BT.709's matrix.
        static let bt709 = Matrix(kr: 0.2126, kb: 0.0722)

        /// The matrix for luma weights `kr` and `kb`. The green coefficients are what the
        /// rounded others leave, so that white is 235 and every grey has Cb = Cr = 128 exactly.
        init(kr: Double, kb: Double) {
            func fixed(_ value: Double) -> Int32 { Int32((value * Double(1 << Self.fractionBits)).rounded()) }
            // Components run 0…255; limited range spans 219 luma and 224 chroma code values.
            let luma = 219.0 / 255
            let chroma = 224.0 / 255
            yR = fixed(kr * luma)
            yB = fixed(kb * luma)
            yG = fixed(luma) - yR - yB
            // Cb = (B′ − Y′) / (2 (1 − Kb)), Cr = (R′ − Y′) / (2 (1 − Kr)).
            cbR = fixed(-kr / (1 - kb) / 2 * chroma)
            cbB = fixed(chroma / 2)
            cbG = -cbR - cbB
            crR = fixed(chroma / 2)
            crB = fixed(-kb / (1 - kr) / 2 * chroma)
            crG = -crR - crB
        }

        /// Y of `count` pixels from `source`, stored from `luma` on.
        @inline(__always)
        func luma(_ source: UnsafePointer<UInt32>, count: Int, into luma: UnsafeMutablePointer<UInt8>) {
            for x in 0..<count {
                let pixel = source[x]
                let red = Int32(truncatingIfNeeded: pixel &>> 16 & 0xFF)
                let green = Int32(truncatingIfNeeded: pixel &>> 8 & 0xFF)
                let blue = Int32(truncatingIfNeeded: pixel & 0xFF)
                let sum = yR &* red &+ yG &* green &+ yB &* blue &+ lumaOffset
                luma[x] = UInt8(truncatingIfNeeded: sum &>> Self.fractionBits)
            }
        }

        /// Cb and Cr of the mean of four pixels.
        @inline(__always)
        func chroma(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32) -> (cb: UInt8, cr: UInt8) {
            // Red and blue add up side by side in the two 16-bit halves of one word (four
            // components of at most 255 cannot carry into red), green in the bits between.
            let redBlue = (p00 & 0xFF_00FF) &+ (p01 & 0xFF_00FF) &+ (p10 & 0xFF_00FF) &+ (p11 & 0xFF_00FF)
            let greens = (p00 & 0xFF00) &+ (p01 & 0xFF00) &+ (p10 & 0xFF00) &+ (p11 & 0xFF00)
            let red = Int32(truncatingIfNeeded: redBlue &>> 16)
            let green = Int32(truncatingIfNeeded: greens &>> 8)
            let blue = Int32(truncatingIfNeeded: redBlue & 0xFFFF)
            // The sums are four times the mean: two more bits to shift away.
            let shift = Self.fractionBits + 2
            let cb = cbR &* red &+ cbG &* green &+ cbB &* blue &+ chromaOffset
            let cr = crR &* red &+ crG &* green &+ crB &* blue &+ chromaOffset
            return (UInt8(truncatingIfNeeded: cb &>> shift), UInt8(truncatingIfNeeded: cr &>> shift))
        }
    }
}
