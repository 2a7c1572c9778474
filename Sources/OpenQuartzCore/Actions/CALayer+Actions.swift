import Foundation

extension CALayer {
    /// A change to one of `CALayer`'s own properties, named by its descriptor (its key with it).
    @inline(__always)
    package func changeValue(_ property: LayerProperty, _ apply: () -> Void) {
        changeValue(forKey: property.key, property: property, apply)
    }

    /// Tells the key-value observations following this layer that its model changed.
    @inline(__always)
    private func notifyKeyValueObservers() {
        if KeyValueObservations.shared.isObservingAnything { KeyValueObservations.shared.sourceDidChange(self) }
    }

    /// Changes a model value the way every property setter does: finds the action while the
    /// old value is still in place, applies the change inside the current transaction, then
    /// runs the action (which sees the new value).
    @inline(__always)
    package func changeValue(forKey key: String, property known: LayerProperty? = nil, _ apply: () -> Void) {
        guard !isPresentationCopy else {
            apply()
            return
        }
        let transactions = TransactionStack.current
        // `needsDisplay(forKey:)` marks the layer only when the value really changes.
        let displayWatch = DisplayWatch(layer: self, key: key, property: known)
        if !transactions.disableActions, delegate == nil, actions == nil, style == nil,
            usesBuiltInActionSearch, let property = known ?? type(of: self).propertyTable[key],
            property.hasImplicitAnimation
        {
            // Nothing here calls out but through the lock's deferred callouts.
            TransactionLock.shared.withLock {
                if hasBeenCommitted {
                    changeWithDefaultAction(of: property, in: transactions, apply)
                } else {
                    apply()
                    transactions.noteChanged(self)
                }
            }
            displayWatch?.markIfChanged()
            notifyKeyValueObservers()
            return
        }
        // The action search asks the delegate, user code: outside the lock, as is running the action.
        var action = transactions.disableActions ? nil : action(forKey: key)
        // Core Animation's own implicit animation runs only for a layer that has been committed:
        // a layer built, laid out and shown in the transaction that first commits it appears
        // with its values at once (Apple's pictures of lottie-ios's layer trees show it). What
        // the delegate, `actions` or `style` answer runs either way.
        if !hasBeenCommitted, let implicit = action as? CAPropertyAnimation, implicit.property.isImplicitDefault {
            action = nil
        }
        let timingOnly = known?.changesTimingOnly == true
        TransactionLock.shared.withLock {
            // Recorded for an action to start from, and for a committed layer whether or not
            // anything animates: a transition captures it as what was rendered before. A layer
            // never committed was never rendered, so it has no previous value, as on Apple.
            if action != nil || hasBeenCommitted {
                // So the recorded value is forgotten at the commit.
                transactions.noteChanged(self, timingOnly: timingOnly)
                _ = valueBeforeChange(forKey: key) { presentationValue(forKey: key) }
            }
            apply()
            transactions.noteChanged(self, timingOnly: timingOnly)
        }
        displayWatch?.markIfChanged()
        notifyKeyValueObservers()
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// `changeValue` when the action search can only end in the implicit animation: the layer
    /// has no delegate, `actions` or `style`, and its class is one of this module's, so
    /// `action(forKey:)`, `defaultAction(forKey:)` and `add(_:forKey:)` are the ones here.
    /// The result is what the search, the default action and `add` would make — an implicit
    /// `CABasicAnimation` from the previous presentation value, with the transaction's
    /// duration and curve — without building animation objects nobody has seen. Called with
    /// the `TransactionLock` held.
    private func changeWithDefaultAction(
        of property: LayerProperty, in transactions: TransactionStack, _ apply: () -> Void
    ) {
        let key = property.key
        // The value before the first change of `key` in this transaction (recorded now if this
        // is the first): where the implicit animation starts.
        let previous = valueBeforeChange(forKey: key) { presentationValue(of: property) }
        apply()
        transactions.noteChanged(self)
        let duration = transactions.effectiveAnimationDuration
        let timingFunction = transactions.animationTimingFunction ?? defaultTimingFunction
        var timing = TimingParameters()
        timing.duration = duration > 0 ? duration : TransactionStack.defaultAnimationDuration
        detachAnimations { $0.key == key }
        let groups = transactions.activeCompletionGroups
        for group in groups { group.animationAdded() }
        let attached = AttachedAnimation(
            key: key,
            implicit: CompiledAnimation(
                timing: timing, timingFunction: timingFunction, baseKey: key, component: nil,
                source: .basic(from: previous, to: nil, by: nil), isAdditive: false, isCumulative: false,
                valueFunction: nil),
            groups: groups)
        attachedAnimations.append(attached)
        transactions.noteAdded(attached, to: self)
    }

    /// Whether this layer's class is one of this module's, whose action search, default
    /// action and `add(_:forKey:)` are known.
    private var usesBuiltInActionSearch: Bool {
        let layerClass = type(of: self)
        return layerClass == CALayer.self || layerClass == CAShapeLayer.self || layerClass == CAGradientLayer.self
            || layerClass == CATextLayer.self || layerClass == CAReplicatorLayer.self
            || layerClass == CATransformLayer.self
    }

    /// Runs the action for an event that changes no property (`onOrderIn`, `onOrderOut`).
    package func runAction(forKey event: String) {
        guard !isPresentationCopy, !CATransaction.disableActions() else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}

/// A model value that `needsDisplay(forKey:)` names, read before a change so that the layer
/// is marked as needing display only when the change made it different (setting the value it
/// already holds redraws nothing).
struct DisplayWatch {
    let layer: CALayer
    let key: String
    let property: LayerProperty?
    let before: AnimatableValue

    /// Nil when the layer's class does not redraw for `key`: nothing to watch.
    init?(layer: CALayer, key: String, property known: LayerProperty?) {
        guard type(of: layer).needsDisplay(forKey: key) else { return nil }
        self.layer = layer
        self.key = key
        self.property = known ?? type(of: layer).propertyTable[key]
        before = Self.modelValue(of: layer, key: key, property: property)
    }

    func markIfChanged() {
        guard Self.modelValue(of: layer, key: key, property: property) != before else { return }
        layer.setNeedsDisplay()
    }

    private static func modelValue(of layer: CALayer, key: String, property: LayerProperty?) -> AnimatableValue {
        TransactionLock.shared.withLock {
            if let property { return property.read(layer) }
            return AnimatableValue(inferringKindOf: layer.storage.customValues[key])
        }
    }
}

/// One run of the action search for one layer and event.
struct ActionSearch {
    let layer: CALayer
    let event: String

    func run() -> (any CAAction)? {
        if let delegate = layer.delegate, let answer = delegate.action(for: layer, forKey: event) {
            return meaningful(answer)
        }
        if let answer = layer.actions?[event] {
            return meaningful(answer)
        }
        var style = layer.style
        while let dictionary = style {
            if let actions = dictionary["actions"] as? [String: any CAAction], let answer = actions[event] {
                return meaningful(answer)
            }
            style = dictionary["style"] as? [AnyHashable: Any]
        }
        if let answer = type(of: layer).defaultAction(forKey: event) {
            return meaningful(answer)
        }
        // Apple's `+defaultActionForKey:` answers nil; the implicit animation is the search's own.
        return type(of: layer).implicitAnimation(forKey: event)
    }

    /// `CALayer.h`: "If the final result is an instance of NSNull, it is converted to nil."
    private func meaningful(_ action: any CAAction) -> (any CAAction)? {
        action is NSNull ? nil : action
    }
}
