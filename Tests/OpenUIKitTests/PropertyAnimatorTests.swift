import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("UIViewPropertyAnimator", .serialized)
struct PropertyAnimatorTests {
    /// A view centred on (0, 0), 100 × 100, committed.
    private func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    private func shownX(_ view: UIView) -> CGFloat {
        view.layer.presentation()?.position.x ?? .nan
    }

    private func shownAlpha(_ view: UIView) -> Double {
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

    // MARK: Timing

    @Test func springTimingParametersUseUIKitsMapping() throws {
        try withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 100 }
            animator.startAnimation()
            CATransaction.flush()
            let spring = UIViewSpring(dampingRatio: 0.5, duration: 1, initialVelocity: 0)
            let key = try #require(view.layer.animationKeys()?.first)
            let added = try #require(view.layer.animation(forKey: key) as? CASpringAnimation)
            expectClose(Double(added.stiffness), spring.stiffness, within: 1e-9)
            expectClose(Double(added.damping), spring.damping, within: 1e-9)
            expectClose(Double(added.mass), 1, within: 0)
            for time in [0.1, 0.3, 0.6] {
                clock.advance(to: time)
                expectClose(
                    shownX(view), 100 * underdampedProgress(spring, at: time), within: 1e-6, "at \(time) s")
            }
        }
    }

    @Test func springGivenByItsConstantsRunsUntilItSettles() {
        withManualClock { clock in
            let view = committedView()
            var endedAt: Double?
            let parameters = UISpringTimingParameters()  // UIKit's system spring
            let animator = UIViewPropertyAnimator(duration: 10, timingParameters: parameters)
            animator.addAnimations { view.center.x = 100 }
            animator.addCompletion { _ in endedAt = CACurrentMediaTime() }
            animator.startAnimation()
            let reference = CASpringAnimation()
            reference.mass = 3
            reference.stiffness = 1000
            reference.damping = 500
            clock.advance(to: 20)
            expectClose(endedAt ?? .nan, reference.settlingDuration, within: 1e-9, "the animator's 10 s are ignored")
        }
    }

    /// iOS 17's perceptual spring: SwiftUI's Spring(duration:bounce:) at mass 1, run until it
    /// settles (the animator's duration ignored), over-damped for a negative bounce.
    @Test(arguments: [(0.5, 0.3), (0.4, 0.0), (0.6, -0.5)])
    func springFromDurationAndBounceIsSwiftUIsSpring(duration: Double, bounce: Double) {
        withManualClock { clock in
            let view = committedView()
            var endedAt: Double?
            let parameters = UISpringTimingParameters(duration: duration, bounce: CGFloat(bounce))
            let animator = UIViewPropertyAnimator(duration: 10, timingParameters: parameters)
            animator.addAnimations { view.center.x = 100 }
            animator.addCompletion { _ in endedAt = CACurrentMediaTime() }
            animator.startAnimation()
            let reference = CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(bounce))
            for time in [0.05, 0.15, 0.3] {
                clock.advance(to: time)
                expectClose(
                    shownX(view), 100 * reference.solver.progress(at: time), within: 1e-6, "\(bounce) at \(time) s")
            }
            clock.advance(to: 20)
            expectClose(endedAt ?? .nan, reference.settlingDuration, within: 1e-9, "the animator's 10 s are ignored")
        }
        let plain = UISpringTimingParameters(duration: 0.5, bounce: 0.2)
        #expect(plain.initialVelocity == CGVector(dx: 0, dy: 0))
        #expect(plain.description == "<UISpringTimingParameters: duration 0.5, bounce 0.2, initialVelocity (0.0, 0.0)>")
    }

    @Test func continueWithNewTimingParametersRunsFromWhereTheViewsStand() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { calls.append(($0, CACurrentMediaTime())) }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.pauseAnimation()
            animator.continueAnimation(
                withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: 2)
            #expect(animator.isRunning)
            CATransaction.flush()
            expectClose(shownX(view), 50, within: 1e-9, "no jump")
            clock.advance(to: 1.5)
            expectClose(shownX(view), 50 + 50 * cubicBezier(0.5, 0.42, 0, 1, 1), within: 1e-4)
            clock.advance(to: 3)
            #expect(calls.count == 1 && calls.first?.0 == .end)
            expectClose(calls.first?.1 ?? .nan, 2.5, within: 1e-9, "2 × the 1 s duration")
        }
    }

    @Test func continueWithoutNewTimingResumesLikeStart() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.25)
            animator.pauseAnimation()
            clock.advance(to: 1)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            clock.advance(to: 1.5)
            expectClose(shownX(view), 100 * easeInOut(0.75), within: 1e-4, "on along the original curve")
        }
    }

    @Test func reversingARunningAnimatorTurnsRoundWhereItIs() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.addCompletion { calls.append(($0, CACurrentMediaTime())) }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.isReversed = true
            #expect(animator.isRunning)
            clock.advance(to: 0.75)
            expectClose(shownX(view), 100 * easeInOut(0.25), within: 1e-4, "back along the same curve")
            expectClose(animator.fractionComplete, 0.25, within: 1e-12)
            clock.advance(to: 2)
            #expect(calls.count == 1 && calls.first?.0 == .start)
            expectClose(calls.first?.1 ?? .nan, 1, within: 1e-9)
            #expect(view.center.x == 0)
        }
    }

    @Test func reversedSpringRetracesItsPath() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.4)
            animator.isReversed = true
            clock.advance(to: 0.6)
            let spring = UIViewSpring(dampingRatio: 0.5, duration: 1, initialVelocity: 0)
            // Sampled keyframes stand in for the spring played backwards.
            expectClose(shownX(view), 100 * underdampedProgress(spring, at: 0.2), within: 0.05)
        }
    }

    // MARK: Decisions where UIKit is silent, and blending

    @Test func reversedInactiveAnimatorPlaysFromTheEndBackToTheStart() {
        withManualClock { clock in
            let view = committedView()
            var calls: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { calls.append($0) }
            animator.isReversed = true
            animator.startAnimation()
            clock.advance(to: 0.25)
            expectClose(shownX(view), 75, within: 1e-9)
            expectClose(animator.fractionComplete, 0.75, within: 1e-12)
            clock.advance(to: 1.5)
            #expect(calls == [.start])
            #expect(view.center.x == 0)
        }
    }

    @Test func settingFractionCompleteWhileRunningIsIgnored() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.fractionComplete = 0.1
            #expect(animator.isRunning)
            clock.advance(to: 0.6)
            expectClose(shownX(view), 60, within: 1e-9)
        }
    }

    @Test func twoAnimatorsOnTheSamePropertyAddUp() {
        withManualClock { clock in
            let view = committedView()
            UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }.startAnimation()
            clock.advance(to: 0.5)
            UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 200 }.startAnimation()
            CATransaction.flush()
            expectClose(shownX(view), 50, within: 1e-9, "no jump")
            clock.advance(to: 1)
            // The first is done; the second is half-way from 100 to 200.
            expectClose(shownX(view), 150, within: 1e-9)
            clock.advance(to: 2)
            #expect(shownX(view) == 200)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test func completionHandlersBelongToOneRun() {
        withManualClock { clock in
            let view = committedView()
            var calls: [String] = []
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { _ in calls.append("first") }
            animator.startAnimation()
            clock.advance(to: 1)
            animator.addAnimations { view.center.x = 0 }
            animator.addCompletion { _ in calls.append("second") }
            animator.startAnimation()
            clock.advance(to: 1.25)
            expectClose(shownX(view), 50, within: 1e-9, "the animator runs again with its new block")
            clock.advance(to: 2)
            #expect(calls == ["first", "second"])
        }
    }

    @Test func stoppedAnimatorStoppedAgainWithoutFinishingEndsWithoutCompletion() {
        withManualClock { clock in
            let view = committedView()
            var calls = 0
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { _ in calls += 1 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.stopAnimation(false)
            animator.stopAnimation(true)
            #expect(animator.state == .inactive)
            clock.advance(to: 2)
            #expect(calls == 0)
            #expect(view.center.x == 50)
        }
    }

    @Test func stopKeepsTheShownValueOfAPropertyThatDoesNotAdd() {
        withManualClock { clock in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.startAnimation()
            clock.advance(to: 0.3)
            animator.stopAnimation(false)
            expectClose(Double(view.alpha), 0.7, within: 1e-6)
            animator.finishAnimation(at: .start)
            #expect(view.alpha == 1)
        }
    }

    @Test func scrubbingToTheEndAndStartingFinishesAtTheEnd() {
        withManualClock { clock in
            let view = committedView()
            var calls: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeOut) { view.center.x = 100 }
            animator.addCompletion { calls.append($0) }
            animator.fractionComplete = 1
            CATransaction.flush()
            #expect(shownX(view) == 100)
            animator.fractionComplete = 1
            CATransaction.flush()
            #expect(shownX(view) == 100, "scrubbing to where it stands moves nothing")
            animator.startAnimation()
            clock.advance(to: 0.1)
            #expect(calls == [.end], "nothing left to run: it ends on the next turn")
        }
    }

    @Test func timingParametersDescribeTheirCurves() {
        let standard = UICubicTimingParameters()
        #expect(standard.timingCurveType == .builtin)
        #expect(standard.controlPoint1 == CGPoint(x: 0.25, y: 0.1) && standard.controlPoint2 == CGPoint(x: 0.25, y: 1))
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.animationCurve == .easeIn && easeIn.timingCurveType == .builtin)
        #expect(easeIn.controlPoint1 == CGPoint(x: 0.42, y: 0) && easeIn.controlPoint2 == CGPoint(x: 1, y: 1))
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
        #expect(custom.timingCurveType == .cubic && custom.springTimingParameters == nil)
        let spring = UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: 2, dy: 0))
        #expect(spring.timingCurveType == .spring && spring.cubicTimingParameters == nil)
        #expect(spring.initialVelocity.dx == 2)
        let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: spring)
        #expect(animator.timingParameters === spring && animator.duration == 0.5)
        #expect(animator.scrubsLinearly && animator.isInterruptible && !animator.pausesOnCompletion)
        #expect(animator.isUserInteractionEnabled && !animator.isManualHitTestingEnabled && animator.delay == 0)
    }

    @Test func animatorDrivenThroughTheProtocols() {
        withManualClock { clock in
            let view = committedView()
            let animator: any UIViewImplicitlyAnimating = UIViewPropertyAnimator(duration: 1, curve: .linear)
            animator.addAnimations { view.center.x = 100 }
            var ended: UIViewAnimatingPosition?
            animator.addCompletion { ended = $0 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.pauseAnimation()
            animator.fractionComplete = 0.8
            CATransaction.flush()
            expectClose(shownX(view), 80, within: 1e-9)
            animator.continueAnimation(
                withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0.5)
            clock.advance(to: 1.01)
            #expect(ended == .end)
            #expect(view.center.x == 100)
        }
    }
}

/// Programmer errors trap with a message, as UIKit raises.
@Suite("UIViewPropertyAnimator bad input")
struct PropertyAnimatorBadInputTests {
    @Test func nonFiniteOrNegativeTimesTrap() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = UIViewPropertyAnimator(duration: .nan, curve: .linear) }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("needs a finite duration"))
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = UIViewPropertyAnimator(duration: -1, curve: .linear) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIViewPropertyAnimator(duration: 1, curve: .linear).startAnimation(afterDelay: -1) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIViewPropertyAnimator(duration: 1, curve: .linear).fractionComplete = .nan }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                UIViewPropertyAnimator(duration: 1, curve: .linear).addAnimations({}, delayFactor: 1.5)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
                animator.pauseAnimation()
                animator.continueAnimation(withTimingParameters: nil, durationFactor: -1)
            }
        }
    }

    @Test func badTimingParametersTrap() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = UISpringTimingParameters(dampingRatio: .nan) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = UISpringTimingParameters(
                    mass: 0, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0))
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = UICubicTimingParameters(controlPoint1: CGPoint(x: 1.5, y: 0), controlPoint2: CGPoint(x: 0.5, y: 1))
            }
        }
    }

    @Test func startingAStoppedAnimatorTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { UIView().alpha = 0 }
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.startAnimation()
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("on a stopped animator"))
    }

    @Test func finishingAnAnimatorThatIsNotStoppedTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { UIView().alpha = 0 }
                animator.startAnimation()
                animator.finishAnimation(at: .end)
            }
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains("needs a stopped animator"))
    }

    @Test func interruptingANonInterruptibleAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { UIView().alpha = 0 }
                animator.isInterruptible = false
                animator.startAnimation()
                animator.pauseAnimation()
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { UIView().alpha = 0 }
                animator.startAnimation()
                animator.isInterruptible = false
            }
        }
    }

    @Test func continuingAnInactiveAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                UIViewPropertyAnimator(duration: 1, curve: .linear).continueAnimation(
                    withTimingParameters: nil, durationFactor: 1)
            }
        }
    }
}

// MARK: Reference curves

/// The cubic Bézier timing curve through (x1, y1), (x2, y2) at time `x`, solved by bisection.
private func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
        let middle = (low + high) / 2
        if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return coordinate((low + high) / 2, y1, y2)
}

private func easeInOut(_ x: Double) -> Double {
    cubicBezier(x, 0.42, 0, 0.58, 1)
}

/// `1 − e^(−ζω₀t)(cos ω_d t + (ζω₀/ω_d) sin ω_d t)`: a spring of mass 1 released at rest.
private func underdampedProgress(_ spring: UIViewSpring, at t: Double) -> Double {
    let omega = spring.stiffness.squareRoot()
    let zeta = spring.damping / (2 * omega)
    let damped = omega * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
}
