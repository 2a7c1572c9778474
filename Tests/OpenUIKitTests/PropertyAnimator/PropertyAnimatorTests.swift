import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("UIViewPropertyAnimator", .serialized)
struct PropertyAnimatorTests {
    /// A view centred on (0, 0), 100 × 100, committed.
    func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    func shownX(_ view: UIView) -> CGFloat {
        view.layer.presentation()?.position.x ?? .nan
    }

    func shownAlpha(_ view: UIView) -> Double {
        Double(view.layer.presentation()?.opacity ?? .nan)
    }

    // MARK: Running and pausing

    @Test func runningAnimatorMovesThePresentationAlongItsCurve() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            #expect(animator.state == .inactive)
            #expect(view.center.x == 0, "the block waits for the start")
            animator.startAnimation()
            #expect(view.center.x == 100, "the model takes the new value at once")
            #expect(animator.state == .active && animator.isRunning)
            clock.advance(to: 0.25)
            expectClose(shownX(view), 100 * easeInOut(0.25), within: 1e-4)
            expectClose(animator.fractionComplete, 0.25, within: 1e-12)
            clock.advance(to: 0.5)
            expectClose(shownX(view), 50, within: 1e-4)
            clock.advance(to: 0.8)
            expectClose(shownX(view), 100 * easeInOut(0.8), within: 1e-4)
        }
    }

    /// `UIViewPropertyAnimator()`: no duration, `easeInOut`; its block applies at once and it
    /// finishes at the end on the next turn.
    @Test func anAnimatorMadeWithoutArgumentsHasNoDurationAndEndsOnTheNextTurn() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator()
            #expect(animator.duration == 0)
            #expect(animator.state == .inactive)
            #expect((animator.timingParameters as? UICubicTimingParameters)?.animationCurve == .easeInOut)
            var ended: UIViewAnimatingPosition?
            animator.addAnimations { view.center.x = 30 }
            animator.addCompletion { ended = $0 }
            animator.startAnimation()
            expectClose(shownX(view), 30, within: 1e-12)
            clock.advance(by: 0.01)
            #expect(ended == .end)
            #expect(animator.state == .inactive)
        }
    }

    @Test func pauseFreezesThePresentationWhereItIs() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.4)
            animator.pauseAnimation()
            #expect(animator.state == .active && !animator.isRunning)
            clock.advance(to: 0.9)
            expectClose(shownX(view), 40, within: 1e-9)
            expectClose(animator.fractionComplete, 0.4, within: 1e-12)
            // Resuming carries on along the same curve: 0.6 s left.
            animator.startAnimation()
            clock.advance(to: 1.2)
            expectClose(shownX(view), 70, within: 1e-9)
            clock.advance(to: 1.6)
            #expect(animator.state == .inactive)
            #expect(shownX(view) == 100)
        }
    }

    @Test func animatorScrubbedToThreeTenthsShowsThirtyPercentAndReversedReturnsToTheStart() {
        withManualClock { clock in
            let view = committedView()
            var positions: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.addCompletion { positions.append(($0, CACurrentMediaTime())) }
            animator.fractionComplete = 0.3  // activates a paused animator
            #expect(animator.state == .active && !animator.isRunning)
            CATransaction.flush()
            expectClose(shownX(view), 30, within: 1e-9, "linear scrubbing: 30 % of the way, not the eased 23 %")
            expectClose(animator.fractionComplete, 0.3, within: 1e-12)
            #expect(view.center.x == 100, "the model holds the end value")

            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            #expect(animator.isRunning)
            // Back from 30 to 0 along the animator's curve, in the 0.3 s the fraction is worth.
            clock.advance(to: 0.15)
            expectClose(shownX(view), 30 * (1 - easeInOut(0.5)), within: 1e-4)
            expectClose(animator.fractionComplete, 0.15, within: 1e-12)
            clock.advance(to: 1)
            #expect(positions.count == 1)
            #expect(positions.first?.0 == .start)
            expectClose(positions.first?.1 ?? .nan, 0.3, within: 1e-9)
            #expect(view.center.x == 0, "reaching the start puts the start value back in the model")
            #expect(view.layer.animationKeys() == nil)
            #expect(animator.state == .inactive)
        }
    }

    @Test func scrubbingAlongTheCurveWhenNotLinear() {
        withManualClock { _ in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 100 }
            animator.scrubsLinearly = false
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            CATransaction.flush()
            expectClose(shownX(view), 100 * cubicBezier(0.3, 0.42, 0, 1, 1), within: 1e-4)
        }
    }

    @Test func linearScrubbingStartsFromWherePausingLeftTheViews() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.pauseAnimation()
            let paused = 100 * cubicBezier(0.5, 0.42, 0, 1, 1)
            CATransaction.flush()
            expectClose(shownX(view), paused, within: 1e-4)
            animator.fractionComplete = animator.fractionComplete
            CATransaction.flush()
            expectClose(shownX(view), paused, within: 1e-4, "no jump on the first scrub")
            animator.fractionComplete = 0.75
            CATransaction.flush()
            expectClose(shownX(view), paused + (100 - paused) / 2, within: 1e-4, "half-way to the end, in a line")
        }
    }

    // MARK: Completion

    @Test func completionRunsOnceWithEndAtTheEnd() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator(duration: 0.4, curve: .linear) {
                view.center.x = 100
                view.alpha = 0
            }
            animator.addCompletion { calls.append(($0, CACurrentMediaTime())) }
            animator.startAnimation()
            clock.advance(to: 0.3)
            #expect(calls.isEmpty)
            expectClose(shownAlpha(view), 0.25, within: 1e-6)
            clock.advance(to: 2)
            #expect(calls.count == 1)
            #expect(calls.first?.0 == .end)
            expectClose(calls.first?.1 ?? .nan, 0.4, within: 1e-9)
            #expect(animator.state == .inactive && !animator.isRunning)
            #expect(animator.fractionComplete == 0)
            #expect(view.layer.animationKeys() == nil, "the animator's animations are gone")
            #expect(shownX(view) == 100 && shownAlpha(view) == 0)
        }
    }

    @Test func stopWithoutFinishingLeavesThePresentationValueInTheModel() {
        withManualClock { clock in
            let view = committedView()
            var calls = 0
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.addCompletion { _ in calls += 1 }
            animator.startAnimation()
            clock.advance(to: 0.25)
            let shown = shownX(view)
            animator.stopAnimation(true)
            #expect(animator.state == .inactive)
            expectClose(view.center.x, shown, within: 1e-9)
            expectClose(view.center.x, 100 * easeInOut(0.25), within: 1e-4)
            #expect(view.layer.animationKeys() == nil)
            clock.advance(to: 2)
            expectClose(shownX(view), shown, within: 1e-9)
            #expect(calls == 0, "no completion without finishing")
        }
    }

    @Test(arguments: [
        (UIViewAnimatingPosition.current, 25.0), (UIViewAnimatingPosition.start, 0.0),
        (UIViewAnimatingPosition.end, 100.0),
    ])
    func stopThenFinishAtAPositionSetsItsValues(position: UIViewAnimatingPosition, expected: Double) {
        withManualClock { clock in
            let view = committedView()
            var calls: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { calls.append($0) }
            animator.startAnimation()
            clock.advance(to: 0.25)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped && !animator.isRunning)
            expectClose(view.center.x, 25, within: 1e-9, "stopped where it was shown")
            expectClose(animator.fractionComplete, 0.25, within: 1e-12)
            clock.advance(to: 0.5)
            #expect(calls.isEmpty, "the completion waits for finishAnimation(at:)")
            animator.finishAnimation(at: position)
            #expect(animator.state == .inactive)
            #expect(calls == [position])
            expectClose(view.center.x, expected, within: 1e-9)
            clock.advance(to: 1.5)
            expectClose(shownX(view), expected, within: 1e-9)
            #expect(calls.count == 1)
        }
    }

    @Test func pausesOnCompletionKeepsTheAnimatorActiveAtTheEnd() {
        withManualClock { clock in
            let view = committedView()
            var calls: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { view.center.x = 100 }
            animator.pausesOnCompletion = true
            animator.addCompletion { calls.append($0) }
            animator.startAnimation()
            clock.advance(to: 1)
            #expect(animator.state == .active && !animator.isRunning)
            #expect(animator.fractionComplete == 1)
            #expect(calls.isEmpty)
            #expect(shownX(view) == 100)
            // Still active, so it can go back.
            animator.isReversed = true
            animator.startAnimation()
            clock.advance(to: 1.25)
            expectClose(shownX(view), 50, within: 1e-9)
            clock.advance(to: 2)
            #expect(animator.state == .active && !animator.isRunning && calls.isEmpty)
            expectClose(shownX(view), 0, within: 1e-9)
            animator.stopAnimation(false)
            animator.finishAnimation(at: .start)
            #expect(calls == [.start])
            #expect(view.center.x == 0)
        }
    }

    // MARK: Making and adding

    @Test func runningPropertyAnimatorStartsAtOnceAndHonoursItsDelay() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 1, delay: 0.5, options: [.curveLinear], animations: { view.center.x = 100 },
                completion: { calls.append(($0, CACurrentMediaTime())) })
            #expect(animator.state == .active && animator.isRunning)
            #expect(animator.delay == 0.5)
            #expect(view.center.x == 100)
            #expect(animator.timingParameters?.cubicTimingParameters?.animationCurve == .linear)
            clock.advance(to: 0.25)
            expectClose(shownX(view), 0, within: 1e-9, "still waiting for the delay")
            #expect(animator.fractionComplete == 0)
            clock.advance(to: 1)
            expectClose(shownX(view), 50, within: 1e-9)
            clock.advance(to: 3)
            #expect(calls.count == 1 && calls.first?.0 == .end)
            expectClose(calls.first?.1 ?? .nan, 1.5, within: 1e-9)
        }
    }

    @Test func runningPropertyAnimatorWithoutDelayMovesAtOnce() {
        withManualClock { clock in
            let view = committedView()
            UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 1, delay: 0, animations: { view.center.x = 100 })
            clock.advance(to: 0.5)
            expectClose(shownX(view), 50, within: 1e-4, "ease-in-out is symmetric about the middle")
        }
    }

    @Test func addAnimationsWhileRunningAnimatesOverTheRemainingTime() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.addAnimations { view.alpha = 0 }
            #expect(view.alpha == 0)
            // UIKit's example: duration 2, fraction 0.25, delay factor 0.25: the last second.
            animator.addAnimations({ view.center.y = 40 }, delayFactor: 0.25)
            CATransaction.flush()
            expectClose(shownAlpha(view), 1, within: 1e-9, "starts from where it was")
            clock.advance(to: 1.25)
            expectClose(shownAlpha(view), 0.5, within: 1e-6, "half of the remaining 1.5 s")
            expectClose(view.layer.presentation()?.position.y ?? .nan, 10, within: 1e-9)
            expectClose(shownX(view), 62.5, within: 1e-9, "the first block is undisturbed")
            clock.advance(to: 1.5)
            expectClose(view.layer.presentation()?.position.y ?? .nan, 20, within: 1e-9)
            clock.advance(to: 2.5)
            #expect(animator.state == .inactive)
            #expect(view.layer.presentation()?.position == CGPoint(x: 100, y: 40))
        }
    }

    @Test func blocksAddedBeforeStartHonourTheirDelayFactor() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.addAnimations({ view.center.x = 100 }, delayFactor: 0.5)
            animator.startAnimation()
            clock.advance(to: 0.4)
            expectClose(shownX(view), 0, within: 1e-9)
            clock.advance(to: 0.75)
            expectClose(shownX(view), 50, within: 1e-9)
        }
    }

    @Test func animatorStartedWithoutBlocksStartsWithTheFirstBlock() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.startAnimation()
            #expect(animator.state == .active && !animator.isRunning, "UIKit's transient paused state")
            clock.advance(to: 0.5)
            animator.addAnimations { view.center.x = 100 }
            #expect(animator.isRunning)
            clock.advance(to: 1)
            expectClose(shownX(view), 50, within: 1e-9)
        }
    }
}
