import Foundation

extension UIView {
    /// Runs `transition(with:duration:options:animations:completion:)`: one transaction for
    /// the transition and the changes, so that its "after" state is captured with all of them
    /// when it commits.
    static func runTransition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions, animations: (() -> Void)?,
        completion: ((Bool) -> Void)?
    ) {
        require(duration.isFinite, "UIView.transition(with:) needs a finite duration, got \(duration)")
        let state = UIViewAnimationState(
            duration: duration, delay: 0, curve: options.curve, options: options, spring: nil, completion: completion)
        CATransaction.begin()
        addTransition(to: view.layer, duration: duration, options: options, state: state)
        if let animations {
            if options.contains(.allowAnimatedContent) {
                perform(in: state) {
                    CATransaction.setAnimationDuration(duration)
                    CATransaction.setAnimationTimingFunction(options.curve.timingFunction)
                    animations()
                }
            } else {
                performWithoutAnimation(animations)
            }
        }
        CATransaction.commit()
        state.blockDidEnd()
    }

    /// Runs `transition(from:to:duration:options:completion:)`: the transition on the
    /// superview's layer (none without one) and the swap, in one transaction.
    static func runTransition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions,
        completion: ((Bool) -> Void)?
    ) {
        require(duration.isFinite, "UIView.transition(from:to:) needs a finite duration, got \(duration)")
        let state = UIViewAnimationState(
            duration: duration, delay: 0, curve: options.curve, options: options, spring: nil, completion: completion)
        let superview = fromView.superview
        CATransaction.begin()
        if let superview {
            addTransition(to: superview.layer, duration: duration, options: options, state: state)
        }
        performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) {
                fromView.removeFromSuperview()
                superview.insertSubview(toView, at: index)
            }
        }
        CATransaction.commit()
        state.blockDidEnd()
    }

    /// Adds the transition `options` name to `layer`, with `state` as its delegate; nothing
    /// when they name none, the duration is not above 0, or view animations are off.
    static func addTransition(
        to layer: CALayer, duration: TimeInterval, options: AnimationOptions, state: UIViewAnimationState
    ) {
        guard duration > 0, areAnimationsEnabled, let style = TransitionStyle(options) else { return }
        let transition = CATransition()
        transition.type = style.type
        transition.subtype = style.subtype
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        transition.delegate = state
        state.blockDelegate.animationAdded()
        layer.add(transition, forKey: kCATransition)
    }
}

/// The `CATransition` type and subtype a view transition option stands for.
private struct TransitionStyle {
    let type: CATransitionType
    let subtype: CATransitionSubtype?

    /// The style of the transition in bits 20–23 of `options`; nil for `.transitionNone`.
    init?(_ options: UIView.AnimationOptions) {
        let flip = CATransitionType(rawValue: "oglFlip")
        switch options.transitionIndex {
        case 1: (type, subtype) = (flip, .fromLeft)
        case 2: (type, subtype) = (flip, .fromRight)
        case 3: (type, subtype) = (CATransitionType(rawValue: "pageCurl"), nil)
        case 4: (type, subtype) = (CATransitionType(rawValue: "pageUnCurl"), nil)
        case 5: (type, subtype) = (.fade, nil)
        case 6: (type, subtype) = (flip, .fromTop)
        case 7: (type, subtype) = (flip, .fromBottom)
        default: return nil
        }
    }
}
