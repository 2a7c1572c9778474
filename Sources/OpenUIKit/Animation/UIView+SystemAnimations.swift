import Foundation

extension UIView {
    /// The animations UIKit provides for ``perform(_:on:options:animations:completion:)``.
    public enum SystemAnimation: UInt, Sendable {
        /// Removes the views from the view hierarchy when the animation is complete.
        case delete
    }

    /// How long a system animation runs: UIKit does not document it; 0.3 s, its usual length.
    static let systemAnimationDuration: TimeInterval = 0.3

    /// Runs `perform(_:on:options:animations:completion:)`.
    static func runSystemAnimation(
        _ animation: SystemAnimation, on views: [UIView], options: AnimationOptions,
        alongside parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)?
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
