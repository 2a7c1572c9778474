import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

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
