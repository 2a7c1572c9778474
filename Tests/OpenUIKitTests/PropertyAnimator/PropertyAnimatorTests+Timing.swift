import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// The animators' timing (springs, continuing with new timing, reversing) and the choices made
/// where UIKit is silent (scrubbing, stopping, animators that add up, completions per run).
extension PropertyAnimatorTests {
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

    /// iOS 17's spring of damping ratio and response: mass 1, stiffness (2π/response)², run
    /// until it settles. Critically damped, it follows 1 − (1 + ωt)·e^(−ωt) with ω = 2π/response.
    @Test func springFromDampingAndResponseIsTheCriticallyDampedCurve() {
        withManualClock { clock in
            let view = committedView()
            let parameters = UISpringTimingParameters(damping: 1, response: 0.5)
            let animator = UIViewPropertyAnimator(duration: 10, timingParameters: parameters)
            animator.addAnimations { view.center.x = 100 }
            animator.startAnimation()
            let omega = 2 * Double.pi / 0.5
            for time in [0.1, 0.2, 0.4] {
                clock.advance(to: time)
                let expected = 100 * (1 - (1 + omega * time) * exp(-omega * time))
                expectClose(shownX(view), expected, within: 1e-6, "at \(time) s")
            }
        }
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
