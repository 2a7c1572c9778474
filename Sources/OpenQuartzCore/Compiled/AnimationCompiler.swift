import Foundation

/// Turns a `CABasicAnimation` into a `CompiledAnimation` for one layer, converting its
/// values to the kind of the property its key path names.
struct AnimationCompiler {
    let layer: CALayer

    /// Compiles an animation, and for a group each of its children (recursively) in the
    /// group's time space.
    func compileParts(of animation: CAAnimation, in groups: [GroupTiming]) -> [CompiledAnimation] {
        switch animation {
        case let group as CAAnimationGroup:
            var groupTiming = TimingParameters(group)
            if !groups.isEmpty {
                groupTiming.removedOnCompletion = false
                groupTiming.isGroupChild = true
            }
            let enclosing = groups + [GroupTiming(timing: groupTiming, curve: group.timingFunction?.curve)]
            return (group.animations ?? []).flatMap { child -> [CompiledAnimation] in
                if child.duration <= 0 { child.duration = group.duration }
                return compileParts(of: child, in: enclosing)
            }
        case let basic as CABasicAnimation:
            guard let keyPath = basic.keyPath else { return [] }
            let path: LayerKeyPath
            if let resolved = basic.property.resolvedPath, resolved.layerClass == ObjectIdentifier(type(of: layer)) {
                path = resolved.path
            } else {
                path = LayerKeyPath(keyPath, in: type(of: layer))
            }
            let previous = groups.isEmpty ? layer.previousValue(for: basic, at: path) : nil
            if let previous, basic.fromValue == nil { basic.fromValue = previous.boxed }
            guard var compiled = compile(basic, at: path, previousValue: previous) else { return [] }
            compiled.groups = groups
            // Children's removedOnCompletion is ignored: inside a group they fill as they say.
            if !groups.isEmpty {
                compiled.timing.removedOnCompletion = false
                compiled.timing.isGroupChild = true
            }
            return [compiled]
        case let keyframes as CAKeyframeAnimation:
            guard let keyPath = keyframes.keyPath else { return [] }
            let path = LayerKeyPath(keyPath, in: type(of: layer))
            let (kind, component) = target(of: path, sample: keyframes.values?.first)
            guard let track = KeyframeTrack.make(for: keyframes, kind: kind, keyPath: keyPath) else { return [] }
            var timing = TimingParameters(keyframes)
            if !groups.isEmpty {
                timing.removedOnCompletion = false
                timing.isGroupChild = true
            }
            let timingFunction = keyframes.timingFunction
            var parts = [
                CompiledAnimation(
                    timing: timing, timingFunction: timingFunction, groups: groups, baseKey: path.baseKey,
                    component: component, source: .keyframes(track), isAdditive: keyframes.isAdditive,
                    isCumulative: keyframes.isCumulative, valueFunction: keyframes.valueFunction)
            ]
            if let mode = keyframes.rotationMode, keyframes.path != nil, path.baseKey == "position" {
                // CAAnimation.h: with a rotation mode, "objects animating along a path rotate to
                // match the path tangent" — a rotation added on top of the layer's transform.
                parts.append(
                    CompiledAnimation(
                        timing: timing, timingFunction: timingFunction, groups: groups, baseKey: "transform",
                        component: nil,
                        source: .tangentRotation(track, reversed: mode == .rotateAutoReverse), isAdditive: true,
                        isCumulative: false, valueFunction: nil))
            }
            return parts
        default:
            return []
        }
    }

    /// `previousValue` stands in for a missing `fromValue` when the animation has no values
    /// (it may be a nil colour, which `fromValue` cannot show). Nil when a value is of the wrong
    /// type for the key path or not finite: like Apple's render server, the animation then has
    /// no effect on the property (it still runs, and its delegate hears of it), and one warning
    /// names the key path and the value. Values come from files too, where a bad one must not
    /// bring the program down, and a NaN must never reach the presentation layer.
    func compile(_ animation: CABasicAnimation, at path: LayerKeyPath, previousValue: AnimatableValue?)
        -> CompiledAnimation?
    {
        let keyPath = animation.keyPath ?? path.baseKey
        let (kind, component) = target(
            of: path, sample: animation.fromValue ?? animation.toValue ?? animation.byValue)
        let valueKind = animation.valueFunction == nil ? kind : .number
        var refusal: String?
        func convert(_ value: Any?, _ name: String) -> AnimatableValue? {
            guard let value, refusal == nil else { return nil }
            let kindName = type(of: animation)
            if let function = animation.valueFunction, function.takesVector, let vector = numbers(in: value) {
                let transform = AnimatableValue.transform(function.transform(for: vector))
                guard transform.hasOnlyFiniteNumbers else {
                    refusal = "\(kindName).\(name) for key path '\(keyPath)' is not finite: \(value)"
                    return nil
                }
                return transform
            }
            guard let converted = AnimatableValue(converting: value, to: valueKind) else {
                refusal =
                    "\(kindName).\(name) for key path '\(keyPath)' must be \(valueKind), got \(describeType(value))"
                return nil
            }
            guard converted.hasOnlyFiniteNumbers else {
                refusal =
                    "\(kindName).\(name) for key path '\(keyPath)' is not finite: \(describeAnimationValue(value))"
                return nil
            }
            return converted
        }
        let from = previousValue ?? convert(animation.fromValue, "fromValue")
        let to = convert(animation.toValue, "toValue")
        let by = convert(animation.byValue, "byValue")
        if let refusal {
            Warnings.emit("\(refusal); the animation has no effect on '\(keyPath)'")
            return nil
        }
        let source: AnimationSource
        let vectorEnds: VectorEnds?
        if let spring = animation as? CASpringAnimation {
            source = .spring(from: from, to: to, by: by, solver: spring.solver)
            vectorEnds = nil
        } else {
            source = .basic(from: from, to: to, by: by)
            vectorEnds = VectorEnds(from, to)
        }
        return CompiledAnimation(
            timing: TimingParameters(animation),
            timingFunction: animation.timingFunction,
            baseKey: path.baseKey,
            component: component,
            source: source,
            isAdditive: animation.isAdditive,
            isCumulative: animation.isCumulative,
            valueFunction: animation.valueFunction,
            vectorEnds: vectorEnds)
    }

    /// The kind of value an animation of `path` interpolates, and the part of the property it
    /// writes. A custom key's kind comes from the animation's first value (`sample`), or from
    /// the value the key holds.
    private func target(of path: LayerKeyPath, sample: Any?) -> (ValueKind, ValueComponent?) {
        switch path {
        case .property(let property, let part):
            return (part?.kind ?? property.kind, part)
        case .custom(let key, _):
            return (AnimatableValue(inferringKindOf: sample ?? layer.customValue(forKey: key)).kind, nil)
        }
    }

    private func numbers(in value: Any) -> (Double, Double, Double)? {
        guard let array = value as? [Any], array.count == 3 else { return nil }
        let doubles = array.compactMap(AnimatableValue.double(from:))
        return doubles.count == 3 ? (doubles[0], doubles[1], doubles[2]) : nil
    }
}
