import Foundation
import OpenQuartzCore

/// How a layer tree animates from one state to another: Apple's (private)
/// `CAStateTransition`, written `<LKStateTransition>` in CAML (FORMAT.md §8).
///
/// `fromState` and `toState` are state names, or `*` for any state.
public final class CAStateTransition {
    /// The state left, or `*`.
    public var fromState: String
    /// The state entered, or `*`.
    public var toState: String
    /// The animations the transition runs, one per animated key of a target.
    public var elements: [CAStateTransitionElement] = []

    /// A transition from `fromState` to `toState`, both `*` (any state) by default, as in
    /// Apple's `-init`.
    public init(fromState: String = "*", toState: String = "*") {
        self.fromState = fromState
        self.toState = toState
    }

    /// How long the transition runs at speed 1: the latest end of its enabled elements'
    /// animations, each `beginTime` plus its active duration (repeats and autoreverse
    /// included) divided by its speed; +∞ when one repeats for ever or has speed 0.
    /// `CAStateTransition.mm -duration`.
    public var duration: CFTimeInterval {
        elements.lazy.filter(\.isEnabled).compactMap(\.animation).map { animation in
            let once = animation.duration * (animation.autoreverses ? 2 : 1)
            let active =
                animation.repeatDuration > 0
                // A zero duration repeated for ever is no time, not NaN.
                ? animation.repeatDuration
                : once > 0 ? once * Double(animation.repeatCount > 0 ? animation.repeatCount : 1) : 0
            let speed = abs(Double(animation.speed))
            return speed == 0 ? .infinity : animation.beginTime + active / speed
        }.max() ?? 0
    }
}

/// One animation of a transition: Apple's `CAStateTransitionElement`.
public final class CAStateTransitionElement {
    /// The key the animation is added under on the target, and its key path when the
    /// animation names none. CAML writes it `key=` (older CAPlayground files `keyPath=`).
    public var key: String
    /// The layer animated. Weak for the reason ``CAStateElement/target`` is; nil when the
    /// document's `targetId` names no layer, and then the element is skipped.
    public weak var target: CALayer?
    /// Whether the element runs; CAML writes `enabled="false"` when it does not.
    public var isEnabled = true
    /// The animation added (a copy, timed to the transition) when the transition runs.
    public var animation: CAAnimation?

    /// An element animating `key` of `target` with `animation`.
    public init(key: String, target: CALayer?, animation: CAAnimation?) {
        self.key = key
        self.target = target
        self.animation = animation
    }
}
