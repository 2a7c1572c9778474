import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Turned cached bitmaps are composited by ``AffineCompositor`` instead of Cairo: the same
/// bilinear sampling, so the two must agree to a level or two per channel.
@Suite struct AffineCompositorTests {
    /// A dashed star of `points` points in a `side`-point layer, half transparent, so that its
    /// bitmap has flat insides, soft edges and transparent gaps.
    func star(in parent: CALayer, frame: CGRect, points: Int = 12) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = frame
        let path = CGMutablePath()
        let centre = CGPoint(x: frame.width / 2, y: frame.height / 2)
        for index in 0..<(points * 2) {
            let radius = (index % 2 == 0 ? 0.48 : 0.25) * Double(frame.width)
            let angle = Double(index) * .pi / Double(points)
            let point = CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        layer.path = path
        layer.fillColor = CGColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 0.8)
        layer.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1)
        layer.lineWidth = 2
        layer.lineJoin = .round
        layer.lineDashPattern = [6, 3]
        parent.addSublayer(layer)
        return layer
    }

    /// Renders `layer` three times at `size` with content caching (the third frame composites
    /// the bitmaps), through ``AffineCompositor`` or not; returns the last frame and how many
    /// composites the compositor painted.
    func cachedFrame(_ layer: CALayer, affine: Bool, size: Int = 96) -> (image: CGImage, affineCount: Int) {
        let renderer = CARenderer(width: size, height: size)
        renderer.resources.contents.usesAffineCompositor = affine
        for time in [0.0, 0.1] { _ = render(layer, at: time, renderer: renderer, whole: true) }
        let image = render(layer, at: 0.2, renderer: renderer, whole: true).image
        return (image, renderer.resources.contents.affineCompositedCount)
    }


    @Test(arguments: [0.3, 1.0, 2.5, -0.7, .pi / 2])
    func turnedBitmapMatchesCairo(angle: Double) {
        withManualClock { _ in
            let layer = root()
            let shape = star(in: layer, frame: CGRect(x: 14.3, y: 17.6, width: 64, height: 64))
            shape.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            let ours = cachedFrame(layer, affine: true)
            let cairo = cachedFrame(layer, affine: false)
            #expect(ours.affineCount == 2, "the second frame rasterises, the second and third composite")
            #expect(cairo.affineCount == 0)
            #expect(largestDifference(ours.image, cairo.image) <= 3)
            // The star is really there: its flat orange inside at the centre.
            let centre = ours.image.pixel(x: 46, y: 50)
            #expect(centre[0] > 200 && centre[2] < 100, "orange at the centre, got \(centre)")
        }
    }

    @Test func turnedAndScaledBitmapMatchesCairo() {
        withManualClock { _ in
            let layer = root()
            let shape = star(in: layer, frame: CGRect(x: 20, y: 20, width: 48, height: 48))
            shape.transform = CATransform3DScale(CATransform3DMakeRotation(0.4, 0, 0, 1), 1.1, 0.95, 1)
            let ours = cachedFrame(layer, affine: true)
            #expect(ours.affineCount == 2)
            #expect(largestDifference(ours.image, cachedFrame(layer, affine: false).image) <= 3)
        }
    }

    /// Inside a half-transparent parent the bitmap is composited into a group, whose surface
    /// is offset from the frame's; a parent that clips to its bounds gives a rectangle clip,
    /// which the compositor keeps to.
    @Test func turnedBitmapInGroupAndRectangleClipMatchesCairo() {
        withManualClock { _ in
            let layer = root()
            let holder = box(CGRect(x: 10, y: 12, width: 60, height: 50), nil, in: layer)
            holder.masksToBounds = true
            holder.opacity = 0.7
            let shape = star(in: holder, frame: CGRect(x: 20.5, y: 10.25, width: 64, height: 64))
            shape.transform = CATransform3DMakeRotation(0.8, 0, 0, 1)
            let ours = cachedFrame(layer, affine: true)
            #expect(ours.affineCount == 2)
            #expect(largestDifference(ours.image, cachedFrame(layer, affine: false).image) <= 3)
            #expect(ours.image.pixel(x: 80, y: 40) == whitePixel, "outside the clip: untouched")
        }
    }

    /// A rounded clip is not a set of rectangles: Cairo composites.
    @Test func roundedClipLeavesCompositingToCairo() {
        withManualClock { _ in
            let layer = root()
            let holder = box(CGRect(x: 8, y: 8, width: 80, height: 80), nil, in: layer)
            holder.masksToBounds = true
            holder.cornerRadius = 30
            let shape = star(in: holder, frame: CGRect(x: 8, y: 8, width: 64, height: 64))
            shape.transform = CATransform3DMakeRotation(0.8, 0, 0, 1)
            let ours = cachedFrame(layer, affine: true)
            #expect(ours.affineCount == 0)
            #expect(largestDifference(ours.image, cachedFrame(layer, affine: false).image) == 0)
        }
    }

    /// Bitmaps that are only moved and scaled keep pixman's faster paths.
    @Test func uprightBitmapLeavesCompositingToCairo() {
        withManualClock { _ in
            let layer = root()
            let shape = star(in: layer, frame: CGRect(x: 14.3, y: 17.6, width: 64, height: 64))
            shape.transform = CATransform3DMakeScale(1.1, 0.95, 1)
            #expect(cachedFrame(layer, affine: true).affineCount == 0)
        }
    }

    /// The row's sampled span: every k in 0..<count with 0 ≤ start + k × step < limit, and no
    /// other, against counting them one by one.
    @Test(arguments: [
        (0, 65536, 10 << 16, 20), (-200_000, 30_000, 5 << 16, 40), (500_000, -30_000, 5 << 16, 40),
        (100, 0, 50, 8), (-1, 0, 50, 8), (50, 0, 50, 8), (-65536, 65536, 65536, 5), (65535, -1, 65536, 3),
        (3 << 16, -(1 << 16), 2 << 16, 10), (7, 3, 7, 1),
    ])
    func sampledSpanIsExact(start: Int, step: Int, limit: Int, count: Int) {
        let expected = (0..<count).filter { (0..<limit).contains(start + $0 * step) }
        let span = AffineCompositor.Sampler.steps(start: start, step: step, below: limit, count: count)
        #expect(Array(span) == expected)
    }
}
