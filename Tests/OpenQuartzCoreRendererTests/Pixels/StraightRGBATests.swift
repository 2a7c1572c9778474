import OpenQuartzCoreRenderer
import Testing

/// `convertPremultipliedBGRAToStraightRGBA` against the rule pixel by pixel: blue and red
/// swapped, each colour channel divided by alpha with rounding to nearest (at most 255), clear
/// pixels all zero; over runs of clear and opaque pixels (taken eight at a time) and mixed
/// ones, at even and odd counts.
@Suite struct StraightRGBATests {
    static func expected(_ bgra: [UInt8]) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: bgra.count)
        for pixel in stride(from: 0, to: bgra.count, by: 4) {
            let alpha = UInt32(bgra[pixel + 3])
            guard alpha > 0 else { continue }
            func straight(_ value: UInt8) -> UInt8 { UInt8(min(255, (UInt32(value) * 255 + alpha / 2) / alpha)) }
            rgba[pixel] = straight(bgra[pixel + 2])
            rgba[pixel + 1] = straight(bgra[pixel + 1])
            rgba[pixel + 2] = straight(bgra[pixel])
            rgba[pixel + 3] = UInt8(alpha)
        }
        return rgba
    }

    @Test(arguments: [1, 2, 7, 64, 257])
    func everyPixelFollowsTheRule(pixels: Int) {
        var generator = SystemRandomNumberGenerator()
        var bgra: [UInt8] = []
        for index in 0..<pixels {
            // Runs of clear, opaque and translucent pixels, and single ones between them.
            let kind = (index / 3 + index % 2) % 3
            let alpha: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 1...254, using: &generator)
            let colour = { UInt8.random(in: 0...alpha, using: &generator) }
            bgra += [colour(), colour(), colour(), alpha]
        }
        var rgba = [UInt8](repeating: 0xAB, count: bgra.count)
        bgra.withUnsafeBytes { source in
            rgba.withUnsafeMutableBytes { target in
                convertPremultipliedBGRAToStraightRGBA(source.baseAddress!, into: target.baseAddress!, pixels: pixels)
            }
        }
        #expect(rgba == Self.expected(bgra))
    }

    /// Runs long enough for eight pixels at a time: opaque, clear and translucent runs of 16
    /// after one odd pixel, so that some blocks of eight straddle two runs.
    @Test(arguments: [0, 1, 5])
    func longRunsFollowTheRule(leading: Int) {
        var bgra: [UInt8] = []
        for _ in 0..<leading { bgra += [9, 8, 7, 128] }
        for run in 0..<6 {
            for index in 0..<16 {
                switch run % 3 {
                case 0: bgra += [UInt8(index), UInt8(2 * index), UInt8(3 * index), 255]
                case 1: bgra += [0, 0, 0, 0]
                default: bgra += [UInt8(index), 40, 0, 100]
                }
            }
        }
        let pixels = bgra.count / 4
        var rgba = [UInt8](repeating: 0xAB, count: bgra.count)
        bgra.withUnsafeBytes { source in
            rgba.withUnsafeMutableBytes { target in
                convertPremultipliedBGRAToStraightRGBA(source.baseAddress!, into: target.baseAddress!, pixels: pixels)
            }
        }
        #expect(rgba == Self.expected(bgra))
        #expect(Array(rgba[(leading * 4)..<(leading * 4 + 8)]) == [0, 0, 0, 255, 3, 2, 1, 255], "swapped")
    }

    @Test func opaqueAndClearPairsAreSwappedAndZeroed() {
        let bgra: [UInt8] = [10, 20, 30, 255, 40, 50, 60, 255, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 255]
        var rgba = [UInt8](repeating: 0xAB, count: bgra.count)
        bgra.withUnsafeBytes { source in
            rgba.withUnsafeMutableBytes { target in
                convertPremultipliedBGRAToStraightRGBA(source.baseAddress!, into: target.baseAddress!, pixels: 5)
            }
        }
        #expect(rgba == [30, 20, 10, 255, 60, 50, 40, 255, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 1, 255])
    }
}
