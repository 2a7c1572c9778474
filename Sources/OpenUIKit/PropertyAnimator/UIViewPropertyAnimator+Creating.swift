import Foundation

extension UIViewPropertyAnimator {
    /// An inactive animator paced by one of UIKit's named curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator paced by a cubic Bézier curve with the given control points.
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An inactive animator paced by a spring with `ratio` as damping ratio, fitted to
    /// `duration` with UIKit's mapping (see ``UISpringTimingParameters``).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that is already running: `animations` with the curve named in `options`
    /// (ease-in-out when none is), starting after `delay` seconds, with `completion` as its
    /// completion handler.
    ///
    /// Differs from Apple: `isUserInteractionEnabled` follows `.allowUserInteraction`, the
    /// other options (repeat, autoreverse, transitions) are ignored as UIKit's documentation
    /// says for direction and transition options, and an animator made inside another
    /// animation block does not inherit that block's duration or curve.
    ///
    ///     UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
    ///         badge.alpha = 0
    ///     }
    @discardableResult
    public class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(
            duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }
}
