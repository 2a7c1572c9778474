import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Implicit animations of standalone layers")
struct ImplicitAnimationTests {
    @Test func standaloneLayerAnimatesImplicitly() throws {
        try withManualClock { clock in
            let layer = CALayer()
            #expect(layer.presentation() == nil, "no presentation before the first commit")
            CATransaction.flush()
            #expect(layer.presentation() != nil, "committed: now it is on screen, and changes to it animate")
            layer.position = CGPoint(x: 100, y: 0)
            #expect(layer.position == CGPoint(x: 100, y: 0), "implicit animations set the model at once")
            CATransaction.flush()
            let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(animation.duration == 0.25)
            #expect(animation.fromValue as? CGPoint == CGPoint.zero)
            clock.advance(by: 0.125)
            let halfway = try #require(layer.presentation()).position
            // The `default` curve (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024033877399112.
            expectClose(halfway.x, 80.24033877399112, within: 1e-6)
            clock.advance(by: 0.125)
            #expect(layer.animationKeys() == nil, "removed on completion")
            #expect(layer.presentation()?.position == CGPoint(x: 100, y: 0))
        }
    }

    @Test func implicitAnimationObjectIsStableAndCarriesTheTransactionsSettings() throws {
        try withManualClock(startingAt: 2) { _ in
            let layer = CALayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.6)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            layer.opacity = 0.5
            CATransaction.commit()
            let first = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(layer.animation(forKey: "opacity") === first, "the same object every time")
            #expect(first.keyPath == "opacity")
            #expect(first.duration == 0.6)
            #expect(first.timingFunction == CAMediaTimingFunction(name: .easeIn))
            #expect(first.beginTime == 2, "stamped with the commit time")
            #expect(first.fromValue as? CGFloat == 1)
            #expect(first.toValue == nil)
            #expect(first.delegate == nil)
            #expect(first.isRemovedOnCompletion)
        }
    }

    /// A tree built, laid out and shown in the transaction that first commits it appears with
    /// its values at once: Core Animation's implicit animation runs only for a layer that has
    /// been committed (Apple's pictures of lottie-ios's paused trees show every layer laid
    /// out). What the delegate answers still runs; once committed, changes animate.
    @Test func neverCommittedLayersShowTheirValuesAtOnce() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.speed = 0
            root.timeOffset = 0.5
            let child = CALayer()
            root.addSublayer(child)
            child.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            child.position = CGPoint(x: 20, y: 15)
            child.anchorPoint = CGPoint(x: 0.25, y: 0.5)
            child.opacity = 0.5
            final class FadingDelegate: CALayerDelegate {
                func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                    let fade = CABasicAnimation(keyPath: event)
                    fade.duration = 1
                    return fade
                }
            }
            let delegated = CALayer()
            let delegate = FadingDelegate()
            delegated.delegate = delegate
            delegated.opacity = 0.2
            CATransaction.flush()
            #expect(child.animationKeys() == nil, "nothing to animate from")
            #expect(delegated.animation(forKey: "opacity") != nil, "the delegate's answer runs")
            clock.advance(by: 0.1)
            let shown = try #require(child.presentation())
            #expect(shown.bounds.size == CGSize(width: 40, height: 30))
            #expect(shown.position == CGPoint(x: 20, y: 15) && shown.anchorPoint == CGPoint(x: 0.25, y: 0.5))
            #expect(shown.opacity == 0.5)
            child.position = CGPoint(x: 60, y: 15)
            CATransaction.flush()
            #expect(child.animation(forKey: "position") is CABasicAnimation, "committed now: it animates")
        }
    }

    @Test func implicitAnimationOfASubclassGoesThroughAddForKey() {
        withManualClock { _ in
            final class Watching: CALayer {
                var added: [String?] = []
                override func add(_ anim: CAAnimation, forKey key: String?) {
                    added.append(key)
                    super.add(anim, forKey: key)
                }
            }
            let layer = Watching()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            layer.position = CGPoint(x: 1, y: 1)
            #expect(layer.added == ["position"])
        }
    }
}
