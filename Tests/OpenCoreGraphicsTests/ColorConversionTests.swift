import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

/// `CGColor.colorSpace` and `converted(to:intent:options:)` (issue 28).
@Suite struct ColorConversionTests {
    @Test func aColourKnowsItsSpace() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1).colorSpace?.model == .rgb)
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1).colorSpace?.name == CGColorSpace.sRGB)
        #expect(CGColor(gray: 0.5, alpha: 1).colorSpace?.model == .monochrome)
    }

    @Test func grayToRGBRepeatsTheLevelAndRGBToGrayKeepsTheLuminance() throws {
        let rgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let gray = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let expanded = CGColor(gray: 0.25, alpha: 0.5).converted(to: rgb, intent: .defaultIntent, options: nil)
        #expect(expanded?.components == [0.25, 0.25, 0.25, 0.5])
        // Neutral colours keep their level; white and black their ends.
        for level in [0.0, 0.18, 0.5, 1.0] {
            let neutral = CGColor(red: level, green: level, blue: level, alpha: 1)
            let converted = try #require(neutral.converted(to: gray, intent: .perceptual, options: nil))
            #expect(converted.numberOfComponents == 2)
            expectClose(Double(converted.components?[0] ?? .nan), level, within: 1e-12)
        }
        // Pure green: Y = 0.7152 in linear light, 0.8755 encoded.
        let green = try #require(
            CGColor(red: 0, green: 1, blue: 0, alpha: 0.3).converted(to: gray, intent: .defaultIntent, options: nil))
        expectClose(Double(green.components?[0] ?? .nan), 1.055 * pow(0.7152, 1 / 2.4) - 0.055, within: 1e-12)
        expectClose(Double(green.alpha), 0.3, within: 1e-12)
    }
}
