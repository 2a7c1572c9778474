import Foundation
import OpenQuartzCore

extension CAMLDecoder {
    /// The animation classes OpenQuartzCore has, by CAML element name.
    static let animationClasses: [String: CAAnimation.Type] = [
        "CABasicAnimation": CABasicAnimation.self, "CAKeyframeAnimation": CAKeyframeAnimation.self,
        "CASpringAnimation": CASpringAnimation.self, "CAAnimationGroup": CAAnimationGroup.self,
        "CATransition": CATransition.self,
    ]

    /// Adds each animation of an `<animations>` element to `layer` under the key the document
    /// gives (`<p key="animation-2" …>`); an `<animation type=…>` or class-named element has
    /// no key (FORMAT.md §7).
    func addAnimations(in element: XMLTreeElement, to layer: CALayer) {
        for child in element.children {
            let key = child.name == "p" ? child.attributes["key"] : nil
            let typeName = child.attributes["type"] ?? child.name
            guard let animation = decodeObject(child, typeName: typeName, for: type(of: layer)) else { continue }
            guard let problem = keyPathProblem(animation, on: type(of: layer)) else {
                layer.add(animation, forKey: key)
                continue
            }
            warn(child, "\(problem); the animation is skipped")
        }
    }

    /// Decodes an animation element for a layer of `layerClass`, which gives the values'
    /// kinds (`fromValue="1"` is a number because `opacity` holds one).
    func decodeObject(_ element: XMLTreeElement, typeName: String, for layerClass: CALayer.Type) -> CAAnimation? {
        if let animationClass = Self.animationClasses[typeName], element.attributes["object"] == nil {
            return decodeAnimation(element, as: animationClass, for: layerClass)
        }
        if typeName == "CAMatchMoveAnimation" {
            // Apple's private class pins a layer to points of another (`sourceLayer`,
            // `sourcePoints`); the corpus's two uses have all points at 0 0 (FORMAT.md §7).
            warn(element, "CAMatchMoveAnimation is not supported; the animation is skipped")
            return nil
        }
        let object = decodeObject(element, typeName: typeName)
        if let object, !(object is CAAnimation) {
            warn(element, "holds \(type(of: object)), not an animation; ignored")
        }
        return object as? CAAnimation
    }

    /// Why `animation` (or one in its group) cannot be added: a key path into a property
    /// that has no such part (`transform.shear.x`), which `add(_:forKey:)` treats as
    /// programmer misuse.
    func keyPathProblem(_ animation: CAAnimation, on layerClass: CALayer.Type) -> String? {
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).lazy.compactMap { self.keyPathProblem($0, on: layerClass) }.first
        }
        guard let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return nil }
        if let path = (animation as? CAKeyframeAnimation)?.path {
            // A keyframe path moves a point (or a translation): anything else, or a path
            // without points, is misuse to `add(_:forKey:)`.
            guard let kind = layerValueKind(keyPath, of: layerClass),
                KeyframeTrack.pathCanAnimate(kind, keyPath: keyPath)
            else {
                return "a keyframe path cannot animate \"\(keyPath)\", which is not a point or a translation"
            }
            if path.isEmpty { return "a keyframe path without points" }
        }
        let (base, rest) = splitKeyPath(keyPath)
        if base == "frame" { return "key path \"frame\" cannot be animated" }
        guard rest != nil, layerClass.propertyTable[base] != nil else { return nil }
        return layerValueKind(keyPath, of: layerClass) == nil ? "unsupported key path \"\(keyPath)\"" : nil
    }

    /// Whether `target` is among the animations of `start` or of the groups under it. Each
    /// group is visited once, so groups shared many times over stay cheap.
    static func reaches(_ target: CAAnimation, from start: CAAnimation) -> Bool {
        var visited: Set<ObjectIdentifier> = []
        var pending = [start]
        while let current = pending.popLast() {
            guard let group = current as? CAAnimationGroup, visited.insert(ObjectIdentifier(group)).inserted else {
                continue
            }
            for member in group.animations ?? [] {
                if member === target { return true }
                pending.append(member)
            }
        }
        return false
    }

    /// Builds an animation from its attributes and property elements.
    func decodeAnimation(
        _ element: XMLTreeElement, as animationClass: CAAnimation.Type, for layerClass: CALayer.Type = CALayer.self
    ) -> CAAnimation {
        let animation = animationClass.init()
        register(animation, of: element)
        var sources: [(key: String, source: PropertySource, element: XMLTreeElement)] =
            propertyAttributes(of: element).map { ($0.key, .text($0.value, opacity: nil), element) }
        for child in element.children {
            guard let key = propertyKey(of: child) else {
                warn(child, "a <p> element without key; ignored")
                continue
            }
            if key == "animations" {
                var group: [CAAnimation] = []
                for member in child.children {
                    guard
                        let decoded = decodeObject(
                            member, typeName: member.attributes["type"] ?? member.name, for: layerClass)
                    else { continue }
                    // An `object=` reference to this group, or to a group that holds it, would
                    // make a group contain itself.
                    guard decoded !== animation, !Self.reaches(animation, from: decoded) else {
                        warn(member, "a group cannot contain itself; the reference is ignored")
                        continue
                    }
                    group.append(decoded)
                }
                (animation as? CAAnimationGroup)?.animations = group
                if !(animation is CAAnimationGroup) { warn(child, "only a CAAnimationGroup has animations; ignored") }
                continue
            }
            sources.append((key, propertySource(of: child), child))
        }
        // The key path and value function first: they give the kind of fromValue, toValue,
        // byValue and values.
        var early: Set<String> = ["keyPath"]
        if let keyPath = sources.first(where: { $0.key == "keyPath" }), case .text(let text, _) = keyPath.source {
            (animation as? CAPropertyAnimation)?.keyPath = text
        }
        if let function = sources.first(where: { $0.key == "valueFunction" }) {
            early.insert("valueFunction")
            if let problem = setAnimationProperty(animation, key: function.key, source: function.source, valueKind: nil)
            {
                warn(function.element, problem)
            }
        }
        let valueKind = Self.valueKind(of: animation, on: layerClass)
        var recalculatesDuration = false
        for (key, source, owner) in sources where !early.contains(key) {
            if key == "mica_autorecalculatesDuration" {
                // Mica's hint: the spring's settling time replaces `duration` (FORMAT.md §7).
                recalculatesDuration = CAMLValueText.bool(text(of: source)) ?? false
                continue
            }
            if let problem = setAnimationProperty(animation, key: key, source: source, valueKind: valueKind) {
                warn(owner, problem)
            }
        }
        if recalculatesDuration, let spring = animation as? CASpringAnimation {
            // An undamped spring never settles: its duration stays as written.
            if spring.settlingDuration.isFinite {
                spring.duration = spring.settlingDuration
            } else {
                warn(element, "an undamped spring never settles; its duration is kept")
            }
        }
        return animation
    }

    /// The kind of an animation's values: the kind of the property its key path names, or,
    /// with a value function, the numbers the function takes (three for `scale` and
    /// `translate`, one otherwise).
    static func valueKind(of animation: CAAnimation, on layerClass: CALayer.Type) -> ValueKind? {
        guard let property = animation as? CAPropertyAnimation else { return nil }
        if let function = property.valueFunction {
            return function.name == .scale || function.name == .translate ? .numberArray : .number
        }
        return property.keyPath.flatMap { valueKind(ofKeyPath: $0, on: layerClass) }
    }

    private func text(of source: PropertySource) -> String {
        if case .text(let text, _) = source { return text }
        return ""
    }

    /// Sets one animation property; answers why it was skipped, or nil.
    private func setAnimationProperty(
        _ animation: CAAnimation, key: String, source: PropertySource, valueKind: ValueKind?
    ) -> String? {
        // An object that could not be decoded has had its warning already.
        if case .object(nil) = source { return nil }
        let rejected = "\(describe(source)) does not fit \"\(key)\"; ignored"
        if let timing = AnimationTimingKey(rawValue: key) {
            guard let number = CAMLValueText.number(text(of: source)), timing.accepts(number) else { return rejected }
            timing.set(number, on: animation)
            return nil
        }
        if let flag = AnimationFlagKey(rawValue: key) {
            guard let value = CAMLValueText.bool(text(of: source)) else { return rejected }
            return flag.set(value, on: animation) ? nil : "\(type(of: animation)) has no \"\(key)\"; ignored"
        }
        switch (key, animation) {
        case ("fillMode", _):
            animation.fillMode = CAMediaTimingFillMode(rawValue: text(of: source))
        case ("timingFunction", _):
            guard let function = timingFunction(from: source) else { return rejected }
            animation.timingFunction = function
        case ("fromValue", let basic as CABasicAnimation), ("toValue", let basic as CABasicAnimation),
            ("byValue", let basic as CABasicAnimation):
            guard let valueKind else { return "\"\(key)\" needs a key path naming a layer property; ignored" }
            guard let value = value(from: source, kind: valueKind, key: key) else { return rejected }
            if key == "fromValue" {
                basic.fromValue = value
            } else if key == "toValue" {
                basic.toValue = value
            } else {
                basic.byValue = value
            }
        case ("values", let keyframe as CAKeyframeAnimation):
            guard let valueKind else { return "\"values\" needs a key path naming a layer property; ignored" }
            guard case .array(let objects) = source else { return rejected }
            var values: [Any] = []
            for object in objects {
                guard let value = value(from: .object(object), kind: valueKind, key: key) else { return rejected }
                values.append(value)
            }
            keyframe.values = values
        case ("keyTimes", let keyframe as CAKeyframeAnimation):
            guard let times = numbers(from: source), times.allSatisfy({ !$0.isNaN }) else { return rejected }
            keyframe.keyTimes = times.map { NSNumber(value: $0) }
        case ("timingFunctions", let keyframe as CAKeyframeAnimation):
            guard case .array(let objects) = source, let functions = objects as? [CAMediaTimingFunction] else {
                if case .text("", _) = source { return nil }
                return rejected
            }
            keyframe.timingFunctions = functions
        case ("calculationMode", let keyframe as CAKeyframeAnimation):
            keyframe.calculationMode = CAAnimationCalculationMode(rawValue: text(of: source))
        case ("path", let keyframe as CAKeyframeAnimation):
            guard let path = CAMLValueText.path(text(of: source)) else { return rejected }
            keyframe.path = path
        case ("rotationMode", let keyframe as CAKeyframeAnimation):
            keyframe.rotationMode = CAAnimationRotationMode(rawValue: text(of: source))
        case ("tensionValues", let keyframe as CAKeyframeAnimation),
            ("continuityValues", let keyframe as CAKeyframeAnimation),
            ("biasValues", let keyframe as CAKeyframeAnimation):
            guard let values = numbers(from: source), values.allSatisfy(\.isFinite) else { return rejected }
            let numbers = values.map { NSNumber(value: $0) }
            if key == "tensionValues" {
                keyframe.tensionValues = numbers
            } else if key == "continuityValues" {
                keyframe.continuityValues = numbers
            } else {
                keyframe.biasValues = numbers
            }
        case ("valueFunction", let property as CAPropertyAnimation):
            guard let function = CAValueFunction(name: CAValueFunctionName(rawValue: text(of: source))) else {
                return rejected
            }
            property.valueFunction = function
        case ("type", let transition as CATransition):
            transition.type = CATransitionType(rawValue: text(of: source))
        case ("subtype", let transition as CATransition):
            transition.subtype = CATransitionSubtype(rawValue: text(of: source))
        case ("startProgress", let transition as CATransition), ("endProgress", let transition as CATransition):
            guard let progress = CAMLValueText.number(text(of: source)), progress.isFinite else {
                return rejected
            }
            if key == "startProgress" {
                transition.startProgress = Float(progress)
            } else {
                transition.endProgress = Float(progress)
            }
        default:
            return "\(type(of: animation)) has no property \"\(key)\"; ignored"
        }
        return nil
    }

    private func timingFunction(from source: PropertySource) -> CAMediaTimingFunction? {
        switch source {
        case .text(let text, _): CAMLValueText.timingFunction(text)
        case .object(let object): object as? CAMediaTimingFunction
        case .array(let objects): objects.count == 1 ? objects[0] as? CAMediaTimingFunction : nil
        }
    }

    private func numbers(from source: PropertySource) -> [Double]? {
        switch source {
        case .text(let text, _): CAMLValueText.numbers(text)
        case .object: nil
        case .array(let objects): objects as? [Double]
        }
    }
}
