import OpenUIKit
import QuartzTestSupport
import Testing

/// `beginAnimations(_:context:)` … `commitAnimations()` (issue 28): the changes between animate
/// with the `setAnimation…` settings made before them, UIKit's defaults otherwise.
@MainActor
@Suite struct LegacyAnimationBlockTests {
    private func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    @Test func changesBetweenBeginAndCommitAnimateWithTheSettings() {
        withManualClock { clock in
            let view = committedView()
            var completedAt: Double?
            UIView.beginAnimations("move", context: nil)
            UIView.setAnimationDuration(2)
            UIView.setAnimationCurve(.linear)
            CATransaction.setCompletionBlock { completedAt = CACurrentMediaTime() }
            view.center = CGPoint(x: 100, y: 0)
            UIView.commitAnimations()
            CATransaction.flush()
            let move = view.layer.animation(forKey: "position")
            #expect(move?.duration == 2)
            #expect(move?.timingFunction == CAMediaTimingFunction(name: .linear))
            clock.advance(to: 0.5)
            expectClose(Double(view.layer.presentation()?.position.x ?? .nan), 25, within: 1e-9)
            clock.advance(to: 3)
            expectClose(completedAt ?? .nan, 2, within: 1e-9)
        }
    }

    /// UIKit's defaults: 0.2 s, easeInOut, no delay; a change before any setting takes them.
    @Test func theDefaultsAreAFifthOfASecondEasedInAndOut() {
        withManualClock { _ in
            let view = committedView()
            UIView.beginAnimations(nil, context: nil)
            view.alpha = 0
            UIView.setAnimationDuration(1)  // after the change: not for it
            view.center = CGPoint(x: 10, y: 0)
            UIView.commitAnimations()
            CATransaction.flush()
            let fade = view.layer.animation(forKey: "opacity")
            expectClose(fade?.duration ?? .nan, 0.2, within: 1e-12)
            #expect(fade?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect(view.layer.animation(forKey: "position")?.duration == 1)
        }
    }

    @Test func delayRepeatAndAutoreverseApply() {
        withManualClock { clock in
            let view = committedView()
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationRepeatCount(2)
            UIView.setAnimationRepeatAutoreverses(true)
            view.alpha = 0
            UIView.commitAnimations()
            CATransaction.flush()
            let fade = view.layer.animation(forKey: "opacity")
            #expect(fade?.repeatCount == 2 && fade?.autoreverses == true)
            clock.advance(to: 0.75)
            expectClose(Double(view.layer.presentation()?.opacity ?? .nan), 0.75, within: 1e-6)
            clock.advance(to: 1.75)
            expectClose(Double(view.layer.presentation()?.opacity ?? .nan), 0.25, within: 1e-6)
        }
    }

    /// A nested begin starts from the settings around it and ends with its own commit.
    @Test func nestedSetsInheritAndOutsideChangesDoNotAnimate() {
        withManualClock { _ in
            let view = committedView()
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(3)
            UIView.beginAnimations(nil, context: nil)
            view.alpha = 0.5
            UIView.commitAnimations()
            view.center = CGPoint(x: 20, y: 0)
            UIView.commitAnimations()
            UIView.commitAnimations()  // unbalanced: nothing
            view.bounds.size.width = 40
            CATransaction.flush()
            #expect(view.layer.animation(forKey: "opacity")?.duration == 3)
            #expect(view.layer.animation(forKey: "position")?.duration == 3)
            #expect(view.layer.animation(forKey: "bounds") == nil, "outside the pair: no animation")
        }
    }

    @Test func aTransitionIsAddedToTheViewAtCommit() {
        withManualClock { _ in
            let view = committedView()
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(0.7)
            UIView.setAnimationTransition(.flipFromLeft, for: view, cache: true)
            view.backgroundColor = .red
            UIView.commitAnimations()
            CATransaction.flush()
            let transition = view.layer.animation(forKey: kCATransition) as? CATransition
            #expect(transition?.type.rawValue == "oglFlip")
            #expect(transition?.subtype == .fromLeft)
            #expect(transition?.duration == 0.7)
        }
    }
}
