import Foundation
import OpenCoreGraphics
import Testing

@Suite struct CGImageTests {
    @Test func anImagesDataProviderGivesItsPixelsFromTheTopRow() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 128]
        let image = try #require(CGImage(width: 1, height: 2, rgbaPixels: pixels))
        let data = try #require(image.dataProvider?.data)
        #expect([UInt8](data as Data) == pixels)
        #expect(image.alphaInfo == .last)
    }

    @Test func coreFoundationTypeIDsTellTheCoreGraphicsTypesApart() {
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let values: [AnyObject] = [color, CGMutablePath(), CGPath(rect: .zero, transform: nil), NSNumber(value: 1)]
        #expect(CFGetTypeID(values[0] as CFTypeRef) == CGColor.typeID)
        #expect(CFGetTypeID(values[1]) == CGPath.typeID && CFGetTypeID(values[2]) == CGPath.typeID)
        #expect(CFGetTypeID(values[3]) != CGColor.typeID && CFGetTypeID(values[3]) == CFGetTypeID(NSNumber(value: 2)))
        let ids: Set<CFTypeID> = [
            CGColor.typeID, CGPath.typeID, CGImage.typeID, CGGradient.typeID, CGColorSpace.typeID, CGContext.typeID,
        ]
        #expect(ids.count == 6 && CFGetTypeID(nil) == 0)
    }

    @Test func imageReportsItsGeometry() throws {
        let image = try #require(CGImage(width: 3, height: 2, rgbaPixels: Array(repeating: 7, count: 24)))
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image.bitsPerComponent == 8)
        #expect(image.bitsPerPixel == 32)
        #expect(image.bytesPerRow == 12)
        #expect(image.rgbaPixels.count == 24)
    }

    @Test func wrongPixelCountIsRejected() {
        #expect(CGImage(width: 2, height: 2, rgbaPixels: Array(repeating: 0, count: 15)) == nil)
        #expect(CGImage(width: 2, height: 2, rgbaPixels: Array(repeating: 0, count: 17)) == nil)
        #expect(CGImage(width: 0, height: 2, rgbaPixels: []) == nil)
        #expect(CGImage(width: -1, height: -1, rgbaPixels: [0, 0, 0, 0]) == nil)
        #expect(CGImage(width: Int.max, height: 2, rgbaPixels: []) == nil)
    }

    @Test func pixelsAreKeptAsGiven() throws {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128]
        let image = try #require(CGImage(width: 2, height: 1, rgbaPixels: bytes))
        #expect(image.rgbaPixels == bytes)
    }

    @Test func equalityIsIdentity() throws {
        let first = try #require(CGImage(width: 1, height: 1, rgbaPixels: [1, 2, 3, 4]))
        let second = try #require(CGImage(width: 1, height: 1, rgbaPixels: [1, 2, 3, 4]))
        #expect(first == first)
        #expect(first != second)
    }

    @Test func descriptionShowsTheAddressLikeTheSeeds() throws {
        let image = try #require(CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 0]))
        let description = image.description
        #expect(description.hasPrefix("<CGImage 0x"))
        #expect(description.hasSuffix(">"))
        let hex = description.dropFirst("<CGImage 0x".count).dropLast()
        #expect(!hex.isEmpty && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
}
