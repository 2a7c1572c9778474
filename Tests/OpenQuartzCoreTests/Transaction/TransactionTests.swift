import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Transactions")
struct TransactionTests {
    /// Seed 001: an outer transaction (the run loop's), a standalone layer animating with the
    /// default 0.25 s, a nested transaction setting 1 s, and a nested one disabling actions.
    @Test func nestedTransactionsSetDurationsAndDisableActionsAsInTheSeeds() throws {
        try withManualClock { clock in
            let layerA = CALayer()
            let layerB = CALayer()
            let layerC = CALayer()
            CATransaction.flush()

            CATransaction.begin()
            layerA.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.begin()
            CATransaction.setValue(1.0, forKey: kCATransactionAnimationDuration)
            layerB.position = CGPoint(x: 110, y: 119)
            CATransaction.commit()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layerC.opacity = 0
            CATransaction.commit()
            CATransaction.commit()

            #expect(layerA.animation(forKey: "backgroundColor")?.duration == 0.25)
            #expect(layerB.animation(forKey: "position")?.duration == 1)
            #expect(layerC.animationKeys() == nil, "actions disabled: no implicit animation")
            #expect(layerC.presentation()?.opacity == 0, "the change itself still happens")

            clock.advance(by: 0.5)
            let b = try #require(layerB.presentation()).position
            // Half-way through 1 s on the default curve (0.8024033877399112 at x = 0.5).
            expectClose(b, CGPoint(x: 110 * 0.8024033877399112, y: 119 * 0.8024033877399112), within: 1e-6)
            #expect(layerA.animationKeys() == nil, "0.25 s animation finished and removed")
        }
    }

    @Test func nestedTransactionsInheritAndRestoreProperties() {
        withManualClock { _ in
            #expect(CATransaction.animationDuration() == 0.25)
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2, "inherited from the outer transaction")
            #expect(CATransaction.animationTimingFunction() == CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.animationDuration() == 3)
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2, "the inner value ends with its transaction")
            CATransaction.commit()
            #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) == nil)
        }
    }

    @Test func transactionTimingFunctionAppliesToAnimationsWithoutOne() throws {
        try withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 100, y: 0)
            let explicit = CABasicAnimation(keyPath: "opacity")
            explicit.fromValue = 0
            explicit.toValue = 1
            layer.add(explicit, forKey: "fade")
            CATransaction.commit()
            #expect(layer.animation(forKey: "fade")?.timingFunction == CAMediaTimingFunction(name: .linear))
            clock.advance(by: 0.125)
            expectClose(try #require(layer.presentation()).position.x, 50, within: 1e-9)
        }
    }

    @Test func completionBlockWithoutAnimationsRunsOnTheNextTurn() {
        withManualClock { clock in
            var runs = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs += 1 }
            CATransaction.commit()
            #expect(runs == 0, "never inside commit()")
            clock.advance(by: 0)
            #expect(runs == 1)
        }
    }

    @Test func completionBlockWaitsForEveryAnimationAddedAfterIt() {
        withManualClock { clock in
            let layer = CALayer()
            let other = CALayer()
            CATransaction.flush()
            var completedAt: [CFTimeInterval] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { completedAt.append(CACurrentMediaTime()) }
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            other.opacity = 0.5
            CATransaction.commit()
            CATransaction.commit()
            #expect(completedAt.isEmpty)
            clock.advance(by: 0.5)
            #expect(completedAt.isEmpty, "the 1 s animation is still running")
            clock.advance(by: 1)
            #expect(completedAt == [1.0], "fires once, when the last animation ends")
        }
    }

    @Test func completionBlockRunsWhenItsAnimationsAreRemoved() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            var runs = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs += 1 }
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.commit()
            clock.advance(by: 0.1)
            layer.removeAnimation(forKey: "position")
            #expect(runs == 1)
            clock.advance(by: 1)
            #expect(runs == 1, "exactly once")
        }
    }

    @Test func animationsAddedBeforeTheBlockWasSetAreNotWaitedFor() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            var runs = 0
            CATransaction.begin()
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.setCompletionBlock { runs += 1 }
            CATransaction.commit()
            #expect(runs == 0, "on the next turn, not inside commit()")
            clock.advance(by: 0.01)
            #expect(runs == 1, "the 0.25 s animation was added before the block: not waited for")
            clock.advance(by: 1)
            #expect(runs == 1)
        }
    }

    @Test func implicitTransactionCommitsOnFlushOrWhenTimeAdvances() throws {
        try withManualClock(startingAt: 5) { clock in
            let layer = CALayer()
            #expect(layer.presentation() == nil, "not committed yet")
            clock.advance(by: 0)
            #expect(layer.presentation() != nil, "committed when time advanced")
            layer.opacity = 0
            #expect(try #require(layer.animation(forKey: "opacity")).beginTime == 0, "not committed yet")
            clock.advance(by: 0)
            let animation = try #require(layer.animation(forKey: "opacity"))
            #expect(animation.beginTime == 5, "begin time stamped at the commit")
        }
    }

    @Test func flushInsideAnExplicitTransactionWaitsForItToCommit() throws {
        withManualClock { _ in
            let layer = CALayer()
            layer.opacity = 0.5
            CATransaction.begin()
            CATransaction.flush()
            #expect(layer.presentation() == nil, "deferred while the explicit transaction is open")
            CATransaction.commit()
            #expect(layer.presentation() != nil)
        }
    }

    @Test func transactionKeysReadBackThroughValueForKey() {
        withManualClock { _ in
            CATransaction.begin()
            CATransaction.setValue(true, forKey: kCATransactionDisableActions)
            #expect(CATransaction.disableActions())
            CATransaction.setValue(0.7, forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.animationDuration() == 0.7)
            CATransaction.setValue("custom", forKey: "myKey")
            #expect(CATransaction.value(forKey: "myKey") as? String == "custom")
            CATransaction.lock()
            CATransaction.unlock()
            CATransaction.commit()
        }
    }
}
