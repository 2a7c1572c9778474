import Foundation

extension UIView {
    /// The animations UIKit provides for ``perform(_:on:options:animations:completion:)``.
    public enum SystemAnimation: UInt, Sendable {
        /// Removes the views from the view hierarchy when the animation is complete.
        case delete
    }

    /// How long a system animation runs: UIKit does not document it; 0.3 s, its usual length.
    static let systemAnimationDuration: TimeInterval = 0.3

    /// Performs `animation` on `views`, with `parallelAnimations` animated alongside it in the
    /// same block (same duration, curve and `options`); `completion` runs when both are over.
    ///
    /// `.delete` fades the views out (alpha to 0), then removes each from its superview and
    /// gives it back the alpha it had, so that it can be shown again. UIKit documents only the
    /// removal; the fade and its 0.3 s are this package's choice.
    ///
    ///     UIView.perform(.delete, on: [row], options: [], animations: { list.layoutIfNeeded() })
    public static func perform(
        _ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
        animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        switch animation {
        case .delete:
            let alphas = views.map(\.alpha)
            animate(
                withDuration: systemAnimationDuration, delay: 0, options: options,
                animations: {
                    for view in views { view.alpha = 0 }
                    parallelAnimations?()
                },
                completion: { finished in
                    for (view, alpha) in zip(views, alphas) {
                        view.removeFromSuperview()
                        UIView.performWithoutAnimation { view.alpha = alpha }
                    }
                    completion?(finished)
                })
        }
    }
}
