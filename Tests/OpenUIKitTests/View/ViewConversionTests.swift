import Foundation
import OpenUIKit
import QuartzTestSupport
import SwiftFiveClient
import Testing

/// `UIView.convert(_:to:)` / `convert(_:from:)` go through the views' layers (issue 14, item 6),
/// and `init?(coder:)` is there for subclasses written for Apple.
@MainActor
@Suite("Views: converting points and rects, init(coder:)")
struct ViewConversionTests {
    @Test func pointsAndRectsConvertBetweenViews() {
        let outer = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 30, y: 40, width: 50, height: 50))
        outer.addSubview(inner)
        expectClose(inner.convert(CGPoint(x: 0, y: 0), to: outer), CGPoint(x: 30, y: 40), within: 1e-12)
        expectClose(outer.convert(CGPoint(x: 30, y: 40), to: inner), CGPoint(x: 0, y: 0), within: 1e-12)
        expectClose(
            inner.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 40, y: 60), within: 1e-12,
            "in no window: the root's superview space")
        expectClose(inner.convert(CGPoint(x: 40, y: 60), from: nil), CGPoint(x: 0, y: 0), within: 1e-12)
        // The outer view scaled by 2 about its centre (110, 120): (30, 40) is (-70, -60) from
        // the centre of its bounds, (-140, -120) scaled, (-30, 0) placed.
        outer.transform = CGAffineTransform(scaleX: 2, y: 2)
        expectClose(inner.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: -30, y: 0), within: 1e-12)
        expectClose(
            inner.convert(inner.bounds, to: nil), CGRect(x: -30, y: 0, width: 100, height: 100), within: 1e-12)
        expectClose(
            outer.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: inner),
            CGRect(x: 30, y: 40, width: 10, height: 10), within: 1e-12)
        // The views agree with their layers.
        let point = CGPoint(x: 7, y: 3)
        #expect(inner.convert(point, to: outer) == inner.layer.convert(point, to: outer.layer))
        #expect(inner.convert(point, from: nil) == inner.layer.convert(point, from: nil))
    }

    @Test func nilMeansTheWindowsCoordinates() {
        let window = UIWindow(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        let outer = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 30, y: 40, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        expectClose(inner.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 40, y: 60), within: 1e-12)
        expectClose(inner.convert(CGPoint(x: 40, y: 60), from: nil), CGPoint(x: 0, y: 0), within: 1e-12)
        expectClose(inner.convert(CGPoint(x: 0, y: 0), to: window), CGPoint(x: 40, y: 60), within: 1e-12)
    }

    @Test func viewsInDifferentHierarchiesConvertThroughTheirRoots() {
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 50, y: 70, width: 40, height: 40))
        expectClose(a.convert(CGPoint(x: 0, y: 0), to: b), CGPoint(x: -40, y: -50), within: 1e-12)
    }

    @Test func aViewFromAnArchiveHasAZeroFrameAndItsLayer() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let view = try #require(UIView(coder: unarchiver))
        #expect(view.frame == .zero)
        #expect(view.layer.delegate === view)
        let ring = try #require(SwiftFiveRingView(coder: unarchiver))
        #expect(ring.layer is CAShapeLayer)
        #expect(ring.layer.sublayers?.first === ring.ring)
    }

    @Test func subclassesWrittenForAppleWork() {
        withManualClock { _ in
            let ring = SwiftFiveRingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            #expect(ring.ring.lineWidth == 2, "the template subclass's init() ran")
            expectClose(ring.convertedCentre(to: nil), CGPoint(x: 20, y: 20), within: 1e-12)
            let progress = SwiftFiveProgressLayer()
            #expect(progress.needsDisplayOnBoundsChange, "its init() ran")
            #expect(SwiftFiveFinalProgressLayer().progress == 0)
        }
    }

    @Test func xcodesTemplateLayerInAViewIsPresentedWhileItAnimates() throws {
        try withManualClock { clock in
            let ring = SwiftFiveRingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            CATransaction.flush()
            ring.ring.strokeEnd = 0.5  // a standalone layer: its own implicit animation
            CATransaction.flush()
            clock.advance(by: 0.125)
            let shown = try #require(ring.ring.presentation())
            #expect(shown.lineWidth == 2, "the model's values, through no initializer of the subclass")
            #expect(shown.strokeEnd < 1 && shown.strokeEnd > 0.5, "half-way through the animation from 1 to 0.5")
        }
    }

    @Test func aViewBackedByAnAppleStyleSubclassGetsThatClass() {
        final class ProgressView: UIView {
            override class var layerClass: AnyClass { SwiftFiveProgressLayer.self }
        }
        let view = ProgressView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.layer is SwiftFiveProgressLayer)
        #expect(view.layer.needsDisplayOnBoundsChange == false, "made through init?(coder:): its init() did not run")
    }
}
