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

    /// The boxes of `frame`'s layers as drawn into a bitmap of `width × height` pixels showing
    /// `bounds` at `scale`; nil when the frame is not one that can be tracked.
    init?(of frame: CapturedFrame, bounds: CGRect, scale: CGFloat) {
        guard let root = frame.root, frame.nodes.nodes.count <= Self.nodeLimit, root.depth <= Self.depthLimit else {
            return nil
        }
        var boxes = [PixelBox](repeating: .empty, count: frame.nodes.nodes.count)
        let device = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(CGAffineTransform(scaleX: scale, y: scale))
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
        var own = layer.bounds
        if let shape = layer.shape, let path = shape.path, !path.isEmpty {
            let stroked = shape.strokeColor != nil && shape.lineWidth.isFinite && shape.lineWidth > 0
            let reach = stroked ? shape.lineWidth / 2 * max(shape.miterLimit, 2) : 0
            own = own.union(path.boundingBoxOfPath.insetBy(dx: -reach, dy: -reach))
        }
        if let image = layer.contents, layer.contentsGravity != .resize {
            let contentsScale = layer.usableContentsScale
            let placed = ContentsLayout(
                sourceSize: CGSize(width: image.width, height: image.height), pointsPerUnit: 1 / contentsScale,
                bounds: layer.bounds, gravity: layer.contentsGravity, contentsRect: layer.contentsRect,
                contentsCenter: layer.contentsCenter
            ).destination
            if !placed.isNull { own = own.union(placed) }
        }
        if snapshot.drawing.map({ !$0.operations.isEmpty }) ?? false {
            // A recording is stretched like contents; under another gravity it may reach out.
            guard layer.contentsGravity == .resize else { return nil }
        }
        guard var box = pixelBox(of: own, through: transform, grownBy: 0) else { return nil }
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

    /// The whole pixels `rect` (layer coordinates) covers through `transform`, and two more all
    /// round, and `grow` more; nil when it does not map to finite pixels.
    private static func pixelBox(of rect: CGRect, through transform: CGAffineTransform, grownBy grow: Int)
        -> PixelBox?
    {
        guard !rect.isNull else { return .empty }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map { $0.applying(transform) }
        let xs = corners.map { Double($0.x) }
        let ys = corners.map { Double($0.y) }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            abs(minX) < 1e9, abs(maxX) < 1e9, abs(minY) < 1e9, abs(maxY) < 1e9
        else { return nil }
        return PixelBox(
            minX: Int(minX.rounded(.down)) - 2 - grow, minY: Int(minY.rounded(.down)) - 2 - grow,
            maxX: Int(maxX.rounded(.up)) + 2 + grow, maxY: Int(maxY.rounded(.up)) + 2 + grow)
    }
}

/// The pixels of a frame that differ from the frame before it: the boxes (before and after) of
/// every layer whose values changed, with its subtree. Everything else is still on the bitmap.
enum UpdateRegion {
    /// More separate boxes than this are merged into one around them all.
    static let boxLimit = 8

    /// The boxes to redraw, clipped to `screen`; nil when everything must be.
    static func changes(
        from previous: (root: LayerSnapshot, nodes: [RenderNode], extents: FrameExtents),
        to frame: CapturedFrame, extents: FrameExtents, screen: PixelBox
    ) -> [PixelBox]? {
        guard let root = frame.root, root === previous.root, previous.nodes.count == frame.nodes.nodes.count else {
            return nil
        }
        var boxes: [PixelBox] = []
        func anyChange(in snapshot: LayerSnapshot) -> Bool {
            if previous.nodes[snapshot.nodeIndex] != frame.nodes[snapshot] { return true }
            if let mask = snapshot.mask, anyChange(in: mask) { return true }
            return snapshot.sublayers.contains { anyChange(in: $0) }
        }
        func collect(_ snapshot: LayerSnapshot) {
            let changed =
                previous.nodes[snapshot.nodeIndex] != frame.nodes[snapshot]
                || (snapshot.mask.map(anyChange(in:)) ?? false)
            guard changed else {
                for sublayer in snapshot.sublayers { collect(sublayer) }
                return
            }
            for box in [previous.extents.boxes[snapshot.nodeIndex], extents.boxes[snapshot.nodeIndex]] {
                let visible = box.intersection(screen)
                if !visible.isEmpty { add(visible) }
            }
        }
        func add(_ box: PixelBox) {
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
