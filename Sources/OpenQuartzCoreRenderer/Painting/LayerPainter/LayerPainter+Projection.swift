import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Paints a layer whose map into the current plane is a perspective projection (its
    /// transform, or its superlayer's `sublayerTransform`, has `m34` or another projective
    /// term): the layer is drawn flat into a bitmap of its own, at about the resolution it
    /// will cover on screen, and that bitmap is projected with pixman's projective transform
    /// and bilinear filtering, then painted through the current clip.
    ///
    /// Layers that reach behind the viewer (w ≤ 0 at a corner of what they draw) are not
    /// drawn: Core Animation clips them at the eye plane, which this renderer does not do.
    func paintProjected(_ snapshot: LayerSnapshot, through plane: PlaneTransform, opacity: Double) {
        let extent = localExtent(of: snapshot)
        guard !extent.isNull, !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else { return }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let toDevice = plane.concatenating(
            PlaneTransform(m: (ctm.xx, ctm.yx, 0, ctm.xy, ctm.yy, 0, ctm.x0, ctm.y0, 1)))
        let localCorners = [
            (Double(extent.minX), Double(extent.minY)), (Double(extent.maxX), Double(extent.minY)),
            (Double(extent.maxX), Double(extent.maxY)), (Double(extent.minX), Double(extent.maxY)),
        ]
        let corners = localCorners.map { toDevice.apply($0.0, $0.1) }
        guard corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) else { return }

        // The bitmap's resolution: the most that one point of the layer is stretched along its
        // edges, so that the nearest part of a tilted layer stays sharp; at most 4096 pixels a
        // side.
        var stretch = 0.0
        for index in 0..<4 {
            let (a, b) = (corners[index], corners[(index + 1) % 4])
            let (p, q) = (localCorners[index], localCorners[(index + 1) % 4])
            let local = hypot(q.0 - p.0, q.1 - p.1)
            if local > 0 { stretch = max(stretch, hypot(b.x - a.x, b.y - a.y) / local) }
        }
        let longest = Double(max(extent.width, extent.height))
        let scale = min(max(stretch, 1e-3), 4096 / longest)
        let width = Int((Double(extent.width) * scale).rounded(.up))
        let height = Int((Double(extent.height) * scale).rounded(.up))
        guard width > 0, height > 0 else { return }

        // The device pixels it can cover: its corners' box within the clip.
        cairo_save(context)
        cairo_identity_matrix(context)
        var (clipX1, clipY1, clipX2, clipY2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &clipX1, &clipY1, &clipX2, &clipY2)
        cairo_restore(context)
        let boxX = max(Int(corners.map(\.x).min()!.rounded(.down)), Int(clipX1.rounded(.down)))
        let boxY = max(Int(corners.map(\.y).min()!.rounded(.down)), Int(clipY1.rounded(.down)))
        let boxMaxX = min(Int(corners.map(\.x).max()!.rounded(.up)), Int(clipX2.rounded(.up)))
        let boxMaxY = min(Int(corners.map(\.y).max()!.rounded(.up)), Int(clipY2.rounded(.up)))
        guard boxMaxX > boxX, boxMaxY > boxY else { return }

        let flat = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(flat) }
        let drawer = cairo_create(flat)!
        cairo_scale(drawer, scale, scale)
        cairo_translate(drawer, -Double(extent.minX), -Double(extent.minY))
        LayerPainter(context: drawer, resources: resources, nodes: nodes).paintFlat(snapshot, opacity: opacity)
        cairo_destroy(drawer)
        cairo_surface_flush(flat)

        let projected = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(boxMaxX - boxX), Int32(boxMaxY - boxY))!
        defer { cairo_surface_destroy(projected) }
        // Bitmap pixel → layer point → device pixel → pixel of `projected`.
        let total = PlaneTransform(m: (1 / scale, 0, 0, 0, 1 / scale, 0, Double(extent.minX), Double(extent.minY), 1))
            .concatenating(toDevice)
            .concatenating(PlaneTransform(m: (1, 0, 0, 0, 1, 0, -Double(boxX), -Double(boxY), 1)))
        guard let inverse = total.inverted else { return }
        Pixman.project(flat, into: projected, destinationToSource: inverse)
        cairo_surface_mark_dirty(projected)

        cairo_save(context)
        cairo_identity_matrix(context)
        // Only within the bitmap's projected outline, grown by two pixels for the filtered
        // edge: pixman's 16.16 source coordinates wrap round for pixels whose preimage lies
        // more than 32,768 pixels away (near the horizon), which would show bits of the
        // layer far outside it.
        let centre = (x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        cairo_new_path(context)
        for corner in corners {
            let (dx, dy) = (corner.x - centre.x, corner.y - centre.y)
            let length = max(hypot(dx, dy), 1e-9)
            cairo_line_to(context, corner.x + dx / length * 2, corner.y + dy / length * 2)
        }
        cairo_close_path(context)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        cairo_clip(context)
        cairo_set_source_surface(context, projected, Double(boxX), Double(boxY))
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The part of its own plane a layer draws on, in its bounds coordinates: its bounds, and
    /// unless it clips, its own content's (``contentExtent(of:)``) and its sublayers'; grown by its
    /// shadow.
    func localExtent(of snapshot: LayerSnapshot) -> CGRect {
        let layer = nodes[snapshot]
        var extent = layer.drawn.bounds
        if !layer.drawn.masksToBounds {
            if let content = contentExtent(of: snapshot) { extent = extent.union(content) }
            let sublayerTransform = layer.sublayerTransformAboutAnchor
            for sublayer in snapshot.sublayers + (snapshot.transition.map { [$0.before] } ?? []) {
                var toParent = nodes[sublayer].transformToSuperlayer3D
                if let sublayerTransform { toParent = CATransform3DConcat(toParent, sublayerTransform) }
                let plane = PlaneTransform(flattening: toParent)
                let inner = localExtent(of: sublayer)
                let corners = [
                    plane.apply(Double(inner.minX), Double(inner.minY)),
                    plane.apply(Double(inner.maxX), Double(inner.minY)),
                    plane.apply(Double(inner.maxX), Double(inner.maxY)),
                    plane.apply(Double(inner.minX), Double(inner.maxY)),
                ]
                guard corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) else { continue }
                let xs = corners.map(\.x)
                let ys = corners.map(\.y)
                extent = extent.union(
                    CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
            }
        }
        if let shadow = Shadow(of: layer) {
            let reach = 3 * shadow.sigma + 1
            extent = extent.union(
                extent.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -reach, dy: -reach))
        }
        return extent
    }
}
