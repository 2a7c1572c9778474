import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// What layers draw in code, turned into `contents` images that look the same.
@Suite struct DrawnContentsRasterizerTests {
    /// Draws a blue disc with a red bar and a green corner, with a bounds origin that is not
    /// zero, so that the image must be placed as the drawing was.
    private final class Painter: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let disc = layer.bounds.insetBy(dx: 6, dy: 6)
            ctx.setFillColor(blue)
            ctx.fillEllipse(in: disc)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: disc.minX, y: disc.midY - 3, width: disc.width, height: 6))
            ctx.setFillColor(green)
            ctx.fill(CGRect(x: layer.bounds.minX, y: layer.bounds.minY, width: 5, height: 5))
        }
    }

    @Test func drawingsBecomeContentsThatRenderTheSame() throws {
        let painter = Painter()
        try withManualClock { _ in
            let canvas = root(side: 64)
            let drawn = box(CGRect(x: 8, y: 4, width: 40, height: 48), nil, in: canvas)
            drawn.bounds.origin = CGPoint(x: -3, y: 5)
            drawn.delegate = painter
            drawn.contentsScale = 2
            drawn.contentsGravity = .center
            drawn.setNeedsDisplay()
            let plain = box(CGRect(x: 50, y: 50, width: 10, height: 10), red, in: canvas)
            let before = render(canvas, scale: 2).image.rgbaPixels
            let bluePixels = stride(from: 0, to: before.count, by: 4).filter {
                before[$0..<$0 + 4].elementsEqual([0, 0, 255, 255])
            }
            #expect(bluePixels.count > 1000, "the drawing shows before")

            let changed = DrawnContentsRasterizer.rasterizeDrawings(under: canvas, minimumScale: 1)
            #expect(changed == 1)
            let image = try #require(drawn.contents as? CGImage)
            #expect(image.width == 80 && image.height == 96)
            #expect(drawn.lastDrawing == nil)
            #expect(plain.contents == nil)
            // No delegate is asked again: the picture is the image now.
            drawn.delegate = nil
            let after = render(canvas, scale: 2).image.rgbaPixels
            let differing = zip(before, after).filter { abs(Int($0) - Int($1)) > 2 }.count
            #expect(differing == 0, "\(differing) channel values differ")
        }
    }
}
