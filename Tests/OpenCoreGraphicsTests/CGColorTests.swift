import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@Suite struct CGColorTests {
    @Test func rgbColorHasFourComponents() throws {
        let color = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        let components = try #require(color.components)
        #expect(color.numberOfComponents == 4)
        #expect(components.count == 4)
        for (actual, expected) in zip(components, [1, 0.5, 0.25, 0.75]) {
            expectClose(Double(actual), expected, within: 1e-12)
        }
        expectClose(color.alpha, 0.75, within: 1e-12)
    }

    @Test func grayColorHasTwoComponentsAndExpandsToRGBA() throws {
        let color = CGColor(gray: 0.25, alpha: 0.5)
        #expect(color.numberOfComponents == 2)
        #expect(try #require(color.components) == [0.25, 0.5])
        let rgba = color.rgba
        expectClose(rgba.red, 0.25, within: 1e-12)
        expectClose(rgba.green, 0.25, within: 1e-12)
        expectClose(rgba.blue, 0.25, within: 1e-12)
        expectClose(rgba.alpha, 0.5, within: 1e-12)
    }

    @Test func srgbAndGenericRGBInitializersMakeEqualColors() {
        let generic = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let srgb = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        #expect(generic == srgb)
        #expect(generic.hashValue == srgb.hashValue)
        let rgba = srgb.rgba
        expectClose(rgba.red, 0.1, within: 1e-12)
        expectClose(rgba.green, 0.2, within: 1e-12)
        expectClose(rgba.blue, 0.3, within: 1e-12)
    }

    @Test func equalityComparesKindAndComponents() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // Different colour spaces are different colours, as with CGColorEqualToColor.
        #expect(CGColor(gray: 0, alpha: 1) != CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CGColor.black == CGColor(gray: 0, alpha: 1))
    }

    @Test func copyWithAlphaKeepsTheColor() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let faded = try #require(red.copy(alpha: 0.25))
        #expect(try #require(faded.components) == [1, 0, 0, 0.25])
        #expect(red.alpha == 1)
        let gray = try #require(CGColor.white.copy(alpha: 0))
        #expect(gray.numberOfComponents == 2)
        #expect(try #require(gray.components) == [1, 0])
        #expect(try #require(red.copy()) == red)
    }

    @Test func constantsMatchApplesGrayColors() throws {
        #expect(try #require(CGColor.black.components) == [0, 1])
        #expect(try #require(CGColor.white.components) == [1, 1])
        #expect(try #require(CGColor.clear.components) == [0, 0])
        expectClose(CGColor.clear.alpha, 0, within: 0)
    }

    @Test func componentsAreNotClamped() throws {
        let bright = CGColor(red: 1.25, green: -0.5, blue: 0, alpha: 1)
        #expect(try #require(bright.components) == [1.25, -0.5, 0, 1])
    }

    @Test func descriptionListsComponents() {
        let description = CGColor(red: 1, green: 0, blue: 0.5, alpha: 1).description
        #expect(description.hasPrefix("<CGColor 0x"))
        #expect(description.hasSuffix("[ (kCGColorSpaceSRGB)] ( 1 0 0.5 1 )"))
        #expect(CGColor.black.description.hasSuffix("[ (kCGColorSpaceGenericGray)] ( 0 1 )"))
    }
}
