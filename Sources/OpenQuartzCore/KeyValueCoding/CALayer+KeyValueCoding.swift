import Foundation
import OpenCoreGraphics

/// Where a key path points in a layer: a declared property (maybe one part of its value), or
/// a custom key.
package enum LayerKeyPath {
    case property(LayerProperty, component: ValueComponent?)
    case custom(key: String, component: String?)

    /// The key the action search and the animation bookkeeping use (the property's key).
    package var baseKey: String {
        switch self {
        case .property(let property, _): property.key
        case .custom(let key, _): key
        }
    }

    /// Resolves `keyPath` against the properties of `layerClass`. A path into a declared
    /// property's value that names no part of it (`position.q`) is a programmer error and
    /// traps; a path whose first key no property declares is a custom key, as in Apple's
    /// key-value coding extensions.
    package init(_ keyPath: String, in layerClass: CALayer.Type) {
        let (base, rest) = splitKeyPath(keyPath)
        if base == "frame" {
            misuse(
                "'frame' is derived from bounds, position, anchorPoint and transform; animate those instead")
        }
        guard let property = layerClass.propertyTable[base] else {
            self = .custom(key: base, component: rest)
            return
        }
        guard let rest else {
            self = .property(property, component: nil)
            return
        }
        if base == "emitterCells" {
            // `CAEmitterLayer`'s cells by name (`emitterCells.spark.birthRate`): each such path
            // is a key of its own, animated like a custom key; the layer derives its value.
            self = .custom(key: keyPath, component: nil)
            return
        }
        guard let component = ValueComponent(path: rest, for: property.kind) else {
            misuse(
                "unknown key path '\(keyPath)': \(property.kind) property '\(base)' has no part '\(rest)'")
        }
        self = .property(property, component: component)
    }
}

/// Splits `"bounds.size.width"` into `("bounds", "size.width")`.
package func splitKeyPath(_ keyPath: String) -> (base: String, rest: String?) {
    // Searching the UTF-8 view avoids grapheme breaking, which dominated parsing.
    guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (keyPath, nil) }
    return (String(keyPath[..<dot]), String(keyPath[keyPath.utf8.index(after: dot)...]))
}

extension CALayer {
    package func readValue(forKey key: String) -> Any? {
        if key == "frame" { return frame }
        if let property = type(of: self).propertyTable[key] {
            return property.box(property.read(self))
        }
        return customValue(forKey: key)
    }

    package func customValue(forKey key: String) -> Any? {
        if let value = storage.customValues[key] { return value }
        if let value = derivedValue(forKeyPath: key) { return value }
        var style = self.style
        while let dictionary = style {
            if let value = dictionary[key] { return value }
            style = dictionary["style"] as? [AnyHashable: Any]
        }
        return type(of: self).defaultValue(forKey: key)
    }

    package func writeValue(_ value: Any?, forKey key: String) {
        if key == "frame" {
            guard let rect = AnimatableValue(converting: value, to: .rect) else {
                misuse("setValue(_:forKey: \"frame\") needs a CGRect, got \(describeType(value))")
            }
            frame = rect.rectValue
            return
        }
        if let property = type(of: self).propertyTable[key] {
            let typed = convert(value, for: property, keyPath: key)
            Self.requireValidValue(typed, forKey: key)
            changeValue(forKey: key, property: property) { property.write(self, typed) }
            if property.changesTimingOnly { timingDidChange() }
        } else {
            changeValue(forKey: key) { storage.customValues[key] = value }
        }
    }

    package func readValue(forKeyPath keyPath: String) -> Any? {
        let (base, rest) = splitKeyPath(keyPath)
        guard rest != nil else { return readValue(forKey: keyPath) }
        switch LayerKeyPath(keyPath, in: type(of: self)) {
        case .property(let property, let component?):
            return component.read(from: property.read(self)).boxed
        case .property(let property, nil):
            return property.box(property.read(self))
        case .custom(_, let rest):
            return (readValue(forKey: base) as? CALayer)?.readValue(forKeyPath: rest ?? "")
        }
    }

    package func writeValue(_ value: Any?, forKeyPath keyPath: String) {
        let (base, rest) = splitKeyPath(keyPath)
        guard rest != nil else { return writeValue(value, forKey: keyPath) }
        switch LayerKeyPath(keyPath, in: type(of: self)) {
        case .property(let property, let component?):
            guard let part = AnimatableValue(converting: value, to: component.kind) else {
                misuse(
                    "setValue(_:forKeyPath: \"\(keyPath)\") needs \(component.kind), got \(describeType(value))")
            }
            let whole = component.write(part, into: property.read(self))
            Self.requireValidValue(whole, forKey: property.key)
            changeValue(forKey: property.key) { property.write(self, whole) }
        case .property(let property, nil):
            writeValue(value, forKey: property.key)
        case .custom(_, let rest):
            guard let target = readValue(forKey: base) as? CALayer else {
                misuse("setValue(_:forKeyPath: \"\(keyPath)\"): '\(base)' is not a layer property")
            }
            target.writeValue(value, forKeyPath: rest ?? "")
        }
    }

    private func convert(_ value: Any?, for property: LayerProperty, keyPath: String) -> AnimatableValue {
        if property.kind == .opaque || property.key == "contents" {
            return property.kind == .opaque ? .opaque(AnyHashableBox(value)) : contentsValue(value)
        }
        guard let typed = AnimatableValue(converting: value, to: property.kind) else {
            misuse(
                "setValue(_:forKey: \"\(keyPath)\") needs \(property.kind), got \(describeType(value))")
        }
        return typed
    }

    private func contentsValue(_ value: Any?) -> AnimatableValue {
        if let image = value as? CGImage { return .image(image) }
        return value == nil ? .image(nil) : .opaque(AnyHashableBox(value))
    }
}

/// The dynamic type of a value, for messages.
package func describeType(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "a value of type \(type(of: value))"
}
