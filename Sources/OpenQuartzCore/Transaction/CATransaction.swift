import Foundation

/// Groups layer-tree changes into atomic updates, and sets how the implicit animations they
/// trigger run.
///
/// As in Core Animation, every thread has its own stack of transactions. The first change
/// made outside `begin()`/`commit()` opens an implicit transaction, committed by `flush()`,
/// by the renderer before each frame, or when time advances (``CAManualClock/advance(by:)``
/// stands for the run loop turning). Nested transactions inherit the outer ones' duration,
/// timing function and disabled actions unless they set their own; only the outermost commit
/// makes changes visible to `presentation()` and starts animations.
open class CATransaction {
    public init() {}

    /// Opens a transaction on the calling thread.
    open class func begin() {
        TransactionStack.current.begin()
    }

    /// Commits the innermost transaction opened with `begin()`. Committing without a
    /// matching `begin()` changes nothing and prints one warning on standard error, as on
    /// Apple.
    open class func commit() {
        TransactionStack.current.commit()
    }

    /// Commits the implicit transaction now, or as soon as the explicit transactions open on
    /// top of it are committed.
    open class func flush() {
        TransactionStack.current.flush()
    }

    /// Takes the global Core Animation lock (recursive): the one every layer change, commit
    /// and event delivery holds, so changes made under it are seen whole by other threads.
    open class func lock() {
        TransactionLock.shared.lock()
    }

    /// Releases the lock taken with `lock()`.
    open class func unlock() {
        TransactionLock.shared.unlock()
    }

    /// The duration of animations added in the transaction that set none: 0.25 s unless set.
    open class func animationDuration() -> CFTimeInterval {
        TransactionStack.current.effectiveAnimationDuration
    }

    /// Sets ``animationDuration()`` for the current transaction and those nested in it.
    open class func setAnimationDuration(_ duration: CFTimeInterval) {
        setValue(duration, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added without one; nil unless set (implicit
    /// animations then use the `default` curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionStack.current.animationTimingFunction
    }

    /// Sets ``animationTimingFunction()``.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip the action search (no implicit animations).
    open class func disableActions() -> Bool {
        TransactionStack.current.disableActions
    }

    /// Sets ``disableActions()``.
    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block last set in this transaction, or in the innermost enclosing one that set
    /// one; nil after `setCompletionBlock(nil)`.
    open class func completionBlock() -> (() -> Void)? {
        TransactionStack.current.completionBlock
    }

    /// Sets ``completionBlock()``. The block runs once every animation added to the
    /// transaction after it was set has finished or been removed; when there were none, on
    /// the next turn of the run loop after the commit (for a ``CAManualClock``: during its
    /// next `advance`), never inside `commit()`.
    ///
    /// A block set earlier in the same transaction still runs (`CATransaction.h`: a block
    /// that is replaced is still called; measured on Apple, a second block adds to the first
    /// and both run, each waiting for the animations added after it was set), and
    /// `setCompletionBlock(nil)` only makes ``completionBlock()`` read nil. The block is not
    /// `@Sendable`: it runs on this thread.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let level = TransactionStack.current.openLevel()
        level.completionBlock = .some(block)
        guard let block else { return }
        level.completionGroups.append(CompletionGroup(block: block))
    }

    /// Reads a transaction property (`kCATransaction…` keys or any other), looking through
    /// the enclosing transactions.
    open class func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        return TransactionStack.current.value(forKey: key)
    }

    /// Sets a transaction property for the current transaction and those nested in it.
    open class func setValue(_ value: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(value as? () -> Void)
            return
        }
        if key == kCATransactionAnimationDuration, let value {
            guard let seconds = AnimatableValue.double(from: value) else {
                misuse("kCATransactionAnimationDuration must be a number of seconds, got \(value)")
            }
            // Apple stores any number (an animation given 0 or less takes 0.25 s); NaN is none.
            require(!seconds.isNaN, "CATransaction animation duration is NaN; it must be a number of seconds")
        }
        TransactionStack.current.setValue(value, forKey: key)
    }
}

/// The key of ``CATransaction/animationDuration()``.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of ``CATransaction/disableActions()``.
public let kCATransactionDisableActions = "disableActions"
/// The key of ``CATransaction/animationTimingFunction()``.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of ``CATransaction/completionBlock()``.
public let kCATransactionCompletionBlock = "completionBlock"
