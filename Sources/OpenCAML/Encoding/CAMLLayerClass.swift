import Foundation
import OpenQuartzCore

/// How the writer writes one layer class: the element name, and what the class adds to
/// `CALayer`'s properties. The properties themselves come from the class's property table (the
/// one key-value coding and the animation engine use), so a class whose properties are all in
/// its table needs one line here; a class with more (an emitter's cells) adds `extraChildren`.
struct CAMLLayerClass: Sendable {
    /// The CAML element name, which is the class name.
    let name: String
    let layerClass: CALayer.Type
    let isInstance: @Sendable (CALayer) -> Bool
    /// The keys of the properties this class adds to `CALayer`'s, in the order they are written:
    /// Apple's writer writes a subclass's own properties before `CALayer`'s, each group in
    /// name order (FORMAT.md §6, `CAShapeLayer fillColor path … allowsEdgeAntialiasing …`).
    let ownKeys: [String]
    /// Child elements for what the property table does not hold, after the properties.
    let extraChildren: (@Sendable (CALayer, CAMLEncoder) -> [CAMLOutputElement])?

    /// `skipping` names table keys that `extraChildren` writes instead.
    init<Layer: CALayer>(
        _ layerClass: Layer.Type, name: String, skipping skipped: Set<String> = [],
        extraChildren: (@Sendable (CALayer, CAMLEncoder) -> [CAMLOutputElement])? = nil
    ) {
        self.name = name
        self.layerClass = layerClass
        isInstance = { $0 is Layer }
        let inherited = Set(CALayer.propertyTable.byKey.keys)
        ownKeys = layerClass.propertyTable.byKey.keys.filter { !inherited.contains($0) && !skipped.contains($0) }
            .sorted()
        self.extraChildren = extraChildren
    }

    /// The classes the writer knows, most specific first; `CALayer` last catches every other
    /// subclass. To write a new layer class, add it here (and to the reader's
    /// `CAMLDecoder.layerClasses`).
    static let all: [CAMLLayerClass] = [
        CAMLLayerClass(CATransformLayer.self, name: "CATransformLayer"),
        CAMLLayerClass(CAShapeLayer.self, name: "CAShapeLayer"),
        CAMLLayerClass(CAGradientLayer.self, name: "CAGradientLayer"),
        CAMLLayerClass(CATextLayer.self, name: "CATextLayer"),
        CAMLLayerClass(CAReplicatorLayer.self, name: "CAReplicatorLayer"),
        CAMLLayerClass(CAScrollLayer.self, name: "CAScrollLayer"),
        CAMLLayerClass(CATiledLayer.self, name: "CATiledLayer"),
        CAMLLayerClass(
            CAEmitterLayer.self, name: "CAEmitterLayer", skipping: ["emitterCells"],
            extraChildren: { $1.emitterCellsElement(of: $0) }),
        CAMLLayerClass(CALayer.self, name: "CALayer"),
    ]

    /// `CALayer`'s own keys in name order.
    static let baseKeys: [String] = CALayer.propertyTable.byKey.keys.sorted()

    /// The entry for `layer`: its own class's, else the nearest known superclass's.
    static func entry(for layer: CALayer) -> CAMLLayerClass {
        let exact = ObjectIdentifier(type(of: layer))
        if let entry = all.first(where: { ObjectIdentifier($0.layerClass) == exact }) { return entry }
        return all.first { $0.isInstance(layer) } ?? all[all.count - 1]
    }
}
