import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// `content` (a group of the layer's drawing) with its alpha multiplied by that of `mask`,
    /// drawn in the layer's coordinates. Consumes `content`.
    func masking(_ content: OpaquePointer, with mask: LayerSnapshot) -> OpaquePointer {
        cairo_push_group(context)
        paintMasked(content, by: mask)
        return cairo_pop_group(context)!
    }

    /// Paints `content` (a group of the layer's drawing) with its alpha multiplied by that of
    /// `mask`, drawn in the layer's coordinates, in one pass onto the current target. The mask
    /// is drawn into a group of alpha alone: a quarter of the memory to clear and read, and
    /// pixman composites a colour group through an alpha mask on its fast path. Consumes
    /// `content`.
    func paintMasked(_ content: OpaquePointer, by mask: LayerSnapshot) {
        if paintThroughStroke(content, of: mask) {
            resources.masksStrokedCount += 1
            cairo_pattern_destroy(content)
            return
        }
        cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
        paint(mask, through: nodes[mask].transformToSuperlayer3D)
        let alpha = cairo_pop_group(context)!
        cairo_set_source(context, content)
        cairo_mask(context, alpha)
        cairo_pattern_destroy(alpha)
        cairo_pattern_destroy(content)
    }
}

// MARK: Inverted mattes

extension LayerPainter {
    /// The layer whose alpha `mask` takes away, when the mask's alpha is one minus that layer's
    /// everywhere in the clip, and the map from that layer into the masked layer's coordinates
    /// (the current user space); nil otherwise. That is an inverted track matte as Lottie's are
    /// built: an opaque layer covering the clip with one sublayer composited by `xor`, reached
    /// from the mask through containers that draw nothing, each with one sublayer. Over an
    /// opaque backdrop `xor` leaves 1 − α of the sublayer, so the content masked by it is the
    /// content with the sublayer painted `destinationOut`: the same products of 8-bit values.
    func cutOut(by mask: LayerSnapshot) -> (matte: LayerSnapshot, toLayer: CATransform3D)? {
        let clip = clipExtents
        guard clip.width > 0, clip.height > 0 else { return nil }
        var layer = mask
        var toLayer = nodes[mask].transformToSuperlayer3D
        while true {
            let node = nodes[layer]
            let plane = PlaneTransform(flattening: toLayer)
            guard case .plain = node.kind, compositesPlainly(layer, node), node.drawn.isDoubleSided, plane.isAffine,
                layer.sublayers.count == 1, node.contents == nil, layer.drawing?.operations.isEmpty ?? true,
                !node.drawsBorder
            else { return nil }
            let affine = plane.affine
            guard ContextPlayback.isInvertible(affine) else { return nil }
            // Within the clip, the layer's own clip (and the backdrop it fills) must be whole:
            // circular or continuous, a corner lies within twice its radius of the corner.
            let inset = cornerRadius(of: node) * 2
            if node.drawn.masksToBounds || node.drawsBackground {
                let inside = node.drawn.bounds.insetBy(dx: inset, dy: inset)
                guard Self.area(clip, liesWithin: inside, through: affine) else { return nil }
            }
            let sublayer = layer.sublayers[0]
            var toSublayer = nodes[sublayer].transformToSuperlayer3D
            if let sublayerTransform = node.sublayerTransformAboutAnchor {
                toSublayer = CATransform3DConcat(toSublayer, sublayerTransform)
            }
            toSublayer = CATransform3DConcat(toSublayer, toLayer)
            if node.drawsBackground {
                guard node.drawn.backgroundColor?.alpha == 1, sublayer.blendOperator == CAIRO_OPERATOR_XOR,
                    !nodes[sublayer].isTransformLayer, PlaneTransform(flattening: toSublayer).isAffine
                else { return nil }
                return (sublayer, toSublayer)
            }
            layer = sublayer
            toLayer = toSublayer
        }
    }
}

// MARK: Masks that are a stroke

extension LayerPainter {
    /// Paints `content` as the source of the stroke of `mask` and true, when the mask's alpha
    /// is exactly the coverage of that stroke — a shape layer that only strokes its path, in an
    /// opaque colour, without dashes — as Lottie's gradient strokes are masked; false, drawing
    /// nothing, otherwise. Cairo lays the content through the stroke's coverage as it would lay
    /// it through the same coverage drawn into a mask's group, with neither the group nor the
    /// pass over every pixel of the clip. Does not consume `content`.
    func paintThroughStroke(_ content: OpaquePointer, of mask: LayerSnapshot) -> Bool {
        let node = nodes[mask]
        guard node.drawn.isDoubleSided, let (shape, path) = soleShape(ofMask: mask), (shape.fill?.alpha ?? 0) == 0,
            let stroke = shape.stroke, stroke.alpha == 1, shape.lineWidth.isFinite, shape.lineWidth > 0,
            Self.dashLengths(shape.lineDashPattern) == nil
        else { return false }
        let plane = PlaneTransform(flattening: node.transformToSuperlayer3D)
        guard plane.isAffine else { return false }
        let affine = plane.affine
        guard ContextPlayback.isInvertible(affine) else { return true }
        cairo_save(context)
        // The content is laid in the masked layer's space, the stroke in the mask's.
        cairo_set_source(context, content)
        apply(affine)
        CairoDrawing.setPath(path, in: context)
        strokeShape(shape, color: nil)
        cairo_new_path(context)
        cairo_restore(context)
        return true
    }
}
