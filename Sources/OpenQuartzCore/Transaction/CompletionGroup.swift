import Foundation

/// The animations a transaction's completion block waits for.
///
/// `CATransaction.h`: the block "is guaranteed to be called … as soon as all animations
/// subsequently added by this transaction group have completed (or have been removed)."
/// The group counts animations added after the block was set; once the transaction has
/// committed (sealed) and the count is back to zero, the block runs, exactly once. A group
/// whose animations all ended before the commit (or that had none) runs its block on the next
/// turn of the run loop, never inside `commit()`: Apple calls it from the run loop too.
///
/// Counted up by the thread that adds animations and down by whichever thread ends them (the
/// one advancing the clock, or the one freeing their layer), so every method is called with
/// the ``TransactionLock`` held; the block runs once it is let go.
package final class CompletionGroup {
    package var block: (() -> Void)?
    private var pending = 0
    private var isSealed = false

    init(block: (() -> Void)?) { self.block = block }

    package func animationAdded() {
        pending += 1
    }

    package func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    package func seal(nextTurn: NextRunLoopTurn) {
        isSealed = true
        guard pending == 0, let block else { return }
        self.block = nil
        nextTurn.perform(block)
    }

    private func fireIfDone() {
        guard isSealed, pending == 0, let block else { return }
        self.block = nil
        TransactionLock.shared.deferUntilUnlocked(block)
    }
}

/// The run loop turn after the current one, on the clock a transaction committed with.
package struct NextRunLoopTurn {
    let clock: any CAMediaClock

    func perform(_ work: @escaping () -> Void) {
        performOnNextTurn(of: clock, work)
    }
}
