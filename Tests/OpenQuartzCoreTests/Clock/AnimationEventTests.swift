import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Animation events: delegates and removal")
struct AnimationEventTests {
    private func fade(_ delegate: AnimationDelegateRecorder, duration: CFTimeInterval = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = duration
        animation.delegate = delegate
        return animation
    }

    @Test func delegateHearsStartAndStopOnceInOrder() {
        withManualClock(startingAt: 1) { clock in
            let layer = CALayer()
            let recorder = AnimationDelegateRecorder()
            layer.add(fade(recorder), forKey: "fade")
            CATransaction.flush()
            #expect(recorder.events.isEmpty, "events wait for time to move, as for the run loop")
            clock.advance(by: 3)
            #expect(recorder.events == [.start(at: 1), .stop(finished: true, at: 2)])
            #expect(layer.animation(forKey: "fade") == nil, "removed on completion")
            #expect(recorder.animations.allSatisfy { $0 !== recorder.animations.first ?? $0 } == false)
            clock.advance(by: 3)
            #expect(recorder.events.count == 2, "exactly once")
        }
    }

    @Test func delegateIsToldAboutTheLayersCopy() throws {
        try withManualClock { clock in
            let layer = CALayer()
            let recorder = AnimationDelegateRecorder()
            let animation = fade(recorder)
            layer.add(animation, forKey: "fade")
            let copy = try #require(layer.animation(forKey: "fade"))
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(recorder.animations.first === copy)
            #expect(recorder.animations.first !== animation)
        }
    }

    @Test func removalStopsWithFinishedFalse() {
        withManualClock { clock in
            let layer = CALayer()
            let recorder = AnimationDelegateRecorder()
            layer.add(fade(recorder), forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.25)
            layer.removeAnimation(forKey: "fade")
            #expect(recorder.events == [.start(at: 0), .stop(finished: false, at: 0.25)])
            clock.advance(by: 2)
            #expect(recorder.events.count == 2)
        }
    }

    @Test func replacingAKeyStopsTheOldAnimationWithFinishedFalse() {
        withManualClock { clock in
            let layer = CALayer()
            let first = AnimationDelegateRecorder()
            let second = AnimationDelegateRecorder()
            layer.add(fade(first), forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.5)
            layer.add(fade(second), forKey: "fade")
            #expect(first.events == [.start(at: 0), .stop(finished: false, at: 0.5)])
            CATransaction.flush()
            clock.advance(by: 2)
            #expect(second.events == [.start(at: 0.5), .stop(finished: true, at: 1.5)])
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test func interruptingAnImplicitAnimationStopsIt() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            let recorder = AnimationDelegateRecorder()
            layer.actions = ["opacity": fade(recorder, duration: 0)]
            layer.opacity = 0
            CATransaction.flush()
            clock.advance(by: 0.1)
            layer.opacity = 1
            #expect(recorder.events == [.start(at: 0), .stop(finished: false, at: 0.1)])
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(recorder.events.last == .stop(finished: true, at: 0.35))
        }
    }

    @Test func removeAllAnimationsStopsEveryOne() {
        withManualClock { clock in
            let layer = CALayer()
            let a = AnimationDelegateRecorder()
            let b = AnimationDelegateRecorder()
            layer.add(fade(a), forKey: "a")
            layer.add(fade(b), forKey: nil)
            #expect(layer.animationKeys() == ["a"], "animations added without a key are not listed")
            CATransaction.flush()
            clock.advance(by: 0.5)
            layer.removeAllAnimations()
            #expect(a.events.last == .stop(finished: false, at: 0.5))
            #expect(b.events.last == .stop(finished: false, at: 0.5))
        }
    }

    @Test func animationRemovedBeforeCommitStopsWithoutStarting() {
        withManualClock { clock in
            let layer = CALayer()
            let recorder = AnimationDelegateRecorder()
            layer.add(fade(recorder), forKey: "fade")
            layer.removeAnimation(forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 2)
            #expect(recorder.events == [.stop(finished: false, at: 0)])
        }
    }

    @Test func notRemovedOnCompletionStopsFinishedButStaysAttached() {
        withManualClock { clock in
            let layer = CALayer()
            let recorder = AnimationDelegateRecorder()
            let animation = fade(recorder)
            animation.isRemovedOnCompletion = false
            animation.fillMode = .forwards
            layer.add(animation, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 2)
            #expect(recorder.events == [.start(at: 0), .stop(finished: true, at: 1)])
            #expect(layer.animation(forKey: "fade") != nil)
            layer.removeAnimation(forKey: "fade")
            #expect(recorder.events.count == 2, "removing it later does not stop it again")
        }
    }

    @Test func eventsOfSeveralAnimationsArriveInTimeOrder() {
        withManualClock { clock in
            let layer = CALayer()
            let long = AnimationDelegateRecorder()
            let short = AnimationDelegateRecorder()
            let late = AnimationDelegateRecorder()
            layer.add(fade(long, duration: 2), forKey: "long")
            layer.add(fade(short, duration: 0.5), forKey: "short")
            let delayed = fade(late, duration: 0.5)
            delayed.beginTime = 1
            layer.add(delayed, forKey: "late")
            CATransaction.flush()
            var order: [String] = []
            clock.advance(by: 0.75)
            order += short.events.map { "short \($0)" }
            clock.advance(by: 2)
            order += late.events.map { "late \($0)" } + long.events.map { "long \($0)" }
            #expect(short.events == [.start(at: 0), .stop(finished: true, at: 0.5)])
            #expect(late.events == [.start(at: 1), .stop(finished: true, at: 1.5)])
            #expect(long.events == [.start(at: 0), .stop(finished: true, at: 2)])
        }
    }

    @Test func callbacksThatAnimateStartAtTheEventTime() throws {
        try withManualClock { clock in
            let layer = CALayer()
            final class Chain: CAAnimationDelegate {
                let layer: CALayer
                init(_ layer: CALayer) { self.layer = layer }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    layer.position = CGPoint(x: 100, y: 0)
                }
            }
            let first = CABasicAnimation(keyPath: "opacity")
            first.duration = 1
            first.toValue = 0
            first.delegate = Chain(layer)
            layer.add(first, forKey: "first")
            CATransaction.flush()
            clock.advance(by: 1.125)
            let chained = try #require(layer.animation(forKey: "position"))
            #expect(chained.beginTime == 1, "committed when the callback ran, at 1 s")
            expectClose(try #require(layer.presentation()).position.x, 80.24033877399112, within: 1e-6)
        }
    }
}

@Suite("Event queue under load")
struct EventQueueLoadTests {
    final class Counter: CAAnimationDelegate {
        var starts = 0
        var finished = 0
        var interrupted = 0
        func animationDidStart(_ anim: CAAnimation) { starts += 1 }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if flag { finished += 1 } else { interrupted += 1 }
        }
    }

    /// Re-targeting thousands of layers while time stands still leaves stale events behind;
    /// sweeping them out must not lose the live ones.
    @Test func replacedAnimationsAreSweptWithoutLosingLiveEvents() {
        withManualClock { clock in
            let counter = Counter()
            let layers = (0..<3000).map { _ in committedLayer() }
            for round in 0..<4 {
                for layer in layers {
                    let move = CABasicAnimation(keyPath: "position.x")
                    move.toValue = Double(round)
                    move.duration = 1
                    move.delegate = counter
                    layer.add(move, forKey: "move")
                }
                CATransaction.flush()
            }
            #expect(counter.interrupted == 9000, "three replaced animations per layer")
            clock.advance(by: 2)
            #expect(counter.starts == 3000)
            #expect(counter.finished == 3000)
        }
    }
}
