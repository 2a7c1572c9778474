import Foundation

/// The coder `CALayer` hands to `init?(coder:)` when it makes a layer itself: a presentation
/// copy or snapshot (carrying the model layer) or a new layer for a view (carrying none).
///
/// Why a coder: Swift calls an initializer through a metatype (`type(of: layer)`,
/// `UIView.layerClass`) only if it is `required`, and a subclass that declares any designated
/// initializer of its own must write out every required one — so `init()` and `init(layer:)`
/// cannot be required without breaking subclasses written for Apple (`override init()` is an
/// error against a required `init()`). `init?(coder:)` is the one initializer such a subclass
/// always has, as on Apple, where `CALayer` adopts `NSSecureCoding`.
///
/// Every decoding call answers "nothing here": a subclass that decodes its own keys gets nil
/// and zeros, as from an empty archive.
package final class LayerCreationCoder: NSCoder {
    /// The layer being copied; nil for a new layer.
    package let model: CALayer?

    package init(copying model: CALayer?) {
        self.model = model
        super.init()
    }

    override package var allowsKeyedCoding: Bool { true }
    override package func containsValue(forKey key: String) -> Bool { false }
    override package func decodeObject(forKey key: String) -> Any? { nil }
    override package func decodeBool(forKey key: String) -> Bool { false }
    override package func decodeInt32(forKey key: String) -> Int32 { 0 }
    override package func decodeInt64(forKey key: String) -> Int64 { 0 }
    override package func decodeInteger(forKey key: String) -> Int { 0 }
    override package func decodeFloat(forKey key: String) -> Float { 0 }
    override package func decodeDouble(forKey key: String) -> Double { 0 }
    override package func decodeObject() -> Any? { nil }
}

extension CALayer {
    /// A new layer of class `layerClass` with default values, as `UIView` makes its backing
    /// layer: through `init?(coder:)` with a coder carrying nothing (see ``LayerCreationCoder``).
    /// A subclass's `init()` does not run; a subclass whose `init?(coder:)` returns nil gives
    /// a layer of the nearest class above it that makes one.
    package static func makeLayer(ofClass layerClass: CALayer.Type) -> CALayer {
        make(layerClass, coder: LayerCreationCoder(copying: nil))
    }

    /// A copy of this layer for the presentation tree or a snapshot: an instance of the
    /// layer's own class. A class of this package makes it through its `init?(coder:)` with a
    /// coder carrying the layer, copying its state as `init(layer:)` does. A subclass declared
    /// elsewhere gets that copy of the package class it derives from, and its own stored
    /// properties copied from the model (see ``StoredPropertyCopier``): none of its
    /// initializers runs, so Xcode's `fatalError` in `init?(coder:)` is never reached.
    package func makeLayerCopy() -> CALayer {
        let coder = LayerCreationCoder(copying: self)
        switch StoredPropertyCopier.plan(for: type(of: self)) {
        case .ownClass:
            return Self.make(type(of: self), coder: coder)
        case .fields(let copier, let packageClass):
            return copier.copy(of: self, packageCopy: Self.make(packageClass, coder: coder))
        }
    }

    private static func make(_ layerClass: CALayer.Type, coder: LayerCreationCoder) -> CALayer {
        var candidate: CALayer.Type? = layerClass
        while let type = candidate {
            if let layer = type.init(coder: coder) { return layer }
            candidate = _getSuperclass(type) as? CALayer.Type
        }
        // `CALayer.init?(coder:)` never fails, so the walk ends before here.
        return coder.model.map { CALayer(layer: $0) } ?? CALayer()
    }
}
