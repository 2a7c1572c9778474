import Foundation
import OpenQuartzCore

// The states live in the layer's custom key-value storage under Apple's key names, so
// `CALayer` itself knows nothing of CAML: they die with the layer, travel with
// `init(layer:)` copies, read back through `value(forKey: "states")` as on Apple, and need
// no global table (with its lock and the reuse of dead layers' identifiers).
extension CALayer {
    /// The states the layer's tree can be in (Apple's private `-[CALayer states]`).
    public var states: [CAState]? {
        get { value(forKey: "states") as? [CAState] }
        set { setValue(newValue, forKey: "states") }
    }

    /// The transitions between the layer's states (Apple's private `-stateTransitions`).
    public var stateTransitions: [CAStateTransition]? {
        get { value(forKey: "stateTransitions") as? [CAStateTransition] }
        set { setValue(newValue, forKey: "stateTransitions") }
    }

    /// The first of the layer's states called `name`, or nil. Documents may repeat a name
    /// (FORMAT.md §8); the first one wins.
    public func state(withName name: String) -> CAState? {
        states?.first { $0.name == name }
    }
}
