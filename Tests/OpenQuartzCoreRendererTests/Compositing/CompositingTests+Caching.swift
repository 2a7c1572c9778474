import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Content rasterised once and composited after, and the frame renderer that paints frames
/// in order on its workers.
extension CompositingTests {
    // MARK: Cached content

    @Test func unchangedContentIsRasterisedOnceThenComposited() {
        withManualClock { _ in
            let layer = root()
            let star = CAShapeLayer()
            star.frame = CGRect(x: 16, y: 16, width: 64, height: 64)
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 4, y: 4, width: 56, height: 56))
            star.path = path
            star.fillColor = blue
            star.strokeColor = red
            star.lineWidth = 3
            layer.addSublayer(star)
            let uncached = CARenderer(width: 96, height: 96)
            uncached.cachesContent = false
            let expected = render(layer, renderer: uncached).image

            let renderer = CARenderer(width: 96, height: 96)
            let cache = renderer.resources.contents
            _ = render(layer, at: 0, renderer: renderer, whole: true)
            #expect((cache.rasterisedCount, cache.compositedCount) == (0, 0), "first sight: drawn directly")
            _ = render(layer, at: 0.1, renderer: renderer, whole: true)
            #expect((cache.rasterisedCount, cache.compositedCount) == (1, 0), "unchanged: rasterised")
            star.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            let turned = render(layer, at: 0.2, renderer: renderer, whole: true).image
            #expect((cache.rasterisedCount, cache.compositedCount) == (1, 1), "moved, same content: composited")
            star.transform = CATransform3DIdentity
            let image = render(layer, at: 0.3, renderer: renderer, whole: true).image
            #expect((cache.rasterisedCount, cache.compositedCount) == (1, 2))
            var worst = 0
            for y in 0..<96 {
                for x in 0..<96 {
                    let a = image.pixel(x: x, y: y)
                    let b = expected.pixel(x: x, y: y)
                    worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                }
            }
            #expect(worst <= 1, "a composited bitmap at the same place draws the same pixels")
            #expect(turned.pixel(x: 48, y: 48) == [0, 0, 255, 255])
            star.fillColor = red
            _ = render(layer, at: 0.4, renderer: renderer, whole: true)
            #expect(cache.compositedCount == 2, "changed content is drawn again")
        }
    }

    /// Content mostly outside the frame (a Lottie gradient, 20,000 points wide, of which a
    /// few hundred show) or shrunk below three quarters along one axis (a bitmap would be
    /// resampled through a wide filter every frame) is drawn directly; the same content seen
    /// whole and evenly scaled is cached.
    @Test(arguments: [
        // (layer frame, scale x, scale y, cached)
        (CGRect(x: 16, y: 16, width: 64, height: 64), 1.0, 1.0, true),
        (CGRect(x: -2000, y: -2000, width: 4096, height: 4096), 1.0, 1.0, false),
        (CGRect(x: 16, y: 16, width: 64, height: 64), 1.0, 0.5, false),
        (CGRect(x: 16, y: 16, width: 64, height: 64), 0.9, 0.8, true),
    ])
    func contentIsCachedWhenMostlySeenAndEvenlyScaled(frame: CGRect, scaleX: Double, scaleY: Double, cached: Bool) {
        withManualClock { _ in
            let layer = root()
            let gradient = CAGradientLayer()
            gradient.frame = frame
            gradient.colors = [red, blue]
            gradient.transform = CATransform3DMakeScale(scaleX, scaleY, 1)
            layer.addSublayer(gradient)
            let (image, expected, counts) = fourthCachedFrame(of: layer)
            #expect(counts == (cached ? (1, 2) : (0, 0)))
            // A cached bitmap shrunk on screen is resampled: its antialiased edges soften by a
            // few levels. Drawn directly, the frame is the uncached one.
            let shrunk = cached && (scaleX != 1 || scaleY != 1)
            #expect(largestDifference(image, expected) <= (shrunk ? 12 : 1))
        }
    }

    @Test(arguments: [
        // (image side in pixels, layer side in points, turned, cached)
        (64, 64.0, false, false),  // pixel for pixel: drawn each frame, as cheap as a copy
        (96, 64.0, false, true),  // shrunk
        (48, 64.0, false, true),  // enlarged
        (96, 64.0, true, false),  // turned: drawn directly, resampled once
    ])
    func contentsImagesAreCachedWhenScaled(imageSide: Int, layerSide: Double, turned: Bool, cached: Bool) {
        withManualClock { _ in
            let layer = root()
            let picture = box(CGRect(x: 16, y: 16, width: layerSide, height: layerSide), nil, in: layer)
            picture.contents = quadrantImage(side: imageSide)
            if turned { picture.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
            let (image, expected, counts) = fourthCachedFrame(of: layer)
            #expect(counts == (cached ? (1, 2) : (0, 0)))
            #expect(largestDifference(image, expected) <= 1, "the cached bitmap draws what the image does")
        }
    }

    /// The fourth of four frames of an unchanging `layer` with content caching (the second
    /// rasterises what it caches, the third and fourth composite it), the same frame drawn
    /// without caching, and how many contents were rasterised and composited.
    func fourthCachedFrame(of layer: CALayer) -> (image: CGImage, uncached: CGImage, counts: (Int, Int)) {
        let uncached = CARenderer(width: 96, height: 96)
        uncached.cachesContent = false
        let expected = render(layer, renderer: uncached).image
        let renderer = CARenderer(width: 96, height: 96)
        let cache = renderer.resources.contents
        for time in [0, 0.1, 0.2] { _ = render(layer, at: time, renderer: renderer, whole: true) }
        let image = render(layer, at: 0.3, renderer: renderer, whole: true).image
        return (image, expected, (cache.rasterisedCount, cache.compositedCount))
    }

    @Test func cachedContentUpsideDownOnScreenKeepsItsOrientation() {
        withManualClock { _ in
            // A y-up container, as a CAML document's canvas is: its bitmaps are drawn upside
            // down too, and composited without a flip.
            let layer = root()
            let canvas = box(layer.bounds, nil, in: layer)
            canvas.isGeometryFlipped = true
            let picture = box(CGRect(x: 8, y: 8, width: 40, height: 40), nil, in: canvas)
            picture.contents = quadrantImage(side: 64)
            let wedge = CAShapeLayer()
            wedge.frame = CGRect(x: 52, y: 8, width: 40, height: 60)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 40, y: 0))
            path.addLine(to: CGPoint(x: 0, y: 60))
            path.closeSubpath()
            wedge.path = path
            wedge.fillColor = blue
            canvas.addSublayer(wedge)
            let uncached = CARenderer(width: 96, height: 96)
            uncached.cachesContent = false
            let expected = render(layer, renderer: uncached).image

            let renderer = CARenderer(width: 96, height: 96)
            for time in [0, 0.1] { _ = render(layer, at: time, renderer: renderer, whole: true) }
            let image = render(layer, at: 0.2, renderer: renderer, whole: true).image
            let cache = renderer.resources.contents
            #expect((cache.rasterisedCount, cache.compositedCount) == (2, 2))
            #expect(largestDifference(image, expected) <= 1, "upright, where it was drawn directly")
            // The image stays upright (Core Animation's contentsAreFlipped): red at the top left
            // of the picture, which covers y 48…88 on screen; blue below it.
            #expect(image.pixel(x: 18, y: 58) == redPixel)
            #expect(image.pixel(x: 18, y: 78) == bluePixel)
            #expect(image.pixel(x: 56, y: 84) == bluePixel, "the wedge's wide end is at the bottom")
        }
    }

    @Test func aTranslucentLayerThatShowsOnlyAnImageLooksAsItsGroupWould() {
        withManualClock { _ in
            let layer = root()
            // Two of the same picture, one alone (painted at its opacity, no group) and one with
            // a clear sublayer (grouped): they must look the same at each step of the cache —
            // drawn directly, rasterised, composited — moved by a fraction of a pixel.
            var pictures: [CALayer] = []
            for x in [4.0, 52.0] {
                let picture = box(CGRect(x: x, y: 20, width: 40, height: 40), nil, in: layer)
                picture.contents = quadrantImage(side: 64)
                picture.opacity = 0.4
                pictures.append(picture)
            }
            box(CGRect(x: 0, y: 0, width: 1, height: 1), nil, in: pictures[1])
            let renderer = CARenderer(width: 96, height: 96)
            for (step, time) in [0, 0.1, 0.2].enumerated() {
                for picture in pictures { picture.position.y = 40 + 0.3 * Double(step) }
                let image = render(layer, at: time, renderer: renderer, whole: true).image
                var worst = 0
                for y in 0..<96 {
                    for x in 0..<48 {
                        let alone = image.pixel(x: x, y: y)
                        let grouped = image.pixel(x: x + 48, y: y)
                        worst = max(worst, zip(alone, grouped).map { abs($0 - $1) }.max()!)
                    }
                }
                #expect(worst <= 1, "step \(step)")
                // Red at 40 % over white.
                let red = image.pixel(x: 14, y: 30)
                #expect(red[0] == 255 && abs(red[1] - 153) <= 1 && abs(red[2] - 153) <= 1, "step \(step): \(red)")
            }
        }
    }

    // MARK: Frame renderer

    @Test func frameRendererDeliversFramesInOrderMatchingSingleFrames() throws {
        try withManualClock { clock in
            let layer = root()
            let card = box(CGRect(x: 0, y: 32, width: 32, height: 32), red, in: layer)
            card.cornerRadius = 8
            card.shadowOpacity = 0.5
            CATransaction.flush()
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 16
            slide.toValue = 80
            slide.duration = 1
            // Kept, so that single frames can be rendered afterwards at the same times.
            slide.isRemovedOnCompletion = false
            slide.fillMode = .forwards
            card.add(slide, forKey: "slide")
            CATransaction.flush()
            let times = (0..<12).map { Double($0) / 10 }
            let frames = CAFrameRenderer(width: 96, height: 96)
            frames.threads = 2
            var prepared: [CFTimeInterval] = []
            var delivered: [CARenderedFrame] = []
            try frames.render(layer, atTimes: times) { time in
                prepared.append(time)
                clock.advance(to: time)
            } deliver: { frame in
                delivered.append(frame)
            }
            #expect(prepared == times)
            #expect(delivered.map(\.index) == Array(0..<12))
            #expect(delivered.map(\.time) == times)
            for frame in delivered {
                let single = render(layer, at: frame.time).image.rgbaPixels
                let differing = zip(frame.rgba, single).filter { $0 != $1 }.count
                #expect(differing == 0, "frame \(frame.index) equals a single render")
            }
            #expect(try readPNGData(delivered[5].pngData()).rgbaPixels == delivered[5].rgba)
        }
    }
    /// Whether a layer's content is composited from its bitmap depends on the frame before in
    /// time, not on what the worker painting the frame painted before: one worker, two
    /// workers and a second half rendered after its frame before give the same bytes. A
    /// turning square drawn from a bitmap differs from one drawn directly at its edges, so a
    /// worker that chose by its own history (every other frame, with two) drew other pixels.
    @Test func framesAreTheSameBytesWithOneWorkerTwoWorkersAndInParts() throws {
        try withManualClock { _ in
            let layer = root()
            let square = CAShapeLayer()
            square.frame = CGRect(x: 24, y: 24, width: 48, height: 48)
            square.path = CGPath(rect: CGRect(x: 8, y: 8, width: 32, height: 32), transform: nil)
            square.fillColor = nil
            square.strokeColor = red
            square.lineWidth = 6
            let dot = CAShapeLayer()
            dot.frame = CGRect(x: 4, y: 4, width: 20, height: 20)
            dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
            dot.fillColor = blue
            layer.addSublayer(square)
            layer.addSublayer(dot)
            CATransaction.flush()
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = Double.pi / 2
            turn.duration = 1
            square.add(turn, forKey: "turn")
            // Held for the first half, then changing: drawn directly while it changes.
            let fade = CAKeyframeAnimation(keyPath: "fillColor")
            fade.values = [blue, blue, red]
            fade.keyTimes = [0, 0.5, 1]
            fade.duration = 1
            dot.add(fade, forKey: "fade")
            CATransaction.flush()
            let times = (0..<12).map { Double($0) / 12 }
            func frames(threads: Int, from first: Int = 0) throws -> [[UInt8]] {
                let renderer = CAFrameRenderer(width: 96, height: 96)
                renderer.threads = threads
                var delivered: [[UInt8]] = []
                try renderer.render(
                    layer, atTimes: Array(times[first...]), after: first > 0 ? times[first - 1] : nil,
                    prepare: { _ in }, deliver: { delivered.append($0.rgba) })
                return delivered
            }
            let one = try frames(threads: 1)
            #expect(try frames(threads: 2) == one)
            #expect(try frames(threads: 2, from: 5) == Array(one[5...]))
            #expect(try frames(threads: 1, from: 7) == Array(one[7...]))
            // Drawn from the bitmap after the first frame: the edges differ from direct drawing.
            let alone = render(layer, at: times[3]).image.rgbaPixels
            #expect(alone.map(Int.init) != one[3].map(Int.init), "frame 3 composites the square's bitmap")
        }
    }

    /// Twice as many frames as workers are queued, and Dispatch may start more of them at once
    /// than there are workers: a frame that finds no idle worker waits for one.
    @Test func frameRendererWithOneThreadPaintsEveryFrame() throws {
        try withManualClock { clock in
            let layer = root()
            let translucent = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            for index in 0..<200 {
                let card = box(CGRect(x: index % 64, y: index % 48, width: 48, height: 48), translucent, in: layer)
                card.cornerRadius = 12
            }
            CATransaction.flush()
            let times = (0..<100).map { Double($0) / 30 }
            let frames = CAFrameRenderer(width: 384, height: 384, scale: 4)
            frames.threads = 1
            var delivered: [Int] = []
            try frames.render(layer, atTimes: times) {
                clock.advance(to: $0)
            } deliver: {
                delivered.append($0.index)
            }
            #expect(delivered == Array(0..<100))
        }
    }
}

/// Decodes PNG data through a file in the scratch space.
private func readPNGData(_ data: Data) throws -> CGImage {
    let folder = try ScratchSpace.makeFolder("frame")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("frame.png")
    try data.write(to: url)
    return try readPNG(at: url)
}
