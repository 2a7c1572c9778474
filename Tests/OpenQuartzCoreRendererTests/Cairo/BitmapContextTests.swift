import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

private func rgbaContext(width: Int = 200, height: Int = 100) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

@Suite("Bitmap contexts drawn by the renderer", .serialized)
struct BitmapContextTests {
    @Test func theOriginIsAtTheBottomLeftAndYGoesUp() throws {
        let context = rgbaContext()
        context.setFillColor(red)
        context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
        let image = try #require(context.makeImage())
        #expect(image.width == 200 && image.height == 100)
        #expect(image.pixel(x: 10, y: 90) == redPixel, "the image's bottom-left corner")
        #expect(image.pixel(x: 10, y: 10) == [0, 0, 0, 0], "transparent where nothing is drawn")
    }

    @Test func pixelsLandInTheCallersBufferInItsLayout() throws {
        var buffer = [UInt8](repeating: 0, count: 4 * 4 * 4)
        buffer.withUnsafeMutableBytes { bytes in
            let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
            let context = CGContext(
                data: bytes.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
            context.flush()
        }
        // BGRA, premultiplied: half-transparent red is (0, 0, 128, 128); the bottom two rows.
        expectClose(Double(buffer[3 * 16 + 2]), 128, within: 1)
        expectClose(Double(buffer[3 * 16 + 3]), 128, within: 1)
        #expect(buffer[3 * 16] == 0 && buffer[3 * 16 + 1] == 0)
        #expect(buffer[0..<16].allSatisfy { $0 == 0 }, "the top row untouched")
    }

    @Test func drawingAfterAnImageAddsToThePixelsOnce() throws {
        let context = rgbaContext(width: 10, height: 10)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let first = try #require(context.makeImage())
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        let second = try #require(context.makeImage())
        expectClose(Double(first.pixel(x: 2, y: 5)[3]), 128, within: 1)
        expectClose(Double(second.pixel(x: 2, y: 5)[3]), 191, within: 1, "two halves: 1 − ½ · ½")
        expectClose(Double(second.pixel(x: 7, y: 5)[3]), 128, within: 1, "the first fill drawn once")
        expectClose(Double(first.pixel(x: 2, y: 5)[3]), 128, within: 1, "an image is a copy")
    }

    @Test func anImageIsUprightInTheBitmapsYUpSpace() throws {
        let context = rgbaContext(width: 16, height: 16)
        context.draw(quadrantImage(side: 16), in: CGRect(x: 0, y: 0, width: 16, height: 16))
        let image = try #require(context.makeImage())
        #expect(image.pixel(x: 2, y: 2) == redPixel, "red top left, as the image shows")
        #expect(image.pixel(x: 13, y: 13) == yellowPixel)
    }

    @Test func aLayerRenderedIntoABitmapIsUpsideDownUnlessTheContextIsFlipped() throws {
        try withManualClock { _ in
            CATransaction.setDisableActions(true)
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.backgroundColor = blue
            box(CGRect(x: 0, y: 0, width: 20, height: 5), red, in: layer)  // a red band at the top
            CATransaction.flush()
            let plain = rgbaContext(width: 20, height: 20)
            layer.render(in: plain)
            let upsideDown = try #require(plain.makeImage())
            #expect(upsideDown.pixel(x: 10, y: 18) == redPixel, "Core Graphics' y-up space, as on iOS")

            let flipped = rgbaContext(width: 20, height: 20)
            flipped.translateBy(x: 0, y: 20)
            flipped.scaleBy(x: 1, y: -1)
            layer.render(in: flipped)
            let upright = try #require(flipped.makeImage())
            #expect(upright.pixel(x: 10, y: 2) == redPixel)
            #expect(upright.pixel(x: 10, y: 18) == bluePixel)
        }
    }

    @Test func grayContextsAndUnsupportedFormats() throws {
        let gray = try #require(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        gray.setFillColor(gray: 1, alpha: 1)
        gray.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(try #require(gray.makeImage()).pixel(x: 1, y: 1) == whitePixel)
        #expect(gray.bitsPerPixel == 8 && gray.bytesPerRow == 4)

        let rgb = CGColorSpaceCreateDeviceRGB()
        let refused: [(Int, UInt32, CGColorSpace)] = [
            (16, CGImageAlphaInfo.premultipliedLast.rawValue, rgb),
            (8, CGImageAlphaInfo.last.rawValue, rgb),
            (8, CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue, rgb),
            (8, CGImageAlphaInfo.premultipliedLast.rawValue, CGColorSpaceCreateDeviceGray()),
        ]
        for (bits, info, space) in refused {
            #expect(
                CGContext(
                    data: nil, width: 4, height: 4, bitsPerComponent: bits, bytesPerRow: 0, space: space,
                    bitmapInfo: info) == nil)
        }
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil, "rows too short")
    }
}
