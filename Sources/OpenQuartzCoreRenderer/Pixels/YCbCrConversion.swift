import CPixelRows
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
    /// at `planes`, which has room for ``byteCount(width:height:)`` bytes. Eight pixels at a
    /// time where the processor has AVX2 (`widestBlocks` 1 takes one at a time: the same bytes).
    package static func convert(
        premultipliedBGRA pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int,
        into planes: UnsafeMutablePointer<UInt8>, widestBlocks: Int = 8
    ) {
        require(width > 0 && height > 0, "cannot convert a \(width) × \(height) picture")
        require(
            bytesPerRow >= width * 4 && bytesPerRow % 4 == 0,
            "rows \(bytesPerRow) bytes apart do not hold \(width) aligned BGRA pixels")
        // Luma and chroma in loops of their own, in C: Swift's loops, vectorised by the
        // compiler, took 2.8 ms for a full-HD frame.
        withUnsafePointer(to: bt709) { matrix in
            oqc_ycbcr420_from_bgra(
                matrix, pixels.assumingMemoryBound(to: UInt8.self), bytesPerRow, width, height, planes,
                Int32(widestBlocks))
        }
    }

    /// Fraction bits of the matrix's coefficients. 20 keeps every sum within `Int32` (the chroma
    /// sum of four pixels stays under 2^30), and the coefficients' own rounding moves a result by
    /// less than a thousandth of a code value.
    static let fractionBits: Int32 = 20

    /// BT.709's matrix.
    static let bt709 = matrix(kr: 0.2126, kb: 0.0722)

    /// The colour matrix for 8-bit components and luma weights `kr` and `kb`, in fixed point, as
    /// the C conversion reads it. The green coefficients are what the rounded others leave, so
    /// that white is 235 and every grey has Cb = Cr = 128 exactly. The offsets: luma's 16 plus a
    /// half to round to nearest (its sums are never negative); chroma's 128 plus a half at the
    /// scale of a four-pixel sum, which also keeps chroma sums positive, so that the shift rounds
    /// to nearest.
    static func matrix(kr: Double, kb: Double) -> oqc_ycbcr_matrix {
        func fixed(_ value: Double) -> Int32 { Int32((value * Double(1 << fractionBits)).rounded()) }
        // Components run 0…255; limited range spans 219 luma and 224 chroma code values.
        let luma = 219.0 / 255
        let chroma = 224.0 / 255
        let (yR, yB) = (fixed(kr * luma), fixed(kb * luma))
        // Cb = (B′ − Y′) / (2 (1 − Kb)), Cr = (R′ − Y′) / (2 (1 − Kr)).
        let (cbR, cbB) = (fixed(-kr / (1 - kb) / 2 * chroma), fixed(chroma / 2))
        let (crR, crB) = (fixed(chroma / 2), fixed(-kb / (1 - kr) / 2 * chroma))
        return oqc_ycbcr_matrix(
            y_r: yR, y_g: fixed(luma) - yR - yB, y_b: yB, cb_r: cbR, cb_g: -cbR - cbB, cb_b: cbB, cr_r: crR,
            cr_g: -crR - crB, cr_b: crB, luma_offset: 16 << fractionBits + 1 << (fractionBits - 1),
            chroma_offset: 128 << (fractionBits + 2) + 1 << (fractionBits + 1), fraction_bits: fractionBits)
    }
}
