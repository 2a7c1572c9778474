import Foundation
import OpenCoreGraphics

/// Describes one layer property to key-value coding, the action search and the animation
/// engine: its key, the kind of value it holds, and how to read and write its model value.
///
/// A class, not a struct: key paths, compiled animations and tables pass it around, and one
/// reference is cheaper to copy than five closures.
package final class LayerProperty: Sendable {
    package let key: String
    package let kind: ValueKind
    /// `CALayer.h` marks the property Animatable: explicit animations may target it.
    package let isAnimatable: Bool
    /// `defaultAction(forKey:)` answers a `CABasicAnimation` for it. Apple's "Animatable
    /// Properties" appendix lists the exceptions (`doubleSided`; `CAShapeLayer.path`).
    package let hasImplicitAnimation: Bool
    package let read: @Sendable (CALayer) -> AnimatableValue
    /// Writes the model value directly: no action search, no transaction.
    package let write: @Sendable (CALayer, AnimatableValue) -> Void
    /// Turns a value back into the property's own Swift type for key-value coding (`Float`
    /// for `opacity`, `CGFloat` for `cornerRadius`): on Linux a boxed number only casts back
    /// to the type it was boxed as.
    package let box: @Sendable (AnimatableValue) -> Any?
    /// The field of a layer's `RenderNode` that holds the property's presented value, which a
    /// render tree writes an animation of it into; nil for a property the renderer does not
    /// read from a node (a layer animating it is captured from a presentation copy).
    package let renderField: RenderNode.Field?
    /// Whether a change of it moves only the times of the layer's subtree (`beginTime`,
    /// `speed`, `timeOffset`): a render tree then reads the layers' timing again rather than
    /// being built again (``layerTimingGeneration``).
    package let changesTimingOnly: Bool

    package init(
        key: String, kind: ValueKind, isAnimatable: Bool, hasImplicitAnimation: Bool,
        read: @escaping @Sendable (CALayer) -> AnimatableValue,
        write: @escaping @Sendable (CALayer, AnimatableValue) -> Void,
        box: @escaping @Sendable (AnimatableValue) -> Any? = { $0.boxed },
        renderField: RenderNode.Field? = nil
    ) {
        self.key = key
        changesTimingOnly = key == "beginTime" || key == "speed" || key == "timeOffset"
        self.kind = kind
        self.isAnimatable = isAnimatable
        self.hasImplicitAnimation = hasImplicitAnimation
        self.read = read
        self.write = write
        self.box = box
        self.renderField = renderField
    }

    /// The same property, its presented value held in `field` of a render node.
    package func rendered(as field: RenderNode.Field) -> LayerProperty {
        LayerProperty(
            key: key, kind: kind, isAnimatable: isAnimatable, hasImplicitAnimation: hasImplicitAnimation, read: read,
            write: write, box: box, renderField: field)
    }
}

/// The properties a layer class declares, by key.
package final class LayerPropertyTable: Sendable {
    package let byKey: [String: LayerProperty]

    package init(_ properties: [LayerProperty], inheriting parent: LayerPropertyTable? = nil) {
        var byKey = parent?.byKey ?? [:]
        for property in properties { byKey[property.key] = property }
        self.byKey = byKey
    }

    package subscript(key: String) -> LayerProperty? { byKey[key] }
}

extension LayerProperty {
    /// A property the renderer draws, whose value lives in `field` of a layer's
    /// ``DrawnValues``: read and written by the field's offset and type, and written by a render
    /// tree into the same field of the layer's node when the property is animated.
    static func drawn(_ key: String, _ field: DrawnField, animatable: Bool = true, implicit: Bool = true)
        -> LayerProperty
    {
        LayerProperty(
            key: key, kind: field.kind, isAnimatable: animatable, hasImplicitAnimation: animatable && implicit,
            read: { layer in withUnsafePointer(to: &layer.storage.drawn) { field.value(in: $0) } },
            write: { layer, value in withUnsafeMutablePointer(to: &layer.storage.drawn) { field.write(value, into: $0) }
            },
            box: field.box, renderField: animatable ? .drawn(field) : nil)
    }

    /// A property whose value lives in a layer's `LayerStorage`, read and written through
    /// two closures on the storage. (Closures, not key paths: applying a key path is generic
    /// code several times slower, and this runs on every property change.)
    static func stored<Value>(
        _ key: String, _ kind: ValueKind,
        _ field: @escaping @Sendable (borrowing LayerStorage) -> Value,
        _ setField: @escaping @Sendable (inout LayerStorage, Value) -> Void,
        animatable: Bool = true, implicit: Bool = true,
        get toValue: @escaping @Sendable (Value) -> AnimatableValue,
        set fromValue: @escaping @Sendable (AnimatableValue) -> Value,
        box: @escaping @Sendable (AnimatableValue) -> Any? = { $0.boxed }
    ) -> LayerProperty {
        LayerProperty(
            key: key, kind: kind, isAnimatable: animatable, hasImplicitAnimation: animatable && implicit,
            read: { toValue(field($0.storage)) },
            write: { setField(&$0.storage, fromValue($1)) },
            box: box)
    }

    typealias Getter<Value> = @Sendable (borrowing LayerStorage) -> Value
    typealias Setter<Value> = @Sendable (inout LayerStorage, Value) -> Void

    static func number(
        _ key: String, _ get: @escaping Getter<CGFloat>, _ set: @escaping Setter<CGFloat>, animatable: Bool = true
    ) -> LayerProperty {
        stored(
            key, .number, get, set, animatable: animatable, get: { .number(Double($0)) }, set: { CGFloat($0.number) })
    }

    static func float(
        _ key: String, _ get: @escaping Getter<Float>, _ set: @escaping Setter<Float>, animatable: Bool = true
    ) -> LayerProperty {
        stored(
            key, .number, get, set, animatable: animatable, get: { .number(Double($0)) }, set: { Float($0.number) },
            box: { Float($0.number) })
    }

    static func double(
        _ key: String, _ get: @escaping Getter<Double>, _ set: @escaping Setter<Double>, animatable: Bool = false
    ) -> LayerProperty {
        stored(
            key, .number, get, set, animatable: animatable, get: { .number($0) }, set: { $0.number },
            box: { $0.number })
    }

    /// A property holding one of Core Animation's string constants (a gravity, a filter, a
    /// format). Key-value coding reads its name, as Objective-C sees these `NSString`
    /// constants, and takes the constant or its name; anything else sets `fallback`. Not
    /// animatable.
    static func constant<Name: RawRepresentable & Sendable>(
        _ key: String, _ get: @escaping Getter<Name>, _ set: @escaping Setter<Name>, fallback: Name
    ) -> LayerProperty where Name.RawValue == String {
        stored(
            key, .opaque, get, set, animatable: false, get: { .opaque(AnyHashableBox($0.rawValue)) },
            set: { value in
                if let name = value.boxed as? Name { return name }
                return (value.boxed as? String).flatMap(Name.init(rawValue:)) ?? fallback
            })
    }

    static func bool(
        _ key: String, _ get: @escaping Getter<Bool>, _ set: @escaping Setter<Bool>,
        animatable: Bool = true, implicit: Bool = true
    ) -> LayerProperty {
        stored(
            key, .bool, get, set, animatable: animatable, implicit: implicit, get: { .bool($0) }, set: { $0.boolValue })
    }
}

extension AnimatableValue {
    // Readers used when a typed value is written back into a property. A mismatch means the
    // engine converted a value for the wrong property, which is a bug here, not in client code.
    package var number: Double {
        if case .number(let value) = self { return value }
        if case .bool(let flag) = self { return flag ? 1 : 0 }
        misuse("expected a number, found \(kind)")
    }

    package var pointValue: CGPoint {
        guard case .point(let value) = self else { misuse("expected a CGPoint, found \(kind)") }
        return value
    }

    package var sizeValue: CGSize {
        guard case .size(let value) = self else { misuse("expected a CGSize, found \(kind)") }
        return value
    }

    package var rectValue: CGRect {
        guard case .rect(let value) = self else { misuse("expected a CGRect, found \(kind)") }
        return value
    }

    package var transformValue: CATransform3D {
        guard case .transform(let value) = self else {
            misuse("expected a CATransform3D, found \(kind)")
        }
        return value
    }

    package var colorValue: CGColor? {
        guard case .color(let value) = self else { misuse("expected a CGColor, found \(kind)") }
        return value?.cgColor
    }

    package var boolValue: Bool {
        switch self {
        case .bool(let flag): return flag
        case .number(let value): return value != 0
        default: misuse("expected a Bool, found \(kind)")
        }
    }
}
