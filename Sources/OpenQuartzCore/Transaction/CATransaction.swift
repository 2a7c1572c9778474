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
    /// matching `begin()` is a programmer error and traps.
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
        TransactionStack.current.animationDuration ?? 0.25
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

    /// The block run once every animation added to this transaction after it was set has
    /// finished or been removed — when the transaction commits, if there were none.
    open class func completionBlock() -> (() -> Void)? {
        TransactionLock.shared.withLock { TransactionStack.current.levels.last?.completionGroup?.block }
    }

    /// Sets ``completionBlock()``. The block is not `@Sendable`: it runs on this thread, when
    /// time reaches the last animation's end.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let level = TransactionStack.current.openLevel()
        // The group may already be counted down by the thread delivering its animations' ends.
        TransactionLock.shared.withLock {
            if let group = level.completionGroup {
                group.block = block
            } else {
                level.completionGroup = CompletionGroup(block: block)
            }
        }
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
            require(
                seconds.isFinite && seconds >= 0,
                "CATransaction animation duration must be finite and not negative, got \(seconds)")
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
