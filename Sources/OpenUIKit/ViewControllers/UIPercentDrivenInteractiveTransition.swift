import Foundation

/// Drives a transition's animations from a fraction the app reports (a pan's progress, say):
/// Apple's `UIPercentDrivenInteractiveTransition`.
///
/// When the animator gives an interruptible animator, that animator is paused and scrubbed
/// (`fractionComplete`), then continued forwards or reversed. Otherwise the animations that
/// `animateTransition(using:)` adds are paused where they stand by the container view's layer
/// timing (`speed` 0, `timeOffset` the elapsed time), as UIKit does: ``finish()`` resumes them
/// at ``completionSpeed``; ``cancel()`` runs them back to their start at that speed on the
/// display's refreshes, after which they end at once. Either way the animator's completion
/// handler calls `completeTransition(!transitionContext.transitionWasCancelled)`.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// How far the transition is, 0 to 1.
    open private(set) var percentComplete: CGFloat = 0
    /// How fast the animations run after ``finish()`` or ``cancel()``, relative to their speed.
    open var completionSpeed: CGFloat = 1
    open var completionCurve = UIView.AnimationCurve.easeInOut
    /// The timing given to an interruptible animator when it continues.
    open var timingCurve: (any UITimingCurveProvider)?
    open var wantsInteractiveStart = true

    private var context: (any UIViewControllerContextTransitioning)?
    private var interruptible: (any UIViewImplicitlyAnimating)?
    private var rewind: CADisplayLink?

    public override init() {
        super.init()
    }

    /// The transition's duration, once it has started.
    open var duration: CGFloat {
        guard let context, let animator = (context as? TransitionContext)?.animator else { return 0 }
        return CGFloat(animator.transitionDuration(using: context))
    }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let ours = transitionContext as? TransitionContext else {
            fatalError("UIPercentDrivenInteractiveTransition: startInteractiveTransition(_:) is called by UIKit's transitions only")
        }
        context = transitionContext
        percentComplete = 0
        if let animator = NoInterruptibleAnimator.animator(of: ours.animator, using: transitionContext) {
            interruptible = animator
            animator.pauseAnimation()
            animator.fractionComplete = 0
        } else {
            ours.animator.animateTransition(using: transitionContext)
            let layer = transitionContext.containerView.layer
            layer.speed = 0
            layer.timeOffset = 0
            ours.whenEnded { [weak layer] in
                guard let layer else { return }
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
            }
        }
    }

    /// Moves the transition to `percentComplete` (0 to 1) of the way.
    open func update(_ percentComplete: CGFloat) {
        guard let context, rewind == nil else { return }
        let fraction = min(max(percentComplete, 0), 1)
        self.percentComplete = fraction
        context.updateInteractiveTransition(fraction)
        if let interruptible {
            interruptible.fractionComplete = fraction
        } else {
            context.containerView.layer.timeOffset = Double(fraction * duration)
        }
    }

    /// Stops following updates; a later ``finish()`` or ``cancel()`` ends the transition.
    open func pause() {
        context?.pauseInteractiveTransition()
        interruptible?.pauseAnimation()
    }

    /// Runs the rest of the transition at ``completionSpeed``.
    open func finish() {
        guard let context, rewind == nil else { return }
        context.finishInteractiveTransition()
        if let interruptible {
            interruptible.continueAnimation(
                withTimingParameters: timingCurve, durationFactor: (1 - percentComplete) / max(completionSpeed, 1e-6))
            return
        }
        // Apple's recipe for resuming a paused layer (QA1673), at the completion speed.
        let layer = context.containerView.layer
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        let speed = Float(max(completionSpeed, 1e-6))
        layer.speed = speed
        layer.beginTime = now - paused / Double(speed)
    }

    /// Runs the transition back to its start at ``completionSpeed``; the transition then ends
    /// cancelled.
    open func cancel() {
        guard let context, rewind == nil else { return }
        context.cancelInteractiveTransition()
        if let interruptible {
            interruptible.isReversed = true
            interruptible.continueAnimation(
                withTimingParameters: timingCurve, durationFactor: percentComplete / max(completionSpeed, 1e-6))
            return
        }
        let layer = context.containerView.layer
        let from = layer.timeOffset
        let start = CACurrentMediaTime()
        let speed = Double(max(completionSpeed, 1e-6))
        let link = CADisplayLink { [weak self, weak layer] link in
            MainActor.assumeIsolated {
                guard let layer else {
                    link.invalidate()
                    return
                }
                let offset = max(0, from - (link.timestamp - start) * speed)
                layer.timeOffset = offset
                self?.percentComplete = CGFloat(offset) / max(self?.duration ?? 1, 1e-9)
                guard offset == 0 else { return }
                link.invalidate()
                self?.rewind = nil
                // Back at the start: the animations end now, and their completion handlers
                // complete the transition, cancelled.
                layer.speed = 1
                layer.beginTime = 0
            }
        }
        rewind = link
        link.add(to: .main, forMode: .common)
    }
}
