import Foundation

/// An immutable snapshot of committed layer trees — their timing and the compiled
/// animations on them — whose presentation values can be evaluated at any media time
/// without allocating. An OpenQuartzCore addition: the renderer draws from it, and it is
/// what a frame costs.
///
///     let tree = RenderTree(roots: [root])
///     tree.evaluate(at: 1.5)
///     let position = tree.presentationValue(of: layer, forKeyPath: "position") as? CGPoint
///
/// The snapshot reflects the layers when it was made; make a new one after changing them.
public final class RenderTree {
    private struct Node {
        var parent: Int
        var beginTime: Double
        var speed: Double
        var timeOffset: Double
    }

    private struct Entry {
        var node: Int
        /// The entry below this one on the same layer and key, or −1 for the model value.
        var input: Int
        var base: AnimatableValue
        var animation: CompiledAnimation
    }

    private let nodes: [Node]
    private let entries: [Entry]
    private var nodeTimes: [Double]
    private var values: [AnimatableValue]
    /// The topmost entry of each animated (layer, key), for reading results.
    private let topEntry: [LayerKey: Int]
    private let nodeIndex: [ObjectIdentifier: Int]
    private let layers: [CALayer]

    private struct LayerKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// Snapshots the trees under `roots` (each root with all its sublayers and masks).
    public init(roots: [CALayer]) {
        var nodes: [Node] = []
        var entries: [Entry] = []
        var topEntry: [LayerKey: Int] = [:]
        var nodeIndex: [ObjectIdentifier: Int] = [:]
        var layers: [CALayer] = []
        func visit(_ layer: CALayer, parent: Int) {
            let index = nodes.count
            nodes.append(
                Node(
                    parent: parent, beginTime: layer.storage.beginTime, speed: Double(layer.storage.speed),
                    timeOffset: layer.storage.timeOffset))
            nodeIndex[ObjectIdentifier(layer)] = index
            layers.append(layer)
            for attached in layer.attachedAnimations where attached.lifecycle.isCommitted {
                guard let compiled = attached.compiled else { continue }
                let key = LayerKey(layer: ObjectIdentifier(layer), key: compiled.baseKey)
                let below = topEntry[key]
                let base = below.map { entries[$0].base } ?? layer.modelValue(forKey: compiled.baseKey)
                topEntry[key] = entries.count
                entries.append(Entry(node: index, input: below ?? -1, base: base, animation: compiled))
            }
            for sublayer in layer.sublayers ?? [] { visit(sublayer, parent: index) }
            if let mask = layer.mask { visit(mask, parent: index) }
        }
        for root in roots { visit(root, parent: -1) }
        self.nodes = nodes
        self.entries = entries
        self.topEntry = topEntry
        self.nodeIndex = nodeIndex
        self.layers = layers
        self.nodeTimes = Array(repeating: 0, count: nodes.count)
        self.values = entries.map(\.base)
    }

    /// The number of layers in the snapshot.
    public var layerCount: Int { nodes.count }

    /// The number of animations in the snapshot.
    public var animationCount: Int { entries.count }

    /// Evaluates every animation at `mediaTime`. Allocates nothing.
    public func evaluate(at mediaTime: CFTimeInterval) {
        nodes.withUnsafeBufferPointer { nodes in
            nodeTimes.withUnsafeMutableBufferPointer { times in
                for index in nodes.indices {
                    let node = nodes[index]
                    let parentTime = node.parent < 0 ? mediaTime : times[node.parent]
                    times[index] = (parentTime - node.beginTime) * node.speed + node.timeOffset
                }
            }
        }
        entries.withUnsafeBufferPointer { entries in
            nodeTimes.withUnsafeBufferPointer { times in
                values.withUnsafeMutableBufferPointer { values in
                    for index in entries.indices {
                        let entry = entries.baseAddress! + index
                        let underlying = entry.pointee.input < 0 ? entry.pointee.base : values[entry.pointee.input]
                        values[index] = Self.apply(
                            entry.pointee.animation, at: times[entry.pointee.node], to: underlying)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func apply(_ animation: borrowing CompiledAnimation, at time: Double, to underlying: AnimatableValue)
        -> AnimatableValue
    {
        if let component = animation.component {
            let part = component.read(from: underlying)
            guard let animated = animation.value(atLayerTime: time, underlying: part) else { return underlying }
            return component.write(animated, into: underlying)
        }
        return animation.value(atLayerTime: time, underlying: underlying) ?? underlying
    }

    /// The presentation value of a property of `layer` as last evaluated (the model value if
    /// nothing animates it); nil if the layer is not in the snapshot.
    public func presentationValue(of layer: CALayer, forKeyPath keyPath: String) -> Any? {
        guard nodeIndex[ObjectIdentifier(layer)] != nil else { return nil }
        let path = LayerKeyPath(keyPath, in: type(of: layer))
        let value =
            topEntry[LayerKey(layer: ObjectIdentifier(layer), key: path.baseKey)].map { values[$0] }
            ?? layer.modelValue(forKey: path.baseKey)
        if case .property(_, let component?) = path { return component.read(from: value).boxed }
        return value.boxed
    }
}
