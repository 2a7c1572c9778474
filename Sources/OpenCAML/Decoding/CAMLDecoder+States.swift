import Foundation
import OpenQuartzCore

extension CAMLDecoder {
    /// Element names of states and their parts: Apple's class names and the `LK…` names
    /// CAML files use, which hosts map to them (FORMAT.md §3.9).
    private static let stateNames: Set<String> = ["LKState", "CAState"]
    private static let setValueNames: Set<String> = ["LKStateSetValue", "CAStateSetValue"]
    private static let transitionNames: Set<String> = ["LKStateTransition", "CAStateTransition"]
    private static let transitionElementNames: Set<String> = ["LKStateTransitionElement", "CAStateTransitionElement"]

    /// Reads the `states` and `stateTransitions` met while decoding the tree under `root`
    /// (FORMAT.md §8). Targets are resolved by id, then by layer name; an element whose
    /// target is missing is kept without one (and does nothing), with a warning.
    func decodeStates(under root: CALayer) {
        let pending = pendingStates
        pendingStates = []
        var targets = StateTargets(root: root, objectsByID: objectsByID)
        for (layer, element) in pending {
            if propertyKey(of: element) == "states" {
                var states = layer.states ?? []
                for child in element.children {
                    guard let state = decodeState(child, targets: &targets) else { continue }
                    if states.contains(where: { $0.name == state.name }) {
                        warn(child, "a second state called \"\(state.name)\"; the first one wins")
                    }
                    states.append(state)
                }
                layer.states = states
            } else {
                let transitions = element.children.compactMap { decodeTransition($0, targets: &targets) }
                layer.stateTransitions = (layer.stateTransitions ?? []) + transitions
            }
        }
    }

    private func decodeState(_ element: XMLTreeElement, targets: inout StateTargets) -> CAState? {
        guard Self.stateNames.contains(objectType(of: element)) else {
            warn(element, "<states> holds \(objectType(of: element)), not a state; ignored")
            return nil
        }
        let properties = scalarProperties(of: element)
        let state = CAState(name: properties["name"] ?? "")
        if let basedOn = properties["basedOn"], !basedOn.isEmpty { state.basedOn = basedOn }
        state.isEnabled = properties["enabled"].flatMap(CAMLValueText.bool) ?? true
        state.isInitial = properties["initial"].flatMap(CAMLValueText.bool) ?? false
        state.isLocked = properties["locked"].flatMap(CAMLValueText.bool) ?? false
        state.nextDelay = properties["nextDelay"].flatMap(CAMLValueText.number) ?? .infinity
        state.previousDelay = properties["previousDelay"].flatMap(CAMLValueText.number) ?? .infinity
        for child in element.children where propertyKey(of: child) == "elements" {
            state.elements = child.children.compactMap { decodeSetValue($0, targets: &targets) }
        }
        return state
    }

    private func decodeSetValue(_ element: XMLTreeElement, targets: inout StateTargets) -> CAStateElement? {
        let typeName = objectType(of: element)
        guard Self.setValueNames.contains(typeName) else {
            warn(element, "\(typeName) is not supported (only LKStateSetValue); ignored")
            return nil
        }
        let properties = scalarProperties(of: element)
        guard let keyPath = properties["keyPath"], !keyPath.isEmpty else {
            warn(element, "a set-value element without keyPath; ignored")
            return nil
        }
        let source: PropertySource =
            element.children.first { propertyKey(of: $0) == "value" }.map(propertySource(of:))
            ?? .text(properties["value"] ?? "", opacity: nil)
        guard let target = target(properties["targetId"], targets: &targets, at: element) else {
            return CAStateSetValue(target: nil, keyPath: keyPath, value: nil)
        }
        guard let kind = layerValueKind(keyPath, of: type(of: target)) else {
            warn(element, "\(type(of: target)) has no property \"\(keyPath)\"; the element is ignored")
            return nil
        }
        guard let value = value(from: source, kind: kind, key: keyPath) else {
            warn(element, "\(describe(source)) is not \(kind) for \"\(keyPath)\"; the element is ignored")
            return nil
        }
        return CAStateSetValue(target: target, keyPath: keyPath, value: value)
    }

    private func decodeTransition(_ element: XMLTreeElement, targets: inout StateTargets) -> CAStateTransition? {
        guard Self.transitionNames.contains(objectType(of: element)) else {
            warn(element, "<stateTransitions> holds \(objectType(of: element)), not a transition; ignored")
            return nil
        }
        let properties = scalarProperties(of: element)
        let transition = CAStateTransition(
            fromState: properties["fromState"] ?? "*", toState: properties["toState"] ?? "*")
        for child in element.children where propertyKey(of: child) == "elements" {
            transition.elements = child.children.compactMap { decodeTransitionElement($0, targets: &targets) }
        }
        return transition
    }

    private func decodeTransitionElement(
        _ element: XMLTreeElement, targets: inout StateTargets
    ) -> CAStateTransitionElement? {
        guard Self.transitionElementNames.contains(objectType(of: element)) else {
            warn(element, "\(objectType(of: element)) is not a transition element; ignored")
            return nil
        }
        let properties = scalarProperties(of: element)
        // `key` is one of the decoder's reserved attributes (the `<p key=…>` form), so it is
        // read directly. Older CAPlayground files write `keyPath=` for it (FORMAT.md §8).
        guard let key = element.attributes["key"] ?? properties["key"] ?? properties["keyPath"], !key.isEmpty else {
            warn(element, "a transition element without key; ignored")
            return nil
        }
        let target = target(properties["targetId"], targets: &targets, at: element)
        let layerClass = target.map { type(of: $0) } ?? CALayer.self
        let transitionElement = CAStateTransitionElement(key: key, target: target, animation: nil)
        transitionElement.isEnabled = properties["enabled"].flatMap(CAMLValueText.bool) ?? true
        guard let holder = element.children.first(where: { propertyKey(of: $0) == "animation" }) else {
            return transitionElement
        }
        // Merged (`<animation type="CABasicAnimation" …/>`) or nested (`<animation><CABasicAnimation/></animation>`).
        let animationElement =
            holder.attributes["type"] == nil && holder.children.count == 1 ? holder.children[0] : holder
        guard
            let animation = decodeObject(animationElement, typeName: objectType(of: animationElement), for: layerClass)
        else { return transitionElement }
        // Apple's controller defaults the key path to the key when it adds the animation;
        // doing it here lets the key path be checked against the target now.
        if let property = animation as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key }
        if let problem = keyPathProblem(animation, on: layerClass) {
            warn(holder, "\(problem); the element runs no animation")
            return transitionElement
        }
        transitionElement.animation = animation
        return transitionElement
    }

    /// The class name an element stands for: `type=`, else its own name.
    private func objectType(of element: XMLTreeElement) -> String {
        element.attributes["type"] ?? element.name
    }

    /// An object element's scalar properties, as attributes or as child elements with a
    /// `value` or text (FORMAT.md §3.4).
    private func scalarProperties(of element: XMLTreeElement) -> [String: String] {
        var properties = Dictionary(propertyAttributes(of: element).map { ($0.key, $0.value) }) { first, _ in first }
        for child in element.children where child.children.isEmpty {
            guard let key = propertyKey(of: child), properties[key] == nil else { continue }
            let text = child.attributes["value"] ?? child.trimmedText
            if !text.isEmpty { properties[key] = text }
        }
        return properties
    }

    /// The layer `id` names, warning when none does.
    private func target(_ id: String?, targets: inout StateTargets, at element: XMLTreeElement) -> CALayer? {
        guard let id else {
            warn(element, "no targetId; the element is kept but changes nothing")
            return nil
        }
        guard let layer = targets.layer(named: id) else {
            warn(element, "targetId \"\(id)\" names no layer; the element is kept but changes nothing")
            return nil
        }
        return layer
    }
}

/// Finds state targets: by id through the decoder's table (`-objectById:`), then by layer
/// name, which some writers put in `targetId` (our fallback; Apple resolves ids only).
struct StateTargets {
    let root: CALayer
    let objectsByID: [String: AnyObject]
    /// Layer names, the first in tree order winning; built on the first miss by id.
    private var layersByName: [String: CALayer]?

    init(root: CALayer, objectsByID: [String: AnyObject]) {
        self.root = root
        self.objectsByID = objectsByID
    }

    mutating func layer(named id: String) -> CALayer? {
        if let layer = objectsByID[id] as? CALayer { return layer }
        if layersByName == nil {
            var names: [String: CALayer] = [:]
            var pending = [root]
            while let layer = pending.popLast() {
                if let name = layer.name, names[name] == nil { names[name] = layer }
                pending += (layer.sublayers ?? []).reversed()
                if let mask = layer.mask { pending.append(mask) }
            }
            layersByName = names
        }
        return layersByName?[id]
    }
}
