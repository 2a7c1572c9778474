import Foundation

extension UIView {
    /// Changes a view's content with a transition: the changes made in `animations` are drawn
    /// as a `CATransition` on `view`'s layer from how the view looked before them to how it
    /// looks after, over `duration` seconds.
    ///
    /// The transition style comes from `options`: `.transitionCrossDissolve` is a `fade`;
    /// `.transitionFlipFromLeft`, `…Right`, `…Top` and `…Bottom` are the type `oglFlip` with
    /// the subtype of that side; `.transitionCurlUp` is `pageCurl` and `.transitionCurlDown`
    /// `pageUnCurl`; `.transitionNone` adds no transition. The curve in `options` paces it
    /// (`easeInEaseOut` unless given). The changes in `animations` do not animate on their own,
    /// unless `options` has `.allowAnimatedContent`, when they animate as in
    /// ``animate(withDuration:delay:options:animations:completion:)`` with the same duration
    /// and curve. `completion` runs once: `true` when the transition (and any animated
    /// content) ends, `false` if it is removed or replaced first, and on the next turn of the
    /// run loop with `true` when nothing animates (no transition style, a duration of 0, or
    /// view animations turned off).
    ///
    /// Differences from Apple: the flips and curls keep their type names but are drawn as a
    /// cross-dissolve (see `CATransition`); `.repeat` and `.autoreverse` are ignored.
    ///
    ///     UIView.transition(with: label, duration: 0.3, options: .transitionCrossDissolve) {
    ///         label.backgroundColor = .blue
    ///     }
    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        require(duration.isFinite, "UIView.transition(with:) needs a finite duration, got \(duration)")
        let state = UIViewAnimationState(
            duration: duration, delay: 0, curve: options.curve, options: options, spring: nil, completion: completion)
        // One transaction for the transition and the changes, so that its "after" state is
        // captured with all of them when it commits.
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

    /// Replaces `fromView` by `toView` with a transition on their superview: `toView` takes
    /// `fromView`'s place (its index) among the subviews of `fromView`'s superview and
    /// `fromView` is removed — or, with `.showHideTransitionViews`, `fromView` is hidden and
    /// `toView` shown where they are. The superview's layer draws the `CATransition` the
    /// options name (see ``transition(with:duration:options:animations:completion:)``).
    ///
    /// `completion` runs once, as for ``transition(with:duration:options:animations:completion:)``.
    /// When `fromView` has no superview there is nothing to draw the transition on: the views
    /// are swapped without one (`toView` is added nowhere unless shown in place), and the
    /// completion comes on the next turn with `true`.
    ///
    ///     UIView.transition(from: front, to: back, duration: 0.5, options: .transitionFlipFromLeft)
    public static func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
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
