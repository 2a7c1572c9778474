import Foundation
import OpenQuartzCore

/// The comparison lottie-ios's snapshot tests make (swift-snapshot-testing's `precision` and
/// `perceptualPrecision`), computed as the corpus's compare.py computes it: both pictures are
/// composited over white and over black, converted to CIE L*a*b* and compared with CIEDE2000;
/// a pixel matches when the worse of its two differences is at most
/// ``largestMatchingDifference``.
///
///     let ours = renderer.image
///     let apple = try readPNG(at: snapshot.appleURL)
///     #expect(PerceptualComparison.matchedFraction(ours, apple) >= snapshot.precision)
///
/// compare.py computes in 32-bit floats (NumPy keeps the pictures' `float32`), this in 64-bit:
/// a pixel whose difference is within a few millionths of 3 may count differently.
public enum PerceptualComparison {
    /// lottie-ios's `perceptualPrecision`.
    public static let perceptualPrecision = 0.97

    /// The largest CIEDE2000 difference of a matching pixel: 100 · (1 − 0.97), about 3, written
    /// as compare.py writes it so that it is the same number.
    public static let largestMatchingDifference = 100 * (1 - perceptualPrecision)

    /// The fraction of pixels that match: the worse of their CIEDE2000 differences over white
    /// and over black is at most ``largestMatchingDifference``. Both pictures are straight RGBA8
    /// and must have the same size; pictures of different sizes trap, naming both sizes.
    public static func matchedFraction(_ ours: CGImage, _ apple: CGImage) -> Double {
        requireSameSize(ours, apple)
        let matched = scan(ours.rgbaPixels, apple.rgbaPixels, worst: nil)
        return Double(matched) / Double(ours.width * ours.height)
    }

    /// The worse of the two CIEDE2000 differences (over white, over black) of each pixel, row by
    /// row from the top. Pictures of different sizes trap.
    public static func worstDifferences(_ ours: CGImage, _ apple: CGImage) -> [Double] {
        requireSameSize(ours, apple)
        var worst = [Double](repeating: 0, count: ours.width * ours.height)
        worst.withUnsafeMutableBufferPointer { worst in
            _ = scan(ours.rgbaPixels, apple.rgbaPixels, worst: worst)
        }
        return worst
    }

    static func requireSameSize(_ ours: CGImage, _ apple: CGImage) {
        guard ours.width == apple.width, ours.height == apple.height else {
            fatalError(
                "PerceptualComparison compares pictures of one size: ours is \(ours.width) × \(ours.height), "
                    + "Apple's \(apple.width) × \(apple.height)")
        }
    }

    /// Counts the matching pixels of two straight RGBA8 buffers of one size, and writes each
    /// pixel's worse difference into `worst` (all zeros on entry) when given. Without `worst`,
    /// a pixel whose difference over white already fails is not compared over black.
    private static func scan(_ ours: [UInt8], _ apple: [UInt8], worst: UnsafeMutableBufferPointer<Double>?) -> Int {
        var pairs = PairCache(stopAbove: worst == nil ? largestMatchingDifference : .infinity)
        defer { pairs.deallocate() }
        return compositedLinear.withUnsafeBufferPointer { linear in
            ours.withUnsafeBytes { ours in
                apple.withUnsafeBytes { apple in
                    countMatches(ours, apple, linear: linear, pairs: &pairs, worst: worst)
                }
            }
        }
    }

    /// ``scan(_:_:worst:)`` on the pictures' bytes.
    private static func countMatches(
        _ ours: UnsafeRawBufferPointer, _ apple: UnsafeRawBufferPointer, linear: UnsafeBufferPointer<Double>,
        pairs: inout PairCache, worst: UnsafeMutableBufferPointer<Double>?
    ) -> Int {
        guard let oursBytes = ours.baseAddress, let appleBytes = apple.baseAddress else { return 0 }
        let threshold = largestMatchingDifference
        let pixels = ours.count / 4
        var matched = 0
        var start = 0
        while start < pixels {
            let end = min(start + run, pixels)
            defer { start = end }
            // Identical runs (a transparent margin, a flat fill) match whole; their differences
            // stay the 0 that `worst` starts with.
            if memcmp(oursBytes + start * 4, appleBytes + start * 4, (end - start) * 4) == 0 {
                matched += end - start
                continue
            }
            for pixel in start..<end {
                let one = visiblePixel(ours.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self))
                let two = visiblePixel(apple.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self))
                let difference = one == two ? 0 : pairs.difference(one, two, linear: linear)
                if difference <= threshold { matched += 1 }
                worst?[pixel] = difference
            }
        }
        return matched
    }

    /// How many pixels are compared byte for byte at once, before pixel by pixel.
    private static var run: Int { 16 }

    /// The differences of pairs of pixels already compared. Pairs repeat (flat colours, and the
    /// same edge drawn a level apart), and the same two pixels always give the same number, so
    /// the cache changes no result. Direct-mapped, keyed by both pixels; key 0 is two
    /// transparent pixels, whose difference is 0, so the zeroed table is valid from the start.
    private struct PairCache {
        private static var bits: Int { 12 }
        private let keys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << bits)
        private let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1 << bits)
        private var lastKey: UInt64 = 0
        private var lastValue = 0.0
        /// Over white alone when the difference there is above this.
        private let stopAbove: Double

        init(stopAbove: Double) {
            self.stopAbove = stopAbove
            keys.initialize(repeating: 0)
            values.initialize(repeating: 0)
        }

        func deallocate() {
            keys.deallocate()
            values.deallocate()
        }

        /// The worse difference of two pixels that are not the same.
        mutating func difference(_ one: UInt32, _ two: UInt32, linear: UnsafeBufferPointer<Double>) -> Double {
            let key = UInt64(one) << 32 | UInt64(two)
            if key == lastKey { return lastValue }
            let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
            if keys[slot] != key {
                keys[slot] = key
                values[slot] = worstDifference(one, two, linear: linear, stopAbove: stopAbove)
            }
            lastKey = key
            lastValue = values[slot]
            return lastValue
        }
    }

    /// A pixel as loaded from RGBA8 bytes (little-endian: red in the low byte, alpha in the
    /// high one), with the colour of a transparent pixel cleared: it shows nothing over either
    /// background.
    private static func visiblePixel(_ bytes: UInt32) -> UInt32 {
        let pixel = UInt32(littleEndian: bytes)
        return pixel >> 24 == 0 ? 0 : pixel
    }

    /// The worse of the CIEDE2000 differences of two pixels composited over white and over
    /// black; the one over white alone when it is above `stopAbove`.
    private static func worstDifference(
        _ one: UInt32, _ two: UInt32, linear: UnsafeBufferPointer<Double>, stopAbove: Double
    ) -> Double {
        let overWhite = ciede2000(lab(one, background: 0, linear: linear), lab(two, background: 0, linear: linear))
        guard overWhite <= stopAbove else { return overWhite }
        let overBlack = ciede2000(
            lab(one, background: 1 << 16, linear: linear), lab(two, background: 1 << 16, linear: linear))
        return max(overWhite, overBlack)
    }

    /// The L*a*b* of a straight RGBA8 pixel composited over a background (the offset of its
    /// part of ``compositedLinear``).
    private static func lab(_ pixel: UInt32, background: Int, linear: UnsafeBufferPointer<Double>) -> Lab {
        let row = background | Int(pixel >> 24) << 8
        return lab(
            linearRed: linear[row | Int(pixel & 0xFF)], green: linear[row | Int(pixel >> 8 & 0xFF)],
            blue: linear[row | Int(pixel >> 16 & 0xFF)])
    }

    /// The linear value of a component `c` of alpha `a` composited over white (at
    /// `a << 8 | c`) and over black (at `1 << 16 | a << 8 | c`): compare.py's
    /// `rgb · α + background · (1 − α)` on 0…1 values, gamma decoded. Precomputed because
    /// there are only 2 · 256 · 256 of them.
    private static let compositedLinear: [Double] = {
        var table = [Double](repeating: 0, count: 2 << 16)
        for (index, background) in [1.0, 0.0].enumerated() {
            for alpha in 0..<256 {
                let opacity = Double(alpha) / 255
                for component in 0..<256 {
                    let composited = Double(component) / 255 * opacity + background * (1 - opacity)
                    table[index << 16 | alpha << 8 | component] = decodeGamma(composited)
                }
            }
        }
        return table
    }()
}
