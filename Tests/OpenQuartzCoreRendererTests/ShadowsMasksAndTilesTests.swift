import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// A layer that draws with a closure.
private final class SketchLayer: CALayer {
    var sketch: (CGContext) -> Void = { _ in }

    override func draw(in ctx: CGContext) { sketch(ctx) }
}

/// A tiled layer that fills each tile it is asked for with a colour by its place, and counts
/// the tiles.
private final class CheckerTiledLayer: CATiledLayer {
    var tilesDrawn: [CGRect] = []

    override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        tilesDrawn.append(tile)
        let column = Int((tile.minX / 32).rounded(.down))
        let row = Int((tile.minY / 32).rounded(.down))
        ctx.setFillColor((row + column) % 2 == 0 ? red : blue)
        // Fills far beyond the tile: the clip keeps each fill to its own tile.
        ctx.fill(CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
    }
}

/// Renders, on a white 96 × 96 root, a layer covering it that draws `sketch`.
private func render(_ sketch: @escaping (CGContext) -> Void) -> CARenderer {
    let layer = root()
    let canvas = SketchLayer()
    canvas.frame = layer.bounds
    canvas.sketch = sketch
    layer.addSublayer(canvas)
    canvas.setNeedsDisplay()
    return render(layer)
}

/// A 4 × 4 mask image: opaque on its left half, transparent on its right.
private func leftHalfMask() -> CGImage {
    var pixels: [UInt8] = []
    for _ in 0..<4 {
        for x in 0..<4 { pixels += [0, 0, 0, x < 2 ? 255 : 0] }
    }
    return CGImage(width: 4, height: 4, rgbaPixels: pixels)!
}

@Suite("CARenderer: shadows, masks and tiles drawn in code", .serialized)
struct ShadowsMasksAndTilesTests {
    @Test func aShadowSetInTheContextFallsBehindWhatIsDrawnAtItsOffset() {
        withManualClock { _ in
            let frame = render { ctx in
                ctx.setShadow(offset: CGSize(width: 20, height: 20), blur: 0, color: black)
                ctx.setFillColor(red)
                ctx.fill(CGRect(x: 10, y: 10, width: 30, height: 30))
                ctx.setShadow(offset: .zero, blur: 0, color: nil)
                ctx.fill(CGRect(x: 60, y: 10, width: 10, height: 10))
            }
            let image = frame.image
            #expect(image.pixel(x: 25, y: 25) == redPixel, "the fill stays on top of its shadow")
            #expect(image.pixel(x: 45, y: 45) == blackPixel, "the shadow, 20 down and right, height down as in UIKit")
            #expect(image.pixel(x: 15, y: 45) == whitePixel, "nothing where neither is")
            #expect(image.pixel(x: 75, y: 25) == whitePixel, "a nil colour turns the shadow off")
            #expect(image.pixel(x: 65, y: 15) == redPixel)
        }
    }

    @Test func aBlurredShadowSpreadsAndFades() {
        withManualClock { _ in
            let frame = render { ctx in
                ctx.setShadow(offset: CGSize(width: 0, height: 40), blur: 8, color: black)
                ctx.setFillColor(red)
                ctx.fill(CGRect(x: 20, y: 8, width: 40, height: 30))
            }
            let image = frame.image
            // The shadow's box is 20…60 × 48…78; its edge, a Gaussian of σ = 4, is half dark.
            let centre = image.pixel(x: 40, y: 63)
            let edge = image.pixel(x: 20, y: 63)
            let outside = image.pixel(x: 10, y: 63)
            #expect(centre[0] < 10, "dark in the middle: \(centre)")
            expectClose(Double(edge[0]), 127.5, within: 20, "half way across its edge")
            #expect(outside[0] > 245, "faded out 2.5 σ beyond the edge: \(outside)")
        }
    }

    @Test func defaultShadowIsAThirdBlack() {
        withManualClock { _ in
            let frame = render { ctx in
                ctx.setShadow(offset: CGSize(width: 30, height: 0), blur: 0)
                ctx.setFillColor(red)
                ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
            }
            // White under black at a third: 255 × 2/3 = 170.
            expectClose(Double(frame.image.pixel(x: 45, y: 20)[0]), 170, within: 2)
        }
    }

    @Test func clipToAMaskShowsDrawingWhereTheMaskIsOpaque() {
        withManualClock { _ in
            let frame = render { ctx in
                ctx.saveGState()
                ctx.clip(to: CGRect(x: 16, y: 16, width: 64, height: 64), mask: leftHalfMask())
                ctx.setFillColor(blue)
                ctx.fill(CGRect(x: 0, y: 0, width: 96, height: 96))
                ctx.restoreGState()
                ctx.setFillColor(red)
                ctx.fill(CGRect(x: 0, y: 88, width: 96, height: 8))
            }
            let image = frame.image
            #expect(image.pixel(x: 30, y: 48) == bluePixel, "the mask's opaque half shows the fill")
            #expect(image.pixel(x: 70, y: 48) == whitePixel, "its transparent half does not")
            #expect(image.pixel(x: 8, y: 48) == whitePixel, "nothing shows outside the mask's rectangle")
            #expect(image.pixel(x: 70, y: 92) == redPixel, "restoring the state lifts the mask")
        }
    }

    @Test func anOpaqueMaskClipsByItsGreyLevel() {
        withManualClock { _ in
            // White on the left, black on the right, fully opaque: a grayscale mask.
            var pixels: [UInt8] = []
            for _ in 0..<2 {
                pixels += [255, 255, 255, 255, 0, 0, 0, 255]
            }
            let mask = CGImage(width: 2, height: 2, rgbaPixels: pixels)!
            let frame = render { ctx in
                ctx.clip(to: CGRect(x: 0, y: 0, width: 96, height: 96), mask: mask)
                ctx.setFillColor(blue)
                ctx.fill(CGRect(x: 0, y: 0, width: 96, height: 96))
            }
            #expect(frame.image.pixel(x: 10, y: 48) == bluePixel, "white shows")
            #expect(frame.image.pixel(x: 86, y: 48) == whitePixel, "black hides")
        }
    }

    @Test func aTiledLayerDrawsEachTileClippedToIt() {
        withManualClock { _ in
            let layer = root()
            let tiled = CheckerTiledLayer()
            tiled.frame = CGRect(x: 0, y: 0, width: 80, height: 70)
            tiled.tileSize = CGSize(width: 64, height: 64)
            tiled.contentsScale = 2  // 64 pixels: 32-point tiles
            layer.addSublayer(tiled)
            tiled.setNeedsDisplay()
            let frame = render(layer)
            #expect(tiled.tilesDrawn.count == 9, "3 × 3 tiles of 32 points cover 80 × 70")
            #expect(tiled.tilesDrawn.first == CGRect(x: 0, y: 0, width: 32, height: 32))
            #expect(tiled.tilesDrawn[2] == CGRect(x: 64, y: 0, width: 16, height: 32), "cut at the right edge")
            #expect(tiled.tilesDrawn.last == CGRect(x: 64, y: 64, width: 16, height: 6), "and at the bottom")
            let image = frame.image
            #expect(image.pixel(x: 16, y: 16) == redPixel)
            #expect(image.pixel(x: 48, y: 16) == bluePixel, "each tile filled by its own call")
            #expect(image.pixel(x: 48, y: 48) == redPixel)
            #expect(image.pixel(x: 90, y: 16) == whitePixel, "nothing beyond the bounds")
        }
    }
}

@Suite("CARenderer: the gaussianBlur filter", .serialized)
struct BlurFilterTests {
    @Test func aGaussianBlurFilterSoftensTheLayerAndItsSublayers() {
        withManualClock { _ in
            let layer = root()
            let blurred = box(CGRect(x: 28, y: 28, width: 40, height: 40), red, in: layer)
            box(CGRect(x: 10, y: 10, width: 20, height: 20), blue, in: blurred)
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(3.0, forKey: "inputRadius")
            blurred.filters = [blur]
            let image = render(layer).image
            #expect(image.pixel(x: 48, y: 48) == bluePixel, "the middle of the sublayer stays itself")
            // The red square's left edge at x = 28 is half red, half white across a σ of 3.
            let edge = image.pixel(x: 28, y: 60)
            #expect(edge[0] > 245 && abs(edge[1] - 128) < 20, "half way: \(edge)")
            #expect(image.pixel(x: 18, y: 60) == whitePixel, "nothing beyond 3σ")

            blur.isEnabled = false
            blurred.filters = [blur]
            let sharp = render(layer).image
            #expect(sharp.pixel(x: 28, y: 60) == redPixel, "a disabled filter draws the layer as it is")
        }
    }

    @Test func theBlurScalesWithTheLayer() {
        withManualClock { _ in
            let layer = root()
            let blurred = box(CGRect(x: 28, y: 28, width: 40, height: 40), red, in: layer)
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(2.0, forKey: "inputRadius")
            blurred.filters = [blur]
            let image = render(layer, scale: 2).image
            // σ = 2 points = 4 pixels: 8 pixels out from the edge at x = 56 the red is nearly gone.
            let near = image.pixel(x: 52, y: 96)
            let far = image.pixel(x: 44, y: 96)
            #expect(near[1] > 150 && near[1] < 245, "inside the blur: \(near)")
            #expect(far[1] > 250, "2σ out, almost white: \(far)")
        }
    }
}

@Suite("CARenderer: CALayer.render(in:)", .serialized)
struct RenderInContextTests {
    @Test func renderInDrawsTheModelOrThePresentedTreeInTheLayersOwnSpace() throws {
        try withManualClock { clock in
            // A tree somewhere else on screen, moved and turned: render(in:) ignores that.
            let tree = CALayer()
            tree.frame = CGRect(x: 500, y: 500, width: 40, height: 40)
            tree.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            tree.backgroundColor = red
            box(CGRect(x: 20, y: 20, width: 20, height: 20), blue, in: tree)
            CATransaction.flush()
            CATransaction.setDisableActions(false)
            tree.backgroundColor = green  // an implicit 0.25 s animation from red
            CATransaction.flush()
            clock.advance(by: 0.01)

            let layer = root()
            let canvas = SketchLayer()
            canvas.frame = layer.bounds
            layer.addSublayer(canvas)
            let presented = try #require(tree.presentation())
            canvas.sketch = { ctx in
                tree.render(in: ctx)
                ctx.translateBy(x: 50, y: 0)
                presented.render(in: ctx)
            }
            canvas.setNeedsDisplay()
            let image = render(layer).image
            #expect(image.pixel(x: 10, y: 10) == greenPixel, "the model: green already")
            #expect(image.pixel(x: 30, y: 30) == bluePixel, "with its sublayers, at their places")
            #expect(image.pixel(x: 45, y: 10) == whitePixel, "nothing beyond its bounds")
            let shown = image.pixel(x: 60, y: 10)
            #expect(shown[0] > 200 && shown[1] < 60, "the presentation: still nearly red, \(shown)")
        }
    }
}
