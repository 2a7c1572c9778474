import Foundation

/// Animates changes to views and lets you pause, scrub, reverse, stop and re-time the
/// animations while they run: UIKit's `UIViewPropertyAnimator`.
///
/// The animation blocks run when the animator starts (or at once, for a block added while it
/// is active): the views' model values take the new values immediately, and the animator
/// adds animations that carry what is shown from the old values to the new ones along its
/// timing curve. Pausing freezes what is shown; setting ``fractionComplete`` while paused
/// moves it; ``isReversed`` sends it back towards the old values, and an animator that gets
/// back to the start puts the old values back in the model. Completion handlers run once per
/// run, with the position the animations ended at.
///
///     let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeOut) {
///         card.center.y -= 200
///     }
///     animator.addCompletion { position in print(position == .end) }
///     animator.startAnimation()
///     // later, from a gesture:
///     animator.pauseAnimation()
///     animator.fractionComplete = 0.3
///     animator.isReversed = true
///     animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
///
/// Differs from Apple: not `NSCopying`; the properties are animated with explicit Core
/// Animation animations of its own, keyed `"<key>-animator-<n>-<track>"`, so
/// `layer.animationKeys()` shows them. Where UIKit's documentation is silent this animator
/// decides as each member's documentation says.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// The timing the animator was made with.
    open var timingParameters: (any UITimingCurveProvider)? { curveProvider }
    /// The length of the main animations in seconds (ignored by a spring given by mass,
    /// stiffness and damping, which runs until it settles).
    public let duration: TimeInterval
    /// The delay before the animations begin, set by ``startAnimation(afterDelay:)``; 0 until then.
    public internal(set) var delay: TimeInterval = 0

    /// Whether the views take touches while animating (stored; there are no events here).
    /// Setting it on an animator that is not inactive is a programmer error, as in UIKit.
    open var isUserInteractionEnabled = true {
        willSet { requireInactive("isUserInteractionEnabled") }
    }
    /// Whether the app hit-tests animating views itself (stored; there are no events here).
    open var isManualHitTestingEnabled = false
    /// Whether the animations can be paused, scrubbed and stopped (default true). Pausing,
    /// scrubbing or stopping a non-interruptible animator, and changing this property on an
    /// animator that is not inactive, are programmer errors.
    open var isInterruptible = true {
        willSet { requireInactive("isInterruptible") }
    }
    /// Whether scrubbing a paused animator moves the views linearly with
    /// ``fractionComplete`` (default true) instead of along the timing curve. Linear
    /// scrubbing is measured from where the animator was paused, so the first scrub does not
    /// jump; continuing after it moves on along the timing curve from where the views are.
    open var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing (default
    /// false); it then runs no completion handler, and can be reversed and continued.
    open var pausesOnCompletion = false

    var lifecycle = PropertyAnimatorLifecycle()
    var queuedBlocks: [(animation: () -> Void, delayFactor: Double)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var tracks: [AnimatorTrack] = []
    /// The tracks' progress that the views' model values stand for: all 1 (the blocks' values)
    /// while active, where they were shown once stopped.
    var positionsInModel: [Double] = []
    var motion: AnimatorMotion?
    var reversed = false
    var fractionWhenStopped: Double = 0
    /// When an animator started without blocks (after a delay) begins once its first block
    /// arrives.
    var awaitedStartTime: Double = 0
    let curveProvider: any UITimingCurveProvider
    let mainCurve: (curve: PacingCurve, duration: TimeInterval)
    let endTimer = AnimatorEndTimer()
    let serial: Int

    private static var nextSerial = 0

    /// An inactive animator of `duration` seconds paced by `parameters`. Add animation blocks
    /// with ``addAnimations(_:)`` and start it with ``startAnimation()``. The duration must be
    /// finite and 0 or more.
    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        require(
            duration.isFinite && duration >= 0,
            "UIViewPropertyAnimator needs a finite duration of 0 or more, got \(duration)")
        self.duration = duration
        curveProvider = parameters
        mainCurve = PacingCurve.resolve(parameters, duration: duration)
        Self.nextSerial += 1
        serial = Self.nextSerial
        super.init()
    }

    /// An inactive animator of no duration, paced by `UICubicTimingParameters()` (Core
    /// Animation's default curve): what `NSObject`'s `init()` gives, which UIKit does not
    /// document. Its blocks apply at once when it starts, and it finishes on the next turn of
    /// the run loop.
    public convenience override init() {
        self.init(duration: 0, timingParameters: UICubicTimingParameters())
    }

    // MARK: State

    /// Whether the animator is inactive, active or stopped.
    open var state: UIViewAnimatingState {
        switch lifecycle.state {
        case .inactive: .inactive
        case .active: .active
        case .stopped: .stopped
        }
    }

    /// Whether the animations are under way: active, not paused, and not waiting for blocks
    /// (true during a start delay).
    open var isRunning: Bool {
        lifecycle.state == .active(.running)
    }

    /// Whether the animations run back towards the values before the blocks. Setting it
    /// while running turns them round where they are; while paused, it takes effect when
    /// they continue. Ignored while stopped, as UIKit's documentation allows. An inactive
    /// animator started reversed plays from the end values back to the start (UIKit does not
    /// say).
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, lifecycle.state != .stopped else { return }
            reversed = newValue
            perform(lifecycle.reverse())
        }
    }

    /// How far the animations are, from 0 (the values before the blocks) to 1 (the blocks'
    /// values); it falls when reversed. Setting it (clamped to [0, 1]) on a paused animator
    /// moves the views there, linearly when ``scrubsLinearly``; on an inactive one it runs
    /// the blocks and pauses there first. Ignored while running or stopped, as UIKit's
    /// documentation allows it "only while the animator is paused". A stopped animator
    /// reports where it stopped.
    open var fractionComplete: CGFloat {
        get {
            switch lifecycle.state {
            case .inactive, .active(.awaitingAnimations): 0
            case .active: CGFloat(motion?.fraction(at: CACurrentMediaTime()) ?? 0)
            case .stopped: CGFloat(fractionWhenStopped)
            }
        }
        set {
            require(newValue.isFinite, "UIViewPropertyAnimator.fractionComplete must be finite, got \(newValue)")
            requireInterruptible("setting fractionComplete")
            perform(lifecycle.scrub(), scrubTo: min(max(Double(newValue), 0), 1))
        }
    }

    // MARK: Driving the animations

    /// Starts the animations, or resumes paused ones from where they stand. An inactive
    /// animator runs its blocks now; one without blocks waits, active and paused, until the
    /// first block is added, which then starts at once (UIKit's "transient paused state").
    /// Calling it on a stopped animator is a programmer error.
    open func startAnimation() {
        perform(lifecycle.start(hasQueuedBlocks: !queuedBlocks.isEmpty, method: "startAnimation()"))
    }

    /// ``startAnimation()`` with the animations beginning `delay` seconds from now (finite, 0
    /// or more). The blocks run now, so the model takes the new values at once; the views
    /// show the old values during the delay. Sets ``delay``.
    open func startAnimation(afterDelay delay: TimeInterval) {
        require(
            delay.isFinite && delay >= 0,
            "UIViewPropertyAnimator.startAnimation(afterDelay:) needs a finite delay of 0 or more, got \(delay)")
        let effects = lifecycle.start(hasQueuedBlocks: !queuedBlocks.isEmpty, method: "startAnimation(afterDelay:)")
        self.delay = delay
        if lifecycle.state == .active(.awaitingAnimations) {
            // The delay runs from now; the first block, whenever it comes, waits for its end.
            awaitedStartTime = CACurrentMediaTime() + delay
        }
        perform(effects, startDelay: delay)
    }

    /// Freezes the animations where they are shown now. An inactive animator runs its blocks
    /// and pauses at the start. Calling it on a stopped or a non-interruptible animator is a
    /// programmer error. A pause during a start delay drops the rest of the delay.
    open func pauseAnimation() {
        requireInterruptible("pauseAnimation()")
        perform(lifecycle.pause())
    }

    /// Stops the animations where they are shown now; the views keep those values in their
    /// model. With `withoutFinishing` true the animator becomes inactive and no completion
    /// handler runs; with false it is ``UIViewAnimatingState/stopped`` until
    /// ``finishAnimation(at:)``. Does nothing on an inactive animator; a stopped one becomes
    /// inactive with `true`. Stopping a non-interruptible animator is a programmer error.
    open func stopAnimation(_ withoutFinishing: Bool) {
        if case .active = lifecycle.state { requireInterruptible("stopAnimation(_:)") }
        perform(lifecycle.stop(withoutFinishing: withoutFinishing))
    }

    /// Ends a stopped animator: `.end` puts the blocks' values in the views' model, `.start`
    /// the values from before them, `.current` leaves what is shown; then the completion
    /// handlers run with `finalPosition`. Calling it on an animator that is not stopped is a
    /// programmer error, as UIKit's documentation says.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        perform(lifecycle.finish(at: finalPosition))
    }

    /// Adds a block whose changes to views animate with the others: from the start when the
    /// animator is inactive, at once and over the rest of the run when it is active. Calling
    /// it on a stopped animator is a programmer error.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block whose animations begin `delayFactor` × ``duration`` later (a factor from
    /// 0 to 1) and end with the others. On an active animator the delay counts from now,
    /// following the example in UIKit's documentation (duration 2, fraction 0.25, factor
    /// 0.25: the block animates for the last second).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        require(
            delayFactor.isFinite && delayFactor >= 0 && delayFactor <= 1,
            "UIViewPropertyAnimator.addAnimations(_:delayFactor:) needs a delay factor from 0 to 1, got \(delayFactor)")
        perform(lifecycle.addAnimations(), block: (animation, Double(delayFactor)))
    }

    /// Adds a handler that runs once when the animations end, with the position they ended
    /// at: `.end` or `.start` when they get there, the position given to
    /// ``finishAnimation(at:)`` otherwise. Handlers do not run when the animator stops with
    /// `stopAnimation(true)`, or pauses at the end (``pausesOnCompletion``).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Moves on from where the animations stand, towards the end (or the start when
    /// reversed), paced by `parameters` (the animator's own timing when nil) over
    /// `durationFactor` × ``duration`` seconds, "as if the animation was started from its
    /// current position with a new duration and timing parameters" (UIKit's header). A
    /// factor of 0 keeps the time the original animation had left; with nil parameters it
    /// simply resumes, like ``startAnimation()``. Works on running and paused animators;
    /// calling it on an inactive or stopped one is a programmer error.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
    {
        require(
            durationFactor.isFinite && durationFactor >= 0,
            "UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:) needs a finite duration "
                + "factor of 0 or more, got \(durationFactor)")
        perform(lifecycle.continueAnimation(), newTiming: (parameters, Double(durationFactor)))
    }

    private func requireInactive(_ property: String) {
        require(
            lifecycle.state == .inactive,
            "UIViewPropertyAnimator.\(property) can only be changed while the animator is inactive")
    }

    func requireInterruptible(_ action: String) {
        require(isInterruptible, "UIViewPropertyAnimator: \(action) needs an interruptible animator")
    }
}
