import Foundation
import OpenUIKit

/// Compares two pictures as swift-snapshot-testing's image strategies compare them on iOS,
/// and makes the picture of their difference.
///
/// - Both are read as premultiplied RGBA bytes (iOS draws them into a `premultipliedLast`
///   context). Equal bytes match.
/// - With `precision` and `perceptualPrecision` both 1, any other difference fails.
/// - With `perceptualPrecision` below 1, a pixel differs when the CIE94 ΔE between the two
///   (Core Image's `CILabDeltaE`) is above `(1 − perceptualPrecision) · 100`, and the pictures
///   fail when fewer than `precision` of the pixels match.
/// - Otherwise bytes are counted: they fail when more than `1 − precision` of them differ.
struct ImageComparison {
    let reference: [UInt8]
    let actual: [UInt8]
    let width: Int
    let height: Int

    /// The two pictures' premultiplied bytes, or the reason they cannot be compared.
    static func make(reference: UIImage, actual: UIImage) -> Result<ImageComparison, ComparisonFailure> {
        guard let old = reference.cgImage else {
            return .failure(ComparisonFailure("Reference image could not be loaded."))
        }
        guard let new = actual.cgImage else {
            return .failure(ComparisonFailure("Newly-taken snapshot could not be loaded."))
        }
        guard old.width == new.width, old.height == new.height else {
            return .failure(
                ComparisonFailure("Newly-taken snapshot@\(actual.size) does not match reference@\(reference.size)."))
        }
        return .success(
            ImageComparison(
                reference: premultiplied(old.rgbaPixels), actual: premultiplied(new.rgbaPixels), width: old.width,
                height: old.height))
    }

    /// Nil when the pictures match under the precisions, else the message swift-snapshot-testing
    /// gives. `pixels` limits the comparison to those pixel indices (a frame of a sheet).
    func mismatch(precision: Float, perceptualPrecision: Float, pixels: Range<Int>? = nil) -> String? {
        let pixels = pixels ?? 0..<(width * height)
        let bytes = (pixels.lowerBound * 4)..<(pixels.upperBound * 4)
        if reference[bytes] == actual[bytes] { return nil }
        if precision >= 1, perceptualPrecision >= 1 { return "Newly-taken snapshot does not match reference." }
        if perceptualPrecision < 1 {
            let threshold = (1 - perceptualPrecision) * 100
            var failing = 0
            var largest: Float = 0
            for pixel in pixels {
                let delta = Self.deltaE94(reference, actual, at: pixel * 4)
                if delta > threshold {
                    failing += 1
                    largest = max(largest, delta)
                }
            }
            let matching = 1 - Float(failing) / Float(max(pixels.count, 1))
            guard matching < precision else { return nil }
            let lowest = 1 - min(largest / 100, 1)
            return """
                The percentage of pixels that match \(matching) is less than required \(precision)
                The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
                """
        }
        var differing = 0
        for index in bytes where reference[index] != actual[index] { differing += 1 }
        let threshold = Int((1 - precision) * Float(bytes.count))
        guard differing > threshold else { return nil }
        let actualPrecision = 1 - Float(differing) / Float(bytes.count)
        return "Actual image precision \(actualPrecision) is less than required \(precision)"
    }

    /// The difference as a gray picture: each pixel the largest difference of its four
    /// components, stretched so that the largest difference is white (swift-snapshot-testing's
    /// normalized difference).
    func differencePicture(scale: CGFloat) -> UIImage? {
        var levels = [Int](repeating: 0, count: width * height)
        var largest = 0
        for pixel in 0..<(width * height) {
            var difference = 0
            for channel in 0..<4 {
                difference = max(
                    difference, abs(Int(reference[pixel * 4 + channel]) - Int(actual[pixel * 4 + channel])))
            }
            levels[pixel] = difference
            largest = max(largest, difference)
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            let level = UInt8(largest == 0 ? 0 : levels[pixel] * 255 / largest)
            (rgba[pixel * 4], rgba[pixel * 4 + 1], rgba[pixel * 4 + 2]) = (level, level, level)
        }
        return CGImage(width: width, height: height, rgbaPixels: rgba).map {
            UIImage(cgImage: $0, scale: scale, orientation: .up)
        }
    }

    private static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        var bytes = straight
        for index in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = Int(bytes[index + 3])
            guard alpha < 255 else { continue }
            for channel in 0..<3 { bytes[index + channel] = UInt8((Int(bytes[index + channel]) * alpha + 127) / 255) }
        }
        return bytes
    }

    /// CIE94 ΔE (graphic arts weights) between the colours at `offset` of two premultiplied
    /// RGBA buffers, read as sRGB.
    static func deltaE94(_ first: [UInt8], _ second: [UInt8], at offset: Int) -> Float {
        let a = lab(first, at: offset)
        let b = lab(second, at: offset)
        let deltaL = a.l - b.l
        let chromaA = (a.a * a.a + a.b * a.b).squareRoot()
        let chromaB = (b.a * b.a + b.b * b.b).squareRoot()
        let deltaC = chromaA - chromaB
        let deltaA = a.a - b.a
        let deltaB = a.b - b.b
        let deltaH = max(deltaA * deltaA + deltaB * deltaB - deltaC * deltaC, 0).squareRoot()
        let sC = 1 + 0.045 * chromaA
        let sH = 1 + 0.015 * chromaA
        let terms = deltaL * deltaL + (deltaC / sC) * (deltaC / sC) + (deltaH / sH) * (deltaH / sH)
        return Float(terms.squareRoot())
    }

    /// CIE L*a*b* (D65) of the sRGB colour at `offset`.
    private static func lab(_ bytes: [UInt8], at offset: Int) -> (l: Double, a: Double, b: Double) {
        func linear(_ byte: UInt8) -> Double {
            let value = Double(byte) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(bytes[offset]), linear(bytes[offset + 1]), linear(bytes[offset + 2]))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}

/// Why two pictures could not be compared.
struct ComparisonFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
