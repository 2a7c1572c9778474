import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A 24 × 24 image of a 3 × 3 grid of 8-pixel cells: red corners, green edges, a blue centre.
private func gridImage() -> CGImage {
    var pixels: [UInt8] = []
    for y in 0..<24 {
        for x in 0..<24 {
            let (column, row) = (x / 8, y / 8)
            let colour =
                column == 1 && row == 1 ? bluePixel : column == 1 || row == 1 ? greenPixel : redPixel
            pixels += colour.map(UInt8.init)
        }
    }
    return CGImage(width: 24, height: 24, rgbaPixels: pixels)!
}

/// A sublayer showing `image` in `frame` over a black background.
private func imageLayer(_ image: CGImage, frame: CGRect, in parent: CALayer) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = black
    layer.contents = image
    parent.addSublayer(layer)
    return layer
}

/// Where one gravity puts the 16 × 16 quadrant image in a 64 × 48 layer at (16, 24), in the
/// root's coordinates, and points of the layer it leaves to the black background.
struct GravityCase: Sendable, CustomTestStringConvertible {
    let gravity: CALayerContentsGravity
    let image: CGRect
    let uncovered: [CGPoint]

    var testDescription: String { gravity.rawValue }

    /// The layer spans x 16…80, y 24…72; the image is 16 × 16 points at its natural size.
    static let all: [GravityCase] = [
        GravityCase(.center, image: (40, 40, 16, 16), uncovered: [(20, 28), (76, 68)]),
        GravityCase(.top, image: (40, 24, 16, 16), uncovered: [(48, 60), (20, 30)]),
        GravityCase(.bottom, image: (40, 56, 16, 16), uncovered: [(48, 30), (20, 66)]),
        GravityCase(.left, image: (16, 40, 16, 16), uncovered: [(70, 48), (20, 28)]),
        GravityCase(.right, image: (64, 40, 16, 16), uncovered: [(20, 48), (70, 68)]),
        GravityCase(.topLeft, image: (16, 24, 16, 16), uncovered: [(70, 66), (20, 60)]),
        GravityCase(.topRight, image: (64, 24, 16, 16), uncovered: [(20, 30), (70, 60)]),
        GravityCase(.bottomLeft, image: (16, 56, 16, 16), uncovered: [(20, 30), (70, 66)]),
        GravityCase(.bottomRight, image: (64, 56, 16, 16), uncovered: [(20, 66), (70, 30)]),
        GravityCase(.resize, image: (16, 24, 64, 48), uncovered: []),
        // min(64 / 16, 48 / 16) = 3: 48 × 48, centred horizontally.
        GravityCase(.resizeAspect, image: (24, 24, 48, 48), uncovered: [(19, 48), (76, 48)]),
        // max(64 / 16, 48 / 16) = 4: 64 × 64, centred vertically, 8 points over each edge.
        GravityCase(.resizeAspectFill, image: (16, 16, 64, 64), uncovered: []),
    ]

    private init(
        _ gravity: CALayerContentsGravity, image: (CGFloat, CGFloat, CGFloat, CGFloat), uncovered: [(Int, Int)]
    ) {
        self.gravity = gravity
        self.image = CGRect(x: image.0, y: image.1, width: image.2, height: image.3)
        self.uncovered = uncovered.map { CGPoint(x: $0.0, y: $0.1) }
    }
}

/// A layer that draws with its own `draw(in:)`: a fill, a stroke, a translated ellipse between
/// a saved and restored state, and an image.
private final class SketchLayer: CALayer {
    let image = quadrantImage()

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 8, y: 8, width: 32, height: 32))
        ctx.setStrokeColor(blue)
        ctx.setLineWidth(4)
        ctx.stroke(CGRect(x: 48, y: 8, width: 32, height: 32))
        ctx.saveGState()
        ctx.translateBy(x: 8, y: 48)
        ctx.setFillColor(green)
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 32, height: 32))
        ctx.restoreGState()
        ctx.draw(image, in: CGRect(x: 48, y: 48, width: 32, height: 32))
    }
}

/// A delegate that draws a blue disc inset 8 points into the layer and a red bar clipped to
/// the disc's top half.
private final class DiscPainter: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let disc = layer.bounds.insetBy(dx: 8, dy: 8)
        ctx.setFillColor(blue)
        ctx.fillEllipse(in: disc)
        ctx.saveGState()
        ctx.addRect(CGRect(x: disc.minX, y: disc.minY, width: disc.width, height: disc.height / 2))
        ctx.clip()
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: disc.midY - 8, width: layer.bounds.width, height: 16))
        ctx.restoreGState()
        ctx.setFillColor(green)
        ctx.fill(CGRect(x: 0, y: disc.maxY - 4, width: 8, height: 8))
    }
}

/// A layer whose drawing spills out of its bounds: a red square over its top-left corner.
private final class SpillingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: -16, y: -16, width: 32, height: 32))
        ctx.setFillColor(blue)
        ctx.fill(CGRect(x: 24, y: 24, width: 8, height: 8))
    }
}

/// A layer that draws a red square with a blue square 8 points inside it.
private final class FramedLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(red)
        ctx.fill(bounds)
        ctx.setFillColor(blue)
        ctx.fill(bounds.insetBy(dx: 8, dy: 8))
    }
}

/// A layer that fills a square ring with the even-odd rule and strokes a line of width 0.
private final class RingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.addRect(CGRect(x: 0, y: 0, width: 32, height: 32))
        ctx.addRect(CGRect(x: 8, y: 8, width: 16, height: 16))
        ctx.setFillColor(red)
        ctx.fillPath(using: .evenOdd)
        ctx.setLineWidth(0)
        ctx.setStrokeColor(blue)
        ctx.stroke(CGRect(x: 40.5, y: 0.5, width: 20, height: 20))
    }
}

/// A layer whose `draw(in:)` draws nothing.
private final class BlankLayer: CALayer {
    override func draw(in ctx: CGContext) {}
}

@Suite("CARenderer: contents images and custom drawing", .serialized)
struct ContentsAndDrawingTests {
    // MARK: contents

    @Test(arguments: GravityCase.all)
    func gravityPlacesTheImage(_ expected: GravityCase) {
        withManualClock { _ in
            let layer = root()
            let shown = imageLayer(quadrantImage(), frame: CGRect(x: 16, y: 24, width: 64, height: 48), in: layer)
            shown.contentsGravity = expected.gravity
            let frame = render(layer)
            let rect = expected.image
            func probe(_ fx: CGFloat, _ fy: CGFloat) -> [Int] {
                frame.image.pixel(x: Int(rect.minX + fx * rect.width), y: Int(rect.minY + fy * rect.height))
            }
            #expect(probe(0.25, 0.25) == redPixel, "top-left quadrant")
            #expect(probe(0.75, 0.25) == greenPixel, "top-right quadrant")
            #expect(probe(0.25, 0.75) == bluePixel, "bottom-left quadrant")
            #expect(probe(0.75, 0.75) == yellowPixel, "bottom-right quadrant")
            for point in expected.uncovered {
                #expect(frame.image.pixel(x: Int(point.x), y: Int(point.y)) == blackPixel, "uncovered at \(point)")
            }
        }
    }

    @Test func allTwelveGravitiesSideBySide() throws {
        try withManualClock { _ in
            let layer = root()
            let image = quadrantImage()
            for (index, expected) in GravityCase.all.enumerated() {
                let cell = CGRect(x: 1 + CGFloat(index % 4) * 24, y: 2 + CGFloat(index / 4) * 32, width: 22, height: 28)
                let shown = imageLayer(image, frame: cell, in: layer)
                shown.contentsGravity = expected.gravity
                shown.contentsScale = 2
                shown.masksToBounds = true
            }
            let frame = render(layer)
            // The first cell, `center`: an 8 × 8 image centred in 22 × 28 at (1, 2), x 8…16, y 12…20.
            #expect(frame.image.pixel(x: 9, y: 13) == redPixel)
            #expect(frame.image.pixel(x: 15, y: 19) == yellowPixel)
            #expect(frame.image.pixel(x: 3, y: 4) == blackPixel)
            try Goldens.expectMatch(frame, named: "contents-gravities")
        }
    }

    @Test func resizeAspectFillOverflowsTheBoundsUnlessMasksToBounds() {
        withManualClock { _ in
            let layer = root()
            let spilling = imageLayer(quadrantImage(), frame: CGRect(x: 8, y: 24, width: 32, height: 48), in: layer)
            spilling.contentsGravity = .resizeAspectFill
            let clipped = imageLayer(quadrantImage(), frame: CGRect(x: 56, y: 24, width: 32, height: 48), in: layer)
            clipped.contentsGravity = .resizeAspectFill
            clipped.masksToBounds = true
            let frame = render(layer)
            // 48 × 48 centred on each 32 × 48 layer: 8 points over the left and right edges.
            #expect(frame.image.pixel(x: 2, y: 30) == redPixel, "spills over the left edge")
            #expect(frame.image.pixel(x: 44, y: 66) == yellowPixel, "spills over the right edge")
            #expect(frame.image.pixel(x: 50, y: 30) == whitePixel, "clipped on the left")
            #expect(frame.image.pixel(x: 92, y: 66) == whitePixel, "clipped on the right")
            #expect(frame.image.pixel(x: 58, y: 30) == redPixel)
        }
    }

    @Test func contentsRectShowsOneQuadrant() throws {
        try withManualClock { _ in
            let layer = root()
            let topRight = imageLayer(quadrantImage(), frame: CGRect(x: 8, y: 16, width: 36, height: 64), in: layer)
            topRight.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
            let bottomLeft = imageLayer(quadrantImage(), frame: CGRect(x: 52, y: 16, width: 36, height: 64), in: layer)
            bottomLeft.contentsRect = CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5)
            bottomLeft.contentsGravity = .center
            let frame = render(layer)
            // Half a source pixel from its edges the filter blends in the neighbouring quadrant.
            for (x, y) in [(12, 22), (26, 48), (40, 72)] {
                #expect(
                    frame.image.pixel(x: x, y: y) == greenPixel,
                    "the top-right quadrant fills the layer at (\(x), \(y))")
            }
            // The selected 8 × 8 pixels are the natural size: centred at (70, 48), x 66…74, y 44…52.
            #expect(frame.image.pixel(x: 67, y: 45) == bluePixel)
            #expect(frame.image.pixel(x: 73, y: 51) == bluePixel)
            #expect(frame.image.pixel(x: 64, y: 48) == blackPixel)
            #expect(frame.image.pixel(x: 75, y: 48) == blackPixel)
            try Goldens.expectMatch(frame, named: "contents-rect")
        }
    }

    @Test func contentsScaleTwoHalvesTheNaturalSize() throws {
        try withManualClock { _ in
            let layer = root()
            let single = imageLayer(quadrantImage(), frame: CGRect(x: 8, y: 24, width: 36, height: 48), in: layer)
            single.contentsGravity = .center
            let double = imageLayer(quadrantImage(), frame: CGRect(x: 52, y: 24, width: 36, height: 48), in: layer)
            double.contentsGravity = .center
            double.contentsScale = 2
            let frame = render(layer)
            // Scale 1: 16 × 16 centred at (26, 48), x 18…34.
            #expect(frame.image.pixel(x: 19, y: 41) == redPixel)
            #expect(frame.image.pixel(x: 33, y: 55) == yellowPixel)
            // Scale 2: 8 × 8 centred at (70, 48), x 66…74, y 44…52.
            #expect(frame.image.pixel(x: 66, y: 44) == redPixel)
            #expect(frame.image.pixel(x: 73, y: 44) == greenPixel)
            #expect(frame.image.pixel(x: 66, y: 51) == bluePixel)
            #expect(frame.image.pixel(x: 73, y: 51) == yellowPixel)
            #expect(frame.image.pixel(x: 65, y: 48) == blackPixel)
            #expect(frame.image.pixel(x: 74, y: 48) == blackPixel)
            #expect(frame.image.pixel(x: 70, y: 53) == blackPixel)
            try Goldens.expectMatch(frame, named: "contents-scale")
        }
    }

    @Test func contentsCenterStretchesTheMiddleAndKeepsTheCorners() throws {
        try withManualClock { _ in
            let layer = root()
            let panel = imageLayer(gridImage(), frame: CGRect(x: 8, y: 16, width: 80, height: 64), in: layer)
            panel.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
            let frame = render(layer)
            // The corners stay 8 × 8 points: x 8…16 and 80…88, y 16…24 and 72…80.
            for (x, y) in [(8, 16), (15, 23), (80, 16), (87, 23), (8, 72), (15, 79), (87, 79)] {
                #expect(frame.image.pixel(x: x, y: y) == redPixel, "corner at (\(x), \(y))")
            }
            // Beyond them the edges start: had the corners been stretched with the rest
            // (80 / 3 points wide), these would still be red.
            #expect(frame.image.pixel(x: 22, y: 20) == greenPixel, "top edge, stretched across")
            #expect(frame.image.pixel(x: 73, y: 76) == greenPixel, "bottom edge")
            #expect(frame.image.pixel(x: 12, y: 30) == greenPixel, "left edge, stretched down")
            #expect(frame.image.pixel(x: 84, y: 66) == greenPixel, "right edge")
            #expect(frame.image.pixel(x: 48, y: 48) == bluePixel, "the centre, stretched both ways")
            #expect(frame.image.pixel(x: 24, y: 32) == bluePixel)
            try Goldens.expectMatch(frame, named: "contents-center")
        }
    }

    @Test func contentsSitAboveTheBackgroundAndBelowSublayersAndBorder() {
        withManualClock { _ in
            let layer = root()
            let framed = imageLayer(quadrantImage(), frame: CGRect(x: 16, y: 16, width: 64, height: 64), in: layer)
            framed.borderWidth = 4
            framed.borderColor = black
            let child = CALayer()
            child.frame = CGRect(x: 24, y: 24, width: 16, height: 16)
            child.backgroundColor = white
            framed.addSublayer(child)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 30, y: 30) == redPixel, "over the black background")
            #expect(frame.image.pixel(x: 48, y: 48) == whitePixel, "under the sublayer")
            #expect(frame.image.pixel(x: 17, y: 30) == blackPixel, "under the border")
        }
    }

    /// A 2 × 2 image of four colours stretched over 96 points: nearest keeps each quadrant one
    /// colour to its edge; linear blends across the middle.
    @Test func nearestMagnificationKeepsEachImagePixelABlock() {
        withManualClock { _ in
            let layer = root()
            let stretched = imageLayer(quadrantImage(side: 2), frame: layer.bounds, in: layer)
            stretched.magnificationFilter = .nearest
            let nearest = render(layer)
            #expect(nearest.image.pixel(x: 46, y: 46) == redPixel)
            #expect(nearest.image.pixel(x: 49, y: 46) == greenPixel)
            #expect(nearest.image.pixel(x: 46, y: 49) == bluePixel)
            stretched.magnificationFilter = .linear
            let linear = render(layer)
            #expect(linear.image.pixel(x: 46, y: 46) != redPixel, "blended towards its neighbours")
            // Shrunk, the minification filter decides instead.
            stretched.magnificationFilter = .nearest
            stretched.contents = quadrantImage(side: 192)
            stretched.minificationFilter = .linear
            #expect(render(layer).image.pixel(x: 20, y: 20) == redPixel)
        }
    }

    /// An image drawn at a third of its size averages the pixels each device pixel covers, as
    /// Apple's pictures of images shrunk in Lottie files show smooth edges: a one-pixel white
    /// column at x = 99 of a black 288-pixel image, shrunk to 96, leaves a third of its light in
    /// pixel 33 (its pixels 99…101), where a bilinear sample at 100.5 would read only black.
    /// Shrunk by less than half its area, an image is still sampled bilinearly.
    @Test func imagesShrunkToAThirdAverageTheirPixels() {
        withManualClock { _ in
            let layer = root()
            var pixels: [UInt8] = []
            for _ in 0..<288 {
                for x in 0..<288 { pixels += x == 99 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
            }
            let image = CGImage(width: 288, height: 288, rgbaPixels: pixels)!
            _ = imageLayer(image, frame: layer.bounds, in: layer)
            let frame = render(layer)
            let line = frame.image.pixel(x: 33, y: 48)
            #expect(abs(line[0] - 85) <= 3 && line[3] == 255, "a third of the white: \(line)")
            #expect(frame.image.pixel(x: 31, y: 48)[0] <= 2, "black beside it")
        }
    }

    @Test func translucentImagesBlendWithPremultipliedAlpha() {
        withManualClock { _ in
            let layer = root()
            let half = CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 255, 128])!
            let veil = CALayer()
            veil.frame = layer.bounds
            veil.contents = half
            layer.addSublayer(veil)
            let frame = render(layer)
            let pixel = frame.image.pixel(x: 48, y: 48)
            // 128 / 255 of blue over white.
            expectClose(Double(pixel[0]), 127, within: 1.5)
            expectClose(Double(pixel[1]), 127, within: 1.5)
            #expect(pixel[2] == 255)
            #expect(pixel[3] == 255)
        }
    }

    @Test func imagesAreConvertedOncePerRendererAndNotKeptAlive() {
        let cache = RenderResources().images
        weak var released: CGImage?
        do {
            let image = quadrantImage()
            released = image
            #expect(cache.surface(for: image) != nil)
            #expect(cache.surface(for: image) != nil)
            #expect(cache.conversionCount == 1, "the second frame reuses the surface")
        }
        #expect(released == nil, "the cache holds images weakly")
        #expect(cache.surface(for: quadrantImage()) != nil)
        #expect(cache.conversionCount == 2, "a new image object is converted")
    }

    @Test func layoutShrinksCornersThatDoNotFitAndStretchesAZeroWidthCentre() {
        let cramped = ContentsLayout(
            sourceSize: CGSize(width: 32, height: 32), pointsPerUnit: 1,
            bounds: CGRect(x: 0, y: 0, width: 8, height: 32), gravity: .resize,
            contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
            contentsCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let widths = Set(cramped.patches.map(\.destination.width))
        #expect(widths == [4], "two 8-point columns shrink to 4 each; the middle vanishes")
        #expect(cramped.patches.count == 6)
        let line = ContentsLayout(
            sourceSize: CGSize(width: 24, height: 24), pointsPerUnit: 1,
            bounds: CGRect(x: 0, y: 0, width: 64, height: 24), gravity: .resize,
            contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
            contentsCenter: CGRect(x: 0.5, y: 0, width: 0, height: 1))
        #expect(
            line.patches.map(\.source.minX) == [0, 11.5, 12],
            "the middle stretches the pixel column either side of the line")
        #expect(line.patches.map(\.destination.width) == [12, 40, 12])
    }

    // MARK: custom drawing

    @Test func layerSubclassDrawingIsPlayedBack() throws {
        try withManualClock { _ in
            let layer = root()
            let sketch = SketchLayer()
            sketch.frame = CGRect(x: 4, y: 4, width: 88, height: 88)
            layer.addSublayer(sketch)
            sketch.setNeedsDisplay()
            let frame = render(layer)
            #expect(frame.image.pixel(x: 28, y: 28) == redPixel, "the filled square")
            #expect(frame.image.pixel(x: 11, y: 28) == whitePixel, "left of it")
            #expect(frame.image.pixel(x: 52, y: 28) == bluePixel, "the stroke, 4 points wide on x = 48")
            #expect(frame.image.pixel(x: 50, y: 28) == bluePixel)
            #expect(frame.image.pixel(x: 55, y: 28) == whitePixel, "inside the stroked square")
            #expect(frame.image.pixel(x: 28, y: 68) == greenPixel, "the ellipse, translated to (8, 48)")
            #expect(frame.image.pixel(x: 14, y: 54) == whitePixel, "outside the ellipse")
            #expect(frame.image.pixel(x: 60, y: 60) == redPixel, "the image drawn upright")
            #expect(frame.image.pixel(x: 76, y: 60) == greenPixel)
            #expect(frame.image.pixel(x: 60, y: 76) == bluePixel)
            #expect(frame.image.pixel(x: 76, y: 76) == yellowPixel)
            try Goldens.expectMatch(frame, named: "drawing-layer-subclass")
        }
    }

    @Test func delegateDrawingIsPlayedBack() throws {
        try withManualClock { _ in
            let painter = DiscPainter()
            try withExtendedLifetime(painter) {
                let layer = root()
                let disc = CALayer()
                disc.frame = CGRect(x: 16, y: 16, width: 64, height: 64)
                disc.delegate = painter
                layer.addSublayer(disc)
                disc.setNeedsDisplay()
                let frame = render(layer)
                #expect(frame.image.pixel(x: 48, y: 66) == bluePixel, "the disc's lower half")
                #expect(frame.image.pixel(x: 48, y: 44) == redPixel, "the bar, clipped to the top half")
                #expect(frame.image.pixel(x: 48, y: 52) == bluePixel, "the bar's lower half was clipped away")
                #expect(frame.image.pixel(x: 20, y: 44) == whitePixel, "the bar, clipped to the disc's top half")
                #expect(frame.image.pixel(x: 19, y: 73) == greenPixel, "drawn after the restore: unclipped")
                #expect(frame.image.pixel(x: 18, y: 18) == whitePixel)
                try Goldens.expectMatch(frame, named: "drawing-delegate")
            }
        }
    }

    @Test func drawingIsClippedToItsCanvasAndStretchedWhenTheBoundsChangeWithoutRedrawing() {
        withManualClock { _ in
            let layer = root()
            let spill = SpillingLayer()
            spill.frame = CGRect(x: 32, y: 32, width: 32, height: 32)
            layer.addSublayer(spill)
            spill.setNeedsDisplay()
            let before = render(layer)
            #expect(before.image.pixel(x: 40, y: 40) == redPixel)
            #expect(before.image.pixel(x: 24, y: 24) == whitePixel, "nothing outside the backing store")
            #expect(before.image.pixel(x: 58, y: 58) == bluePixel)
            // Twice the size, not redrawn (needsDisplayOnBoundsChange is false): the old
            // drawing is stretched by the default `resize` gravity.
            CATransaction.setDisableActions(true)
            spill.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            let after = render(layer)
            #expect(spill.needsDisplay() == false)
            // The frame is now x 16…80: red covers 16…48, blue 64…80.
            #expect(after.image.pixel(x: 20, y: 20) == redPixel)
            #expect(after.image.pixel(x: 70, y: 70) == bluePixel)
            #expect(after.image.pixel(x: 56, y: 56) == whitePixel)
        }
    }

    @Test func evenOddFillsLeaveHolesAndZeroWidthLinesAreHairlines() {
        withManualClock { _ in
            let layer = root()
            let ring = RingLayer()
            ring.frame = CGRect(x: 16, y: 16, width: 64, height: 32)
            layer.addSublayer(ring)
            ring.setNeedsDisplay()
            let frame = render(layer)
            #expect(frame.image.pixel(x: 20, y: 20) == redPixel)
            #expect(frame.image.pixel(x: 32, y: 32) == whitePixel, "the even-odd hole")
            // One pixel wide, as Core Graphics draws a line width of 0.
            #expect(frame.image.pixel(x: 66, y: 16) == bluePixel)
            #expect(frame.image.pixel(x: 66, y: 17) == whitePixel)
            #expect(frame.image.pixel(x: 66, y: 15) == whitePixel)
        }
    }

    @Test func drawingStretchesAroundContentsCenter() {
        withManualClock { _ in
            let layer = root()
            let framed = FramedLayer()
            framed.frame = CGRect(x: 32, y: 32, width: 32, height: 32)
            framed.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            layer.addSublayer(framed)
            framed.setNeedsDisplay()
            _ = render(layer)
            CATransaction.setDisableActions(true)
            framed.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            let frame = render(layer)
            // The frame is x 16…80; the red border keeps its 8 points, the blue middle takes
            // the rest (stretched whole, the border would be 16 points wide).
            #expect(frame.image.pixel(x: 20, y: 48) == redPixel)
            #expect(frame.image.pixel(x: 28, y: 28) == bluePixel)
            #expect(frame.image.pixel(x: 76, y: 76) == redPixel)
            #expect(frame.image.pixel(x: 48, y: 48) == bluePixel, "blue covers red within a patch, not added to it")
            #expect(frame.image.pixel(x: 48, y: 18) == redPixel)
        }
    }

    @Test func recordingWinsOverContentsUnlessItIsEmpty() {
        withManualClock { _ in
            let layer = root()
            let drawn = SpillingLayer()
            drawn.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            drawn.contents = quadrantImage()
            drawn.setNeedsDisplay()
            let blank = BlankLayer()
            blank.frame = CGRect(x: 48, y: 48, width: 32, height: 32)
            blank.contents = quadrantImage()
            blank.setNeedsDisplay()
            layer.addSublayer(drawn)
            layer.addSublayer(blank)
            let frame = render(layer)
            #expect(drawn.lastDrawing != nil && blank.lastDrawing != nil)
            #expect(frame.image.pixel(x: 28, y: 28) == bluePixel, "the drawing, not the image's yellow")
            #expect(frame.image.pixel(x: 20, y: 4) == whitePixel, "not the image's green")
            #expect(frame.image.pixel(x: 76, y: 76) == yellowPixel, "drew nothing: the image shows")
        }
    }
}
