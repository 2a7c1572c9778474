import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// How many layers one ``paintedExtent(of:)`` looks at before it gives up: a group's clip
    /// is worth a walk over a small subtree, not over a large one for every translucent layer
    /// in it.
    static let extentBudget = 256

    /// Where `snapshot` and its sublayers can paint, in its bounds coordinates: its own drawing
    /// (background, contents, its class's content, border), its sublayers' extents through
    /// their transforms, within its bounds when it clips and within its mask's extent. `.null`
    /// when it paints nothing; nil when that is not known simply — a shadow, a running
    /// transition, replicas, particles, a transform layer, a sublayer seen in perspective,
    /// contents placed by a gravity other than `.resize` without clipping, or a subtree larger
    /// than ``extentBudget``.
    func paintedExtent(of snapshot: LayerSnapshot) -> CGRect? {
        var budget = Self.extentBudget
        return paintedExtent(of: snapshot, budget: &budget)
    }

    private func paintedExtent(of snapshot: LayerSnapshot, budget: inout Int) -> CGRect? {
        budget -= 1
        let layer = nodes[snapshot]
        guard budget >= 0, snapshot.replicas.isEmpty, snapshot.particles.isEmpty, snapshot.transition == nil,
            Shadow(of: layer) == nil
        else { return nil }
        guard var extent = ownExtent(of: snapshot) else { return nil }
        if layer.masksToBounds {
            // The sublayers are clipped to the bounds, as the layer's own drawing is.
            if !snapshot.sublayers.isEmpty { extent = layer.bounds }
        } else {
            let sublayerTransform = layer.sublayerTransformAboutAnchor
            for sublayer in snapshot.sublayers where nodes[sublayer].opacity > 0 {
                guard !nodes[sublayer].isTransformLayer,
                    let inner = paintedExtent(of: sublayer, budget: &budget)
                else { return nil }
                guard !inner.isNull else { continue }
                var toLayer = nodes[sublayer].transformToSuperlayer3D
                if let sublayerTransform { toLayer = CATransform3DConcat(toLayer, sublayerTransform) }
                let plane = PlaneTransform(flattening: toLayer)
                guard plane.isAffine else { return nil }
                extent = extent.union(inner.applying(plane.affine))
            }
        }
        if let mask = snapshot.mask, !extent.isNull {
            guard let masking = paintedExtent(of: mask, budget: &budget) else { return extent }
            let plane = PlaneTransform(flattening: nodes[mask].transformToSuperlayer3D)
            guard plane.isAffine else { return extent }
            extent = masking.isNull ? .null : extent.intersection(masking.applying(plane.affine))
        }
        guard extent.isNull || (extent.width.isFinite && extent.height.isFinite) else { return nil }
        return extent
    }

    /// Where the layer itself draws, sublayers aside: `.null` for a plain layer that draws
    /// nothing (a container), nil when not known.
    private func ownExtent(of snapshot: LayerSnapshot) -> CGRect? {
        let layer = nodes[snapshot]
        let hasContents = layer.contents != nil || !(snapshot.drawing?.operations.isEmpty ?? true)
        guard !hasContents || layer.contentsGravity == .resize || layer.masksToBounds else { return nil }
        let hasBackground = layer.backgroundColor.map { $0.alpha > 0 } ?? false
        let hasBorder = layer.borderWidth > 0 && (layer.borderColor.map { $0.alpha > 0 } ?? false)
        var extent = hasContents || hasBackground || hasBorder ? layer.bounds : .null
        switch layer.kind {
        case .plain:
            break
        case .gradient:
            extent = layer.bounds
        case .shape:
            guard let shape = contentExtent(of: snapshot) else { return nil }
            extent = extent.union(shape)
        default:
            return nil
        }
        return extent
    }

    /// Clips the context to the whole device pixels that cover `extent` (in the current user
    /// space), a pixel more all round: nothing inside changes, and a group pushed now is no
    /// larger than what can show. Leaves the clip as it is for an unknown or empty extent.
    func clip(toPixelsCovering extent: CGRect?) {
        guard let extent, !extent.isNull else { return }
        _ = clip(toPixelsCovering: extent, through: .identity)
    }

    /// Whether the clip leaves no pixel to paint: a layer clipped to it draws nothing.
    var clipIsEmpty: Bool {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        return x2 <= x1 || y2 <= y1
    }
}
