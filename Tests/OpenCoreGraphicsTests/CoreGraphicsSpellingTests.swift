import OpenCoreGraphics
import Testing

/// What iOS animation code spells with `import CoreGraphics` alone: the geometry types,
/// `CGColor(colorSpace:components:)` and the comparison functions (lottie-ios's layer code
/// uses each).
@Suite("Core Graphics spellings")
struct CoreGraphicsSpellingTests {
    @Test func geometryComesWithTheModule() {
        let point: CGPoint = CGPoint(x: 1, y: 2)
        let size: CGSize = CGSize(width: 3, height: 4)
        let rect = CGRect(origin: point, size: size)
        let scale: CGFloat = 2
        #expect(rect.maxX * scale == 8)
    }

    @Test func colorsFromAColorSpaceAndComponents() throws {
        let rgb = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0.25, 0.5, 0.75, 1]))
        #expect(rgb == CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        let gray = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 0.25]))
        #expect(gray == CGColor(gray: 0.5, alpha: 0.25))
        #expect(gray.numberOfComponents == 2)
    }

    @Test func comparisonsAsCoreGraphicsSpellsThem() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        #expect(CGRect(x: 10, y: 0, width: -10, height: 5).equalTo(CGRect(x: 0, y: 0, width: 10, height: 5)))
        #expect(!CGRect(x: 0, y: 0, width: 10, height: 5).equalTo(CGRect(x: 0, y: 0, width: 10, height: 6)))
    }

    @Test func transformsAndColoursAsSwiftImportsThem() {
        #expect(CGAffineTransform(1, 2, 3, 4, 5, 6) == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        let parts: CGAffineTransformComponents = CGAffineTransform(rotationAngle: 0.5).decomposed()
        #expect(abs(parts.rotation - 0.5) < 1e-12)
        #expect(CGColor(genericGrayGamma2_2Gray: 0.5, alpha: 1) == CGColor(gray: 0.5, alpha: 1))
        let cmyk = CGColor(genericCMYKCyan: 1, magenta: 0, yellow: 0.5, black: 0.5, alpha: 0.8)
        #expect(cmyk == CGColor(red: 0, green: 0.5, blue: 0.25, alpha: 0.8), "(1 − ink) · (1 − black)")
    }
}
