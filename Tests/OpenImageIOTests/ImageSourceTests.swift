import CGIF
import CImageShims
import CPNG
import Foundation
import ImageTestSupport
import OpenImageIO
import QuartzTestSupport
import Testing

@testable import OpenCoreGraphics

/// The pixels of an image as `[r, g, b, a]` per pixel.
private func pixels(_ image: CGImage) -> [[UInt8]] {
    stride(from: 0, to: image.rgbaPixels.count, by: 4).map { Array(image.rgbaPixels[$0..<$0 + 4]) }
}

/// Opens `data` and decodes image `index`, or `nil` if either step refuses.
private func decode(_ data: Data, at index: Int = 0) -> CGImage? {
    guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
    return CGImageSourceCreateImageAtIndex(source, index, nil)
}

/// A 2 × 2 straight RGBA image with a half-transparent pixel, so premultiplying would show.
private let rgbaPixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 128]

@Suite("Decoding images behind ImageIO's names")
struct ImageSourceTests {
    @Test func pngDecodesToExactStraightRGBA() throws {
        let png = TestEncoders.png(width: 2, height: 2, format: oqc_png_format_rgba, pixels: rgbaPixels)
        let source = try #require(CGImageSourceCreateWithData(png as CFData, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        #expect(CGImageSourceGetCount(source) == 1)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 2 && image.height == 2)
        #expect(image.rgbaPixels == rgbaPixels)
        #expect(CGImageSourceCreateImageAtIndex(source, 1, nil) == nil)
    }

    @Test func interlacedPNGIsDeinterlaced() throws {
        // Made by hand (Adam7, 8-bit RGB): orange, with blue in the centre and red at (2, 2).
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/interlaced-3x3.png")
        let image = try #require(
            CGImageSourceCreateWithURL(fixture, nil).flatMap {
                CGImageSourceCreateImageAtIndex($0, 0, nil)
            })
        let (orange, blue, red): ([UInt8], [UInt8], [UInt8]) = (
            [255, 128, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255]
        )
        #expect(pixels(image) == [orange, orange, orange, orange, blue, orange, orange, orange, red])
    }

    @Test func sixteenBitPNGBecomesEightBit() throws {
        // libpng's linear 16-bit format: grey with premultiplied alpha (its convention for
        // linear data); the extremes map exactly.
        let samples: [UInt16] = [0, 65535, 65535, 65535, 0, 0]
        let bytes = samples.withUnsafeBytes { Array($0) }
        let png = TestEncoders.png(
            width: 3, height: 1, format: UInt32(PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_ALPHA), pixels: bytes)
        #expect(png[png.startIndex + 24] == 16, "the header says 16 bits")
        let decoded = try pixels(#require(decode(png)))
        #expect(decoded[0..<2] == [[0, 0, 0, 255], [255, 255, 255, 255]])
        // A fully transparent pixel's colour is libpng's choice; only its alpha is defined.
        #expect(decoded[2][3] == 0)
    }

    @Test func pngGreyAndPaletteBecomeRGBA() throws {
        let grey = TestEncoders.png(width: 2, height: 1, format: UInt32(PNG_FORMAT_GRAY), pixels: [0, 200])
        #expect(try pixels(#require(decode(grey))) == [[0, 0, 0, 255], [200, 200, 200, 255]])
        let palette: [UInt8] = [0, 0, 255, 255, 255, 255, 0, 64]
        let mapped = TestEncoders.png(
            width: 3, height: 1, format: oqc_png_format_rgba | UInt32(PNG_FORMAT_FLAG_COLORMAP),
            pixels: [1, 0, 1], palette: palette)
        #expect(try pixels(#require(decode(mapped))) == [[255, 255, 0, 64], [0, 0, 255, 255], [255, 255, 0, 64]])
    }

    @Test(arguments: [[200, 40, 40, 255], [40, 200, 40, 255], [30, 60, 220, 255]] as [[UInt8]])
    func jpegDecodesWithinTolerance(colour: [UInt8]) throws {
        // A flat colour: JPEG's smoothing of chroma across edges would blur a pattern.
        let rgba = Array(Array(repeating: colour, count: 24 * 16).joined())
        let jpeg = TestEncoders.jpeg(width: 24, height: 16, model: OQC_JPEG_RGBA, pixels: rgba)
        let source = try #require(CGImageSourceCreateWithData(jpeg, nil))
        #expect(CGImageSourceGetType(source) == "public.jpeg")
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 24 && image.height == 16)
        let worst = zip(image.rgbaPixels, rgba).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 4)
    }

    @Test func jpegGreyAndAdobeCMYKBecomeRGB() throws {
        let grey = TestEncoders.jpeg(width: 8, height: 8, model: OQC_JPEG_GREY, pixels: Array(repeating: 90, count: 64))
        for pixel in try pixels(#require(decode(grey))) {
            #expect(pixel[3] == 255 && pixel[0] == pixel[1] && pixel[1] == pixel[2] && abs(Int(pixel[0]) - 90) <= 2)
        }
        // Adobe's inverted CMYK: full cyan ink (0), no magenta, yellow or black ink (255).
        let cmyk = TestEncoders.jpeg(
            width: 8, height: 8, model: OQC_JPEG_ADOBE_CMYK,
            pixels: Array((0..<64).map { _ in [0, 255, 255, 255] }.joined()))
        for pixel in try pixels(#require(decode(cmyk))) {
            #expect(pixel[0] <= 4 && pixel[1] >= 251 && pixel[2] >= 251 && pixel[3] == 255)
        }
    }

    @Test func losslessWebPDecodesExactly() throws {
        let webP = TestEncoders.webPLossless(width: 2, height: 2, rgba: rgbaPixels)
        let source = try #require(CGImageSourceCreateWithData(webP, nil))
        #expect(CGImageSourceGetType(source) == "org.webmproject.webp")
        #expect(CGImageSourceGetCount(source) == 1)
        #expect(try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)).rgbaPixels == rgbaPixels)
    }

    @Test func lossyWebPDecodesWithinTolerance() throws {
        let colour: [UInt8] = [40, 160, 220, 255]
        let rgba = Array(Array(repeating: colour, count: 16 * 16).joined())
        let webP = TestEncoders.webPLossy(width: 16, height: 16, rgba: rgba)
        let image = try #require(decode(webP))
        let worst = zip(image.rgbaPixels, rgba).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 6)
    }

    /// Four frames on a 4 × 4 canvas: red everywhere (kept), blue top-left 2 × 2 (cleared
    /// afterwards), green bottom-right 2 × 2 with a transparent corner (restored afterwards),
    /// white at the bottom-left corner.
    static let animatedGIF = TestEncoders.gif(
        width: 4, height: 4, palette: [255, 0, 0, 0, 0, 255, 0, 255, 0, 255, 255, 255],
        frames: [
            .init(width: 4, height: 4, indices: Array(repeating: 0, count: 16), delayHundredths: 0),
            .init(width: 2, height: 2, indices: [1, 1, 1, 1], disposal: DISPOSE_BACKGROUND, delayHundredths: 25),
            .init(
                left: 2, top: 2, width: 2, height: 2, indices: [2, 2, 2, 3], disposal: DISPOSE_PREVIOUS,
                transparentIndex: 3),
            .init(left: 0, top: 3, width: 1, height: 1, indices: [3]),
        ])

    @Test func gifFramesAreComposedWithDisposalAndTransparency() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.animatedGIF, nil))
        #expect(CGImageSourceGetType(source) == "com.compuserve.gif")
        #expect(CGImageSourceGetCount(source) == 4)
        let (red, blue, green, white, clear): ([UInt8], [UInt8], [UInt8], [UInt8], [UInt8]) =
            ([255, 0, 0, 255], [0, 0, 255, 255], [0, 255, 0, 255], [255, 255, 255, 255], [0, 0, 0, 0])
        func canvas(_ changes: [Int: [UInt8]]) -> [[UInt8]] { (0..<16).map { changes[$0] ?? red } }
        let frames = try (0..<4).map { try pixels(#require(CGImageSourceCreateImageAtIndex(source, $0, nil))) }
        let clearedTopLeft: [Int: [UInt8]] = [0: clear, 1: clear, 4: clear, 5: clear]
        #expect(frames[0] == canvas([:]))
        #expect(frames[1] == canvas([0: blue, 1: blue, 4: blue, 5: blue]))
        #expect(frames[2] == canvas(clearedTopLeft.merging([10: green, 11: green, 14: green]) { $1 }))
        #expect(frames[3] == canvas(clearedTopLeft.merging([12: white]) { $1 }))
        #expect(CGImageSourceCreateImageAtIndex(source, 4, nil) == nil)
    }

    @Test func gifDelaysAreFrameProperties() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.animatedGIF, nil))
        func delays(_ index: Int) throws -> (Double, Double) {
            let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any])
            #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 4)
            let gif = try #require(properties[kCGImagePropertyGIFDictionary as String] as? [String: Any])
            return try (
                #require(gif[kCGImagePropertyGIFDelayTime as String] as? Double),
                #require(gif[kCGImagePropertyGIFUnclampedDelayTime as String] as? Double)
            )
        }
        let first = try delays(0)
        let second = try delays(1)
        #expect(abs(first.0 - 0.1) < 1e-9 && abs(first.1) < 1e-9)
        #expect(abs(second.0 - 0.25) < 1e-9 && abs(second.1 - 0.25) < 1e-9)
    }

    static let oneOfEachFormat: [(String, Data)] = [
        ("PNG", TestEncoders.png(width: 2, height: 2, format: oqc_png_format_rgba, pixels: rgbaPixels)),
        ("JPEG", TestEncoders.jpeg(width: 16, height: 16, model: OQC_JPEG_GREY, pixels: (0..<256).map { UInt8($0) })),
        ("WebP", TestEncoders.webPLossless(width: 2, height: 2, rgba: rgbaPixels)),
        ("GIF", animatedGIF),
    ]

    @Test(arguments: 0..<4) func truncatedFileDecodesToNil(format: Int) throws {
        let (name, data) = Self.oneOfEachFormat[format]
        #expect(decode(data) != nil, "\(name) decodes whole")
        // Cuts inside the pixel data; a PNG that loses only its end chunk still decodes, as
        // with libpng elsewhere, since every pixel is there.
        for length in [data.count / 3, data.count / 2, data.count * 3 / 4] {
            #expect(decode(data.prefix(length)) == nil, "\(name) cut to \(length) of \(data.count) bytes")
        }
    }

    @Test func randomBytesDecodeToNil() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for (_, data) in Self.oneOfEachFormat {
            let random = Data((0..<300).map { _ in next() })
            #expect(CGImageSourceCreateWithData(random, nil) == nil)
            // A real signature in front of noise gets past sniffing, not past decoding.
            #expect(decode(data.prefix(12) + random) == nil)
        }
        #expect(CGImageSourceCreateWithData(Data(), nil) == nil)
    }

    @Test func absurdDimensionsAreRefused() {
        let wideGIF = TestEncoders.gif(
            width: 20_000, height: 1, palette: [0, 0, 0, 255, 255, 255],
            frames: [.init(width: 1, height: 1, indices: [1])])
        #expect(!wideGIF.isEmpty && decode(wideGIF) == nil)
        let wideJPEG = TestEncoders.jpeg(
            width: 16_400, height: 1, model: OQC_JPEG_GREY, pixels: Array(repeating: 0, count: 16_400))
        #expect(!wideJPEG.isEmpty && decode(wideJPEG) == nil)
    }

    @Test func urlSourceSniffsBytesNotExtension() throws {
        let directory = try ScratchSpace.makeFolder("image-source")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("misnamed.gif")
        try TestEncoders.png(width: 2, height: 2, format: oqc_png_format_rgba, pixels: rgbaPixels).write(to: file)
        let source = try #require(CGImageSourceCreateWithURL(file as CFURL, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        #expect(CGImageSourceCreateWithURL(directory.appendingPathComponent("missing.png"), nil) == nil)
    }
}
