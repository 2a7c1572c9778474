import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Y, Cb and Cr of a colour by BT.709's formula, limited range, unrounded: components 0…255.
private func bt709(_ red: Double, _ green: Double, _ blue: Double) -> (y: Double, cb: Double, cr: Double) {
    let (kr, kb) = (0.2126, 0.0722)
    let luma = (kr * red + (1 - kr - kb) * green + kb * blue) / 255
    return (
        16 + 219 * luma, 128 + 224 * (blue / 255 - luma) / (2 * (1 - kb)),
        128 + 224 * (red / 255 - luma) / (2 * (1 - kr))
    )
}

/// A premultiplied BGRA8 pixel as Cairo stores it: `0xAARRGGBB`.
private func pixel(_ red: UInt32, _ green: UInt32, _ blue: UInt32, alpha: UInt32 = 255) -> UInt32 {
    alpha << 24 | red << 16 | green << 8 | blue
}

/// `pixels` (`width` a row, top row first) converted to planar 4:2:0, with rows
/// `paddedRow` pixels apart in memory when given.
private func convert(
    _ pixels: [UInt32], width: Int, paddedRow: Int? = nil, widestBlocks: Int = 8
) -> CAYCbCr420Planes {
    let height = pixels.count / width
    let stride = paddedRow ?? width
    var memory = [UInt32](repeating: 0xDEAD_BEEF, count: stride * height)
    for y in 0..<height {
        for x in 0..<width { memory[y * stride + x] = pixels[y * width + x] }
    }
    let count = YCbCrConversion.byteCount(width: width, height: height)
    let bytes = memory.withUnsafeBytes { source in
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            YCbCrConversion.convert(
                premultipliedBGRA: source.baseAddress!, bytesPerRow: stride * 4, width: width, height: height,
                into: buffer.baseAddress!, widestBlocks: widestBlocks)
            initialized = count
        }
    }
    return CAYCbCr420Planes(width: width, height: height, bytes: bytes)
}

/// Y, Cb and Cr of a picture that is one colour all over.
private func convert(_ colour: UInt32) -> (y: Int, cb: Int, cr: Int) {
    let planes = convert([UInt32](repeating: colour, count: 4), width: 2)
    #expect(Set(planes.y).count == 1, "one luma for one colour")
    return (Int(planes.y.first!), Int(planes.cb.first!), Int(planes.cr.first!))
}

/// Expects `actual` within `tolerance` code values of the unrounded `expected`.
private func expectNear(
    _ actual: (y: Int, cb: Int, cr: Int), _ expected: (y: Double, cb: Double, cr: Double), within tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(Double(actual.y), expected.y, within: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(Double(actual.cb), expected.cb, within: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(Double(actual.cr), expected.cr, within: tolerance, comment, sourceLocation: sourceLocation)
}

/// The times ``renderSlidingSquare(in:)`` renders.
private let slideTimes = (0..<6).map { Double($0) / 5 }

/// A 9 × 7 scene: a white band over the top 5 rows with a 4-point red square sliding from
/// the left edge to the right one in a second, and below the band nothing but a
/// half-transparent blue square in the bottom right corner. Rendered at ``slideTimes`` in
/// `formats`, two frames at a time.
private func renderSlidingSquare(in formats: CAFrameRenderer.PixelFormats) throws -> [CARenderedFrame] {
    try withManualClock { clock in
        CATransaction.setDisableActions(true)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 9, height: 7)
        box(CGRect(x: 0, y: 0, width: 9, height: 5), white, in: layer)
        let square = box(CGRect(x: 5, y: 0, width: 4, height: 4), red, in: layer)
        box(CGRect(x: 7, y: 5, width: 2, height: 2), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), in: layer)
        CATransaction.flush()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 2
        slide.toValue = 7
        slide.duration = 1
        square.add(slide, forKey: "slide")
        CATransaction.flush()
        let frames = CAFrameRenderer(width: 9, height: 7)
        frames.threads = 2
        frames.pixelFormats = formats
        var delivered: [CARenderedFrame] = []
        try frames.render(layer, atTimes: slideTimes) {
            clock.advance(to: $0)
        } deliver: {
            delivered.append($0)
        }
        return delivered
    }
}

@Suite("Y′CbCr 4:2:0 frames: BT.709, limited range")
struct YCbCrFrameTests {
    // MARK: Conversion

    @Test func blackAndWhiteAreTheEndsOfTheLimitedRange() {
        #expect(convert(pixel(0, 0, 0)) == (16, 128, 128))
        #expect(convert(pixel(255, 255, 255)) == (235, 128, 128))
    }

    @Test(arguments: [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255)])
    func primariesAndSecondariesFollowTheBT709Formula(colour: (Int, Int, Int)) {
        let (red, green, blue) = colour
        let converted = convert(pixel(UInt32(red), UInt32(green), UInt32(blue)))
        expectNear(converted, bt709(Double(red), Double(green), Double(blue)), within: 1, "\(colour)")
    }

    @Test func pureRedGreenAndBlueHaveTheirRoundedCodeValues() {
        // 16 + 219 Kr = 62.56; 128 − 112 Kr / (1 − Kb) = 102.34; 128 + 112 = 240, and so on.
        #expect(convert(pixel(255, 0, 0)) == (63, 102, 240))
        #expect(convert(pixel(0, 255, 0)) == (173, 42, 26))
        #expect(convert(pixel(0, 0, 255)) == (32, 240, 118))
    }

    @Test func everyGreyHasNeutralChromaAndLumaRisesWithIt() {
        let greys = (0..<256).map { UInt32($0) }.map { pixel($0, $0, $0) }
        let planes = convert(greys.flatMap { [$0, $0] } + greys.flatMap { [$0, $0] }, width: 512)
        #expect(planes.cb.allSatisfy { $0 == 128 } && planes.cr.allSatisfy { $0 == 128 })
        let lumas = stride(from: 0, to: 512, by: 2).map { Int(planes.y[$0]) }
        #expect(zip(lumas, lumas.dropFirst()).allSatisfy { $0 <= $1 })
        for (grey, luma) in lumas.enumerated() {
            expectClose(Double(luma), 16 + 219 * Double(grey) / 255, within: 0.5 + 1e-3, "grey \(grey)")
        }
    }

    /// Fixed point rounds to the nearest code value: off by at most half a code value, bar the
    /// coefficients' own rounding, a thousandth.
    @Test func valuesAreRoundedToNearest() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let colours = (0..<4096).map { _ -> UInt32 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 40) | 0xFF00_0000
        }
        // Each colour fills a 2 × 2 block, so that its chroma is its own.
        let width = 128
        var pixels = [UInt32](repeating: 0, count: colours.count * 4)
        for (index, colour) in colours.enumerated() {
            let (blockX, blockY) = (index % (width / 2), index / (width / 2))
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                pixels[(2 * blockY + dy) * width + 2 * blockX + dx] = colour
            }
        }
        let planes = convert(pixels, width: width)
        let (y, cb, cr) = (Array(planes.y), Array(planes.cb), Array(planes.cr))
        for (index, colour) in colours.enumerated() {
            let (blockX, blockY) = (index % (width / 2), index / (width / 2))
            let exact = bt709(Double(colour >> 16 & 0xFF), Double(colour >> 8 & 0xFF), Double(colour & 0xFF))
            let converted = (
                y: Int(y[2 * blockY * width + 2 * blockX]), cb: Int(cb[index]), cr: Int(cr[index])
            )
            expectNear(converted, exact, within: 0.5 + 1e-3, "colour \(String(colour, radix: 16))")
        }
    }

    @Test func chromaIsTheMeanOfEachTwoByTwoBlock() {
        let (red, green, blue, white, black) = (
            pixel(255, 0, 0), pixel(0, 255, 0), pixel(0, 0, 255), pixel(255, 255, 255), pixel(0, 0, 0)
        )
        // Block 0: red, green, blue and white; block 1: a black and white checker.
        let planes = convert([red, green, white, black, blue, white, black, white], width: 4)
        #expect(Array(planes.y) == [63, 173, 235, 16, 32, 235, 16, 235], "luma stays per pixel")
        #expect(planes.chromaWidth == 2 && planes.chromaHeight == 1)
        #expect(planes.cb.first == 128 && planes.cr.first == 128, "the four colours' mean is grey")
        #expect(planes.cb.last == 128 && planes.cr.last == 128, "so is black and white's")
        // Red, green, red and white: a mean of (191.25, 127.5, 63.75).
        let warm = convert([red, green, red, white], width: 2)
        let warmMean = bt709(3 * 255 / 4, 2 * 255 / 4, 255 / 4)
        expectClose(Double(warm.cb.first!), warmMean.cb, within: 0.5 + 1e-3)
        expectClose(Double(warm.cr.first!), warmMean.cr, within: 0.5 + 1e-3)

    }

    @Test func oddSizesAverageTheEdgePixelsThereAre() {
        let (red, blue, white) = (pixel(255, 0, 0), pixel(0, 0, 255), pixel(255, 255, 255))
        // 3 × 3: chroma planes of 2 × 2, the right column's and bottom row's blocks two pixels,
        // the corner's one.
        let pixels = [
            white, white, red,
            white, white, blue,
            red, blue, white,
        ]
        let planes = convert(pixels, width: 3)
        #expect(planes.bytes.count == 9 + 4 + 4)
        #expect(planes.chromaWidth == 2 && planes.chromaHeight == 2)
        #expect(Array(planes.y) == [235, 235, 63, 235, 235, 32, 63, 32, 235])
        let redAndBlue = bt709(255 / 2, 0, 255 / 2)
        let expected: [(cb: Double, cr: Double)] = [
            (128, 128), (redAndBlue.cb, redAndBlue.cr), (redAndBlue.cb, redAndBlue.cr), (128, 128),
        ]
        for (index, (cb, cr)) in expected.enumerated() {
            expectClose(Double(planes.cb[planes.cb.startIndex + index]), cb, within: 0.5 + 1e-3, "Cb \(index)")
            expectClose(Double(planes.cr[planes.cr.startIndex + index]), cr, within: 0.5 + 1e-3, "Cr \(index)")
        }
        #expect(convert([red], width: 1).bytes == [63, 102, 240], "one pixel")
    }

    @Test func rowsAreReadAtTheirStride() {
        let colours = (0..<15).map { pixel(UInt32($0 * 17), 255 - UInt32($0 * 17), 128) }
        #expect(convert(colours, width: 5, paddedRow: 8).bytes == convert(colours, width: 5).bytes)
    }

    /// Rows long enough for the blocks of eight pixels (32 luma and 8 chroma blocks at a time), at
    /// odd sizes and a padded stride, give the bytes of one pixel at a time, and each value is
    /// BT.709's, rounded.
    @Test(arguments: [(1920, 4), (77, 5), (64, 3), (33, 2)])
    func blocksOfEightGiveTheBytesOfOneAtATime(width: Int, height: Int) {
        var seed: UInt64 = 5
        let colours = (0..<(width * height)).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let alpha = UInt32(truncatingIfNeeded: seed >> 56)
            let unit = { (shift: UInt64) in UInt32(truncatingIfNeeded: seed >> shift) % (alpha + 1) }
            return pixel(unit(8), unit(20), unit(32), alpha: alpha)
        }
        let wide = convert(colours, width: width, paddedRow: width + 3)
        #expect(wide.bytes == convert(colours, width: width, paddedRow: width + 3, widestBlocks: 1).bytes)
        for (index, colour) in colours.enumerated() {
            let (red, green, blue) = (Double(colour >> 16 & 0xFF), Double(colour >> 8 & 0xFF), Double(colour & 0xFF))
            let y = wide.y[wide.y.startIndex + index]
            expectClose(Double(y), bt709(red, green, blue).y, within: 0.5 + 1e-3, "Y \(index)")
        }
        let chromaWidth = (width + 1) / 2
        for row in 0..<((height + 1) / 2) {
            for column in 0..<chromaWidth {
                // An odd last row or column counts its pixels twice.
                let block = [2 * row, min(2 * row + 1, height - 1)].flatMap { y in
                    [2 * column, min(2 * column + 1, width - 1)].map { x in colours[y * width + x] }
                }
                let mean = [16, 8, 0].map { shift in block.reduce(0.0) { $0 + Double($1 >> UInt32(shift) & 0xFF) } / 4 }
                let expected = bt709(mean[0], mean[1], mean[2])
                let index = row * chromaWidth + column
                expectClose(Double(wide.cb[wide.cb.startIndex + index]), expected.cb, within: 0.5 + 1e-3, "Cb \(index)")
                expectClose(Double(wide.cr[wide.cr.startIndex + index]), expected.cr, within: 0.5 + 1e-3, "Cr \(index)")
            }
        }
    }

    @Test func halfTransparentPixelsAreTheirColourOverBlack() {
        // Red at half alpha, premultiplied, is dark red; transparent is black.
        #expect(convert(pixel(128, 0, 0, alpha: 128)) == convert(pixel(128, 0, 0)))
        #expect(convert(pixel(128, 0, 0, alpha: 128)) != convert(pixel(255, 0, 0)))
        #expect(convert(pixel(0, 0, 0, alpha: 0)) == (16, 128, 128))
        expectNear(convert(pixel(64, 64, 64, alpha: 128)), bt709(64, 64, 64), within: 0.5 + 1e-3)
    }

    // MARK: Frame renderer

    @Test func frameRendererDeliversPlanesInOrderConvertedFromTheDrawnPixels() throws {
        let both = try renderSlidingSquare(in: [.premultipliedBGRA, .yCbCr420])
        let planesOnly = try renderSlidingSquare(in: .yCbCr420)
        #expect(both.map(\.index) == Array(0..<6) && planesOnly.map(\.index) == Array(0..<6))
        #expect(planesOnly.map(\.time) == slideTimes)
        for (frame, planes) in zip(both, planesOnly.map(\.yCbCr420)) {
            #expect(planes.width == 9 && planes.height == 7)
            #expect(planes.bytes.count == 9 * 7 + 2 * 5 * 4)
            let drawn = frame.premultipliedBGRA.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
            #expect(planes.bytes == convert(drawn, width: 9).bytes, "frame \(frame.index) is its drawn pixels")
            #expect(frame.yCbCr420.bytes == planes.bytes, "with or without BGRA beside it")
        }
        // At 0 s the square covers the top left 4 × 4 pixels; at 1 s it has left them.
        let first = planesOnly[0].yCbCr420
        let last = planesOnly[5].yCbCr420
        #expect(first.y.first == 63 && first.cb.first == 102 && first.cr.first == 240)
        #expect(last.y.first == 235 && last.cb.first == 128 && last.cr.first == 128)
        // Half-transparent blue over nothing, in the bottom right corner's one-pixel block: the
        // blue over black.
        let corner = (Int(first.y.last!), Int(first.cb.last!), Int(first.cr.last!))
        let halfBlue = Double(try #require(both[0].premultipliedBGRA.suffix(4).first))
        expectNear(corner, bt709(0, 0, halfBlue), within: 0.5 + 1e-3)
        expectClose(halfBlue, 127.5, within: 1, "half the blue")
        expectClose(Double(try #require(both[0].premultipliedBGRA.last)), 127.5, within: 1, "half transparent")
    }

    @Test func aFrameWithoutBGRAPixelsTrapsWhenAskedForThem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let frames = try renderSlidingSquare(in: .yCbCr420)
            _ = frames[0].premultipliedBGRA
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("add .premultipliedBGRA"))
    }
}
