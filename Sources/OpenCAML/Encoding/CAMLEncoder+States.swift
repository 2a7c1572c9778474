import Foundation
import OpenQuartzCore

extension CAMLEncoder {
    /// `<states>` with an `LKState` per state (FORMAT.md §8): `name`, `basedOn`, the flags
    /// and delays that differ from Apple's defaults, and `<elements>` of `LKStateSetValue`s.
    /// Nil when the layer has no states.
    func statesElement(of layer: CALayer) -> CAMLOutputElement? {
        guard let states = layer.states, !states.isEmpty else { return nil }
        return CAMLOutputElement("states", children: states.map(stateElement))
    }

    private func stateElement(_ state: CAState) -> CAMLOutputElement {
        var element = CAMLOutputElement("LKState", attributes: [("name", state.name)])
        if let basedOn = state.basedOn { element.attributes.append(("basedOn", basedOn)) }
        if !state.isEnabled { element.attributes.append(("enabled", "0")) }
        if state.isInitial { element.attributes.append(("initial", "1")) }
        if state.isLocked { element.attributes.append(("locked", "1")) }
        if state.nextDelay != .infinity {
            element.attributes.append(("nextDelay", CAMLValueText.text(state.nextDelay)))
        }
        if state.previousDelay != .infinity {
            element.attributes.append(("previousDelay", CAMLValueText.text(state.previousDelay)))
        }
        var members: [CAMLOutputElement] = []
        for item in state.elements {
            guard let setValue = item as? CAStateSetValue else {
                warn(
                    "a state element of type \(type(of: item)) has no CAML form here (only set-value elements); "
                        + "it is not written", topic: "state element \(type(of: item))")
                continue
            }
            members.append(setValueElement(setValue))
        }
        // Apple's writer writes `<elements/>` even when there are none (FORMAT.md §8).
        element.children.append(CAMLOutputElement("elements", children: members))
        return element
    }

    /// `<LKStateSetValue targetId="…" keyPath="…"><value type="…" value="…"/></LKStateSetValue>`;
    /// without `targetId` (and value) when the document's target named no layer.
    private func setValueElement(_ setValue: CAStateSetValue) -> CAMLOutputElement {
        var element = CAMLOutputElement("LKStateSetValue")
        guard let target = setValue.target, let id = layerIDs[ObjectIdentifier(target)] else {
            element.attributes.append(("keyPath", setValue.keyPath))
            return element
        }
        element.attributes = [("targetId", id), ("keyPath", setValue.keyPath)]
        let kind = CAMLDecoder.valueKind(ofKeyPath: setValue.keyPath, on: type(of: target))
        if let value = camlValue(setValue.value, kind: kind), let child = propertyElement("value", value) {
            element.children.append(child)
        } else {
            warn(
                "the value a state sets for \"\(setValue.keyPath)\" (\(describeType(setValue.value))) has no CAML form; "
                    + "it is not written", topic: "state value \(setValue.keyPath)")
        }
        return element
    }

    /// `<stateTransitions>` with an `LKStateTransition` per transition and an
    /// `LKStateTransitionElement key="…" targetId="…"` per element, holding its animation.
    func transitionsElement(of layer: CALayer) -> CAMLOutputElement? {
        guard let transitions = layer.stateTransitions, !transitions.isEmpty else { return nil }
        return CAMLOutputElement(
            "stateTransitions",
            children: transitions.map { transition in
                CAMLOutputElement(
                    "LKStateTransition",
                    attributes: [("fromState", transition.fromState), ("toState", transition.toState)],
                    children: [CAMLOutputElement("elements", children: transition.elements.map(transitionElement))])
            })
    }

    private func transitionElement(_ item: CAStateTransitionElement) -> CAMLOutputElement {
        var element = CAMLOutputElement("LKStateTransitionElement", attributes: [("key", item.key)])
        if let target = item.target, let id = layerIDs[ObjectIdentifier(target)] {
            element.attributes.append(("targetId", id))
        }
        // Apple writes `enabled` only when the element is off (`CAStateTransitionElement.mm`).
        if !item.isEnabled { element.attributes.append(("enabled", "false")) }
        if var animation = item.animation {
            if let property = animation as? CAPropertyAnimation, property.keyPath == nil,
                let copy = property.copy() as? CAPropertyAnimation
            {
                // The controller animates the element's key when the animation names no key
                // path (FORMAT.md §8, rule 4); written so, it reads back as it is used.
                copy.keyPath = item.key
                animation = copy
            }
            if let child = animationElement(
                animation, layerClass: item.target.map { type(of: $0) } ?? CALayer.self, asProperty: true)
            {
                element.children.append(child)
            }
        }
        return element
    }
}
