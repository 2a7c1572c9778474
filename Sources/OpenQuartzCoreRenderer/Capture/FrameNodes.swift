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

    init(_ nodes: [RenderNode], build: Int) {
        self.nodes = nodes
        self.build = build
    }

    /// The node of `snapshot`, lent rather than copied: a node is large and holds references,
    /// and most readers want one or two of its values.
    subscript(snapshot: LayerSnapshot) -> RenderNode {
        _read { yield nodes[snapshot.nodeIndex] }
    }
}
