import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("CAScrollLayer and scrolling from inside it")
struct ScrollLayerTests {
    /// A 200 × 100 scroll layer holding a 1,000 × 500 strip at its origin, with a 20 × 20 box
    /// on the strip at (600, 300); committed, without implicit animations.
    private func viewport() -> (CAScrollLayer, strip: CALayer, box: CALayer) {
        CATransaction.setDisableActions(true)
        let viewport = CAScrollLayer()
        viewport.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let strip = CALayer()
        strip.frame = CGRect(x: 0, y: 0, width: 1000, height: 500)
        let box = CALayer()
        box.frame = CGRect(x: 600, y: 300, width: 20, height: 20)
        strip.addSublayer(box)
        viewport.addSublayer(strip)
        CATransaction.flush()
        return (viewport, strip, box)
    }

    @Test func scrollingToAPointMovesTheBoundsOriginAlongTheAllowedAxes() {
        withManualClock { _ in
            let (viewport, _, _) = viewport()
            #expect(viewport.scrollMode == .both)
            viewport.scroll(to: CGPoint(x: 400, y: 50))
            #expect(viewport.bounds == CGRect(x: 400, y: 50, width: 200, height: 100))
            viewport.scrollMode = .horizontally
            viewport.scroll(to: CGPoint(x: 10, y: 20))
            #expect(viewport.bounds.origin == CGPoint(x: 10, y: 50))
            viewport.scrollMode = .vertically
            viewport.scroll(to: CGPoint(x: 30, y: 40))
            #expect(viewport.bounds.origin == CGPoint(x: 10, y: 40))
            viewport.scrollMode = .none
            viewport.scroll(to: CGPoint.zero)
            #expect(viewport.bounds.origin == CGPoint(x: 10, y: 40))
            // Key-value coded by its name, as CAML documents write it.
            viewport.setValue("horizontally", forKey: "scrollMode")
            #expect(viewport.scrollMode == .horizontally)
            #expect(viewport.value(forKey: "scrollMode") as? String == "horizontally")
        }
    }

    @Test func scrollingToARectangleMovesTheLeastThatShowsIt() {
        withManualClock { _ in
            let (viewport, _, _) = viewport()
            viewport.scroll(to: CGRect(x: 50, y: 20, width: 40, height: 40))
            #expect(viewport.bounds.origin == .zero, "already showing")
            viewport.scroll(to: CGRect(x: 600, y: 300, width: 20, height: 20))
            #expect(viewport.bounds.origin == CGPoint(x: 420, y: 220), "its bottom right at the edge")
            viewport.scroll(to: CGRect(x: 100, y: 250, width: 20, height: 20))
            #expect(viewport.bounds.origin == CGPoint(x: 100, y: 220), "its left at the left edge")
            viewport.scroll(to: CGRect(x: 0, y: 0, width: 500, height: 20))
            #expect(viewport.bounds.origin == CGPoint(x: 0, y: 0), "too wide: its top left")
        }
    }

    @Test func aSublayerScrollsItsNearestScrollLayerAndKnowsWhatShows() {
        withManualClock { _ in
            let (viewport, strip, box) = viewport()
            // A point of the box (its coordinates) to the viewport's top left.
            box.scroll(CGPoint(x: 5, y: 5))
            #expect(viewport.bounds.origin == CGPoint(x: 605, y: 305))
            expectClose(box.visibleRect.minX, 5, within: 1e-12)
            #expect(box.visibleRect == CGRect(x: 5, y: 5, width: 15, height: 15))
            #expect(strip.visibleRect == CGRect(x: 605, y: 305, width: 200, height: 100))
            strip.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10))
            #expect(viewport.bounds.origin == .zero)
            #expect(box.visibleRect == .zero, "out of sight")
            // Without a scroll layer above: nothing moves, all of the bounds shows.
            let alone = CALayer()
            alone.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            alone.scroll(CGPoint(x: 10, y: 10))
            alone.scrollRectToVisible(CGRect(x: 100, y: 100, width: 5, height: 5))
            #expect(alone.visibleRect == alone.bounds)
            #expect(viewport.visibleRect == viewport.bounds, "its own superlayers hold no scroll layer")
        }
    }

    @Test func aStandaloneScrollLayerScrollsWithAnImplicitAnimation() {
        withManualClock { clock in
            let (viewport, _, _) = viewport()
            CATransaction.setDisableActions(false)
            viewport.scroll(to: CGPoint(x: 100, y: 0))
            CATransaction.flush()
            clock.advance(by: 0.125)
            // Half-way through 0.25 s: the `default` curve (0.25, 0.1, 0.25, 1) at x = 0.5 is
            // 0.8024033877399112.
            expectClose(viewport.presentation()?.bounds.origin.x ?? .nan, 80.24033877399112, within: 1e-6)
            clock.advance(by: 0.2)
            expectClose(viewport.presentation()?.bounds.origin.x ?? .nan, 100, within: 1e-9)
        }
    }

    @Test func presentationCopiesKeepTheScrollMode() {
        withManualClock { _ in
            let (viewport, _, _) = viewport()
            viewport.scrollMode = .vertically
            CATransaction.flush()
            #expect((viewport.presentation() as CAScrollLayer?)?.scrollMode == .vertically)
        }
    }
}
