import Foundation
import OpenCoreGraphics
import Testing

@Suite struct CGImageTests {
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
