import Foundation

/// The animations a transaction's completion block waits for.
///
/// `CATransaction.h`: the block "is guaranteed to be called … as soon as all animations
/// subsequently added by this transaction group have completed (or have been removed)."
/// The group counts animations added after the block was set; once the transaction has
/// committed (sealed) and the count is back to zero, the block runs, exactly once.
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

    package func seal() {
        isSealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard isSealed, pending == 0, let block else { return }
        self.block = nil
        TransactionLock.shared.deferUntilUnlocked(block)
    }
}
