import Foundation

extension CALayer {
    /// A copy of the layer with the committed animations applied at `mediaTime`.
    package func makePresentationCopy(at mediaTime: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        let time = convertTime(mediaTime, from: nil)
        var animatedKeys: [String] = []
        for attached in attachedAnimations where attached.lifecycle.isCommitted {
            for compiled in attached.compiledParts where !animatedKeys.contains(compiled.baseKey) {
                animatedKeys.append(compiled.baseKey)
            }
        }
        for key in animatedKeys {
            let value = animatedValue(forKey: key, at: time)
            if let property = type(of: self).propertyTable[key] {
                property.write(copy, value)
            } else {
                copy.storage.customValues[key] = value.boxed
            }
        }
        // A property that needs display when it changes (a custom drawn property) is drawn
        // again for every frame of its animation, by the presentation copy that carries the
        // frame's value, as Core Animation does.
        if animatedKeys.contains(where: { type(of: self).needsDisplay(forKey: $0) }) {
            copy.display()
        }
        return copy
    }

    /// `presentationValue(forKey:)` for a property already looked up.
    package func presentationValue(of property: LayerProperty) -> AnimatableValue? {
        let key = property.key
        guard hasBeenCommitted, attachedAnimations.contains(where: { $0.compiledParts.contains { $0.baseKey == key } })
        else { return property.read(self) }
        return animatedValue(forKey: key, at: convertTime(CACurrentMediaTime(), from: nil))
    }

    /// The value of `key` as shown now: the model value with the committed animations on it
    /// applied; nil for a custom key with no value.
    package func presentationValue(forKey key: String) -> AnimatableValue? {
        if let property = type(of: self).propertyTable[key] {
            guard hasBeenCommitted,
                attachedAnimations.contains(where: { $0.compiledParts.contains { $0.baseKey == key } })
            else {
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
        for attached in attachedAnimations where attached.lifecycle.isCommitted {
            for compiled in attached.compiledParts where compiled.baseKey == key {
                value = compiled.applied(at: time, to: value)
            }
        }
        return value
    }

    package func modelValue(forKey key: String) -> AnimatableValue {
        if let property = type(of: self).propertyTable[key] { return property.read(self) }
        return AnimatableValue(inferringKindOf: customValue(forKey: key))
    }
}
