import Foundation

/// A property animator's life — inactive → active → stopped → inactive — as a value whose
/// transitions return what the animator must do, so that the rules (which calls are
/// programmer errors, which are ignored) live in one place.
///
/// The rules follow UIKit's documentation of `UIViewAnimating` and `UIViewPropertyAnimator`:
/// starting, pausing or adding animations to a stopped animator, and finishing one that is
/// not stopped, are programmer errors; `fractionComplete` can be set only while paused (or
/// on an inactive animator, which it activates); an animator started without animation
/// blocks waits, active and paused, for the first block.
struct PropertyAnimatorLifecycle {
    enum State: Equatable {
        case inactive
        case active(Motion)
        case stopped
    }

    enum Motion: Equatable {
        case running
        case paused
        /// Started without animation blocks: UIKit's "transient paused state", in which the
        /// first block added starts the animations.
        case awaitingAnimations
    }

    enum Effect: Equatable {
        /// Queue the block just added, to run when the animator starts.
        case queueBlock
        /// Run the queued blocks (the model takes the new values) and stand at the start.
        case activate
        /// Run the block just added now and animate its changes with the others.
        case runBlockNow
        /// Move on towards the end (or the start, when reversed) from where the animations stand.
        case play
        /// Move on from where the animations stand with other timing or another length.
        case continueWithNewTiming
        /// Hold the animations where they are shown now.
        case freeze
        /// Move the paused animations to the requested fraction.
        case scrub
        /// The model takes the values shown now; the animations go.
        case keepShownValues
        /// The model takes the values at the position; the animations go; the completion
        /// handlers run with the position, after everything else has been forgotten.
        case finish(UIViewAnimatingPosition)
        /// Forget the tracks, blocks and completion handlers.
        case discard
    }

    private(set) var state = State.inactive

    /// `startAnimation()` or `startAnimation(afterDelay:)`.
    mutating func start(hasQueuedBlocks: Bool, method: String) -> [Effect] {
        switch state {
        case .inactive:
            state = .active(hasQueuedBlocks ? .running : .awaitingAnimations)
            return hasQueuedBlocks ? [.activate, .play] : []
        case .active(.paused):
            state = .active(.running)
            return [.play]
        case .active(.running), .active(.awaitingAnimations):
            return []
        case .stopped:
            misuse(
                "UIViewPropertyAnimator.\(method) on a stopped animator; call finishAnimation(at:) to end it first")
        }
    }

    /// `pauseAnimation()`.
    mutating func pause() -> [Effect] {
        switch state {
        case .inactive, .active(.awaitingAnimations):
            state = .active(.paused)
            return [.activate]
        case .active(.running):
            state = .active(.paused)
            return [.freeze]
        case .active(.paused):
            return []
        case .stopped:
            misuse(
                "UIViewPropertyAnimator.pauseAnimation() on a stopped animator; call finishAnimation(at:) to end it first"
            )
        }
    }

    /// `addAnimations(_:)` or `addAnimations(_:delayFactor:)`.
    mutating func addAnimations() -> [Effect] {
        switch state {
        case .inactive:
            return [.queueBlock]
        case .active(.awaitingAnimations):
            state = .active(.running)
            return [.queueBlock, .activate, .play]
        case .active(.running), .active(.paused):
            return [.runBlockNow]
        case .stopped:
            misuse(
                "UIViewPropertyAnimator.addAnimations on a stopped animator; call finishAnimation(at:) to end it first")
        }
    }

    /// Setting `fractionComplete`; ignored while running or stopped, as UIKit's
    /// documentation allows it "only while the animator is paused".
    mutating func scrub() -> [Effect] {
        switch state {
        case .inactive, .active(.awaitingAnimations):
            state = .active(.paused)
            return [.activate, .scrub]
        case .active(.paused):
            return [.scrub]
        case .active(.running), .stopped:
            return []
        }
    }

    /// Setting `isReversed` to a new value: a running animator turns round at once.
    mutating func reverse() -> [Effect] {
        state == .active(.running) ? [.freeze, .play] : []
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`.
    mutating func continueAnimation() -> [Effect] {
        switch state {
        case .active(.running), .active(.paused):
            state = .active(.running)
            return [.freeze, .continueWithNewTiming]
        case .active(.awaitingAnimations):
            return []
        case .inactive, .stopped:
            misuse(
                "UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:) needs an active "
                    + "animator (started or paused); this one is \(state == .inactive ? "inactive" : "stopped")")
        }
    }

    /// `stopAnimation(_:)`.
    mutating func stop(withoutFinishing: Bool) -> [Effect] {
        switch state {
        case .active:
            state = withoutFinishing ? .inactive : .stopped
            return withoutFinishing ? [.keepShownValues, .discard] : [.keepShownValues]
        case .stopped:
            guard withoutFinishing else { return [] }
            state = .inactive
            return [.discard]
        case .inactive:
            return []
        }
    }

    /// `finishAnimation(at:)`.
    mutating func finish(at position: UIViewAnimatingPosition) -> [Effect] {
        guard state == .stopped else {
            misuse(
                "UIViewPropertyAnimator.finishAnimation(at:) needs a stopped animator: call stopAnimation(false) "
                    + "first (this one is \(state == .inactive ? "inactive" : "active"))")
        }
        state = .inactive
        return [.finish(position)]
    }

    /// The animations reached `position` (the end, or the start when reversed).
    mutating func reachEnd(at position: UIViewAnimatingPosition, pausesOnCompletion: Bool) -> [Effect] {
        guard state == .active(.running) else { return [] }
        if pausesOnCompletion {
            state = .active(.paused)
            return [.freeze]
        }
        state = .inactive
        return [.finish(position)]
    }
}
