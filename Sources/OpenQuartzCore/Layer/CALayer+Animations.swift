import Foundation

extension CALayer {
    /// `add(_:forKey:)`: copies the animation, fills in what the transaction supplies, compiles
    /// it and attaches it in the current transaction.
    package func attach(_ animation: CAAnimation, forKey requestedKey: String?) {
        require(!isPresentationCopy, "add(_:forKey:) on a presentation layer; add animations to the model layer")
        // CALayer.h: "The special key kCATransition is automatically used for transition
        // animations."
        let key = animation is CATransition ? kCATransition : requestedKey
        let copy = animation.copiesWithoutOverride ? animation.makeCopy() : animation.copy(with: nil) as! CAAnimation
        (copy as? CAAnimationGroup)?.copyChildrenForAttaching()
        if copy.duration <= 0 {
            // Core Animation treats a duration of 0 (or less) as "the transaction's".
            copy.duration = CATransaction.animationDuration()
        }
        if copy.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        // The layer's animations and the completion groups are shared with the thread that
        // delivers their events.
        TransactionLock.shared.withLock {
            let parts = AnimationCompiler(layer: self).compileParts(of: copy, in: [])
            if let key {
                detachAnimations { $0.key == key }
            }
            let groups = TransactionStack.current.activeCompletionGroups
            for group in groups { group.animationAdded() }
            let attached = AttachedAnimation(key: key, animation: copy, compiledParts: parts, groups: groups)
            if copy is CATransition {
                attached.transitionCapture = TransitionCapture(
                    before: makeSnapshotBeforeChange(at: CACurrentMediaTime()))
            }
            attachedAnimations.append(attached)
            TransactionStack.current.noteAdded(attached, to: self)
        }
    }

    /// `CABasicAnimation.h`, all values nil: "Interpolates between the previous value of
    /// keyPath in the target layer's presentation layer and the current value". The previous
    /// value is the one recorded when the property changed in this transaction (nil when it
    /// did not change, or when the animation has values of its own).
    package func previousValue(for animation: CABasicAnimation, at path: LayerKeyPath) -> AnimatableValue? {
        guard animation.fromValue == nil, animation.toValue == nil, animation.byValue == nil,
            let previous = valuesBeforeChange.value(forKey: path.baseKey)
        else { return nil }
        if case .property(_, let component?) = path { return component.read(from: previous) }
        return previous
    }

    /// Detaches the animations that match, telling their delegates `finished: false`.
    package func detachAnimations(where matches: (AttachedAnimation) -> Bool) {
        let lock = TransactionLock.shared
        lock.withLock {
            guard !attachedAnimations.isEmpty else { return }
            let removed = attachedAnimations.filter(matches)
            guard !removed.isEmpty else { return }
            attachedAnimations.removeAll(where: matches)
            if !isPresentationCopy { TransactionStack.current.noteChanged(self) }
            for attached in removed {
                perform(attached.lifecycle.remove(), for: attached)
                lock.releaseAfterUnlocking(attached)
            }
        }
    }

    /// Finishes the animations of a layer that is going away: their delegates hear
    /// `finished: false` and their transactions' completion blocks stop waiting for them, as
    /// when they are removed. Called from `deinit`.
    package func finishAnimationsOfFreedLayer() {
        let lock = TransactionLock.shared
        lock.withLock {
            let animations = attachedAnimations
            attachedAnimations = []
            for attached in animations {
                perform(attached.lifecycle.remove(), for: attached)
                lock.releaseAfterUnlocking(attached)
            }
        }
    }

    /// Carries out what a lifecycle transition asks for. Called with the `TransactionLock`
    /// held: the delegate hears of it once the lock is let go.
    package func perform(_ effects: [AnimationLifecycle.Effect], for attached: AttachedAnimation) {
        noteLayerTreeChanged()
        let lock = TransactionLock.shared
        for effect in effects {
            switch effect {
            case .notifyStart:
                if let delegate = attached.delegate {
                    let animation = attached.animation
                    lock.deferUntilUnlocked { delegate.animationDidStart(animation) }
                }
            case .notifyStop(let finished):
                if let delegate = attached.delegate {
                    let animation = attached.animation
                    lock.deferUntilUnlocked { delegate.animationDidStop(animation, finished: finished) }
                }
                let groups = attached.completionGroups
                attached.completionGroups = []
                for group in groups { group.animationEnded() }
            case .detach:
                attachedAnimations.removeAll { $0 === attached }
                lock.releaseAfterUnlocking(attached)
            }
        }
    }
}
