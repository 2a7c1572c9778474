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
    /// Private: the values it stores into nodes are not kept in it (see
    /// `RenderTree.evaluate(at:writing:into:)`), so its own readers would see stale values.
    private let tree: RenderTree
    /// The nodes at the last time ``evaluate(at:)`` evaluated.
    package private(set) var nodes: [RenderNode]
    /// The nodes of the layers' model values, before any animation writes to them.
    package let baseNodes: [RenderNode]
    /// Per vector entry, where its value goes in a frame's node buffer (``LaneWrite/none``
    /// for an entry that is no node's field, or whose field takes a boxed value): written as
    /// the entry is evaluated.
    private let vectorWrites: [LaneWrite]
    /// The keyframe lane's values written into fields by a store, after the lane is evaluated.
    private let keyframeWrites: [(entry: Int, write: LaneWrite)]
    /// The other animated fields, written through their boxed values, in node order.
    private let boxedWrites: [(node: Int, field: RenderNode.Field, slot: RenderTree.Slot)]
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
        var vectorWrites = Array(repeating: LaneWrite.none, count: tree.laneCounts.vector)
        var keyframeWrites: [(entry: Int, write: LaneWrite)] = []
        var boxedWrites: [(node: Int, field: RenderNode.Field, slot: RenderTree.Slot)] = []
        for write in writes {
            switch write.slot {
            case .vector(let entry, let kind):
                if let store = LaneWrite(node: write.node, kind: kind, field: write.field) {
                    vectorWrites[entry] = store
                    continue
                }
            case .transformPart(let part):
                let model = base.withUnsafeBufferPointer { nodes in
                    write.field == .transform ? nodes[write.node].transform : nodes[write.node].sublayerTransform
                }
                if let planar = tree.planarPart(ofPart: part, over: model),
                    let store = LaneWrite(
                        node: write.node, transformPart: planar.index, store: planar.turns ? .planarTurn : .planarScale,
                        field: write.field)
                {
                    vectorWrites[tree.vectorEntry(ofPart: part)] = store
                    continue
                }
                if let store = LaneWrite(node: write.node, transformPart: part, field: write.field) {
                    vectorWrites[tree.vectorEntry(ofPart: part)] = store
                    continue
                }
            case .keyframe(let entry, let kind):
                if let store = LaneWrite(node: write.node, kind: kind, field: write.field) {
                    keyframeWrites.append((entry, store))
                    continue
                }
            case .general: break
            }
            boxedWrites.append(write)
        }
        baseNodes = base
        nodes = base
        self.vectorWrites = vectorWrites
        self.keyframeWrites = keyframeWrites
        // In node order, so that a frame writes through the nodes front to back.
        self.boxedWrites = boxedWrites
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
    /// only the fields animations write are touched (an earlier call changed nothing else).
    /// Allocates nothing once `nodes` is held uniquely; copies fields, not whole nodes
    /// (several hundred bytes each).
    ///
    /// A lane value is stored into its field as its entry is evaluated (``LaneWrite``). A
    /// store always sets the whole field, so the field is not set back to its base first;
    /// nor is any field whose write always sets it. The fields of a subclass payload and a
    /// shadow path are set back first, all before any write: a payload is reset as a whole.
    package func evaluate(at mediaTime: CFTimeInterval, into nodes: inout [RenderNode]) {
        require(nodes.count >= baseNodes.count, "\(nodes.count) nodes for a tree of \(baseNodes.count)")
        // Through pointers: an array's subscript would copy each base node whole.
        baseNodes.withUnsafeBufferPointer { base in
            nodes.withUnsafeMutableBufferPointer { nodes in
                guard let nodes = nodes.baseAddress else { return }
                vectorWrites.withUnsafeBufferPointer { writes in
                    tree.evaluate(at: mediaTime, writing: writes, into: UnsafeMutableRawPointer(nodes))
                }
                tree.withLaneValues { _, keyframe in
                    for (entry, write) in keyframeWrites {
                        write.store(keyframe[entry], into: UnsafeMutableRawPointer(nodes))
                    }
                }
                guard !boxedWrites.isEmpty, let base = base.baseAddress else { return }
                for write in boxedWrites where !RenderNode.writeAlwaysSets(write.field) {
                    RenderNode.reset(write.field, of: nodes + write.node, to: base + write.node)
                }
                for write in boxedWrites { Self.write(write, into: nodes + write.node, tree) }
            }
        }
    }

    /// Writes one evaluated value into its node through its boxed value.
    private static func write(
        _ write: (node: Int, field: RenderNode.Field, slot: RenderTree.Slot),
        into node: UnsafeMutablePointer<RenderNode>, _ tree: RenderTree
    ) {
        switch write.slot {
        case .transformPart(let index) where write.field == .transform:
            node.pointee.transform = tree.transform(ofPart: index)
        case .transformPart(let index) where write.field == .sublayerTransform:
            node.pointee.sublayerTransform = tree.transform(ofPart: index)
        default: node.pointee.write(tree.value(in: write.slot), to: write.field)
        }
    }

    /// How many vector entries the tree has, and how many of its transform parts a frame
    /// writes as four entries: for tests.
    package var laneShape: (vector: Int, planarParts: Int) { (tree.laneCounts.vector, tree.planarPartCount) }

    /// The layers, in the order of their nodes.
    package var layers: [CALayer] { tree.layers }

    /// The index of `layer`'s node; nil when the layer is not in the tree.
    package func index(of layer: CALayer) -> Int? { tree.nodeIndex[ObjectIdentifier(layer)] }

    /// The node of `layer` at the last evaluated time.
    package func node(of layer: CALayer) -> RenderNode? { index(of: layer).map { nodes[$0] } }

    /// Whether the node at `index` must be captured from a presentation copy instead.
    package func needsPresentationCopy(_ index: Int) -> Bool { copiedNodes[index] }
}
