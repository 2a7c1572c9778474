import Foundation
import OpenQuartzCore

/// Where each layer of a frame can paint, in device pixels: what ``CARenderer`` compares with
/// the frame before to find its update region (Apple's `updateBounds()`), so that a frame in
/// which a few layers move repaints only around them.
///
/// Each layer's box holds everything its subtree can paint: its bounds, a shape's path with its
/// stroke, contents placed outside the bounds by their gravity, and its sublayers' boxes,
/// mapped to the device through the same transforms the painter applies, and grown by two
/// pixels for antialiased edges and bilinear filtering. Frames whose layers are not all flat
/// and plain in that way — a `CATransformLayer`, a layer under perspective, a replicator, an
/// emitter, a running transition, a shadow (blurred from beyond any box) — are not tracked:
/// they are drawn whole.
struct FrameExtents {
    /// The subtree box of each node, by node index.
    let boxes: [PixelBox]

    /// The trees with more nodes than this are drawn whole: finding their boxes each frame
    /// would cost more than it saves.
    static let nodeLimit = 4096
    /// Nor are trees deeper than this tracked: the boxes are found recursively, on the calling
    /// thread's stack (the painter runs deep trees on a stack of their own).
    static let depthLimit = 256

    /// The boxes of `frame`'s layers as drawn into a bitmap whose pixels the root's superlayer
    /// space maps to through `toDevice`; nil when the frame is not one that can be tracked.
    init?(of frame: CapturedFrame, toDevice device: CGAffineTransform) {
        guard let root = frame.root, frame.nodes.nodes.count <= Self.nodeLimit, root.depth <= Self.depthLimit else {
            return nil
        }
        var boxes = [PixelBox](repeating: .empty, count: frame.nodes.nodes.count)
        guard
            Self.measure(
                root, through: frame.nodes[root].transformToSuperlayer3D, in: device, nodes: frame.nodes,
                into: &boxes) != nil
        else { return nil }
        self.boxes = boxes
    }

    /// The box of `snapshot`'s subtree, written for it and every layer under it; nil when
    /// something in it is not tracked.
    private static func measure(
        _ snapshot: LayerSnapshot, through toParent: CATransform3D, in parent: CGAffineTransform,
        nodes: FrameNodes, into boxes: inout [PixelBox]
    ) -> PixelBox? {
        // The node is read where it lies (it is large, and holds references).
        guard let (ownBox, transform, inner) = nodes[snapshot].extent(of: snapshot, through: toParent, in: parent)
        else { return nil }
        var box = ownBox
        for sublayer in snapshot.sublayers {
            var toLayer = nodes[sublayer].transformToSuperlayer3D
            if let inner { toLayer = CATransform3DConcat(toLayer, inner) }
            guard let child = measure(sublayer, through: toLayer, in: transform, nodes: nodes, into: &boxes) else {
                return nil
            }
            box = box.union(child)
        }
        if let mask = snapshot.mask {
            // The mask's own boxes are not needed (it only hides), but it must be trackable.
            guard
                measure(mask, through: nodes[mask].transformToSuperlayer3D, in: transform, nodes: nodes, into: &boxes)
                    != nil
            else { return nil }
        }
        boxes[snapshot.nodeIndex] = box
        return box
    }
}

extension RenderNode {
    /// The box of the layer's own drawing, the map from its space to the device, and the
    /// transform it applies to its sublayers; nil when it is not tracked.
    fileprivate func extent(
        of snapshot: LayerSnapshot, through toParent: CATransform3D, in parent: CGAffineTransform
    ) -> (PixelBox, CGAffineTransform, CATransform3D?)? {
        switch kind {
        case .plain, .shape, .text, .gradient: break
        case .transformLayer, .replicator, .emitter: return nil
        }
        guard snapshot.transition == nil, snapshot.replicas.isEmpty, snapshot.particles.isEmpty else { return nil }
        // A shadow or a blur filter is blurred from what lies around each pixel, beyond any
        // box of pixels to redraw: a frame with one is drawn whole.
        guard Shadow(of: self) == nil, !snapshot.hasFilters else { return nil }
        let plane = PlaneTransform(flattening: toParent)
        guard plane.isAffine else { return nil }
        let transform = plane.affine.concatenating(parent)
        // Its background and border, its shape's stroked path, contents its gravity places
        // beyond the bounds.
        var own = drawn.bounds.union(LayerPainter.contentExtent(of: self, drawing: snapshot.drawing) ?? .null)
        if drawn.contentsGravity != .resize {
            // A recording is stretched like contents; under another gravity it may reach out.
            guard snapshot.drawing?.operations.isEmpty ?? true else { return nil }
            if let (_, placed) = contentsImagePlacement { own = own.union(placed) }
        }
        guard let box = PixelBox(covering: own, through: transform, margin: 2) else { return nil }
        return (box, transform, sublayerTransformAboutAnchor)
    }
}
