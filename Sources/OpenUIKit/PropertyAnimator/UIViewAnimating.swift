import Foundation

/// Where an animator stands: UIKit's `UIViewAnimatingState`, with its raw values.
///
///     inactive ──start/pause──▶ active ──stopAnimation(false)──▶ stopped
///        ▲                        │                                 │
///        └── end, stopAnimation(true) ◀──────── finishAnimation(at:) ┘
public enum UIViewAnimatingState: Int, Sendable {
    /// No animation is under way: the animator was just made, or its animations ended.
    case inactive = 0
    /// The animations were started or paused; `fractionComplete` says how far they are.
    case active = 1
    /// Stopped with `stopAnimation(false)`: the views hold the values shown when it stopped,
    /// and `finishAnimation(at:)` is due.
    case stopped = 2
}

/// Where an animation ended, as completion handlers hear it: UIKit's
/// `UIViewAnimatingPosition`, with its raw values.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the values the animations set.
    case end = 0
    /// At the values before the animations.
    case start = 1
    /// Somewhere in between, where it was stopped.
    case current = 2
}

/// The interface of an object that drives animations through their life: start, pause,
/// scrub, reverse, stop, finish. UIKit's `UIViewAnimating`; ``UIViewPropertyAnimator``
/// adopts it.
///
/// Calling `startAnimation()` or `pauseAnimation()` on a ``UIViewAnimatingState/stopped``
/// animator is a programmer error, as is calling `finishAnimation(at:)` on one that is not
/// stopped.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    /// Whether the animator is inactive, active or stopped.
    var state: UIViewAnimatingState { get }
    /// Whether the animations are under way (active and not paused).
    var isRunning: Bool { get }
    /// Whether the animations run back towards their start values.
    var isReversed: Bool { get set }
    /// How far the animations are, from 0 (start) to 1 (end); settable while paused.
    var fractionComplete: CGFloat { get set }

    /// Starts the animations, or resumes them from where they were paused.
    func startAnimation()
    /// Starts or resumes the animations `delay` seconds from now.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Freezes the animations where they are.
    func pauseAnimation()
    /// Stops the animations where they are shown now: the views keep those values. `true`
    /// ends there (inactive, no completion); `false` leaves the animator stopped, waiting for
    /// ``finishAnimation(at:)``.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Ends a stopped animator: puts the views at `finalPosition` and runs the final actions
    /// (for a property animator, its completion handlers).
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes animation blocks and completion handlers, and can continue with
/// other timing: UIKit's `UIViewImplicitlyAnimating`.
///
/// Differs from Apple: the four methods are optional requirements in UIKit, called with
/// optional chaining (`animator.addAnimations?(…)`). Swift on Linux has no optional protocol
/// requirements, so here they are plain requirements whose default implementations do
/// nothing, as an optional-chained call on an animator without them would; call them without
/// the `?`.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds a block whose view changes animate with the animator.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a block whose animations begin `delayFactor` of the duration later.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a handler that runs once when the animations end, with where they ended.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes the animations from where they are with other timing and a new length.
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    /// Does nothing: an animator that does not take animation blocks ignores them.
    public func addAnimations(_ animation: @escaping () -> Void) {}

    /// Does nothing: an animator that does not take animation blocks ignores them.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}

    /// Does nothing: an animator without completion handlers ignores them.
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}

    /// Does nothing: an animator that cannot change its timing keeps it.
    public func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
    ) {}
}
