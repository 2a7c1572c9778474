import Foundation

/// An animation attached to a layer: the layer's own copy, its compiled form, its lifecycle
/// and the transaction completion groups waiting for it.
///
/// Shared between the thread that adds it and the one that delivers its events: its mutable
/// state is only touched with the `TransactionLock` held.
///
/// An implicit animation made by a built-in layer's default action starts without an
/// animation object: nothing outside can have seen it yet, so the `CABasicAnimation` is
/// built only when someone asks for it (`animation(forKey:)`), with the same values.
package final class AttachedAnimation {
    package let key: String?
    @exclusivity(unchecked) private var storedAnimation: CAAnimation?
    @exclusivity(unchecked) package private(set) var timing: TimingParameters
    /// The compiled property animations: one for a property animation, one per (nested)
    /// child for a group, none for animations that change no property.
    @exclusivity(unchecked) package private(set) var compiledParts: [CompiledAnimation]
    @exclusivity(unchecked) package var lifecycle = AnimationLifecycle()
    @exclusivity(unchecked) package var completionGroups: [CompletionGroup]
    /// A transition's captured trees; nil for every other animation.
    package var transitionCapture: TransitionCapture?
    /// Whether the animation was added with `beginTime` 0, which the commit replaced with its
    /// own time: a writer saves the animation as added ("start when added"), not the time
    /// this run happened to commit at.
    @exclusivity(unchecked) package private(set) var beganAtCommit = false

    package init(
        key: String?, animation: CAAnimation, compiledParts: [CompiledAnimation], groups: [CompletionGroup]
    ) {
        self.key = key
        self.storedAnimation = animation
        self.compiledParts = compiledParts
        self.timing = TimingParameters(animation)
        self.completionGroups = groups
    }

    /// A default action's animation, whose object is made on demand from its compiled form.
    package init(key: String, implicit compiled: CompiledAnimation, groups: [CompletionGroup]) {
        self.key = key
        self.storedAnimation = nil
        self.timing = compiled.timing
        self.compiledParts = [compiled]
        self.completionGroups = groups
    }

    /// The layer's animation object.
    package var animation: CAAnimation {
        if let storedAnimation { return storedAnimation }
        // A deferred default action: the `CABasicAnimation` it stands for.
        let compiled = compiledParts[0]
        let made = CABasicAnimation(keyPath: compiled.baseKey)
        made.duration = timing.duration
        made.timingFunction = compiled.timingFunction
        if case .basic(let from, _, _) = compiled.source { made.fromValue = from?.boxed }
        made.beginTime = timing.beginTime
        storedAnimation = made
        return made
    }

    /// The animation's delegate, without making a deferred animation object (which has none).
    package var delegate: (any CAAnimationDelegate)? {
        storedAnimation?.base.delegate
    }

    /// The transaction committed: fixes the begin time (when the animation left it 0).
    package func schedule(beginningAt commitTime: Double) {
        noteLayerTreeChanged()
        lifecycle.commit()
        if timing.beginTime == 0 {
            beganAtCommit = true
            timing.beginTime = commitTime
            storedAnimation?.beginTime = commitTime
        }
        for index in compiledParts.indices {
            compiledParts[index].stampBeginTime(timing.beginTime)
        }
    }
}

extension TimingParameters {
    /// The timing of an animation as added (its duration already defaulted).
    package init(_ animation: CAAnimation) {
        // Straight from the animation's storage: no dynamic dispatch per property.
        self.init()
        beginTime = animation.base.timing.beginTime
        duration = animation.base.timing.duration
        speed = Double(animation.base.timing.speed)
        timeOffset = animation.base.timing.timeOffset
        repeatCount = Double(animation.base.timing.repeatCount)
        repeatDuration = animation.base.timing.repeatDuration
        autoreverses = animation.base.timing.autoreverses
        fillsForwards = animation.base.timing.fillMode.fillsForwards
        fillsBackwards = animation.base.timing.fillMode.fillsBackwards
        removedOnCompletion = animation.base.isRemovedOnCompletion
    }
}
