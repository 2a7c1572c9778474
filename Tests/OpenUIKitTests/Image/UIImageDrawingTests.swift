import OpenUIKit
import QuartzTestSupport
import Testing

/// A view that draws its image in `draw(_:)`, as real views do.
@MainActor
private final class ImageDrawingView: UIView {
    var image: UIImage?
    override func draw(_ rect: CGRect) {
        image?.draw(in: bounds)
    }
}

@MainActor
@Suite struct UIImageDrawingTests {
    /// 2 × 2 pixels: a red top row, a blue bottom one.
    private func redOverBlue() throws -> UIImage {
        let pixels: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]
        return UIImage(cgImage: try #require(CGImage(width: 2, height: 2, rgbaPixels: pixels)))
    }

    private func renderer(_ side: CGFloat) -> UIGraphicsImageRenderer {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format)
    }

    @Test func anImageIsDrawnUprightInARenderersContext() throws {
        let image = try redOverBlue()
        let drawn = try #require(
            renderer(10).image { _ in image.draw(in: CGRect(x: 0, y: 0, width: 10, height: 10)) }.cgImage)
        #expect(drawn.pixel(x: 5, y: 1) == [255, 0, 0, 255], "the top row is the image's first")
        #expect(drawn.pixel(x: 5, y: 8) == [0, 0, 255, 255])
        // At its size, from a point.
        let placed = try #require(renderer(10).image { _ in image.draw(at: CGPoint(x: 4, y: 6)) }.cgImage)
        #expect(placed.pixel(x: 4, y: 6) == [255, 0, 0, 255] && placed.pixel(x: 5, y: 7) == [0, 0, 255, 255])
        #expect(placed.pixel(x: 3, y: 6)[3] == 0 && placed.pixel(x: 6, y: 6)[3] == 0)
    }

    @Test func alphaAndBlendModeApplyToTheImageOnly() throws {
        let image = try redOverBlue()
        let drawn = try #require(
            renderer(4).image { context in
                UIColor.white.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4), blendMode: .normal, alpha: 0.5)
                // The context's alpha is back to 1 afterwards.
                UIColor.black.setFill()
                UIRectFill(CGRect(x: 0, y: 3, width: 1, height: 1))
            }.cgImage)
        let pink = drawn.pixel(x: 2, y: 0)
        #expect(pink[0] == 255 && abs(pink[1] - 128) <= 2 && abs(pink[2] - 128) <= 2)
        #expect(drawn.pixel(x: 0, y: 3) == [0, 0, 0, 255])
        let multiplied = try #require(
            renderer(4).image { context in
                UIColor(red: 0, green: 1, blue: 1, alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4), blendMode: .multiply, alpha: 1)
            }.cgImage)
        #expect(multiplied.pixel(x: 1, y: 0) == [0, 0, 0, 255], "red times cyan is black")
        #expect(multiplied.pixel(x: 1, y: 3) == [0, 0, 255, 255], "blue times cyan is blue")
    }

    @Test func aViewDrawsItsImageUprightToo() throws {
        let view = ImageDrawingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.image = try redOverBlue()
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        let picture = try #require(renderer(10).image { context in view.layer.render(in: context.cgContext) }.cgImage)
        #expect(picture.pixel(x: 5, y: 1) == [255, 0, 0, 255])
        #expect(picture.pixel(x: 5, y: 8) == [0, 0, 255, 255])
    }
}
