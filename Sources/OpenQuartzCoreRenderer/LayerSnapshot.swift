import Foundation
import OpenQuartzCore

/// One layer of a frame, as presented at the frame's time: everything the painter needs,
/// captured on the thread that owns the layer tree, and never changed afterwards.
///
/// Capturing is the cheap half of a frame (presentation copies of each layer); painting is
/// the expensive half. Because a snapshot is immutable and shares nothing mutable with the
/// live tree, frames captured one after another can be painted on several threads at once.
final class LayerSnapshot: @unchecked Sendable {
    /// The model layer's identity: the key of its cached content across frames.
    let identity: ObjectIdentifier
    /// The presentation copy; read only, never attached to a tree.
    let layer: CALayer
    /// What the model layer's `draw(in:)` recorded, if anything.
    let drawing: CGContext?
    /// The sublayers in drawing order: by `zPosition`, equal ones in their order.
    let sublayers: [LayerSnapshot]
    /// The layer whose alpha masks this one, in this layer's coordinates.
    let mask: LayerSnapshot?
    /// The transition running on the layer, with the tree it started from.
    let transition: TransitionSnapshot?
    /// For a replicator: the copies after the first, each with its sublayers captured at its
    /// own delayed time.
    let replicas: [Replica]

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
        identity: ObjectIdentifier, layer: CALayer, drawing: CGContext?, sublayers: [LayerSnapshot],
        mask: LayerSnapshot?, transition: TransitionSnapshot?, replicas: [Replica]
    ) {
        self.identity = identity
        self.layer = layer
        self.drawing = drawing
        self.sublayers = sublayers
        self.mask = mask
        self.transition = transition
        self.replicas = replicas
    }

    /// Captures `model` and its subtree as presented at media time `time`; nil when the layer
    /// is hidden. Runs the presentation machinery, so it must be called where the tree lives.
    /// `isBeforeTree` marks the copy a transition keeps of the tree it started from, whose
    /// layers point back to the live ones and must not show the live transition again.
    static func capture(_ model: CALayer, at time: CFTimeInterval, isBeforeTree: Bool = false) -> LayerSnapshot? {
        let layer = model.makePresentationCopy(at: time)
        guard !layer.isHidden else { return nil }
        let sublayers = captureSublayers(of: model, at: time, isBeforeTree: isBeforeTree)
        var replicas: [Replica] = []
        if let replicator = layer as? CAReplicatorLayer, replicator.instanceCount > 1 {
            // Apple: copy k shows the sublayers `k × instanceDelay` seconds in the past.
            let delay = replicator.instanceDelay.isFinite ? replicator.instanceDelay : 0
            replicas = (1..<replicator.instanceCount).map { index in
                Replica(
                    index: index,
                    sublayers: captureSublayers(of: model, at: time - Double(index) * delay, isBeforeTree: isBeforeTree)
                )
            }
        }
        var transition: TransitionSnapshot?
        if !isBeforeTree, let state = model.activeTransition(at: time),
            let before = capture(state.before, at: time, isBeforeTree: true)
        {
            transition = TransitionSnapshot(
                type: state.drawnType, subtype: state.subtype, progress: state.progress, before: before)
        }
        return LayerSnapshot(
            identity: ObjectIdentifier(model), layer: layer, drawing: model.lastDrawing, sublayers: sublayers,
            mask: model.mask.flatMap { capture($0, at: time, isBeforeTree: isBeforeTree) }, transition: transition,
            replicas: replicas)
    }

    private static func captureSublayers(
        of model: CALayer, at time: CFTimeInterval, isBeforeTree: Bool
    ) -> [LayerSnapshot] {
        guard let sublayers = model.sublayers, !sublayers.isEmpty else { return [] }
        let captured = sublayers.compactMap { capture($0, at: time, isBeforeTree: isBeforeTree) }
        // Siblings are drawn in order of zPosition; equal ones keep their order (a stable sort).
        guard captured.contains(where: { $0.layer.zPosition != 0 }) else { return captured }
        return captured.enumerated().sorted {
            ($0.element.layer.zPosition, $0.offset) < ($1.element.layer.zPosition, $1.offset)
        }.map(\.element)
    }
}
