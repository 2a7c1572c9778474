import Foundation

/// A `CATransition` in flight on a layer, as drawn at one moment: how far it has got and the
/// two layer trees it blends. An OpenQuartzCore addition (Apple keeps this inside its render
/// server): the renderer draws from it, and tests read it.
///
///     layer.contents = nextPage
///     layer.add(CATransition(), forKey: nil)
///     clock.advance(by: 0.1)
///     layer.activeTransition()?.progress  // 0.4 of a 0.25 s fade
public struct CATransitionState {
    /// The transition's type as it was set, which may be a name that is drawn as `fade`.
    public let type: CATransitionType
    /// The type that is drawn: ``type``, or `fade` for a name this module does not draw.
    public let drawnType: CATransitionType
    /// The side a directional type starts from, as set (nil draws as `fromLeft`).
    public let subtype: CATransitionSubtype?
    /// How far the transition has got, from `startProgress` to `endProgress` along its timing
    /// function, clamped to [0, 1].
    public let progress: Double
    /// The layer and its sublayers as they were rendered before the transaction's changes:
    /// copies, with the presentation values of that moment. Kept until the transition ends.
    public let before: CALayer
    /// The layer and its sublayers as the transaction committed them (model values). The
    /// renderer draws the live layer in their place, so that its own animations go on.
    public let after: CALayer
}

/// What `add(_:forKey:)` keeps for a transition: the old tree, captured when it is added, and
/// the new one, captured when its transaction commits.
package final class TransitionCapture {
    package let before: CALayer
    package var after: CALayer?

    package init(before: CALayer) {
        self.before = before
    }
}

extension CALayer {
    /// The transition running on the layer at `mediaTime` (the current media time by default),
    /// nil when there is none or it is outside its active time and does not fill.
    ///
    /// On a presentation copy, the transition of its model layer.
    public func activeTransition(at mediaTime: CFTimeInterval? = nil) -> CATransitionState? {
        let layer = model()
        // Under the lock: the thread advancing the clock may be ending the transition now.
        let found = TransactionLock.shared.withLock { () -> (AttachedAnimation, TransitionCapture)? in
            guard let attached = layer.attachedAnimations.last(where: { $0.transitionCapture != nil }),
                attached.lifecycle.isCommitted, let capture = attached.transitionCapture
            else { return nil }
            return (attached, capture)
        }
        guard let (attached, capture) = found, let after = capture.after,
            let transition = attached.animation as? CATransition
        else { return nil }
        let time = layer.convertTime(mediaTime ?? CACurrentMediaTime(), from: nil)
        guard let fraction = attached.timing.progress(atParentTime: time)?.fraction else { return nil }
        let eased = transition.timingFunction?.curve.solve(fraction) ?? fraction
        let start = Double(transition.startProgress)
        let end = Double(transition.endProgress)
        return CATransitionState(
            type: transition.type, drawnType: transition.drawnType, subtype: transition.subtype,
            progress: min(max(start + (end - start) * eased, 0), 1), before: capture.before, after: after)
    }

    /// A copy of the layer and its sublayers as rendered at `mediaTime` before the changes of
    /// the current transaction: each property that changed shows the value recorded at its
    /// first change, and the tree is the one before its first change.
    package func makeSnapshotBeforeChange(at mediaTime: Double) -> CALayer {
        let copy = makePresentationCopy(at: mediaTime)
        for (key, value) in valuesBeforeChange.all {
            if let property = type(of: self).propertyTable[key] {
                property.write(copy, value)
            } else {
                copy.storage.customValues[key] = value.boxed
            }
        }
        copy.lastDrawing = lastDrawing
        let tree = treeBeforeChange ?? (sublayers ?? [], mask)
        copy.adoptSnapshotTree(
            sublayers: tree.sublayers.map { $0.makeSnapshotBeforeChange(at: mediaTime) },
            mask: tree.mask?.makeSnapshotBeforeChange(at: mediaTime))
        return copy
    }

    /// A copy of the layer and its sublayers with their model values.
    package func makeModelSnapshot() -> CALayer {
        let copy = makeLayerCopy()
        copy.lastDrawing = lastDrawing
        copy.adoptSnapshotTree(
            sublayers: (sublayers ?? []).map { $0.makeModelSnapshot() }, mask: mask?.makeModelSnapshot())
        return copy
    }
}
