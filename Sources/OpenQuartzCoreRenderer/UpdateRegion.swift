import Foundation
import OpenQuartzCore

/// A rectangle of whole device pixels: `minX..<maxX` × `minY..<maxY`.
struct PixelBox: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    func intersection(_ other: PixelBox) -> PixelBox {
        let box = PixelBox(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
        return box.isEmpty ? .empty : box
    }
}

extension PixelBox {
    /// The whole pixels that `rect` covers through `transform`, and `margin` more all round;
    /// nil when it does not land on finite pixels. `.null` covers none.
    init?(covering rect: CGRect, through transform: CGAffineTransform, margin: Int) {
        guard !rect.isNull else {
            self = .empty
            return
        }
        var (minX, minY) = (Double.infinity, Double.infinity)
        var (maxX, maxY) = (-Double.infinity, -Double.infinity)
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let corner = CGPoint(x: x, y: y).applying(transform)
            (minX, maxX) = (min(minX, Double(corner.x)), max(maxX, Double(corner.x)))
            (minY, maxY) = (min(minY, Double(corner.y)), max(maxY, Double(corner.y)))
        }
        guard abs(minX) < 1e7, abs(maxX) < 1e7, abs(minY) < 1e7, abs(maxY) < 1e7 else { return nil }
        self.init(
            minX: Int(minX.rounded(.down)) - margin, minY: Int(minY.rounded(.down)) - margin,
            maxX: Int(maxX.rounded(.up)) + margin, maxY: Int(maxY.rounded(.up)) + margin)
    }
}

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
        let layer = nodes[snapshot]
        switch layer.kind {
        case .plain, .shape, .text, .gradient: break
        case .transformLayer, .replicator, .emitter: return nil
        }
        guard snapshot.transition == nil, snapshot.replicas.isEmpty, snapshot.particles.isEmpty else { return nil }
        let plane = PlaneTransform(flattening: toParent)
        guard plane.isAffine else { return nil }
        let transform = plane.affine.concatenating(parent)
        // Its background and border, its shape's stroked path, contents its gravity places
        // beyond the bounds.
        var own = layer.bounds.union(LayerPainter.contentExtent(of: layer, drawing: snapshot.drawing) ?? .null)
        if layer.contentsGravity != .resize {
            // A recording is stretched like contents; under another gravity it may reach out.
            guard snapshot.drawing?.operations.isEmpty ?? true else { return nil }
            if let (_, placed) = layer.contentsImagePlacement { own = own.union(placed) }
        }
        guard var box = PixelBox(covering: own, through: transform, margin: 2) else { return nil }
        let inner = layer.sublayerTransformAboutAnchor
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
            guard measure(mask, through: nodes[mask].transformToSuperlayer3D, in: transform, nodes: nodes, into: &boxes)
                != nil
            else { return nil }
        }
        // A shadow is blurred from what lies around each pixel, beyond any box of pixels to
        // redraw: a frame with one is drawn whole.
        guard Shadow(of: layer) == nil else { return nil }
        boxes[snapshot.nodeIndex] = box
        return box
    }
}

/// A frame as the bitmap shows it, kept to find what the next one changes: its snapshots,
/// its nodes (kept out of the capture's pool until the next frame is drawn) and their boxes.
struct DrawnFrame {
    let root: LayerSnapshot
    let nodes: FrameNodes
    let extents: FrameExtents
}

/// The pixels of a frame that differ from the frame before it: the boxes (before and after) of
/// every layer whose values changed, with its subtree. Everything else is still on the bitmap.
enum UpdateRegion {
    /// More separate boxes than this are merged into one around them all.
    static let boxLimit = 8

    /// The boxes to redraw, clipped to `screen`; nil when everything must be.
    static func changes(
        from previous: DrawnFrame, to frame: CapturedFrame, extents: FrameExtents, screen: PixelBox
    ) -> [PixelBox]? {
        guard let root = frame.root, root === previous.root, previous.nodes.nodes.count == frame.nodes.nodes.count
        else { return nil }
        var boxes: [PixelBox] = []
        func anyChange(in snapshot: LayerSnapshot) -> Bool {
            if previous.nodes[snapshot] != frame.nodes[snapshot] { return true }
            if let mask = snapshot.mask, anyChange(in: mask) { return true }
            return snapshot.sublayers.contains { anyChange(in: $0) }
        }
        func collect(_ snapshot: LayerSnapshot) {
            let changed =
                previous.nodes[snapshot] != frame.nodes[snapshot] || (snapshot.mask.map(anyChange(in:)) ?? false)
            guard changed else {
                for sublayer in snapshot.sublayers { collect(sublayer) }
                return
            }
            add(previous.extents.boxes[snapshot.nodeIndex].intersection(screen))
            add(extents.boxes[snapshot.nodeIndex].intersection(screen))
        }
        func add(_ box: PixelBox) {
            guard !box.isEmpty else { return }
            // Overlapping boxes become one.
            var merged = box
            boxes.removeAll { other in
                let overlaps = !merged.intersection(other).isEmpty
                if overlaps { merged = merged.union(other) }
                return overlaps
            }
            boxes.append(merged)
        }
        collect(root)
        if boxes.count > boxLimit { return [boxes.reduce(PixelBox.empty) { $0.union($1) }] }
        return boxes
    }
}
