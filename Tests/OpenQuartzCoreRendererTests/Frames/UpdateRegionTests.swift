import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// `CARenderer.updateBounds()`, `addUpdate(_:)` and `render()` drawing only the update region:
/// the pixels that differ from the frame drawn before.
@Suite("CARenderer: update region") struct UpdateRegionTests {
    /// A count of changes of the test's own, which its renderers read: other tests change
    /// layers meanwhile, and each change makes every renderer draw its next frame whole.
    private final class Changes: @unchecked Sendable {
        var count: UInt64 = 0
    }

    /// A 96 × 96 renderer of `layer` that builds its tree again when `changes` counts one.
    private func renderer(of layer: CALayer, changes: Changes, caching: Bool = true) -> CARenderer {
        let renderer = CARenderer(width: 96, height: 96, scale: 1, nodeTrees: NodeTreeCache { changes.count })
        renderer.layer = layer
        renderer.cachesContent = caching
        return renderer
    }

    /// A 96 × 96 white root with a red square that stays at the top left and a blue 16 × 16
    /// square whose x slides from `start` to `end` (its middle's) over a second, at y 64.
    @MainActor private func scene(slidingFrom start: Double = 24, to end: Double = 72) -> (
        root: CALayer, slider: CALayer
    ) {
        let layer = root()
        box(CGRect(x: 4, y: 4, width: 16, height: 16), red, in: layer)
        let slider = box(CGRect(x: 16, y: 56, width: 16, height: 16), blue, in: layer)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = start
        slide.toValue = end
        slide.duration = 1
        slider.add(slide, forKey: "slide")
        return (layer, slider)
    }

    /// The frame of `layer` at `time` drawn whole, by a 96 × 96 renderer of its own that
    /// caches nothing.
    private func wholeFrame(of layer: CALayer, at time: CFTimeInterval) -> CARenderer {
        let whole = CARenderer(width: 96, height: 96)
        whole.layer = layer
        whole.cachesContent = false
        _ = frame(whole, at: time)
        return whole
    }

    /// Renders a frame at `time` and answers its update bounds.
    private func frame(_ renderer: CARenderer, at time: CFTimeInterval) -> CGRect {
        renderer.beginFrame(atTime: time)
        let bounds = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        return bounds
    }

    @Test @MainActor func aMovingLayerUpdatesOnlyWhereItWasAndIs() {
        withManualClock { clock in
            let (layer, _) = scene()
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes, caching: false)
            #expect(frame(renderer, at: 0) == renderer.bounds, "the first frame is drawn whole")
            clock.advance(to: 0.1)
            // From x 16…32 to 20.8…36.8 (x 28.8 at 0.1 s), y 56…72, and 2 pixels more all round.
            #expect(frame(renderer, at: 0.1) == CGRect(x: 14, y: 54, width: 25, height: 20))
            clock.advance(to: 0.25)
            let update = frame(renderer, at: 0.25)
            // From x 20.8…36.8 to 28…44 (x 36 at a quarter).
            #expect(update == CGRect(x: 18, y: 54, width: 28, height: 20), "\(update)")

            let whole = wholeFrame(of: layer, at: 0.25)
            #expect(largestDifference(renderer.image, whole.image) == 0, "the same picture as a whole frame")
            #expect(renderer.image.pixel(x: 36, y: 64) == bluePixel)
            #expect(renderer.image.pixel(x: 20, y: 64) == whitePixel, "where it was is white again")
            #expect(renderer.image.pixel(x: 10, y: 10) == redPixel, "what did not change is still there")
        }
    }

    /// Over a root with no background, the region's pixels are cleared before they are drawn
    /// again, and nothing else: where the square was is transparent, the square that stays
    /// is still there, and a box reaching past the bitmap's edge is cut at it.
    @Test @MainActor func aTransparentRootIsClearedOnlyInTheRegion() {
        withManualClock { clock in
            // Sliding out past the right edge: from x 64…80 at 0 to 112…128 at 1.
            let (layer, _) = scene(slidingFrom: 72, to: 120)
            layer.backgroundColor = nil
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes, caching: false)
            #expect(frame(renderer, at: 0) == renderer.bounds, "the first frame is drawn whole")
            clock.advance(to: 0.25)
            let update = frame(renderer, at: 0.25)
            // From x 64…80 to 76…92, and 2 pixels more all round.
            #expect(update == CGRect(x: 62, y: 54, width: 32, height: 20), "\(update)")
            clock.advance(to: 0.5)
            #expect(frame(renderer, at: 0.5) == CGRect(x: 74, y: 54, width: 22, height: 20), "cut at the edge")

            let whole = wholeFrame(of: layer, at: 0.5)
            #expect(largestDifference(renderer.image, whole.image) == 0, "the same picture as a whole frame")
            #expect(renderer.image.pixel(x: 70, y: 64) == [0, 0, 0, 0], "where it was is transparent again")
            #expect(renderer.image.pixel(x: 90, y: 64) == bluePixel)
            #expect(renderer.image.pixel(x: 10, y: 10) == redPixel, "what did not change is still there")
        }
    }

    @Test @MainActor func aStillFrameUpdatesNothingAndKeepsThePicture() {
        withManualClock { clock in
            let layer = root()
            box(CGRect(x: 4, y: 4, width: 16, height: 16), red, in: layer)
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes)
            _ = frame(renderer, at: 0)
            let before = renderer.image
            clock.advance(to: 1)
            #expect(frame(renderer, at: 1).isNull)
            #expect(largestDifference(renderer.image, before) == 0)
        }
    }

    /// Past four times the boxes it keeps apart, the region stops merging: it is the one box
    /// around everything that changed, and the picture is the one drawn whole.
    @Test @MainActor func manySeparateChangesUpdateTheBoxAroundThem() {
        withManualClock { clock in
            let layer = root()
            // 36 squares of 4 points, 16 apart, each sliding 2 points right over a second.
            for index in 0..<36 {
                let square = box(
                    CGRect(x: 2 + CGFloat(index % 6) * 16, y: 6 + CGFloat(index / 6) * 16, width: 4, height: 4), blue,
                    in: layer)
                let slide = CABasicAnimation(keyPath: "position.x")
                slide.fromValue = square.position.x
                slide.toValue = square.position.x + 2
                slide.duration = 1
                square.add(slide, forKey: "slide")
            }
            let changes = Changes()
            let drawn = renderer(of: layer, changes: changes, caching: false)
            let whole = renderer(of: layer, changes: changes, caching: false)
            _ = frame(drawn, at: 0)
            clock.advance(to: 0.5)
            // From the first square's x 2…6 (then 3…7) to the last's 82…86 (then 83…87), and two
            // pixels all round; y 6…10 to 86…90.
            #expect(frame(drawn, at: 0.5) == CGRect(x: 0, y: 4, width: 89, height: 88))
            #expect(frame(whole, at: 0.5) == whole.bounds, "its first frame, drawn whole")
            #expect(largestDifference(drawn.image, whole.image) == 0)
        }
    }

    /// A frame drawn whole over the one before clears the bitmap first, unless the root's opaque
    /// background covers all of it: either way each pixel is the one a new renderer draws.
    @Test(arguments: ["opaque", "translucent", "inset", "turned"])
    @MainActor func framesDrawnWholeShowNothingOfTheOneBefore(root kind: String) {
        withManualClock { clock in
            let layer = root()
            switch kind {
            case "translucent": layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
            case "inset": layer.frame = CGRect(x: 8, y: 8, width: 80, height: 80)
            case "turned": layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
            default: break
            }
            let square = box(CGRect(x: 10, y: 10, width: 30, height: 30), blue, in: layer)
            let changes = Changes()
            let drawn = renderer(of: layer, changes: changes)
            _ = frame(drawn, at: 0)
            // A new model: the tree is built again and the next frame drawn whole.
            square.frame = CGRect(x: 50, y: 50, width: 30, height: 30)
            if kind == "inset" { layer.position.x += 4 }
            changes.count += 1
            clock.advance(to: 0.1)
            #expect(frame(drawn, at: 0.1) == drawn.bounds)
            let fresh = renderer(of: layer, changes: changes)
            _ = frame(fresh, at: 0.1)
            #expect(largestDifference(drawn.image, fresh.image) == 0, "\(kind)")
            #expect(drawn.framesDrawnWithoutClearing == (kind == "opaque" ? 2 : 0), "\(kind)")
        }
    }

    /// After a frame that changes most of the bitmap the next is drawn whole, unmeasured (the
    /// pause doubling while that goes on); once things settle, frames update only what changed.
    @Test @MainActor func framesChangingMostOfTheBitmapPauseTheMeasuring() {
        withManualClock { clock in
            let layer = root()
            let square = box(CGRect(x: 4, y: 4, width: 80, height: 80), blue, in: layer)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 44
            slide.toValue = 52
            slide.duration = 0.5
            square.add(slide, forKey: "slide")
            let changes = Changes()
            let drawn = renderer(of: layer, changes: changes, caching: false)
            var updates: [CGRect] = []
            for index in 0...24 {
                clock.advance(to: 0.05 * Double(index))
                updates.append(frame(drawn, at: clock.now))
            }
            // Frame 1: where the square was and is, most of the bitmap; 2 (paused) and 3 (measured
            // again, with nothing to compare with) whole; 4 most again, then a pause of 2 and a
            // measured frame.
            #expect(updates[1].width < 96 && updates[1].width * updates[1].height >= 0.75 * 96 * 96, "\(updates[1])")
            #expect(updates[2] == drawn.bounds && updates[3] == drawn.bounds)
            #expect(updates[4] != drawn.bounds)
            #expect(updates[5...7].allSatisfy { $0 == drawn.bounds })
            // The slide ends at 0.5 s: once measured again, still frames update nothing.
            #expect(updates[24].isNull, "\(updates[20...])")
            let fresh = renderer(of: layer, changes: changes)
            _ = frame(fresh, at: clock.now)
            #expect(largestDifference(drawn.image, fresh.image) == 0)
        }
    }

    @Test @MainActor func addedRectanglesAreUpdatedToo() {
        withManualClock { _ in
            let layer = root()
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes)
            _ = frame(renderer, at: 0)
            renderer.beginFrame(atTime: 0.1)
            renderer.addUpdate(CGRect(x: 10.5, y: 20, width: 5, height: 5))
            #expect(renderer.updateBounds() == CGRect(x: 10, y: 20, width: 6, height: 5))
            renderer.addUpdate(CGRect(x: 80, y: 80, width: 40, height: 40))
            #expect(renderer.updateBounds() == CGRect(x: 10, y: 20, width: 86, height: 76), "within the bitmap")
            renderer.render()
            renderer.endFrame()
        }
    }

    @Test @MainActor func aChangedModelOrOtherBoundsDrawTheWholeFrame() {
        withManualClock { clock in
            let (layer, slider) = scene()
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes)
            _ = frame(renderer, at: 0)
            CATransaction.setDisableActions(true)
            slider.backgroundColor = green
            changes.count += 1
            clock.advance(to: 0.1)
            #expect(frame(renderer, at: 0.1) == renderer.bounds, "the tree was built again")
            #expect(renderer.image.pixel(x: 30, y: 64) == greenPixel)
            renderer.bounds = CGRect(x: 0, y: 0, width: 96, height: 96)
            clock.advance(to: 0.15)
            _ = frame(renderer, at: 0.15)
            clock.advance(to: 0.2)
            #expect(frame(renderer, at: 0.2).width < 96, "the same bounds: only what moved")
            renderer.bounds = CGRect(x: 8, y: 0, width: 96, height: 96)
            clock.advance(to: 0.3)
            #expect(frame(renderer, at: 0.3) == renderer.bounds, "other bounds: all of it")
        }
    }

    @Test @MainActor func sublayersAreInTheBoxOfWhatMovesAndShadowsDrawWholeFrames() {
        withManualClock { clock in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 16, height: 16), blue, in: layer)
            // A sublayer hanging out of the card, 8 points to its right.
            box(CGRect(x: 24, y: 4, width: 8, height: 8), red, in: card)
            let slide = CABasicAnimation(keyPath: "position.y")
            slide.fromValue = 24
            slide.toValue = 64
            slide.duration = 1
            card.add(slide, forKey: "slide")
            let changes = Changes()
            let renderer = renderer(of: layer, changes: changes, caching: false)
            for time in [0, 0.1] {
                clock.advance(to: time)
                _ = frame(renderer, at: time)
            }
            clock.advance(to: 0.5)
            // From y 20 (at 0.1 s) to 36 (at half a second); the sublayer reaches x 48.
            #expect(frame(renderer, at: 0.5) == CGRect(x: 14, y: 18, width: 36, height: 36))
            let whole = wholeFrame(of: layer, at: 0.5)
            #expect(largestDifference(renderer.image, whole.image) == 0)

            CATransaction.setDisableActions(true)
            card.shadowOpacity = 1
            changes.count += 1
            for time in [0.6, 0.7, 0.8] {
                clock.advance(to: time)
                #expect(frame(renderer, at: time) == renderer.bounds, "a shadow is blurred from beyond any box")
            }
        }
    }
}
