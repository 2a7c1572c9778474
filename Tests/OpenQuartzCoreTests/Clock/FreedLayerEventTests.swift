import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A layer that goes away ends its animations as removal does: the delegates hear
/// `finished: false` and the completion blocks waiting for them stop waiting, so each runs
/// exactly once.
@Suite("Layers freed with animations")
struct FreedLayerEventTests {
    /// How many times a transaction's completion block ran.
    private final class CompletionCount {
        var runs = 0
    }

    /// Opens a transaction whose completion block counts its runs.
    private func beginTransactionCountingCompletions() -> CompletionCount {
        let count = CompletionCount()
        CATransaction.begin()
        CATransaction.setCompletionBlock { count.runs += 1 }
        return count
    }

    /// An explicit animation of `keyPath` lasting `duration`, reporting to `delegate`.
    private func animation(_ keyPath: String, duration: Double, delegate: any CAAnimationDelegate)
        -> CABasicAnimation
    {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.toValue = 1
        animation.duration = duration
        animation.delegate = delegate
        return animation
    }

    @Test func layerFreedMidAnimationStopsItUnfinishedAndRunsTheCompletionOnce() {
        withManualClock { clock in
            let recorder = AnimationDelegateRecorder()
            var layer: CALayer? = committedLayer()
            let completions = beginTransactionCountingCompletions()
            layer?.add(animation("opacity", duration: 1, delegate: recorder), forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 0.5)
            #expect(recorder.events == [.start(at: 0)])
            #expect(completions.runs == 0)

            layer = nil
            #expect(recorder.events == [.start(at: 0), .stop(finished: false, at: 0.5)])
            #expect(completions.runs == 1)
            clock.advance(by: 1)
            #expect(recorder.events.count == 2, "nothing more arrives at the animation's end")
            #expect(completions.runs == 1)
        }
    }

    @Test func layerFreedBeforeItsAnimationBeginsStopsItWithoutStarting() {
        withManualClock { clock in
            let recorder = AnimationDelegateRecorder()
            var layer: CALayer? = committedLayer()
            let completions = beginTransactionCountingCompletions()
            let late = animation("opacity", duration: 1, delegate: recorder)
            late.beginTime = 5
            layer?.add(late, forKey: "fade")
            CATransaction.commit()
            layer = nil
            clock.advance(by: 10)
            #expect(recorder.events == [.stop(finished: false, at: 0)])
            #expect(completions.runs == 1)
        }
    }

    @Test func layerSetAndFreedInsideItsTransactionRunsTheCompletionOnceAfterCommit() {
        withManualClock { clock in
            let recorder = AnimationDelegateRecorder()
            let completions = beginTransactionCountingCompletions()
            do {
                let layer = CALayer()
                layer.position = CGPoint(x: 100, y: 0)  // an implicit animation too
                layer.add(animation("opacity", duration: 1, delegate: recorder), forKey: "fade")
            }
            #expect(completions.runs == 0, "the transaction keeps the layer until it commits")
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(completions.runs == 1)
            #expect(recorder.events == [.stop(finished: false, at: 0)])
            clock.advance(by: 2)
            #expect(completions.runs == 1)
            #expect(recorder.events.count == 1)
        }
    }

    @Test func layerSetAndFreedInTheImplicitTransactionRunsTheCompletionOnce() {
        withManualClock { clock in
            let completions = CompletionCount()
            CATransaction.setCompletionBlock { completions.runs += 1 }
            do {
                let layer = CALayer()
                layer.opacity = 0.5
            }
            clock.advance(by: 0)  // the run loop turning commits the implicit transaction
            #expect(completions.runs == 1)
            clock.advance(by: 1)
            #expect(completions.runs == 1)
        }
    }

    @Test func completionWaitsForTheLayersThatStayWhenOneIsFreed() {
        withManualClock { clock in
            let freedRecorder = AnimationDelegateRecorder()
            let keptRecorder = AnimationDelegateRecorder()
            var freed: CALayer? = committedLayer()
            let kept = committedLayer()
            let completions = beginTransactionCountingCompletions()
            freed?.add(animation("opacity", duration: 1, delegate: freedRecorder), forKey: "fade")
            kept.add(animation("opacity", duration: 2, delegate: keptRecorder), forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 0.5)
            freed = nil
            #expect(freedRecorder.events == [.start(at: 0), .stop(finished: false, at: 0.5)])
            #expect(completions.runs == 0, "the kept layer's animation still runs")
            clock.advance(by: 2)
            #expect(keptRecorder.events == [.start(at: 0), .stop(finished: true, at: 2)])
            #expect(completions.runs == 1)
        }
    }

    @Test func freeingATreeEndsTheAnimationsOfItsSublayers() {
        withManualClock { clock in
            let recorder = AnimationDelegateRecorder()
            var root: CALayer? = committedLayer()
            let completions = beginTransactionCountingCompletions()
            do {
                let child = CALayer()
                root?.addSublayer(child)
                child.add(animation("opacity", duration: 1, delegate: recorder), forKey: "fade")
            }
            CATransaction.commit()
            clock.advance(by: 0.25)
            root = nil
            #expect(recorder.events == [.start(at: 0), .stop(finished: false, at: 0.25)])
            #expect(completions.runs == 1)
        }
    }

    @Test func delegateThatFreesTheLayerWhenItStartsEndsTheAnimationOnce() {
        withManualClock { clock in
            final class Freeing: CAAnimationDelegate {
                var layer: CALayer?
                var stops: [Bool] = []
                func animationDidStart(_ anim: CAAnimation) { layer = nil }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
            }
            let delegate = Freeing()
            delegate.layer = committedLayer()
            let completions = beginTransactionCountingCompletions()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 1
            fade.delegate = delegate
            delegate.layer?.add(fade, forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 2)
            #expect(delegate.stops == [false])
            #expect(completions.runs == 1)
        }
    }

    /// A delegate that keeps nothing (the recorder keeps the animations it hears of).
    private final class SilentDelegate: CAAnimationDelegate {}

    /// A clock freed while its animations wait for events lets go of them: the animation on a
    /// layer that outlives the clock, once removed, goes with its delegate (the clock's queue
    /// held them, waiting for a stop that can no longer come).
    @Test func aFreedClockLetsGoOfTheAnimationsWaitingForIt() {
        weak var watcher: SilentDelegate?
        let layer = CALayer()
        do {
            let delegate = SilentDelegate()
            watcher = delegate
            let clock = CAManualClock(time: 0)
            CAClock.$current.withValue(clock) {
                CATransaction.flush()
                layer.add(animation("opacity", duration: 10, delegate: delegate), forKey: "fade")
                CATransaction.flush()
                clock.advance(by: 1)
            }
        }
        #expect(watcher != nil, "the layer still holds its animation")
        layer.removeAllAnimations()
        #expect(watcher == nil, "the freed clock's events still hold the animation and its delegate")
    }

    /// A clock freed while its animations wait for events leaves its address to a later clock:
    /// advancing that clock must not deliver the freed clock's events (they reached another
    /// test's delegates on other threads, where a main-actor delegate trapped).
    @Test func aClockAtAFreedClocksAddressDeliversNoneOfItsEvents() {
        let recorder = AnimationDelegateRecorder()
        let layer = CALayer()
        var freedAddress: ObjectIdentifier?
        do {
            let first = CAManualClock(time: 0)
            CAClock.$current.withValue(first) {
                CATransaction.flush()
                layer.add(animation("opacity", duration: 1, delegate: recorder), forKey: "fade")
                CATransaction.flush()
            }
            freedAddress = ObjectIdentifier(first)
        }
        // Allocations of the same size usually reuse the address at once; try a few.
        var clocks: [CAManualClock] = []
        var reused: CAManualClock?
        for _ in 0..<64 {
            let clock = CAManualClock(time: 0)
            if ObjectIdentifier(clock) == freedAddress {
                reused = clock
                break
            }
            clocks.append(clock)
        }
        guard let reused else {
            print(
                "aClockAtAFreedClocksAddressDeliversNoneOfItsEvents: no clock reused the freed address; nothing to check"
            )
            return
        }
        CAClock.$current.withValue(reused) { reused.advance(by: 2) }
        #expect(recorder.events.isEmpty, "the freed clock's start and stop were delivered by another clock")
        withExtendedLifetime(layer) {}
    }
}
