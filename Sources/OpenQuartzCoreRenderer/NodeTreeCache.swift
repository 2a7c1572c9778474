import Foundation
import OpenQuartzCore
import Synchronization

/// The ``RenderNodeTree`` a renderer captures its frames from, kept from frame to frame and
/// built again when the tree under the root, or anything on it, changed since
/// (``layerTreeGeneration`` moved) or the root is another layer.
final class NodeTreeCache {
    private var tree: RenderNodeTree?
    private var root: ObjectIdentifier?
    private var generation: UInt64 = 0
    /// How many times the tree was built: for tests.
    private(set) var buildCount = 0

    /// The nodes of the tree under `root`, evaluated at media time `time`.
    func nodes(under root: CALayer, at time: CFTimeInterval) -> RenderNodeTree {
        // Read before building: a change made while the tree is built moves it again, and the
        // next frame builds once more.
        let now = layerTreeGeneration.load(ordering: .relaxed)
        let tree: RenderNodeTree
        if let kept = self.tree, self.root == ObjectIdentifier(root), generation == now {
            tree = kept
        } else {
            tree = RenderNodeTree(roots: [root])
            self.tree = tree
            self.root = ObjectIdentifier(root)
            generation = now
            buildCount += 1
        }
        tree.evaluate(at: time)
        return tree
    }
}
