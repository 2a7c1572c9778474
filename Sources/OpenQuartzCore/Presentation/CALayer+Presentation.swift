import Foundation

extension CALayer {
    /// A copy of the layer with the committed animations applied at `mediaTime`.
    package func makePresentationCopy(at mediaTime: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        let time = convertTime(mediaTime, from: nil)
        var animatedKeys: [String] = []
        for attached in attachedAnimations {
            guard let compiled = attached.compiled, attached.lifecycle.isCommitted,
                !animatedKeys.contains(compiled.baseKey)
            else { continue }
            animatedKeys.append(compiled.baseKey)
        }
        for key in animatedKeys {
            let value = animatedValue(forKey: key, at: time)
            if let property = type(of: self).propertyTable[key] {
                property.write(copy, value)
            } else {
                copy.storage.customValues[key] = value.boxed
            }
        }
        return copy
    }

    /// The value of `key` as shown now: the model value with the committed animations on it
    /// applied; nil for a custom key with no value.
    package func presentationValue(forKey key: String) -> AnimatableValue? {
        if let property = type(of: self).propertyTable[key] {
            guard hasBeenCommitted, attachedAnimations.contains(where: { $0.compiled?.baseKey == key }) else {
                return property.read(self)
            }
        } else if storage.customValues[key] == nil, attachedAnimations.isEmpty {
            return nil
        }
        return animatedValue(forKey: key, at: convertTime(CACurrentMediaTime(), from: nil))
    }

    /// The model value of `key` with its committed animations composed on it, in the order
    /// they were added, at `time` in the layer's time space.
    package func animatedValue(forKey key: String, at time: Double) -> AnimatableValue {
        var value = modelValue(forKey: key)
        for attached in attachedAnimations {
            guard let compiled = attached.compiled, compiled.baseKey == key, attached.lifecycle.isCommitted else {
                continue
            }
            if let component = compiled.component {
                let part = component.read(from: value)
                if let animated = compiled.value(atLayerTime: time, underlying: part) {
                    value = component.write(animated, into: value)
                }
            } else if let animated = compiled.value(atLayerTime: time, underlying: value) {
                value = animated
            }
        }
        return value
    }

    package func modelValue(forKey key: String) -> AnimatableValue {
        if let property = type(of: self).propertyTable[key] { return property.read(self) }
        return AnimatableValue(inferringKindOf: customValue(forKey: key))
    }
}
