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
    /// A layer that reaches behind the viewer is clipped at the eye plane, as Core Animation
    /// clips it (``PlaneTransform/visiblePart(of:)``): what is in front is drawn, stretched
    /// towards the edges of the picture, and a layer wholly behind is not drawn.
    func paintProjected(_ snapshot: LayerSnapshot, through plane: PlaneTransform, opacity: Double) {
        let whole = localExtent(of: snapshot)
        guard !whole.isNull, !whole.isEmpty, whole.width.isFinite, whole.height.isFinite else { return }
        let (part, isWhole) = plane.visiblePart(of: whole)
        guard part.count >= 3 else { return }
        // What is drawn flat: the box of the part in front (the whole extent when nothing is cut).
        let (partXs, partYs) = (part.map(\.x), part.map(\.y))
        let extent = CGRect(
            x: partXs.min()!, y: partYs.min()!, width: partXs.max()! - partXs.min()!,
            height: partYs.max()! - partYs.min()!)
        guard extent.width > 0, extent.height > 0 else { return }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let toDevice = plane.concatenating(
            PlaneTransform(m: (ctm.xx, ctm.yx, 0, ctm.xy, ctm.yy, 0, ctm.x0, ctm.y0, 1)))
        let corners = part.map { toDevice.apply($0.x, $0.y) }
        guard corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) else { return }

        // The device pixels it can cover: its corners' box within the clip.
        cairo_save(context)
        cairo_identity_matrix(context)
        var (clipX1, clipY1, clipX2, clipY2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &clipX1, &clipY1, &clipX2, &clipY2)
        cairo_restore(context)
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        let boxX = max(Int(max(xs.min()!, -1e9).rounded(.down)), Int(clipX1.rounded(.down)))
        let boxY = max(Int(max(ys.min()!, -1e9).rounded(.down)), Int(clipY1.rounded(.down)))
        let boxMaxX = min(Int(min(xs.max()!, 1e9).rounded(.up)), Int(clipX2.rounded(.up)))
        let boxMaxY = min(Int(min(ys.max()!, 1e9).rounded(.up)), Int(clipY2.rounded(.up)))
        guard boxMaxX > boxX, boxMaxY > boxY else { return }

        // The bitmap's resolution: the most that one point of the layer is stretched along its
        // edges, so that the nearest part of a tilted layer stays sharp; at most 4096 pixels a
        // side. A layer cut at the eye plane is stretched without bound near the cut: its
        // bitmap has at most four times the pixels of the box it covers.
        var stretch = 0.0
        for index in corners.indices {
            let next = (index + 1) % corners.count
            let (a, b) = (corners[index], corners[next])
            let (p, q) = (part[index], part[next])
            let local = hypot(q.x - p.x, q.y - p.y)
            if local > 0 { stretch = max(stretch, hypot(b.x - a.x, b.y - a.y) / local) }
        }
        let longest = Double(max(extent.width, extent.height))
        var scale = min(max(stretch, 1e-3), 4096 / longest)
        if !isWhole {
            let covered = Double(boxMaxX - boxX) * Double(boxMaxY - boxY)
            scale = min(scale, (4 * covered / Double(extent.width * extent.height)).squareRoot())
        }
        let width = Int((Double(extent.width) * scale).rounded(.up))
        let height = Int((Double(extent.height) * scale).rounded(.up))
        guard width > 0, height > 0 else { return }

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
        let centre = (x: xs.reduce(0, +) / Double(corners.count), y: ys.reduce(0, +) / Double(corners.count))
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
