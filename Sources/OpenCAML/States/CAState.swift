import Foundation
import OpenQuartzCore

/// A named set of changes to a layer tree: Apple's (private) `CAState`, written
/// `<LKState>` in CAML (FORMAT.md §8).
///
/// A state's values are its own elements on top of the state it is `basedOn`, on top of
/// the layers' base values. `CAStateController` applies and undoes them.
///
///     let state = CAState(name: "On")
///     state.elements = [CAStateSetValue(target: glyph, keyPath: "opacity", value: 1.0)]
///     root.states = [state]
public final class CAState {
    /// The name transitions and `state(withName:)` look the state up by.
    public var name: String
    /// The name of the state this one builds on, or nil (CAML writes `basedOn=""` for none).
    public var basedOn: String?
    /// Whether the state may be entered. Kept for round trips; the controller does not read
    /// it, as Apple's `-setState:ofLayer:transitionSpeed:` does not.
    public var isEnabled = true
    /// Whether `setInitialStates(of:transitionSpeed:)` picks this state.
    public var isInitial = false
    /// Kept for round trips; not read by the controller.
    public var isLocked = false
    /// Seconds after which Apple's controller moves to the next state; +∞ (never) by
    /// default. Kept, not acted on: no corpus document uses it.
    public var nextDelay: CFTimeInterval = .infinity
    /// Seconds after which Apple's controller moves to the previous state; +∞ by default.
    /// Kept, not acted on.
    public var previousDelay: CFTimeInterval = .infinity
    /// The changes entering the state makes, in order.
    public var elements: [CAStateElement] = []

    /// A state called `name` with no elements.
    public init(name: String) {
        self.name = name
    }
}

/// One change a state makes: Apple's `CAStateElement`. Only ``CAStateSetValue`` is built;
/// CAML's add/remove-animation and add/remove-element kinds are skipped with a warning
/// when a document is read (none occurs in the corpus).
public class CAStateElement {
    /// The layer the element changes. Weak: a state usually lives on the root layer and
    /// targets layers of the same tree, and a strong reference would keep the tree alive
    /// through its own states. Nil when the document's `targetId` names no layer.
    public weak var target: CALayer?

    /// An element changing `target`.
    public init(target: CALayer?) {
        self.target = target
    }
}

/// Sets a value by key path on the target layer while the state is in effect:
/// Apple's `CAStateSetValue` (`-apply:` does `setValue:forKeyPath:` and remembers the
/// previous value for undo).
public final class CAStateSetValue: CAStateElement {
    /// The key path set on the target, such as `position.y`.
    public var keyPath: String
    /// The value set; a value of the wrong kind for `keyPath` traps when the state is
    /// applied, as `setValue(_:forKeyPath:)` does.
    public var value: Any?

    /// An element setting `keyPath` of `target` to `value`.
    public init(target: CALayer?, keyPath: String, value: Any?) {
        self.keyPath = keyPath
        self.value = value
        super.init(target: target)
    }
}
