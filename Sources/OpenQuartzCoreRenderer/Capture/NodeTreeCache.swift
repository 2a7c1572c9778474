import Foundation
import OpenQuartzCore
import Synchronization

/// Captures a renderer's frames from a ``RenderTree`` kept from frame to frame, built
/// again when the tree under the root, or anything on it, changed since
/// (``layerTreeGeneration`` moved) or the root is another layer. When only layers' timing
/// changed (``layerTimingGeneration`` moved alone: a paused animation shown at another frame),
/// the tree reads their timing again and is kept.
///
/// While the tree stays as it is and only animations run, a frame costs an evaluation and
/// nothing more: the snapshots of the layers are captured once per build and shared by every
/// frame, and each frame's nodes are a buffer from ``pool``, into which the evaluation writes
/// the animated fields as it evaluates them (RenderTree). Nothing is allocated then.
///
/// A tree whose frames differ in more than the nodes' values — an animated `isHidden` or
/// `zPosition`, a layer captured from a presentation copy, a transition, a replicator's
/// delayed copies, an emitter's particles — has its snapshots captured anew each frame, into
/// a buffer from the same pool. Where only `isHidden` and `zPosition` animate, a frame whose
/// animated flags and positions are those of the last capture reuses its snapshots: a Lottie
/// layer's in and out points are hold keyframes of `hidden`, which change on few frames.
final class NodeTreeCache {
    private var tree: RenderTree?
    private var root: ObjectIdentifier?
    private var generation: UInt64 = 0
    private var timingGeneration = 0
    /// What the content cache needs to know of the frame captured before (``ContentHistory``).
    private var history = ContentHistory()
    /// The snapshots every frame of this build shares, once a capture found that they do not
    /// depend on the frame (`.some(nil)`: the root is hidden).
    private var sharedRoot: LayerSnapshot??
    /// Whether this build may share its snapshots between frames: nothing animates structure.
    private var mayShare = false
    /// The last capture whose snapshots depend on the frame only through the animated
    /// `isHidden` and `zPosition` of ``RenderTree/structureNodes``, with those values as it
    /// saw them: another frame with the same values has the same snapshots.
    private var lastRoot: LayerSnapshot??
    private var lastStructure: [(isHidden: Bool, zPosition: CGFloat)] = []
    /// How many times the tree was built: for tests.
    private(set) var buildCount = 0
    /// How many times the tree read its layers' timing again: for tests.
    private(set) var timingRereadCount = 0
    /// How many frames were captured with snapshots of their own: for tests.
    private(set) var structureCaptureCount = 0
    /// The node buffers frames borrow.
    let pool = NodeBufferPool()
    /// Reads the count of changes to layer trees: ``layerTreeGeneration``, which any thread's
    /// change moves; tests that count builds give a count of their own.
    private let currentGeneration: () -> UInt64
    /// Reads the count of changes to layers' timing: ``layerTimingGeneration``.
    private let currentTimingGeneration: () -> Int

    init(
        generation: @escaping () -> UInt64 = { layerTreeGeneration.load(ordering: .relaxed) },
        timingGeneration: @escaping () -> Int = { layerTimingGeneration.load(ordering: .relaxed) }
    ) {
        currentGeneration = generation
        currentTimingGeneration = timingGeneration
    }

    /// The tree under `root` captured at media time `time`.
    func capture(_ root: CALayer, at time: CFTimeInterval) -> CapturedFrame {
        // Read before building: a change made while the tree is built moves it again, and the
        // next frame builds once more.
        let now = currentGeneration()
        let timingNow = currentTimingGeneration()
        let tree: RenderTree
        let previousTree = self.tree
        if let kept = self.tree, self.root == ObjectIdentifier(root), generation == now {
            tree = kept
            if timingGeneration != timingNow {
                tree.rereadLayerTimings()
                timingGeneration = timingNow
                timingRereadCount += 1
            }
        } else {
            tree = RenderTree(roots: [root])
            // Nothing under a hidden layer is drawn: its animations need not run.
            tree.skipsHiddenSubtrees = true
            self.tree = tree
            self.root = ObjectIdentifier(root)
            generation = now
            timingGeneration = timingNow
            buildCount += 1
            sharedRoot = nil
            mayShare = !tree.animatesStructure
            lastRoot = nil
            lastStructure = []
            lastStructure.reserveCapacity(tree.structureNodes.count)
        }
        let nodes = pool.take(build: buildCount, base: tree.baseNodes)
        let count = tree.baseNodes.count
        // What the frame that last used the buffer added from presentation copies.
        if nodes.nodes.count > count { nodes.nodes.removeSubrange(count...) }
        tree.evaluate(at: time, into: &nodes.nodes)
        history.compare(nodes, of: tree, previousTree: previousTree === tree ? nil : previousTree)
        if let sharedRoot { return CapturedFrame(root: sharedRoot, nodes: nodes) }
        if let lastRoot, hasLastStructure(tree, nodes) { return CapturedFrame(root: lastRoot, nodes: nodes) }
        var capture = LayerSnapshot.Capture(time: time, tree: tree, nodes: nodes)
        let snapshot = LayerSnapshot.capture(root, &capture)
        structureCaptureCount += 1
        if !capture.dependsOnFrame {
            if mayShare { sharedRoot = .some(snapshot) }
            lastRoot = .some(snapshot)
            lastStructure.removeAll(keepingCapacity: true)
            for index in tree.structureNodes {
                lastStructure.append((nodes.nodes[index].drawn.isHidden, nodes.nodes[index].drawn.zPosition))
            }
        } else {
            lastRoot = nil
        }
        return CapturedFrame(root: snapshot, nodes: nodes)
    }

    /// Whether the animated `isHidden` and `zPosition` in `nodes` are those ``lastRoot`` saw.
    private func hasLastStructure(_ tree: RenderTree, _ nodes: FrameNodes) -> Bool {
        let indices = tree.structureNodes
        guard indices.count == lastStructure.count else { return false }
        for (index, seen) in zip(indices, lastStructure) {
            guard nodes.nodes[index].drawn.isHidden == seen.isHidden,
                nodes.nodes[index].drawn.zPosition == seen.zPosition
            else { return false }
        }
        return true
    }
}

/// Which layers' own content is the same as in the frame captured before, per frame, for the
/// content cache: content unchanged since the frame before is composited from a bitmap,
/// content that changed is drawn directly (``ContentCache``). Worked out on the capturing
/// thread, in the order of the frames' times, so that the choice — and so the picture — is the
/// same whichever worker paints the frame and whichever frames it painted before.
///
/// Within one build of the tree, only the layers an animation changes the content of can
/// differ from one frame to the next: their nodes are compared with copies of the last
/// frame's. When the tree is built again, every layer is compared with the last frame's node
/// of the same layer in the tree before, and with the drawing it had.
struct ContentHistory {
    /// The nodes whose content an animation of the current build may change.
    private var animatedIndices: [Int] = []
    /// Their values in the frame captured last, in the order of ``animatedIndices``.
    private var lastAnimated: [RenderNode] = []
    /// The frame captured last, and each layer's drawing in its build: what the first frame
    /// of the next build is compared with.
    private var lastNodes: FrameNodes?
    private var lastDrawings: [CGContext?] = []

    /// Writes `nodes.unchangedContent` for the frame just evaluated into `nodes` from `tree`;
    /// `previousTree` is the tree of the frame before when this frame's tree is a new build
    /// (nil for the same build, and for the first frame, which has nothing to compare with).
    mutating func compare(_ nodes: FrameNodes, of tree: RenderTree, previousTree: RenderTree?) {
        if previousTree != nil || lastNodes == nil {
            startBuild(of: tree, comparing: nodes, with: previousTree)
        } else {
            // The buffer may hold an earlier frame's flags: every layer no animation changes
            // is as it was, and only the animated ones are compared.
            nodes.unchangedContent.removeAll(keepingCapacity: true)
            nodes.unchangedContent.append(contentsOf: repeatElement(true, count: tree.baseNodes.count))
            for (slot, index) in animatedIndices.enumerated() {
                let same = ContentCache.sameContent(lastAnimated[slot], nodes.nodes[index])
                nodes.unchangedContent[index] = same
                if !same { lastAnimated[slot] = nodes.nodes[index] }
            }
        }
        lastNodes = nodes
    }

    /// The flags of the first frame of a build: each layer's node and drawing against the last
    /// frame's of the same layer in `previousTree`; all false without one.
    private mutating func startBuild(of tree: RenderTree, comparing nodes: FrameNodes, with previousTree: RenderTree?) {
        let drawings = tree.layers.map(\.lastDrawing)
        nodes.unchangedContent = tree.layers.indices.map { index in
            guard let previousTree, let lastNodes, let before = previousTree.index(of: tree.layers[index]) else {
                return false
            }
            return lastDrawings[before] === drawings[index]
                && ContentCache.sameContent(lastNodes.nodes[before], nodes.nodes[index])
        }
        animatedIndices = tree.layers.indices.filter { index in
            tree.animatedKeys(ofNode: index).contains(where: ContentCache.changesContent)
        }
        lastAnimated = animatedIndices.map { nodes.nodes[$0] }
        lastDrawings = drawings
    }
}
