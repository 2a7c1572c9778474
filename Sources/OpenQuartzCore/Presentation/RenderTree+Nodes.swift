import Foundation
import Synchronization

/// Bumped, relaxed, whenever anything a ``RenderNodeTree`` captured may have changed: a model
/// property, the sublayers or mask, an animation added, committed, removed or ended. A
/// renderer that sees it move builds its tree again.
package let layerTreeGeneration = Atomic<UInt64>(0)

/// Notes a change to layer trees (``layerTreeGeneration``).
@inline(__always)
package func noteLayerTreeChanged() {
    layerTreeGeneration.add(1, ordering: .relaxed)
}

/// A ``RenderTree`` with a typed ``RenderNode`` per layer: built once from the committed trees
/// (each node from its layer's model values), then each `evaluate(at:)` writes the animated
/// values into the nodes of the layers they animate, by fields resolved when it was built.
///
/// Nodes are in the tree's order: depth first, a layer before its sublayers, then its mask.
///
/// A layer one of whose animated keys has no typed field, or needs display when it changes
/// (`needsDisplay(forKey:)`), is marked ``needsPresentationCopy(_:)``: a renderer captures it
/// from a presentation copy, which runs `display()` with the frame's values.
package final class RenderNodeTree {
    package let tree: RenderTree
    /// The nodes at the last time ``evaluate(at:)`` evaluated.
    package private(set) var nodes: [RenderNode]
    /// The nodes of the layers' model values, before any animation writes to them.
    package let baseNodes: [RenderNode]
    private let writes: [(node: Int, field: RenderNode.Field, slot: RenderTree.Slot)]
    private let copiedNodes: [Bool]
    /// Whether an animation writes `isHidden` or `zPosition` (what decides which layers a
    /// frame draws, and in which order), or a layer needs a presentation copy: then what a
    /// frame draws besides the nodes' values may change from frame to frame.
    package let animatesStructure: Bool

    /// Snapshots the trees under `roots`, as ``RenderTree/init(roots:)`` does.
    package init(roots: [CALayer]) {
        let tree = RenderTree(roots: roots)
        self.tree = tree
        var base: [RenderNode] = []
        base.reserveCapacity(tree.layers.count)
        var writes: [(node: Int, field: RenderNode.Field, slot: RenderTree.Slot)] = []
        var copied = Array(repeating: false, count: tree.layers.count)
        TransactionLock.shared.withLock {
            for layer in tree.layers { base.append(RenderNode(presenting: layer)) }
            for (key, slot) in tree.topEntry {
                guard let index = tree.nodeIndex[key.layer] else { continue }
                let layerClass = type(of: tree.layers[index])
                if let field = RenderNode.Field(key: key.key, of: layerClass), !layerClass.needsDisplay(forKey: key.key)
                {
                    writes.append((index, field, slot))
                } else {
                    copied[index] = true
                }
            }
        }
        writes.sort { $0.node < $1.node }
        baseNodes = base
        nodes = base
        // In node order, so that a frame writes through the nodes front to back.
        self.writes = writes
        copiedNodes = copied
        animatesStructure =
            copied.contains(true) || writes.contains { $0.field == .isHidden || $0.field == .zPosition }
    }

    /// Evaluates the tree at `mediaTime` and writes its values into ``nodes``.
    package func evaluate(at mediaTime: CFTimeInterval) {
        evaluate(at: mediaTime, into: &nodes)
    }

    /// Evaluates the tree at `mediaTime` and writes its values into `nodes`, which holds
    /// ``baseNodes`` or nodes an earlier call wrote (nodes past the tree's are left alone):
    /// the fields animations write are set back to their base and written; nothing else is
    /// touched (an earlier call changed nothing else). Allocates nothing once `nodes` is held
    /// uniquely; copies fields, not whole nodes (several hundred bytes each).
    package func evaluate(at mediaTime: CFTimeInterval, into nodes: inout [RenderNode]) {
        tree.evaluate(at: mediaTime)
        // Through pointers: an array's subscript would copy each base node whole.
        baseNodes.withUnsafeBufferPointer { base in
            nodes.withUnsafeMutableBufferPointer { nodes in
                guard let base = base.baseAddress, let nodes = nodes.baseAddress else { return }
                // All resets before any write: fields of a subclass payload are reset together.
                for write in writes { RenderNode.reset(write.field, of: nodes + write.node, to: base + write.node) }
                tree.withLaneValues { vector, keyframe in
                    for write in writes { Self.write(write, into: nodes + write.node, vector, keyframe, tree) }
                }
            }
        }
    }

    /// Writes one evaluated value into its node: a lane's numbers straight into the field, a
    /// transform part as the transform it makes, anything else through its boxed value.
    @inline(__always)
    private static func write(
        _ write: (node: Int, field: RenderNode.Field, slot: RenderTree.Slot),
        into node: UnsafeMutablePointer<RenderNode>,
        _ vector: UnsafeBufferPointer<SIMD4<Double>>, _ keyframe: UnsafeBufferPointer<SIMD4<Double>>, _ tree: RenderTree
    ) {
        switch write.slot {
        case .vector(let index, let kind): node.pointee.write(vector: vector[index], kind: kind, to: write.field)
        case .keyframe(let index, let kind): node.pointee.write(vector: keyframe[index], kind: kind, to: write.field)
        case .transformPart(let index) where write.field == .transform:
            node.pointee.transform = tree.transform(ofPart: index)
        case .transformPart(let index) where write.field == .sublayerTransform:
            node.pointee.sublayerTransform = tree.transform(ofPart: index)
        default: node.pointee.write(tree.value(in: write.slot), to: write.field)
        }
    }

    /// The layers, in the order of their nodes.
    package var layers: [CALayer] { tree.layers }

    /// The index of `layer`'s node; nil when the layer is not in the tree.
    package func index(of layer: CALayer) -> Int? { tree.nodeIndex[ObjectIdentifier(layer)] }

    /// The node of `layer` at the last evaluated time.
    package func node(of layer: CALayer) -> RenderNode? { index(of: layer).map { nodes[$0] } }

    /// Whether the node at `index` must be captured from a presentation copy instead.
    package func needsPresentationCopy(_ index: Int) -> Bool { copiedNodes[index] }
}
