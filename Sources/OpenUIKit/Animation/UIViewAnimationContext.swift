import Foundation

/// Decides how the changes made inside a block animate: the supported hook for writing
/// block-animation APIs of your own. An OpenQuartzCore addition.
///
/// On Apple's platforms such APIs swizzle `action(for:forKey:)`. Here, install a context
/// around a block with ``UIView/perform(in:_:)``: while the block runs, every change of a
/// view's layer asks the innermost context for its action, with the layer, the key and the
/// value before the change. The action runs after the change, when the layer holds the new
/// value. Return nil for no animation. UIKit's own block animations are contexts of this
/// kind (``UIViewAnimationState``).
///
/// A context that only fades, for example:
///
///     final class FadeOnly: UIViewAnimationContext {
///         func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
///             guard key == "opacity" else { return nil }
///             let fade = CABasicAnimation(keyPath: key)
///             fade.fromValue = oldValue
///             fade.duration = 1
///             return fade          // an animation is an action that adds itself
///         }
///     }
///     UIView.perform(in: FadeOnly()) {
///         view.alpha = 0           // fades over a second
///         view.center.x += 10      // jumps
///     }
@preconcurrency @MainActor
public protocol UIViewAnimationContext: AnyObject {
    /// The action for a change of `key` on `layer`, a view's backing layer, whose value was
    /// `oldValue` (the model value, as `layer.value(forKey:)` read it) just before the change.
    /// nil means no animation. Events that are not property changes (`onOrderIn`,
    /// `onOrderOut`, `sublayers`) come here too.
    func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)?

    /// What the view answers when ``action(for:forKey:oldValue:)`` returns nil: true (the
    /// default) for `NSNull`, which stops the layer's search with no animation; false for nil,
    /// which lets the layer's own search go on to its default action — what UIKit's keyframe
    /// recording answers (seed 000).
    var stopsActionSearch: Bool { get }
}

extension UIViewAnimationContext {
    public var stopsActionSearch: Bool { true }
}

/// UIKit's own contexts (blocks, keyframe blocks, the legacy begin/commit pair, property
/// animators): a view animates only the keys of UIKit's table under them
/// (``UIView/action(for:forKey:)``). Custom contexts decide every key themselves, as code
/// that replaces `action(for:forKey:)` on iOS does.
@MainActor
protocol UIKitAnimationContext: UIViewAnimationContext {}

/// A block animation whose duration, curve and repetition nested blocks inherit: UIKit's
/// `UIView.animate` blocks and keyframe blocks.
@MainActor
protocol InheritableBlockTiming: UIKitAnimationContext {
    var duration: TimeInterval { get }
    var curve: UIView.AnimationCurve { get }
    /// The block's `.repeat` and `.autoreverse` options.
    var repetition: UIView.AnimationOptions { get }
}

extension UIView {
    /// The contexts installed by blocks that are running, innermost last.
    static var animationContexts: [any UIViewAnimationContext] = []

    /// Runs `changes` with `context` deciding the action of every change to a view's layer
    /// made in it (nested contexts take over until their block ends). The changes run in a
    /// transaction of their own, as UIKit's animation blocks do.
    public static func perform(in context: any UIViewAnimationContext, _ changes: () -> Void) {
        animationContexts.append(context)
        CATransaction.begin()
        defer {
            CATransaction.commit()
            animationContexts.removeLast()
        }
        changes()
    }

    /// The innermost context installed by a running block, if any; a context can ask it for
    /// the action of the block around it.
    public static var currentAnimationContext: (any UIViewAnimationContext)? {
        animationContexts.last
    }
}

/// The view answers its layer's action search (`action(for:forKey:)` in `UIView`), and lays
/// out its subviews when the layer lays out its sublayers.
extension UIView: @preconcurrency CALayerDelegate {}
