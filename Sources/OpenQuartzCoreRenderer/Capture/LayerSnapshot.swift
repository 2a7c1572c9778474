import CCairo
import Foundation
import OpenQuartzCore
import Synchronization

/// One layer of a frame: who it is and where it stands in the tree (its drawing, its sublayers
/// in drawing order, its mask, …), captured on the thread that owns the layer tree, and never
/// changed afterwards. Its values at the frame's time are node ``nodeIndex`` of the frame's
/// ``FrameNodes``.
///
/// Capturing is the cheap half of a frame (typed nodes from one evaluation, NodeTreeCache.swift); painting is
/// the expensive half. Because a snapshot is immutable and shares nothing mutable with the
/// live tree, frames captured one after another can be painted on several threads at once.
/// While only animations run, one tree of snapshots serves every frame, each with nodes of
/// its own (``NodeTreeCache``).
final class LayerSnapshot: @unchecked Sendable {
    /// The model layer's identity: the key of its cached content across frames.
    let identity: ObjectIdentifier
    /// Where the layer's values at the frame's time are in the frame's ``FrameNodes``.
    let nodeIndex: Int
    /// What the model layer's `draw(in:)` recorded, if anything.
    let drawing: CGContext?
    /// The sublayers in drawing order: by `zPosition`, equal ones in their order. Only
    /// `deinit` changes it, taking the tree apart.
    private(set) var sublayers: [LayerSnapshot]
    /// The layer whose alpha masks this one, in this layer's coordinates.
    let mask: LayerSnapshot?
    /// The transition running on the layer, with the tree it started from.
    let transition: TransitionSnapshot?
    /// For a replicator: the copies after the first, each with its sublayers captured at its
    /// own delayed time.
    let replicas: [Replica]
    /// Whether the layer's plane is upside down because an odd number of its ancestors are
    /// `geometryFlipped` (CAML documents are y up). Image contents are then drawn flipped back,
    /// so that they stay upright as Core Animation shows them (`CALayer.h`,
    /// `contentsAreFlipped`).
    let isUpsideDown: Bool
    /// For an emitter: its particles at the frame's time, in drawing order.
    let particles: [EmitterParticle]
    /// The Cairo operator of the layer's `compositingFilter`, nil to draw it normally.
    let blendOperator: cairo_operator_t?
    /// The layer's `filters` that are drawn (the blur wallpaper CAML documents use, a Lottie
    /// luma matte's `luminanceToAlpha`, …), in order; empty for most layers.
    let filters: [LayerFilter]
    /// Whether the layer is drawn through filters: apart, and beyond what it paints itself
    /// when it is blurred.
    var hasFilters: Bool { !filters.isEmpty }

    /// A transition between two captured trees.
    struct TransitionSnapshot {
        let type: CATransitionType
        let subtype: CATransitionSubtype?
        let progress: Double
        /// The tree as it was before the transaction that added the transition.
        let before: LayerSnapshot
    }

    /// Copy `index` (1 or more) of a replicator's sublayers.
    struct Replica {
        let index: Int
        let sublayers: [LayerSnapshot]
    }

    private init(
        identity: ObjectIdentifier, nodeIndex: Int, drawing: CGContext?, sublayers: [LayerSnapshot],
        mask: LayerSnapshot?, transition: TransitionSnapshot?, replicas: [Replica], isUpsideDown: Bool,
        particles: [EmitterParticle], blendOperator: cairo_operator_t?, filters: [LayerFilter]
    ) {
        self.identity = identity
        self.nodeIndex = nodeIndex
        self.drawing = drawing
        self.sublayers = sublayers
        self.mask = mask
        self.transition = transition
        self.replicas = replicas
        self.isUpsideDown = isUpsideDown
        self.particles = particles
        self.blendOperator = blendOperator
        self.filters = filters
    }

    /// Lets go of the sublayers from an explicit stack, as `CALayer` does, so that a tree of
    /// any depth is freed in constant stack space.
    deinit {
        var children = takeSublayers()
        releaseWithoutRecursion(&children) { $0.takeSublayers() }
    }

    private func takeSublayers() -> [LayerSnapshot] {
        defer { sublayers = [] }
        return sublayers
    }

    /// How many layers deep the tree under this one goes, this one included, counting masks,
    /// transitions' old trees and replicas: what painting it needs of a thread's stack.
    private(set) var depth = 1

    /// What a capture needs besides the layer: the frame's time, its evaluated tree (nil for
    /// a replica at a delayed time, whose nodes all come from presentation copies), the nodes
    /// it adds to, and what it notes of the frame.
    struct Capture {
        let time: CFTimeInterval
        let tree: RenderTree?
        let nodes: FrameNodes
        /// Set when anything captured depends on the frame beyond the tree's animated nodes:
        /// a node from a presentation copy, a transition, a replicator's delayed copies, an
        /// emitter's particles. A capture without it can serve every frame of the same tree.
        var dependsOnFrame = false

        /// The index of `model`'s node in ``nodes`` — its node in the evaluated tree, or one
        /// added from a presentation copy — and what the layer draws: the copy's drawing when
        /// an animated key made it draw again for this frame, the model's otherwise; and the
        /// filters drawn, the copy's when there is one (its `display()` may set them).
        mutating func node(of model: CALayer) -> (index: Int, drawing: CGContext?, filters: [LayerFilter]) {
            if let tree, let index = tree.index(of: model), !tree.needsPresentationCopy(index) {
                return (index, model.lastDrawing, LayerFilter.filters(of: model.filters))
            }
            // Not in the evaluated tree (a replica at a delayed time, a transition's old
            // tree), or an animated key that needs display: from a presentation copy.
            dependsOnFrame = true
            let copy = model.makePresentationCopy(at: time)
            nodes.nodes.append(RenderNode(presenting: copy))
            return (nodes.nodes.count - 1, copy.lastDrawing ?? model.lastDrawing, LayerFilter.filters(of: copy.filters))
        }
    }

    /// Captures `model` and its subtree as presented at the capture's time, its nodes those
    /// of `capture`; nil when the layer is hidden. Runs the presentation machinery, so it must
    /// be called where the tree lives.
    /// `isBeforeTree` marks the copy a transition keeps of the tree it started from, whose
    /// layers point back to the live ones and must not show the live transition again.
    ///
    /// Sublayers are walked from an explicit stack, so a tree of any depth is captured in
    /// constant stack space; only masks, transitions and replicas, which nest as deep as the
    /// user nests those, capture their trees by calling this again.
    /// `isUpsideDown` is the layer's own ``isUpsideDown``: its superlayer's, toggled when the
    /// superlayer is `geometryFlipped`.
    ///
    /// `replicaBudget` bounds the copies that replicators draw: a replicator makes at most
    /// that many, and the replicators inside its copies share what is left, so no
    /// `instanceCount` in a file, nested or not, makes a frame capture billions of layers.
    static func capture(
        _ model: CALayer, _ capture: inout Capture, isBeforeTree: Bool = false, isUpsideDown: Bool = false,
        replicaBudget: Int = replicaLimit
    ) -> LayerSnapshot? {
        guard let root = Pending(model, &capture, isUpsideDown: isUpsideDown, replicaBudget: replicaBudget)
        else { return nil }
        var stack = [root]
        while !stack.isEmpty {
            // The top is read where it lies: a copy of it for every sublayer, its arrays
            // retained and released each time, cost a tree of 10,000 layers 13 M instructions.
            let top = stack.count - 1
            let next = stack[top].next
            if next < stack[top].sublayers.count {
                stack[top].next += 1
                if let pending = Pending(
                    stack[top].sublayers[next], &capture, isUpsideDown: stack[top].sublayersAreUpsideDown,
                    replicaBudget: stack[top].sublayerBudget)
                {
                    stack.append(pending)
                }
                continue
            }
            let finished = stack.removeLast()
            let snapshot = finish(finished, sublayers: finished.captured, &capture, isBeforeTree: isBeforeTree)
            guard !stack.isEmpty else { return snapshot }
            stack[stack.count - 1].captured.append(snapshot)
        }
        return nil
    }

    /// A layer whose sublayers are being captured: a value on the stack, so that the walk
    /// allocates nothing of its own per layer.
    private struct Pending {
        let model: CALayer
        let nodeIndex: Int
        let drawing: CGContext?
        let filters: [LayerFilter]
        let sublayers: [CALayer]
        let isUpsideDown: Bool
        /// The node's `isGeometryFlipped` and `replicator`: what the walk reads of it (the
        /// node itself is large and holds many references).
        let isGeometryFlipped: Bool
        let replicator: ReplicatorLayerStorage?
        var sublayersAreUpsideDown: Bool { isUpsideDown != isGeometryFlipped }
        /// This layer's replica budget, and how many instances of its sublayers it draws
        /// (more than one for a replicator), each of which gets an equal share of it.
        let replicaBudget: Int
        let instances: Int
        var sublayerBudget: Int { replicaBudget / instances }
        var next = 0
        var captured: [LayerSnapshot] = []

        init?(_ model: CALayer, _ capture: inout Capture, isUpsideDown: Bool, replicaBudget: Int) {
            (nodeIndex, drawing, filters) = capture.node(of: model)
            guard !capture.nodes.nodes[nodeIndex].drawn.isHidden else { return nil }
            self.model = model
            self.isUpsideDown = isUpsideDown
            self.replicaBudget = replicaBudget
            sublayers = model.sublayers ?? []
            isGeometryFlipped = capture.nodes.nodes[nodeIndex].drawn.isGeometryFlipped
            replicator = capture.nodes.nodes[nodeIndex].replicator
            instances =
                if let replicator, replicator.instanceCount > 1 {
                    LayerSnapshot.drawnInstanceCount(of: replicator, model: model, budget: replicaBudget)
                } else {
                    1
                }
        }
    }

    /// The most copies a frame draws of one replicator's sublayers, its own included; nested
    /// replicators share it (``capture(_:at:isBeforeTree:isUpsideDown:replicaBudget:)``).
    static let replicaLimit = 10_000

    private static let warnedReplicators = Mutex<Set<ObjectIdentifier>>([])

    /// How many instances of `replicator` a capture with `budget` draws: its `instanceCount`,
    /// or the budget with a warning when the count is larger.
    /// Warns once per replicator (by its model layer's identity), not once per frame.
    static func drawnInstanceCount(of replicator: ReplicatorLayerStorage, model: CALayer, budget: Int) -> Int {
        let budget = max(budget, 1)
        guard replicator.instanceCount > budget else { return replicator.instanceCount }
        guard warnedReplicators.withLock({ $0.insert(ObjectIdentifier(model)).inserted }) else { return budget }
        Warnings.emit(
            "CAReplicatorLayer: instanceCount \(replicator.instanceCount) is more than this frame can draw; "
                + "drawing the first \(budget) instances")
        return budget
    }

    /// The snapshot of a layer whose sublayers are captured: its replicas, transition, mask
    /// and particles added.
    private static func finish(
        _ layer: Pending, sublayers captured: [LayerSnapshot], _ capture: inout Capture, isBeforeTree: Bool
    ) -> LayerSnapshot {
        let (model, time) = (layer.model, capture.time)
        let (isUpsideDown, replicaBudget, instances) = (layer.isUpsideDown, layer.replicaBudget, layer.instances)
        let sublayersAreUpsideDown = layer.sublayersAreUpsideDown
        var replicas: [Replica] = []
        if let replicator = layer.replicator, instances > 1 {
            // Apple: copy k shows the sublayers `k × instanceDelay` seconds in the past.
            let delay = replicator.instanceDelay.isFinite ? replicator.instanceDelay : 0
            replicas = (1..<instances).map { index in
                let delayed = time - Double(index) * delay
                // A copy at the frame's time reads the frame's nodes; one at a delayed time,
                // presentation copies made for that time.
                var copyCapture = Capture(
                    time: delayed, tree: delayed == time ? capture.tree : nil, nodes: capture.nodes)
                defer { capture.dependsOnFrame = capture.dependsOnFrame || copyCapture.dependsOnFrame }
                return Replica(
                    index: index,
                    sublayers: inDrawingOrder(
                        (model.sublayers ?? []).compactMap {
                            Self.capture(
                                $0, &copyCapture, isBeforeTree: isBeforeTree, isUpsideDown: sublayersAreUpsideDown,
                                replicaBudget: replicaBudget / instances)
                        }, nodes: capture.nodes))
            }
        }
        var transition: TransitionSnapshot?
        if !isBeforeTree, model.hasTransition {
            // Whether it runs is a question of the frame's time.
            capture.dependsOnFrame = true
            if let state = model.activeTransition(at: time) {
                var beforeCapture = Capture(time: time, tree: nil, nodes: capture.nodes)
                if let before = Self.capture(
                    state.before, &beforeCapture, isBeforeTree: true, isUpsideDown: isUpsideDown,
                    replicaBudget: replicaBudget)
                {
                    transition = TransitionSnapshot(
                        type: state.drawnType, subtype: state.subtype, progress: state.progress, before: before)
                }
            }
        }
        let sublayers = inDrawingOrder(captured, nodes: capture.nodes)
        // The mask lies in the layer's own coordinates, so it is upside down when the layer is.
        let mask = model.mask.flatMap {
            Self.capture(
                $0, &capture, isBeforeTree: isBeforeTree, isUpsideDown: isUpsideDown, replicaBudget: replicaBudget)
        }
        // An emitter's particles are a function of its time alone (CAEmitterLayer): asked of
        // the model layer, whose time is the tree's.
        var particles: [EmitterParticle] = []
        if let emitter = model as? CAEmitterLayer {
            capture.dependsOnFrame = true
            particles = emitter.particles(atTime: time)
        }
        let snapshot = LayerSnapshot(
            identity: ObjectIdentifier(model), nodeIndex: layer.nodeIndex, drawing: layer.drawing,
            sublayers: sublayers, mask: mask, transition: transition, replicas: replicas, isUpsideDown: isUpsideDown,
            particles: particles, blendOperator: CompositingFilter.cairoOperator(for: model.compositingFilter),
            filters: layer.filters)
        // A running maximum, not a list of depths: this runs for every layer of every frame.
        var below = max(mask?.depth ?? 0, transition?.before.depth ?? 0)
        for sublayer in sublayers { below = max(below, sublayer.depth) }
        for replica in replicas {
            for sublayer in replica.sublayers { below = max(below, sublayer.depth) }
        }
        snapshot.depth = 1 + below
        return snapshot
    }

    /// Siblings are drawn in order of zPosition; equal ones keep their order (a stable sort).
    private static func inDrawingOrder(_ captured: [LayerSnapshot], nodes: FrameNodes) -> [LayerSnapshot] {
        guard captured.contains(where: { nodes[$0].drawn.zPosition != 0 }) else { return captured }
        return captured.enumerated().sorted {
            (nodes[$0.element].drawn.zPosition, $0.offset) < (nodes[$1.element].drawn.zPosition, $1.offset)
        }.map(\.element)
    }
}

extension CALayer {
    /// Whether a transition is attached to the layer, running or not.
    fileprivate var hasTransition: Bool {
        TransactionLock.shared.withLock { attachedAnimations.contains { $0.transitionCapture != nil } }
    }
}
