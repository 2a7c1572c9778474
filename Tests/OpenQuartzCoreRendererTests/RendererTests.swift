import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

@Suite("CARenderer: layers drawn as Core Animation draws them", .serialized)
struct RendererTests {
    @Test func backgroundAndRoundedCorners() throws {
        try withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 24, width: 64, height: 48), red, in: layer)
            card.cornerRadius = 12
            let frame = render(layer)
            #expect(frame.image.pixel(x: 48, y: 48) == [255, 0, 0, 255], "inside")
            #expect(frame.image.pixel(x: 17, y: 25) == [255, 255, 255, 255], "the corner is cut")
            #expect(frame.image.pixel(x: 40, y: 25) == [255, 0, 0, 255], "the top edge away from the corner")
            #expect(frame.image.pixel(x: 5, y: 5) == [255, 255, 255, 255], "the root's background")
            try Goldens.expectMatch(frame, named: "rounded-card")
        }
    }

    @Test func opacityCompositesTheSubtreeAsAGroup() throws {
        try withManualClock { _ in
            let layer = root()
            let group = CALayer()
            group.frame = layer.bounds
            group.opacity = 0.5
            layer.addSublayer(group)
            _ = box(CGRect(x: 8, y: 8, width: 56, height: 56), blue, in: group)
            _ = box(CGRect(x: 32, y: 32, width: 56, height: 56), blue, in: group)
            let frame = render(layer)
            let single = frame.image.pixel(x: 16, y: 16)
            let overlap = frame.image.pixel(x: 48, y: 48)
            #expect(overlap == single, "the overlap is no darker: the group fades as one")
            expectClose(Double(single[0]), 127.5, within: 1.5)
            #expect(single[2] == 255)
            try Goldens.expectMatch(frame, named: "group-opacity")
        }
    }

    @Test func borderIsInsideTheBoundsAndAboveSublayers() throws {
        try withManualClock { _ in
            let layer = root()
            let framed = box(CGRect(x: 16, y: 16, width: 64, height: 64), white, in: layer)
            framed.borderWidth = 6
            framed.borderColor = blue
            _ = box(framed.bounds, green, in: framed)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 18, y: 48) == [0, 0, 255, 255], "the border covers the sublayer")
            #expect(frame.image.pixel(x: 23, y: 48) == [0, 255, 0, 255], "inside the border")
            #expect(frame.image.pixel(x: 15, y: 48) == [255, 255, 255, 255], "not outside the bounds")
            try Goldens.expectMatch(frame, named: "border")
        }
    }

    @Test func masksToBoundsClipsToTheRoundedBounds() throws {
        try withManualClock { _ in
            let layer = root()
            let clip = box(CGRect(x: 16, y: 16, width: 64, height: 64), white, in: layer)
            clip.masksToBounds = true
            clip.cornerRadius = 24
            _ = box(CGRect(x: -16, y: -16, width: 96, height: 96), red, in: clip)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 10, y: 48) == [255, 255, 255, 255], "clipped outside")
            #expect(frame.image.pixel(x: 18, y: 18) == [255, 255, 255, 255], "clipped by the corner")
            #expect(frame.image.pixel(x: 48, y: 48) == [255, 0, 0, 255])
            try Goldens.expectMatch(frame, named: "rounded-clip")
        }
    }

    @Test func transformTurnsAboutTheAnchorPoint() throws {
        try withManualClock { _ in
            let layer = root()
            let diamond = box(CGRect(x: 28, y: 28, width: 40, height: 40), red, in: layer)
            diamond.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            let corner = box(CGRect(x: 0, y: 0, width: 20, height: 20), blue, in: layer)
            corner.anchorPoint = .zero
            corner.position = CGPoint(x: 96, y: 96)
            corner.transform = CATransform3DMakeScale(-1, -1, 1)
            let frame = render(layer)
            #expect(
                frame.image.pixel(x: 48, y: 22) == [255, 0, 0, 255],
                "the rotated square's top corner is at y = 48 − 20√2 ≈ 19.7")
            #expect(frame.image.pixel(x: 30, y: 30) == [255, 255, 255, 255], "its old corner is empty")
            #expect(frame.image.pixel(x: 90, y: 90) == [0, 0, 255, 255], "flipped about the anchor at (0, 0)")
            try Goldens.expectMatch(frame, named: "transforms")
        }
    }

    @Test func zPositionOrdersSiblingsAndHiddenLayersAreNotDrawn() {
        withManualClock { _ in
            let layer = root()
            let front = box(CGRect(x: 16, y: 16, width: 48, height: 48), red, in: layer)
            front.zPosition = 1
            _ = box(CGRect(x: 32, y: 32, width: 48, height: 48), blue, in: layer)
            let hidden = box(CGRect(x: 0, y: 0, width: 96, height: 96), green, in: layer)
            hidden.isHidden = true
            let frame = render(layer)
            #expect(frame.image.pixel(x: 40, y: 40) == [255, 0, 0, 255], "the higher zPosition is drawn on top")
            #expect(frame.image.pixel(x: 70, y: 70) == [0, 0, 255, 255])
            #expect(frame.image.pixel(x: 5, y: 90) == [255, 255, 255, 255])
        }
    }

    @Test func framesShowThePresentationValuesAtTheirTime() throws {
        try withManualClock { _ in
            let layer = root()
            let mover = box(CGRect(x: 0, y: 38, width: 20, height: 20), red, in: layer)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 86
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            mover.add(move, forKey: "move")
            let halfway = render(layer, at: 0.5)
            // x = 10 + 76 · 0.5 = 48: the square spans 38 … 58.
            #expect(halfway.image.pixel(x: 40, y: 48) == [255, 0, 0, 255])
            #expect(halfway.image.pixel(x: 12, y: 48) == [255, 255, 255, 255])
            try Goldens.expectMatch(halfway, named: "animation-halfway")
            let end = render(layer, at: 2)
            #expect(end.image.pixel(x: 5, y: 48) == [255, 0, 0, 255], "removed: back to the model position x = 10")
        }
    }

    @Test func scaleDrawsMorePixelsPerPoint() {
        withManualClock { _ in
            let layer = root()
            _ = box(CGRect(x: 48, y: 48, width: 48, height: 48), blue, in: layer)
            let frame = render(layer, scale: 2)
            #expect(frame.image.width == 192)
            #expect(frame.image.pixel(x: 100, y: 100) == [0, 0, 255, 255])
            #expect(frame.image.pixel(x: 90, y: 100) == [255, 255, 255, 255])
        }
    }

    @Test func beginFrameCommitsTheImplicitTransaction() {
        withManualClock { _ in
            let layer = root()
            let renderer = render(layer)
            #expect(renderer.image.pixel(x: 48, y: 48) == [255, 255, 255, 255], "drawn although never flushed by hand")
        }
    }

    @Test func nextFrameTimeIsNowWhileAnimatingTheStartWhenWaitingAndInfinityWhenStill() {
        withManualClock { clock in
            let layer = root()
            let child = box(CGRect(x: 0, y: 0, width: 10, height: 10), red, in: layer)
            let renderer = render(layer)
            #expect(renderer.nextFrameTime() == .infinity, "nothing animates")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.duration = 1
            fade.beginTime = 2
            child.add(fade, forKey: "fade")
            renderer.beginFrame(atTime: 0)
            #expect(renderer.nextFrameTime() == 2, "the waiting animation's start")
            renderer.endFrame()
            clock.advance(to: 2.5)
            renderer.beginFrame(atTime: 2.5)
            #expect(renderer.nextFrameTime() == 2.5, "running: every frame changes")
            renderer.endFrame()
        }
    }

    @Test func pngDataIsAPNGThatReadsBack() throws {
        try withManualClock { _ in
            let layer = root()
            _ = box(CGRect(x: 0, y: 0, width: 48, height: 96), red, in: layer)
            let frame = render(layer)
            let data = try frame.pngData()
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let url = try ScratchSpace.makeFolder("renderer-readback").appendingPathComponent("frame.png")
            try data.write(to: url)
            let read = try readPNG(at: url)
            #expect(read.pixel(x: 10, y: 10) == [255, 0, 0, 255])
            #expect(read.pixel(x: 80, y: 10) == [255, 255, 255, 255])
            #expect(throws: RenderError.self) { try readPNG(at: url.appendingPathExtension("missing")) }
        }
    }

    @Test func misuseTraps() async {
        await #expect(processExitsWith: .failure) { CARenderer(width: 0, height: 10).render() }
        await #expect(processExitsWith: .failure) { CARenderer(width: 10, height: 10, scale: .nan).render() }
        await #expect(processExitsWith: .failure) { CARenderer(width: 10, height: 10).render() }
    }

    /// A layer subclass written as Xcode's template writes it, redrawn for an animated custom
    /// key: each frame's presentation copy is made without its initializers and draws with
    /// its stored colour.
    @Test func xcodesTemplateLayerRedrawsForAnAnimatedKeyWithItsStoredProperties() {
        withManualClock { _ in
            let layer = root()
            let bar = TemplateBarLayer()
            bar.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
            bar.barColor = green
            bar.setValue(0.0, forKey: "progress")
            bar.setNeedsDisplay()
            layer.addSublayer(bar)
            CATransaction.flush()
            let grow = CABasicAnimation(keyPath: "progress")
            grow.fromValue = 0.0
            grow.toValue = 1.0
            grow.duration = 1
            grow.timingFunction = CAMediaTimingFunction(name: .linear)
            bar.add(grow, forKey: "grow")
            CATransaction.flush()  // begins at 0
            let renderer = render(layer, at: 0.5)
            #expect(renderer.image.pixel(x: 40, y: 48) == greenPixel, "drawn to half its width")
            #expect(renderer.image.pixel(x: 56, y: 48) == whitePixel)
            _ = render(layer, at: 0.75, renderer: renderer)
            #expect(renderer.image.pixel(x: 68, y: 48) == greenPixel, "drawn again, to three quarters")
            #expect(renderer.image.pixel(x: 76, y: 48) == whitePixel)
        }
    }

    /// A layer subclass written as Xcode's template writes it — `fatalError` in
    /// `required init?(coder:)` — with an animation on a custom key that does not redraw it
    /// (lottie-ios animates its progress so) is drawn without a presentation copy, so without
    /// calling that initializer: the frame is drawn and shows the layer's values.
    @Test func aCustomKeyThatDoesNotRedrawNeedsNoPresentationCopy() async {
        await #expect(processExitsWith: .success) {
            withManualClock { _ in
                let layer = root()
                let template = TemplateLayer()
                template.frame = CGRect(x: 0, y: 0, width: 48, height: 96)
                template.backgroundColor = red
                layer.addSublayer(template)
                CATransaction.flush()
                let progress = CABasicAnimation(keyPath: "progress")
                progress.fromValue = 0.0
                progress.toValue = 1.0
                progress.duration = 1
                template.add(progress, forKey: "progress")
                let frame = render(layer, at: 0.5)
                guard frame.image.pixel(x: 10, y: 10) == redPixel else { exit(1) }
            }
        }
    }
}

/// A layer subclass as Xcode's template writes it, drawing a bar `progress` of its width long in
/// the colour of a stored property.
private final class TemplateBarLayer: CALayer {
    var barColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    override init() { super.init() }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) {
        let progress = value(forKey: "progress") as? Double ?? 0
        ctx.setFillColor(barColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// A layer subclass as Xcode's template writes it.
private final class TemplateLayer: CALayer {
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
