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

    /// How long the transition runs at speed 1 (`CAStateTransition.mm -duration`): the
    /// latest end among its elements' animations, disabled ones included, each its
    /// `beginTime` plus its active duration — `repeatDuration` if set, else `duration`
    /// (twice when it autoreverses) times `repeatCount` when above 0 — divided by |speed|;
    /// +∞ when one repeats for ever or has speed 0. Never below 0.
    ///
    /// `CAStateController` runs the transition for this long divided by its speed, in a
    /// `CAAnimationGroup` added under `"<from> <to>"`.
    public var duration: CFTimeInterval {
        var latest = 0.0
        for animation in elements.lazy.compactMap(\.animation) {
            var active = animation.duration
            if active.isFinite {
                let speed = abs(Double(animation.speed))
                active = speed == 0 ? .infinity : animation.activeDuration / speed
            }
            // A duration of 0 repeated for ever is NaN, which Apple's comparison skips.
            let end = active + animation.beginTime
            if end > latest { latest = end }
        }
        return latest
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
