import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Issue 14, behaviours 1–5: completion blocks and unmatched commits as Apple's framework
/// runs them (`CATransaction.h`, and what peer projects measured against it).
@Suite("Transaction completion blocks")
struct TransactionCompletionTests {
    @Test func everyBlockSetInATransactionRunsOnceWhenItsAnimationsFinish() {
        withManualClock { clock in
            let layer = committedLayer()
            var ran: [(name: String, at: CFTimeInterval)] = []
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock { ran.append(("first", CACurrentMediaTime())) }
            CATransaction.setCompletionBlock { ran.append(("second", CACurrentMediaTime())) }
            layer.opacity = 0
            CATransaction.commit()
            #expect(ran.isEmpty)
            clock.advance(by: 0.5)
            #expect(ran.isEmpty, "the 1 s animation is still running")
            clock.advance(by: 1)
            #expect(ran.map(\.name) == ["first", "second"], "the replaced block still runs")
            for run in ran { expectClose(run.at, 1, within: 1e-9) }
            clock.advance(by: 1)
            #expect(ran.count == 2, "each exactly once")
        }
    }

    @Test func settingNilReadsNilButAnEarlierBlockStillRuns() {
        withManualClock { clock in
            var runs = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs += 1 }
            #expect(CATransaction.completionBlock() != nil)
            CATransaction.setCompletionBlock(nil)
            #expect(CATransaction.completionBlock() == nil)
            #expect(CATransaction.value(forKey: kCATransactionCompletionBlock) == nil)
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(runs == 1)
        }
    }

    @Test func nestedTransactionReadsTheEnclosingBlockUntilItSetsItsOwn() {
        withManualClock { clock in
            var calls: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { calls.append("outer") }
            CATransaction.begin()
            callCurrentCompletionBlock()
            #expect(calls == ["outer"], "the enclosing transaction's block")
            CATransaction.setCompletionBlock { calls.append("inner") }
            callCurrentCompletionBlock()
            #expect(calls == ["outer", "inner"], "its own once set")
            CATransaction.commit()
            callCurrentCompletionBlock()
            #expect(calls == ["outer", "inner", "outer"], "the outer one's again after the nested commit")
            CATransaction.commit()
            #expect(calls.count == 3, "nothing runs inside commit()")
            clock.advance(by: 0)
            // Three calls by hand, then each block set once, by the commit's next turn.
            #expect(calls.sorted() == ["inner", "inner", "outer", "outer", "outer"])
        }
    }

    @Test func blockOfATransactionWithoutAnimationsRunsOnTheNextAdvance() {
        withManualClock { clock in
            let layer = committedLayer()
            var runs = 0
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock { runs += 1 }
            layer.opacity = 0.5
            CATransaction.commit()
            #expect(runs == 0, "never inside commit()")
            clock.advance(by: 0)
            #expect(runs == 1, "on the next turn of the run loop")
            clock.advance(by: 1)
            #expect(runs == 1)

            // The implicit transaction: committed by the run loop turn, the block runs in it.
            CATransaction.setCompletionBlock { runs += 1 }
            CATransaction.flush()
            #expect(runs == 1, "not inside flush() either")
            clock.advance(by: 0)
            #expect(runs == 2)
        }
    }

    @Test func commitWithoutBeginWarnsOnceAndChangesNothing() {
        withManualClock { _ in
            let warnings = collectingWarnings {
                CATransaction.commit()
            }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("commit()") == true)
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(!CATransaction.disableActions())

            // With only the implicit transaction open, it stays open.
            let layer = CALayer()
            layer.opacity = 0.5
            let more = collectingWarnings { CATransaction.commit() }
            #expect(more.count == 1)
            #expect(layer.presentation() == nil, "the implicit transaction was not committed")
            CATransaction.flush()
            #expect(layer.presentation() != nil)
        }
    }
}

/// Calls what `CATransaction.completionBlock()` returns, recording an issue when it is nil.
private func callCurrentCompletionBlock(sourceLocation: SourceLocation = #_sourceLocation) {
    guard let block = CATransaction.completionBlock() else {
        Issue.record("completionBlock() is nil", sourceLocation: sourceLocation)
        return
    }
    block()
}
