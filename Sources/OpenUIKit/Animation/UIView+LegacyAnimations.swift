import Foundation

/// UIKit's animation blocks before closures (deprecated since iOS 13, still in legacy code):
/// `beginAnimations(_:context:)`, the `setAnimation…` calls, `commitAnimations()`.
///
/// A begin installs a context, as a block does, until its commit; the changes between animate
/// with the settings in force when each is made (set them first, as UIKit's documentation
/// asks): 0.2 s, `easeInOut`, no delay, no repeat by default, a nested begin starting from
/// the settings of the one around it. The changes run in a transaction of their own, so
/// `CATransaction.setCompletionBlock` inside the pair gives what `setAnimationDidStop(_:)`
/// gives on iOS (selectors cannot be performed in Swift on Linux).
///
///     UIView.beginAnimations("fade", context: nil)
///     UIView.setAnimationDuration(0.5)
///     UIView.setAnimationCurve(.easeOut)
///     view.alpha = 0
///     UIView.commitAnimations()
extension UIView {
    /// The transition of `setAnimationTransition(_:for:cache:)`: UIKit's
    /// `UIView.AnimationTransition`.
    public enum AnimationTransition: Int, Sendable {
        case none, flipFromLeft, flipFromRight, curlUp, curlDown
    }

    /// The set of animations begun last, when it is the innermost context.
    static var currentLegacyBlock: LegacyAnimationBlock? {
        animationContexts.last as? LegacyAnimationBlock
    }
}

/// The context a `beginAnimations(_:context:)` installs until its commit.
@MainActor
final class LegacyAnimationBlock: UIKitAnimationContext {
    struct Settings: Equatable {
        var duration: TimeInterval = 0.2
        var delay: TimeInterval = 0
        var curve = UIView.AnimationCurve.easeInOut
        var repeatCount: Float = 0
        var autoreverses = false
    }

    var settings: Settings
    var transition: (kind: UIView.AnimationTransition, view: UIView)?
    /// The block state that made the last change's animation, for the settings it was made
    /// with: a change under the same settings reuses it.
    private var state: (settings: Settings, state: UIViewAnimationState)?

    init(inheriting outer: LegacyAnimationBlock?) {
        settings = outer?.settings ?? Settings()
    }

    func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        currentState().action(for: layer, forKey: key, oldValue: oldValue)
    }

    /// A block state with the settings in force now.
    private func currentState() -> UIViewAnimationState {
        if let state, state.settings == settings { return state.state }
        var made = UIViewAnimationState(
            duration: settings.duration, delay: settings.delay, curve: settings.curve, options: [], spring: nil,
            completion: nil)
        if settings.repeatCount != 0 || settings.autoreverses {
            made = made.modified(repeatCount: settings.repeatCount, autoreverses: settings.autoreverses)
        }
        state = (settings, made)
        return made
    }

    /// Adds the transition set for the block, if any, to its view's layer.
    func addTransition() {
        guard let transition else { return }
        let options = UIView.AnimationOptions(rawValue: UInt(transition.kind.rawValue) << 20)
            .union(UIView.AnimationOptions(rawValue: UInt(settings.curve.rawValue) << 16))
        UIView.addTransition(
            to: transition.view.layer, duration: settings.duration, options: options, state: currentState())
    }
}
