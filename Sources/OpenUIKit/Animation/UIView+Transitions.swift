import Foundation

extension UIView {

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
