import Foundation
import OpenQuartzCore

extension CAMLEncoder {
    /// The animation classes the writer knows, most specific first.
    private static let animationClasses:
        [(name: String, matches: @Sendable (CAAnimation) -> Bool, exact: ObjectIdentifier)] = [
            ("CASpringAnimation", { $0 is CASpringAnimation }, ObjectIdentifier(CASpringAnimation.self)),
            ("CABasicAnimation", { $0 is CABasicAnimation }, ObjectIdentifier(CABasicAnimation.self)),
            ("CAKeyframeAnimation", { $0 is CAKeyframeAnimation }, ObjectIdentifier(CAKeyframeAnimation.self)),
            ("CAAnimationGroup", { $0 is CAAnimationGroup }, ObjectIdentifier(CAAnimationGroup.self)),
            ("CATransition", { $0 is CATransition }, ObjectIdentifier(CATransition.self)),
        ]

    /// The `<animations>` element of `layer`: each animation it holds, in the order added,
    /// as `<animation type=…>` when it has no key, else `<p key="…" type=…>`
    /// (FORMAT.md §7). Nil when it holds none.
    func animationsElement(of layer: CALayer) -> CAMLOutputElement? {
        let attached = TransactionLock.shared.withLock {
            layer.attachedAnimations.map { (key: $0.key, animation: $0.animation, beganAtCommit: $0.beganAtCommit) }
        }
        guard !attached.isEmpty else { return nil }
        var children: [CAMLOutputElement] = []
        for (key, animation, beganAtCommit) in attached {
            // Added with beginTime 0 ("when added"): the commit's time is this run's, not the
            // animation's.
            let beginTime = beganAtCommit ? 0 : animation.beginTime
            guard
                var element = animationElement(
                    animation, layerClass: type(of: layer), beginTime: beginTime, asProperty: true)
            else { continue }
            if let key {
                element.name = "p"
                element.attributes.insert(("key", key), at: 0)
            } else {
                element.name = "animation"
            }
            children.append(element)
        }
        return children.isEmpty ? nil : CAMLOutputElement("animations", children: children)
    }

    /// An animation as an element: named by its class (`<CABasicAnimation …>`, an array
    /// member), or, `asProperty`, named `animation` with `type=` (the caller renames it).
    /// Values take the kind of the property the key path names on `layerClass`. Nil for an
    /// animation class CAML has no name for.
    func animationElement(
        _ animation: CAAnimation, layerClass: CALayer.Type, beginTime: CFTimeInterval? = nil, asProperty: Bool
    ) -> CAMLOutputElement? {
        guard let known = Self.animationClasses.first(where: { $0.matches(animation) }) else {
            warn(
                "\(type(of: animation)) has no CAML form; it is not written", topic: "animation \(type(of: animation))")
            return nil
        }
        if ObjectIdentifier(type(of: animation)) != known.exact {
            warn(
                "\(type(of: animation)) is written as \(known.name); what it adds is not written",
                topic: "animation \(type(of: animation))")
        }
        var element = CAMLOutputElement(asProperty ? "animation" : known.name)
        if asProperty { element.attributes.append(("type", known.name)) }
        let keyPath = (animation as? CAPropertyAnimation)?.keyPath
        let kind = CAMLDecoder.valueKind(of: animation, on: layerClass)
        if let spring = animation as? CASpringAnimation { writeSpring(spring, into: &element) }
        if let basic = animation as? CABasicAnimation {
            writeBasic(basic, kind: kind, keyPath: keyPath, into: &element)
        }
        if let keyframe = animation as? CAKeyframeAnimation {
            writeKeyframe(keyframe, kind: kind, keyPath: keyPath, into: &element)
        }
        if let group = animation as? CAAnimationGroup {
            let members = (group.animations ?? []).compactMap {
                animationElement($0, layerClass: layerClass, asProperty: false)
            }
            element.children.append(CAMLOutputElement("animations", children: members))
        }
        if let transition = animation as? CATransition { writeTransition(transition, into: &element) }
        if let property = animation as? CAPropertyAnimation { writePropertyAnimation(property, into: &element) }
        writeTiming(animation, beginTime: beginTime ?? animation.beginTime, into: &element)
        return element
    }

    private func writeSpring(_ spring: CASpringAnimation, into element: inout CAMLOutputElement) {
        if spring.allowsOverdamping { element.setProperty("allowsOverdamping", text: "1") }
        if spring.damping != 10 { element.setProperty("damping", text: CAMLValueText.text(Double(spring.damping))) }
        if spring.mass != 1 { element.setProperty("mass", text: CAMLValueText.text(Double(spring.mass))) }
        if spring.stiffness != 100 {
            element.setProperty("stiffness", text: CAMLValueText.text(Double(spring.stiffness)))
        }
        // CAML calls the spring's initialVelocity `velocity` (FORMAT.md §7).
        if spring.initialVelocity != 0 {
            element.setProperty("velocity", text: CAMLValueText.text(Double(spring.initialVelocity)))
        }
    }

    private func writeBasic(
        _ basic: CABasicAnimation, kind: ValueKind?, keyPath: String?, into element: inout CAMLOutputElement
    ) {
        for (key, value) in [("byValue", basic.byValue), ("fromValue", basic.fromValue), ("toValue", basic.toValue)] {
            guard let value else { continue }
            guard let converted = camlValue(value, kind: kind), let child = propertyElement(key, converted) else {
                warnUnwritable(key, of: keyPath)
                continue
            }
            element.children.append(child)
        }
    }

    private func writeKeyframe(
        _ keyframe: CAKeyframeAnimation, kind: ValueKind?, keyPath: String?, into element: inout CAMLOutputElement
    ) {
        if let bias = keyframe.biasValues { appendNumbers("biasValues", bias, to: &element) }
        if keyframe.calculationMode != .linear {
            element.setProperty("calculationMode", text: keyframe.calculationMode.rawValue)
        }
        if let continuity = keyframe.continuityValues { appendNumbers("continuityValues", continuity, to: &element) }
        if let keyTimes = keyframe.keyTimes { appendNumbers("keyTimes", keyTimes, exactly: true, to: &element) }
        if let path = keyframe.path { element.setProperty("path", text: CAMLValueText.text(path)) }
        if let rotation = keyframe.rotationMode { element.setProperty("rotationMode", text: rotation.rawValue) }
        if let tension = keyframe.tensionValues { appendNumbers("tensionValues", tension, to: &element) }
        if let functions = keyframe.timingFunctions {
            element.children.append(
                CAMLOutputElement(
                    "timingFunctions", attributes: functions.isEmpty ? [("type", "NSArray")] : [],
                    children: functions.map {
                        CAMLOutputElement("CAMediaTimingFunction", attributes: [("value", CAMLValueText.text($0))])
                    }))
        }
        if let values = keyframe.values {
            var converted: [CAMLValue] = []
            for value in values {
                guard let one = camlValue(value, kind: kind) else {
                    warnUnwritable("values", of: keyPath)
                    return
                }
                converted.append(one)
            }
            if let child = arrayPropertyElement("values", converted) { element.children.append(child) }
        }
    }

    private func appendNumbers(
        _ key: String, _ numbers: [NSNumber], exactly: Bool = false, to element: inout CAMLOutputElement
    ) {
        let values = numbers.map { exactly ? Self.exactNumber($0.doubleValue) : Self.number($0.doubleValue) }
        if let child = arrayPropertyElement(key, values) { element.children.append(child) }
    }

    private func writeTransition(_ transition: CATransition, into element: inout CAMLOutputElement) {
        if transition.endProgress != 1 {
            element.setProperty("endProgress", text: CAMLValueText.text(transition.endProgress))
        }
        if transition.startProgress != 0 {
            element.setProperty("startProgress", text: CAMLValueText.text(transition.startProgress))
        }
        if let subtype = transition.subtype { element.setProperty("subtype", text: subtype.rawValue) }
        // `type` names the class in CAML, so this property is a child element (`<type value="push"/>`).
        if transition.type != .fade { element.setProperty("type", text: transition.type.rawValue) }
    }

    private func writePropertyAnimation(_ animation: CAPropertyAnimation, into element: inout CAMLOutputElement) {
        if animation.isAdditive { element.setProperty("additive", text: "1") }
        if animation.isCumulative { element.setProperty("cumulative", text: "1") }
        if let keyPath = animation.keyPath { element.setProperty("keyPath", text: keyPath) }
        if let function = animation.valueFunction { element.setProperty("valueFunction", text: function.name.rawValue) }
    }

    /// `CAMediaTiming` and `CAAnimation`'s own properties, those that are not the defaults.
    private func writeTiming(_ animation: CAAnimation, beginTime: CFTimeInterval, into element: inout CAMLOutputElement)
    {
        if animation.autoreverses { element.setProperty("autoreverses", text: "1") }
        if beginTime != 0 { element.setProperty("beginTime", text: CAMLValueText.exactText(beginTime)) }
        if animation.duration != 0 { element.setProperty("duration", text: CAMLValueText.exactText(animation.duration)) }
        if animation.fillMode != .removed { element.setProperty("fillMode", text: animation.fillMode.rawValue) }
        if !animation.isRemovedOnCompletion { element.setProperty("removedOnCompletion", text: "0") }
        if animation.repeatCount != 0 {
            element.setProperty("repeatCount", text: CAMLValueText.text(animation.repeatCount))
        }
        if animation.repeatDuration != 0 {
            element.setProperty("repeatDuration", text: CAMLValueText.exactText(animation.repeatDuration))
        }
        if animation.speed != 1 { element.setProperty("speed", text: CAMLValueText.text(animation.speed)) }
        if animation.timeOffset != 0 {
            element.setProperty("timeOffset", text: CAMLValueText.exactText(animation.timeOffset))
        }
        if let function = animation.timingFunction {
            element.setProperty("timingFunction", text: CAMLValueText.text(function))
        }
    }

    private func warnUnwritable(_ key: String, of keyPath: String?) {
        warn(
            "the \(key) of an animation of \"\(keyPath ?? "no key path")\" have no CAML form; they are not written",
            topic: "values \(key) \(keyPath ?? "")")
    }
}
