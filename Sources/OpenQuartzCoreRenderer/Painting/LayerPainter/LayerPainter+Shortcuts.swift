import CCairo
import Foundation
import OpenQuartzCore

/// What a layer paints, asked before painting it: the shortcuts the painter takes for a layer
/// that paints only its image, its background, or nothing but its sublayers, and the one path
/// that casts its shadow.
extension LayerPainter {
    /// Whether a layer paints nothing itself and shows one sublayer, which composites onto it as
    /// any layer does (not a transform layer, whose sublayers composite each on its own, and
    /// without a compositing filter or blur, which would read what is below the group). Leaves
    /// that paint nothing (a Lottie fill's shape layer for a stroke it does not have) do not
    /// count.
    func handsOpacityToItsSublayer(_ snapshot: LayerSnapshot) -> Bool {
        let layer = nodes[snapshot]
        guard paintsNothingButSublayers(snapshot, layer), layer.replicator == nil,
            let shown = soleShownSublayer(of: snapshot)
        else { return false }
        return !nodes[shown].isTransformLayer && shown.blendOperator == nil && !shown.hasFilters
    }

    /// The one sublayer `snapshot` shows: sublayers of no opacity and leaves that paint nothing
    /// aside. Nil for none or several.
    func soleShownSublayer(of snapshot: LayerSnapshot) -> LayerSnapshot? {
        var shown: LayerSnapshot?
        for sublayer in snapshot.sublayers where nodes[sublayer].drawn.opacity > 0 {
            if sublayer.sublayers.isEmpty, paintedExtent(of: sublayer)?.isNull == true { continue }
            guard shown == nil else { return nil }
            shown = sublayer
        }
        return shown
    }

    /// Whether a path casts the layer's shadow: its shadow path, or the one path its drawing
    /// fills.
    func pathCastsTheShadow(of snapshot: LayerSnapshot) -> Bool {
        nodes[snapshot].drawn.shadowPath != nil || soleOpaquePath(of: snapshot) != nil
    }

    /// Paints the shadow of the path that casts it: the layer's shadow path, or the one path
    /// its drawing fills (``soleOpaquePath(of:)``). Apart from ``paintFlat(_:opacity:transitions:)``,
    /// whose frame every level of a deep tree repeats.
    func paintShadow(_ shadow: Shadow, castBy snapshot: LayerSnapshot) {
        let painter = ShadowPainter(context: context)
        if let path = nodes[snapshot].drawn.shadowPath {
            painter.paintShadow(shadow, of: path)
        } else if let (path, placement) = soleOpaquePath(of: snapshot) {
            painter.paintShadow(shadow, of: path, placedBy: placement)
        }
    }

    /// The path whose coverage is the alpha of all `snapshot` draws, with its map into the
    /// layer's coordinates, when that is one path filled in an opaque colour: the layer's own
    /// (a shape layer) or a shape sublayer's, reached through containers that draw nothing else
    /// (a Lottie shape casting a drop shadow). Its shadow is cast by the path, with no group
    /// to draw the layer in. Nil otherwise.
    func soleOpaquePath(of snapshot: LayerSnapshot) -> (CGPath, CGAffineTransform)? {
        var current = snapshot
        var toLayer = CGAffineTransform.identity
        // Lottie's containers are a few deep; a deeper chain keeps its group.
        for _ in 0..<8 {
            let node = nodes[current]
            guard current.mask == nil, !node.drawn.masksToBounds, current.transition == nil,
                current.replicas.isEmpty, current.particles.isEmpty, !hasOwnDrawing(node, current)
            else { return nil }
            if current !== snapshot {
                guard node.drawn.opacity == 1, current.blendOperator == nil, !current.hasFilters else { return nil }
                guard Shadow(of: node) == nil else { return nil }
            }
            if case .shape = node.kind {
                guard current.sublayers.isEmpty, let shape = node.shape, let path = shape.path,
                    let fill = shape.fill, fill.alpha == 1, shape.fillRule == .nonZero, !Self.strokes(shape)
                else { return nil }
                return (path, toLayer)
            }
            guard case .plain = node.kind, node.replicator == nil, let next = soleShownSublayer(of: current),
                !nodes[next].isTransformLayer
            else { return nil }
            var toParent = nodes[next].transformToSuperlayer3D
            if let sublayerTransform = node.sublayerTransformAboutAnchor {
                toParent = CATransform3DConcat(toParent, sublayerTransform)
            }
            let plane = PlaneTransform(flattening: toParent)
            guard plane.isAffine else { return nil }
            toLayer = plane.affine.concatenating(toLayer)
            current = next
        }
        return nil
    }

    /// Whether a plain layer paints nothing of its own (no background, border, contents,
    /// drawing, replicas or particles), only its sublayers.
    func paintsNothingButSublayers(_ snapshot: LayerSnapshot, _ layer: borrowing RenderNode) -> Bool {
        guard case .plain = layer.kind, !hasOwnDrawing(layer, snapshot) else { return false }
        return snapshot.replicas.isEmpty && snapshot.particles.isEmpty
    }

    /// Whether a layer paints its `contents` image and nothing else (no background, border,
    /// drawing, sublayers, mask, replicas or particles), in one piece (no nine-part stretching).
    func paintsOnlyItsImage(_ snapshot: LayerSnapshot) -> Bool {
        let layer = nodes[snapshot]
        guard layer.contents != nil, paintsNothingOfItsOwnBeyond(snapshot, layer),
            layer.drawn.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1)
        else { return false }
        return !layer.drawsBackground && !layer.drawsBorder
    }

    /// Whether a plain layer paints nothing beyond its background, border and contents image:
    /// no drawing, sublayers, mask, replicas, particles or transition.
    func paintsNothingOfItsOwnBeyond(_ snapshot: LayerSnapshot, _ layer: borrowing RenderNode) -> Bool {
        guard case .plain = layer.kind else { return false }
        return snapshot.sublayers.isEmpty && snapshot.mask == nil && snapshot.replicas.isEmpty
            && snapshot.particles.isEmpty && snapshot.transition == nil
            && (snapshot.drawing?.operations.isEmpty ?? true)
    }

    /// Whether a layer paints its background and nothing else (no contents, drawing, class
    /// content, sublayers, border, shadow, mask, replicas, particles, transition or blending):
    /// the most common leaf, which the spans fill without Cairo's state being saved,
    /// transformed and restored around it.
    func paintsOnlyItsBackground(_ snapshot: LayerSnapshot, _ layer: borrowing RenderNode) -> Bool {
        guard layer.contents == nil, paintsNothingOfItsOwnBeyond(snapshot, layer), snapshot.blendOperator == nil,
            !snapshot.hasFilters, !layer.drawsBorder
        else { return false }
        return Shadow(of: layer) == nil
    }
}
