import OpenUIKit
import QuartzTestSupport
import Testing

/// What a scroll view told its delegate.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var offsets: [CGPoint] = []
    var events: [String] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset) }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("will drag") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("end drag\(decelerate ? ", decelerating" : "")")
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("end decelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { events.append("end animation") }
}

@MainActor
@Suite("UIScrollView: the offset, animated and dragged, on the display's refreshes", .serialized)
struct ScrollViewTests {
    private func scrollView() -> (UIWindow, UIScrollView, ScrollLog) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        scroll.contentSize = CGSize(width: 390, height: 2000)
        let log = ScrollLog()
        scroll.delegate = log
        window.addSubview(scroll)
        return (window, scroll, log)
    }

    /// Animated: 0.3 s, ease in ease out, half way at 0.15 s; the delegate hears each step.
    @Test func anAnimatedOffsetMovesOnEachRefresh() {
        withManualClock { clock in
            let (window, scroll, delegateLog) = scrollView()
            defer { withExtendedLifetime(window) {} }
            scroll.setContentOffset(CGPoint(x: 0, y: 400), animated: true)
            #expect(scroll.contentOffset == .zero)
            clock.advance(by: 0.15)
            #expect(abs(scroll.contentOffset.y - 200) < 0.05, "\(scroll.contentOffset)")
            #expect(delegateLog.offsets.count == 9, "a step per 60th of a second")
            clock.advance(by: 0.2)
            #expect(scroll.contentOffset == CGPoint(x: 0, y: 400) && scroll.bounds.origin.y == 400)
            #expect(delegateLog.events == ["end animation"])
            scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
            #expect(scroll.contentOffset.y == 10 && delegateLog.offsets.last?.y == 10)
        }
    }

    /// A finger drags the content the other way; lifted while moving, it decelerates at 0.998
    /// a millisecond and stops at the end of the content.
    @Test func aDragMovesTheContentAndAFlickDecelerates() {
        withManualClock { clock in
            let (window, scroll, delegateLog) = scrollView()
            defer { withExtendedLifetime(window) {} }
            let finger = window.touchDown(at: CGPoint(x: 200, y: 500))
            for step in 1...10 {
                clock.advance(by: 1.0 / 60)
                window.moveTouch(finger, to: CGPoint(x: 200, y: 500 - CGFloat(step) * 20))
            }
            // The pan began 10 points in; the offset follows the translation from there on.
            #expect(scroll.isDragging && abs(scroll.contentOffset.y - 200) < 1e-9)
            window.liftTouch(finger)
            #expect(delegateLog.events == ["will drag", "end drag, decelerating"] && scroll.isDecelerating)
            clock.advance(by: 0.1)
            // 1,200 points a second, kept at 0.998 a millisecond: 1200 × (1 − 0.998^100) / (−1000 ln 0.998).
            let expected = 200 + 1200 * (1 - pow(0.998, 100)) / (-1000 * log(0.998))
            #expect(abs(scroll.contentOffset.y - expected) < 0.5, "\(scroll.contentOffset.y) against \(expected)")
            clock.advance(by: 10)
            #expect(!scroll.isDecelerating && delegateLog.events.last == "end decelerating")
            // 1,200 / (−1000 ln 0.998) ≈ 599 points in all, well within the content.
            #expect(abs(scroll.contentOffset.y - (200 + 1200 / (-1000 * log(0.998)))) < 1)
        }
    }
}
