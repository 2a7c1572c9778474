import CPNG
import Foundation
import ImageTestSupport
import OpenImageIO
import QuartzTestSupport
import Testing

@testable import OpenCoreGraphics

/// Writing PNG behind ImageIO's `CGImageDestination` names, and images that remember the file
/// they were decoded from.
@Suite("Encoding images behind ImageIO's names")
struct ImageDestinationTests {
    /// A 3 × 2 straight RGBA image with transparent and half-transparent pixels.
    static let pixels: [UInt8] = [
        255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
        10, 20, 30, 255, 200, 100, 50, 1, 255, 255, 255, 255,
    ]

    @Test func pngDataDecodesToTheSamePixels() throws {
        let image = try #require(CGImage(width: 3, height: 2, rgbaPixels: Self.pixels))
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(data.length > 8)
        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        let decoded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.rgbaPixels == Self.pixels)
        // Finalizing twice writes nothing more.
        let length = data.length
        #expect(!CGImageDestinationFinalize(destination))
        #expect(data.length == length)
    }

    @Test func urlDestinationWritesAFile() throws {
        let folder = try ScratchSpace.makeFolder("dest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.png")
        let image = try #require(CGImage(width: 3, height: 2, rgbaPixels: Self.pixels))
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let decoded = try #require(
            CGImageSourceCreateWithURL(url, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        #expect(decoded.rgbaPixels == Self.pixels)
        // The decoded image remembers the file: its bytes, type and name.
        let source = try #require(decoded.encodedSource)
        #expect(source.data == (try Data(contentsOf: url)))
        #expect(source.typeIdentifier == "public.png")
        #expect(source.fileName == "out.png")
        #expect(image.encodedSource == nil)
    }

    @Test func unsupportedTypesAndEmptyDestinationsRefuse() throws {
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "public.jpeg", 1, nil) == nil)
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "public.png", 0, nil) == nil)
        #expect(CGImageDestinationCopyTypeIdentifiers() == ["public.png"])
        let destination = try #require(CGImageDestinationCreateWithData(NSMutableData(), "public.png", 1, nil))
        #expect(!CGImageDestinationFinalize(destination))
        let unwritable = URL(fileURLWithPath: "/nonexistent-folder-\(UUID().uuidString)/out.png")
        let image = try #require(CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 255]))
        let failing = try #require(CGImageDestinationCreateWithURL(unwritable, "public.png", 1, nil))
        CGImageDestinationAddImage(failing, image, nil)
        #expect(!CGImageDestinationFinalize(failing))
    }

    @Test func framesOfAnAnimationDoNotClaimTheFile() throws {
        let gif = TestEncoders.gif(
            width: 1, height: 1, palette: [0, 0, 0, 255, 255, 255],
            frames: [
                TestEncoders.GIFFrame(width: 1, height: 1, indices: [0]),
                TestEncoders.GIFFrame(width: 1, height: 1, indices: [1]),
            ])
        let source = try #require(CGImageSourceCreateWithData(gif, nil))
        #expect(CGImageSourceGetCount(source) == 2)
        let first = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(first.encodedSource == nil)
    }
}
