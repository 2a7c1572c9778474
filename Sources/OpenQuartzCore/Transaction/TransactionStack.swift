import Foundation

/// One level of the transaction stack: a `begin()`/`commit()` pair, or the implicit
/// transaction that the first change outside any of them opens.
package final class TransactionLevel {
    package let isImplicit: Bool
    // The three properties every property change reads are kept typed; other keys go in
    // `values`.
    @exclusivity(unchecked) package var animationDuration: CFTimeInterval?
    @exclusivity(unchecked) package var animationTimingFunction: CAMediaTimingFunction??
    @exclusivity(unchecked) package var disableActions: Bool?
    @exclusivity(unchecked) package var values: [String: Any] = [:]
    /// What `completionBlock()` reads at this level: nil when the level set none (the
    /// enclosing level's then shows through), `.some(nil)` after `setCompletionBlock(nil)`.
    @exclusivity(unchecked) package var completionBlock: (() -> Void)??
    /// One group per non-nil block set at this level. Setting another block adds a group
    /// rather than replacing one: every block set runs (measured on Apple's framework).
    @exclusivity(unchecked) package var completionGroups: [CompletionGroup] = []

    init(isImplicit: Bool) { self.isImplicit = isImplicit }
}

/// The calling thread's stack of open transactions, and the work the outermost commit does.
///
/// Core Animation keeps one stack per thread; so does this, in thread-local storage.
package final class TransactionStack {
    @exclusivity(unchecked) package private(set) var levels: [TransactionLevel] = []
    /// `flush()` was called while explicit transactions were open: commit the implicit one as
    /// soon as they close.
    @exclusivity(unchecked) private var flushRequested = false
    @exclusivity(unchecked) private var changedLayers: [CALayer] = []
    @exclusivity(unchecked) private var addedAnimations: [(layer: CALayer, animation: AttachedAnimation)] = []
    @exclusivity(unchecked) private var groupsToSeal: [CompletionGroup] = []
    @exclusivity(unchecked) private var spareChangedLayers: [CALayer] = []
    @exclusivity(unchecked) private var spareAddedAnimations: [(layer: CALayer, animation: AttachedAnimation)] = []

    /// The calling thread's stack.
    package static var current: TransactionStack {
        if let pointer = pthread_getspecific(transactionStackKey) {
            return Unmanaged<TransactionStack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = TransactionStack()
        pthread_setspecific(transactionStackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The innermost open level, opening the implicit transaction if none is open.
    @discardableResult
    package func openLevel() -> TransactionLevel {
        if let innermost = levels.last { return innermost }
        let implicit = TransactionLevel(isImplicit: true)
        levels.append(implicit)
        return implicit
    }

    package func begin() {
        levels.append(TransactionLevel(isImplicit: false))
    }

    package func commit() {
        guard let innermost = levels.last, !innermost.isImplicit else {
            // Harmless on Apple's framework (checked by issue 14's peer tests): nothing changes.
            Warnings.emit("CATransaction.commit() without a matching CATransaction.begin(); ignored")
            return
        }
        levels.removeLast()
        groupsToSeal.append(contentsOf: innermost.completionGroups)
        if levels.isEmpty {
            commitChanges()
        } else if flushRequested, levels.count == 1, levels[0].isImplicit {
            commitImplicitTransaction()
        }
    }

    /// `CATransaction.flush()`: commits the implicit transaction now, or as soon as the
    /// explicit transactions nested in it are committed.
    package func flush() {
        guard let bottom = levels.first, bottom.isImplicit else { return }
        if levels.count == 1 {
            commitImplicitTransaction()
        } else {
            flushRequested = true
        }
    }

    /// What the run loop turning does: commits the implicit transaction unless explicit
    /// transactions are still open (then `flush()`'s deferral applies).
    package func commitImplicitTransactionForRunLoopTurn() {
        flush()
    }

    private func commitImplicitTransaction() {
        flushRequested = false
        let implicit = levels.removeLast()
        groupsToSeal.append(contentsOf: implicit.completionGroups)
        commitChanges()
    }

    /// Looks a transaction property up from the innermost level outwards: nested
    /// transactions inherit what outer ones set.
    package func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionAnimationDuration: return animationDuration
        case kCATransactionAnimationTimingFunction: return animationTimingFunction
        case kCATransactionDisableActions: return levels.lazy.compactMap(\.disableActions).last
        default:
            for level in levels.reversed() {
                if let value = level.values[key] { return value }
            }
            return nil
        }
    }

    package func setValue(_ value: Any?, forKey key: String) {
        let level = openLevel()
        switch key {
        case kCATransactionAnimationDuration: level.animationDuration = value.flatMap(AnimatableValue.double(from:))
        case kCATransactionAnimationTimingFunction:
            level.animationTimingFunction = .some(value as? CAMediaTimingFunction)
        case kCATransactionDisableActions:
            level.disableActions = value.map { ($0 as? Bool) ?? ((AnimatableValue.double(from: $0) ?? 0) != 0) }
        default: level.values[key] = value
        }
    }

    /// Core Animation's duration for animations added in a transaction that sets none, and
    /// for an animation given a duration of 0 or less (`CATransaction.h`: 0.25 s).
    package static let defaultAnimationDuration: CFTimeInterval = 0.25

    /// The duration animations added now take: the innermost duration set, else 0.25 s.
    package var effectiveAnimationDuration: CFTimeInterval {
        animationDuration ?? Self.defaultAnimationDuration
    }

    /// The innermost duration set, if any.
    package var animationDuration: CFTimeInterval? {
        for level in levels.reversed() {
            if let duration = level.animationDuration { return duration }
        }
        return nil
    }

    /// The innermost timing function set, if any.
    package var animationTimingFunction: CAMediaTimingFunction? {
        for level in levels.reversed() {
            if let function = level.animationTimingFunction { return function }
        }
        return nil
    }

    /// Whether the innermost transaction that says so disables actions.
    package var disableActions: Bool {
        for level in levels.reversed() {
            if let flag = level.disableActions { return flag }
        }
        return false
    }

    /// The completion groups that an animation added now belongs to: every block set so far
    /// in the open transactions.
    package var activeCompletionGroups: [CompletionGroup] {
        guard levels.contains(where: { !$0.completionGroups.isEmpty }) else { return [] }
        return levels.flatMap(\.completionGroups)
    }

    /// `CATransaction.completionBlock()`: the innermost level's, looking outwards past the
    /// levels that set none.
    package var completionBlock: (() -> Void)? {
        for level in levels.reversed() {
            if let block = level.completionBlock { return block }
        }
        return nil
    }

    // MARK: Recording what the commit must do

    /// Called with the ``TransactionLock`` held (or on a layer no other thread can see yet):
    /// `isAwaitingCommit` is shared with the commits of other threads. `timingOnly`: the
    /// change is to the layer's `beginTime`, `speed` or `timeOffset`, which
    /// ``layerTimingGeneration`` tells renderers of (their trees need not be built again).
    package func noteChanged(_ layer: CALayer, timingOnly: Bool = false) {
        if !timingOnly { noteLayerTreeChanged() }
        // A layer awaiting commit is already in an open transaction.
        guard !layer.isAwaitingCommit else { return }
        openLevel()
        layer.isAwaitingCommit = true
        changedLayers.append(layer)
    }

    package func noteAdded(_ animation: AttachedAnimation, to layer: CALayer) {
        noteChanged(layer)
        addedAnimations.append((layer, animation))
    }

    /// The outermost commit: layers become visible to `presentation()`, animations added in
    /// the transaction get their begin time and are scheduled, completion blocks are sealed.
    private func commitChanges() {
        // Double-buffered: the lists keep their capacity from one commit to the next instead
        // of growing again from nothing (changes made while committing go to the fresh ones).
        var layers: [CALayer] = []
        swap(&layers, &spareChangedLayers)
        swap(&layers, &changedLayers)
        var animations: [(layer: CALayer, animation: AttachedAnimation)] = []
        swap(&animations, &spareAddedAnimations)
        swap(&animations, &addedAnimations)
        let groups = groupsToSeal
        groupsToSeal = []
        defer {
            layers.removeAll(keepingCapacity: true)
            spareChangedLayers = layers
            animations.removeAll(keepingCapacity: true)
            spareAddedAnimations = animations
        }

        let clock = CAClock.current
        let now = clock.now
        let nextTurn = NextRunLoopTurn(clock: clock)
        let lock = TransactionLock.shared
        // Under the lock: the thread advancing `clock` reads these layers' animations and
        // timing while delivering events. Drawing (user code) runs between the two holds.
        lock.withLock {
            for layer in layers {
                layer.valuesBeforeChange.removeAll()
                if layer.treeBeforeChange != nil { layer.treeBeforeChange = nil }
                layer.isAwaitingCommit = false
                layer.hasBeenCommitted = true
            }
            for (layer, attached) in animations where attached.lifecycle.state == .pending {
                attached.schedule(beginningAt: layer.convertTime(now, from: nil))
            }
            // Animations removed before the commit are still pending-then-finished here; the
            // scheduler only takes those now waiting for their start.
            AnimationEventScheduler.shared.schedule(animations, with: clock)
            for layer in layers where layer.observesCommits {
                layer.didCommit(atMediaTime: now)
            }
        }
        for layer in layers where layer.needsDisplay() {
            layer.displayIfNeeded()
        }
        lock.withLock {
            // A transition's new tree, as committed and drawn.
            for (layer, attached) in animations where attached.transitionCapture != nil {
                attached.transitionCapture?.after = layer.makeModelSnapshot()
            }
            for group in groups {
                group.seal(nextTurn: nextTurn)
            }
        }
    }
}

private let transactionStackKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<TransactionStack>.fromOpaque(pointer).release()
    }
    require(status == 0, "could not create the thread-local key for the transaction stack")
    return key
}()

/// The presentation values a layer showed before its first change of each key in the
/// current transaction (implicit animations start from them). Usually one key changes per
/// layer and transaction, so the first lives inline and the rest in a list: comparing short
/// keys is far cheaper than hashing them.
package struct ValuesBeforeChange {
    private var firstKey: String?
    private var firstValue: AnimatableValue?
    private var others: [(key: String, value: AnimatableValue)] = []

    package init() {}

    /// Forgets everything (nothing to do when nothing was recorded).
    package mutating func removeAll() {
        guard firstKey != nil else { return }
        self = ValuesBeforeChange()
    }

    @inline(__always)
    package func value(forKey key: String) -> AnimatableValue? {
        guard let firstKey else { return nil }
        if firstKey == key { return firstValue }
        return others.first { $0.key == key }?.value
    }

    /// Every recorded key and value, the first first.
    package var all: [(key: String, value: AnimatableValue)] {
        guard let firstKey, let firstValue else { return others }
        return [(firstKey, firstValue)] + others
    }

    @inline(__always)
    package mutating func record(_ value: AnimatableValue, forKey key: String) {
        if firstKey == nil {
            firstKey = key
            firstValue = value
        } else {
            others.append((key, value))
        }
    }
}
