import Foundation
import OpenCoreGraphics

/// The model values a layer subclass adds to `CALayer`'s, kept in one struct so that
/// `init(layer:)` copies them in a single assignment. The property table's `@Sendable`
/// closures make a default one, hence `SendableMetatype`; the values themselves need not be
/// `Sendable` (`CATextLayer.string` is `Any?`).
package protocol SubclassLayerStorage: SendableMetatype {
    /// The values of a freshly made layer: Apple's defaults.
    init()
}

/// Makes the `LayerProperty` entries of a layer subclass whose model values live in one
/// `SubclassLayerStorage` struct, reached through `storage`.
///
/// Key-value coding hands each value back in the property's own Swift type (`Float` for
/// `instanceRedOffset`), as `CALayer`'s own table does: on Linux a boxed number only casts
/// back to the type it was boxed as.
struct SubclassPropertyBuilder<Layer: CALayer, Storage: SubclassLayerStorage>: Sendable {
    let storage: ReferenceWritableKeyPath<Layer, Storage> & Sendable

    func property<Value>(
        _ key: String, _ kind: ValueKind, _ path: WritableKeyPath<Storage, Value> & Sendable,
        animatable: Bool, implicit: Bool = true,
        get toValue: @escaping @Sendable (Value) -> AnimatableValue,
        set fromValue: @escaping @Sendable (AnimatableValue) -> Value,
        box: @escaping @Sendable (AnimatableValue) -> Any? = { $0.boxed }
    ) -> LayerProperty {
        let storage = self.storage
        return LayerProperty(
            key: key, kind: kind, isAnimatable: animatable, hasImplicitAnimation: animatable && implicit,
            read: { layer in
                guard let layer = layer as? Layer else {
                    // `CALayer.defaultValue(forKey:)` reads every table from a plain `CALayer`
                    // prototype; for it, a subclass property reads as the subclass's default.
                    return toValue(Storage()[keyPath: path])
                }
                return toValue(layer[keyPath: storage][keyPath: path])
            },
            write: { layer, value in
                guard let layer = layer as? Layer else {
                    misuse("'\(key)' is a property of \(Layer.self), not of \(type(of: layer))")
                }
                layer[keyPath: storage][keyPath: path] = fromValue(value)
            },
            box: box)
    }

    func number(_ key: String, _ path: WritableKeyPath<Storage, CGFloat> & Sendable) -> LayerProperty {
        property(key, .number, path, animatable: true, get: { .number(Double($0)) }, set: { CGFloat($0.number) })
    }

    func float(_ key: String, _ path: WritableKeyPath<Storage, Float> & Sendable) -> LayerProperty {
        property(
            key, .number, path, animatable: true,
            get: { .number(Double($0)) }, set: { Float($0.number) }, box: { Float($0.number) })
    }

    func double(_ key: String, _ path: WritableKeyPath<Storage, Double> & Sendable) -> LayerProperty {
        property(key, .number, path, animatable: true, get: { .number($0) }, set: { $0.number }, box: { $0.number })
    }

    func point(_ key: String, _ path: WritableKeyPath<Storage, CGPoint> & Sendable) -> LayerProperty {
        property(key, .point, path, animatable: true, get: { .point($0) }, set: { $0.pointValue })
    }

    func size(_ key: String, _ path: WritableKeyPath<Storage, CGSize> & Sendable) -> LayerProperty {
        property(key, .size, path, animatable: true, get: { .size($0) }, set: { $0.sizeValue })
    }

    func transform(_ key: String, _ path: WritableKeyPath<Storage, CATransform3D> & Sendable) -> LayerProperty {
        property(key, .transform, path, animatable: true, get: { .transform($0) }, set: { $0.transformValue })
    }

    func color(_ key: String, _ path: WritableKeyPath<Storage, CGColor?> & Sendable) -> LayerProperty {
        property(
            key, .color, path, animatable: true,
            get: { .color($0.map(ColorComponents.init)) }, set: { $0.colorValue })
    }

    func bool(_ key: String, _ path: WritableKeyPath<Storage, Bool> & Sendable) -> LayerProperty {
        property(key, .bool, path, animatable: false, get: { .bool($0) }, set: { $0.boolValue })
    }

    /// A property holding any object (`CATextLayer.string`), which switches half-way.
    func object(_ key: String, _ path: WritableKeyPath<Storage, Any?> & Sendable) -> LayerProperty {
        property(key, .opaque, path, animatable: false, get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed })
    }

    /// A string-wrapper property (`fillRule`, `lineCap`…). Key-value coding reads the raw
    /// string, as Objective-C sees these `NSString` constants, and takes either form.
    func constant<Value: RawRepresentable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Storage, Value> & Sendable
    ) -> LayerProperty where Value.RawValue == String {
        property(
            key, .opaque, path, animatable: false,
            get: { .opaque(AnyHashableBox($0.rawValue)) },
            set: { value in
                let boxed = value.boxed
                if let constant = boxed as? Value { return constant }
                guard let raw = boxed as? String, let constant = Value(rawValue: raw) else {
                    misuse("'\(key)' needs a \(Value.self) or its raw string, got \(describeType(boxed))")
                }
                return constant
            })
    }

    /// A path, interpolated point by point between paths with the same elements. Stored as
    /// an immutable copy, as Apple copies paths on assignment.
    func path(
        _ key: String, _ path: WritableKeyPath<Storage, CGPath?> & Sendable, implicit: Bool
    ) -> LayerProperty {
        property(
            key, .path, path, animatable: true, implicit: implicit, get: { .path($0) },
            set: { value in
                guard case .path(let path) = value else {
                    misuse("'\(key)' needs a CGPath, found \(value.kind)")
                }
                return path?.copy()
            })
    }

    // An absent array reads as an opaque nil rather than an empty array, so that key-value
    // coding gives back nil. Key-value coding hands a nil array over as an empty one, which
    // is written back as nil: Core Animation draws an empty array and no array alike (no
    // dashes, evenly spread stops, no gradient).

    /// An optional array of numbers (`locations`, `lineDashPattern`), interpolated element by
    /// element when the counts match.
    func numbers(_ key: String, _ path: WritableKeyPath<Storage, [NSNumber]?> & Sendable) -> LayerProperty {
        property(
            key, .numberArray, path, animatable: true,
            get: { numbers in numbers.map { .numbers($0.map(\.doubleValue)) } ?? .opaque(AnyHashableBox(nil)) },
            set: { value in
                switch value {
                case .numbers(let numbers): numbers.isEmpty ? nil : numbers.map { NSNumber(value: $0) }
                case .opaque(let box) where box.value == nil: nil
                default: misuse("'\(key)' needs an array of numbers, found \(value.kind)")
                }
            })
    }

    /// An optional array of `CGColor`s (`CAGradientLayer.colors`), interpolated element by
    /// element when the counts match. The setter has checked that every element is a `CGColor`.
    func colors(_ key: String, _ path: WritableKeyPath<Storage, [Any]?> & Sendable) -> LayerProperty {
        property(
            key, .colorArray, path, animatable: true,
            get: { colors in
                colors.map { .colors($0.map { ColorComponents($0 as! CGColor) }) } ?? .opaque(AnyHashableBox(nil))
            },
            set: { value in
                switch value {
                case .colors(let colors): colors.isEmpty ? nil : colors.map(\.cgColor)
                case .opaque(let box) where box.value == nil: nil
                default: misuse("'\(key)' needs an array of CGColors, found \(value.kind)")
                }
            })
    }
}
