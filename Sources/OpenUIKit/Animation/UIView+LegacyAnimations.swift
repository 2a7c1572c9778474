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
///
/// These are class methods of an extension: called as on iOS, but not overridable (they were
/// deprecated in iOS 13). The block animation methods, declared in `UIView` itself, are.
extension UIView {
    /// Starts a set of animations: the changes until ``commitAnimations()`` animate with the
    /// `setAnimation…` settings. `animationID` and `context` are kept for the caller only.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        animationContexts.append(LegacyAnimationBlock(inheriting: currentLegacyBlock))
        CATransaction.begin()
    }

    /// Ends the set of animations begun last: its transition, if one was set, is added, and
    /// its transaction commits. Without a begin it does nothing.
    public class func commitAnimations() {
        guard let block = currentLegacyBlock else { return }
        block.addTransition()
        CATransaction.commit()
        animationContexts.removeLast()
    }

    /// The duration of the changes that follow in the current set (default 0.2 s).
    public class func setAnimationDuration(_ duration: TimeInterval) {
        require(duration.isFinite, "UIView.setAnimationDuration needs a finite duration, got \(duration)")
        currentLegacyBlock?.settings.duration = duration
    }

    /// The delay before the changes that follow start (default 0).
    public class func setAnimationDelay(_ delay: TimeInterval) {
        require(delay.isFinite, "UIView.setAnimationDelay needs a finite delay, got \(delay)")
        currentLegacyBlock?.settings.delay = max(delay, 0)
    }

    /// When the changes that follow start, as a wall-clock date: a delay of `startDate − now`.
    public class func setAnimationStart(_ startDate: Date) {
        currentLegacyBlock?.settings.delay = max(startDate.timeIntervalSinceNow, 0)
    }

    /// The curve of the changes that follow (default `easeInOut`).
    public class func setAnimationCurve(_ curve: AnimationCurve) { currentLegacyBlock?.settings.curve = curve }

    /// How many times the changes that follow repeat (default 0: once; a fraction plays part
    /// of a cycle).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        require(
            !repeatCount.isNaN && repeatCount >= 0,
            "UIView.setAnimationRepeatCount needs a count of 0 or more, got \(repeatCount)")
        currentLegacyBlock?.settings.repeatCount = repeatCount
    }

    /// Whether the changes that follow play back in reverse after each cycle.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        currentLegacyBlock?.settings.autoreverses = repeatAutoreverses
    }

    /// Accepted for UIKit's signature; it changes nothing here, since view animations add to
    /// what is shown (the behaviour UIKit has had since iOS 8 whatever this says).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}

    /// A transition of `view` as the current set commits, with the set's duration and curve
    /// (flips and curls keep their names and draw as fades, as for `transition(with:…)`).
    /// `cache` is accepted for UIKit's signature.
    public class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        currentLegacyBlock?.transition = transition == .none ? nil : (transition, view)
    }

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
