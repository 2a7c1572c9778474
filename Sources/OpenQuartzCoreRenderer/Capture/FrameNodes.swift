import Foundation
import OpenQuartzCore
import Synchronization

/// The values of one frame's layers, read by their snapshots' ``LayerSnapshot/nodeIndex``:
/// the evaluated tree's nodes, in its order, then those the frame captured from presentation
/// copies. A renderer lends it to one frame at a time (``NodeTreeCache``): while a frame is
/// painted, nothing writes to it.
final class FrameNodes: @unchecked Sendable {
    /// Unchecked: a frame's nodes are written only while it is captured, and read only while
    /// it is painted, never both at once; each read lends a node without an access to track.
    @exclusivity(unchecked) var nodes: [RenderNode]
    /// Which build of the evaluated tree the nodes belong to (``NodeTreeCache``).
    let build: Int
    /// Per node of the evaluated tree, whether the layer's own content (what
    /// ``ContentCache/sameContent(_:_:)`` compares) is what it was in the frame captured before
    /// this one: written with the nodes, on the capturing thread (``NodeTreeCache``).
    @exclusivity(unchecked) var unchangedContent: [Bool] = []

    init(_ nodes: [RenderNode], build: Int) {
        self.nodes = nodes
        self.build = build
    }

    /// Whether the own content of `snapshot`'s layer is the same as in the frame captured
    /// before: never for a node captured from a presentation copy.
    func keepsContent(of snapshot: LayerSnapshot) -> Bool {
        snapshot.nodeIndex < unchangedContent.count && unchangedContent[snapshot.nodeIndex]
    }

    /// The node of `snapshot`, lent rather than copied: a node is large and holds references,
    /// and most readers want one or two of its values.
    subscript(snapshot: LayerSnapshot) -> RenderNode {
        _read { yield nodes[snapshot.nodeIndex] }
    }
}
