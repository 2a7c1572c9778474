import CCairo
import Foundation
import OpenQuartzCore

/// Draws a captured layer tree (``LayerSnapshot``) onto a Cairo context, in Core Animation's
/// order: shadow, background, contents and what the layer's class draws, sublayers (clipped
/// when `masksToBounds`, through `sublayerTransform`, in `zPosition` order), then the border
/// on top; a layer with `opacity` below 1, a `mask` or a shadow is composited as a group.
///
/// Each layer is flattened into its superlayer's plane, as Core Animation does: a layer whose
/// map to that plane is affine is drawn directly through Cairo's matrix, one under perspective
/// is drawn flat into a bitmap of its own and projected (LayerPainter+Projection.swift).
/// `CATransformLayer`s keep their sublayers in 3D, sorted by depth.
///
/// Coordinates are iOS's: the origin at the top left, y growing downwards.
struct LayerPainter {
    let context: OpaquePointer
    let resources: RenderResources
    /// The values of the frame's layers: node ``LayerSnapshot/nodeIndex`` of each.
    let nodes: FrameNodes
    /// Whether the painter has clipped the context (a `masksToBounds` ancestor): spans then
    /// ask Cairo for the clip, and leave the drawing to it unless the clip is whole pixels.
    var clipsLayers = false
    /// The mask's path the context is clipped to, for the gradient that fills it
    /// (``SpanClip``); nil once anything else clips.
    var spanClip: SpanClip?
    /// The opacity a translucent layer's contents image is painted with when the image is all
    /// the layer paints: one image painted at that opacity is what a group of it painted at
    /// that opacity would be, without the group's bitmap to clear and composite.
    var contentsOpacity = 1.0
    /// The opacity a translucent layer (the node at `nodeIndex`) hands to the one sublayer it
    /// shows when that sublayer is all it paints (``handsOpacityToItsSublayer(_:)``): for its
    /// sublayers only, not for its mask's.
    var handedOpacity: (nodeIndex: Int, opacity: Double)?

    /// Paints `snapshot` through `toParent`, its 4 × 4 map into the plane the context draws,
    /// with its opacity multiplied by `opacityFactor` (a transform layer's, which applies to
    /// each of its sublayers on its own). `blending`, for a layer that is not a transform
    /// layer and is seen flat, replaces the operator its compositing filter composites it by.
    func paint(
        _ snapshot: LayerSnapshot, through toParent: CATransform3D, opacityFactor: Double = 1,
        blending: cairo_operator_t? = nil
    ) {
        let layer = nodes[snapshot]
        let opacity = Double(layer.drawn.opacity) * opacityFactor
        guard opacity > 0 else { return }
        if layer.isTransformLayer {
            paintTransformLayer(snapshot, through: toParent, opacity: opacity)
            return
        }
        let plane = PlaneTransform(flattening: toParent)
        // Wholly behind the viewer (a depth past the eye under a perspective above): clipped
        // away, not drawn mirrored.
        if plane.isAffine, plane.m.8 < 0 { return }
        if !layer.drawn.isDoubleSided {
            // Culled when its back faces the viewer: its corners turn the other way.
            guard let area = plane.orientedArea(of: layer.drawn.bounds), area > 0 else { return }
        }
        guard plane.isAffine else {
            paintProjected(snapshot, through: plane, opacity: opacity)
            return
        }
        let affine = plane.affine
        // A transform that flattens the layer to a line or a point leaves nothing to see, and
        // would put the Cairo context in an error state.
        guard abs(affine.a * affine.d - affine.b * affine.c) > 1e-12 else { return }
        if opacity == 1, paintsOnlyItsBackground(snapshot, layer) {
            // Nothing to paint, or a background the spans fill; else Cairo draws it below.
            guard layer.drawsBackground else { return }
            if fillBackgroundWithSpans(of: layer, through: affine) {
                resources.backgroundsFilledDirectlyCount += 1
                return
            }
        }
        let blendOperator = blending ?? snapshot.blendOperator
        if blendOperator != nil || snapshot.hasFilters {
            // Drawn apart, filtered, then blended onto what is below it. A filtered layer has
            // no painted extent: a blur reaches beyond what it draws.
            cairo_save(context)
            apply(affine)
            clip(toPixelsCovering: paintedExtent(of: snapshot))
            cairo_push_group(context)
            paintFlat(snapshot, opacity: opacity)
            let group = cairo_pop_group(context)!
            if snapshot.hasFilters {
                var matrix = cairo_matrix_t()
                cairo_get_matrix(context, &matrix)
                let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
                for filter in snapshot.filters { filter.apply(to: group, deviceScale: scale) }
            }
            cairo_set_source(context, group)
            cairo_set_operator(context, blendOperator ?? CAIRO_OPERATOR_OVER)
            cairo_paint(context)
            cairo_pattern_destroy(group)
            cairo_restore(context)
            return
        }
        cairo_save(context)
        defer { cairo_restore(context) }
        apply(affine)
        paintFlat(snapshot, opacity: opacity)
    }

    /// Paints the layer in its own bounds coordinates (the context's current ones), with
    /// `opacity` for the whole: its running transition, or its shadow, its content and its
    /// sublayers, masked by its mask. With `transitions` false, a running transition is left
    /// out (the transition itself draws the layer that way).
    func paintFlat(_ snapshot: LayerSnapshot, opacity: Double, transitions: Bool = true) {
        if transitions, let transition = snapshot.transition {
            paintTransition(transition, to: snapshot, opacity: opacity)
            return
        }
        let layer = nodes[snapshot]
        let shadow = Shadow(of: layer)
        // What casts the shadow: the shadow path, or the one path the layer's drawing fills;
        // else the alpha of its drawing, in a group.
        let pathCastsShadow = shadow != nil && pathCastsTheShadow(of: snapshot)
        let groupsForShadow = shadow != nil && !pathCastsShadow
        let groupsContent = snapshot.mask != nil || groupsForShadow
        if opacity < 1, shadow == nil, paintsOnlyItsImage(snapshot) {
            paintImageOnly(snapshot, opacity: opacity)
            return
        }
        if opacity < 1, shadow == nil, handsOpacityToItsSublayer(snapshot) {
            paintHandingOpacityDown(snapshot, opacity: opacity)
            return
        }
        // A group is as large as the clip: clipped to what the layer can paint, it holds only
        // those pixels (a full-screen group per translucent star cost most of a frame of tens
        // of them; a Lottie gradient is a layer 20,000 points wide masked by the path it
        // fills; a shadowed card in a precomposition held the precomposition's pixels).
        let groups = opacity < 1 || groupsContent
        let extent = groups && shadow == nil ? paintedExtent(of: snapshot) : nil
        if extent?.isNull == true { return }
        if groups {
            cairo_save(context)
            if let shadow {
                guard clip(toPixelsPaintedBy: snapshot, castingShadow: shadow) else {
                    cairo_restore(context)
                    return
                }
            } else {
                clip(toPixelsCovering: extent)
            }
            if clipIsEmpty {
                cairo_restore(context)
                return
            }
        }
        if groups, shadow == nil, case .gradient(let gradient) = layer.kind, let ramp = soleGradientRamp(of: snapshot) {
            // A gradient alone, translucent or masked by the alphas of the same gradient: one
            // gradient, its alphas multiplied by the opacity and the mask's, with no group.
            if snapshot.mask != nil { resources.masksWithoutGroupsCount += 1 }
            paintGradient(gradient, of: layer, ramp: ramp.multiplyingAlphas(by: opacity))
            cairo_restore(context)
            return
        }
        if opacity < 1 { cairo_push_group(context) }
        if let shadow, pathCastsShadow { paintShadow(shadow, castBy: snapshot) }
        if let mask = snapshot.mask, shadow == nil, paintClippedToPath(ofMask: mask, snapshot) {
            // Done: a path for a mask, content that fills the clip once, no group.
        } else {
            paintGrouped(snapshot, shadow: groupsForShadow ? shadow : nil)
        }
        if opacity < 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
        if groups { cairo_restore(context) }
    }

    // The branches of `paintFlat` that copy the painter are functions of their own: every level
    // of a deep tree repeats `paintFlat`'s frame, and a copy in it would take room on each.

    /// Paints a translucent layer that shows only its image, the image at `opacity`.
    private func paintImageOnly(_ snapshot: LayerSnapshot, opacity: Double) {
        var painter = self
        painter.contentsOpacity = opacity
        painter.paintBody(snapshot)
    }

    /// Paints the body clipped to the path of `mask` when the mask is one opaque path and the
    /// content fills the clip once (a Lottie gradient fill): with no group. False, having
    /// painted nothing, otherwise.
    private func paintClippedToPath(ofMask mask: LayerSnapshot, _ snapshot: LayerSnapshot) -> Bool {
        var spanClip: SpanClip?
        guard fillsTheClipOnce(snapshot), clipToPath(ofMask: mask, spanClip: &spanClip) else { return false }
        resources.masksWithoutGroupsCount += 1
        var painter = self
        painter.clipsLayers = true
        painter.spanClip = spanClip
        painter.paintBody(snapshot)
        return true
    }

    /// The body in a group, masked by the layer's mask and under the shadow of its alpha.
    private func paintGrouped(_ snapshot: LayerSnapshot, shadow: Shadow?) {
        guard snapshot.mask != nil || shadow != nil else {
            paintBody(snapshot)
            return
        }
        let cut = snapshot.mask.flatMap(cutOut(by:))
        cairo_push_group(context)
        paintBody(snapshot)
        if let cut {
            // An inverted matte: what it cuts is taken out of the content's own group, with no
            // group for the mask and no mask to composite through.
            resources.masksCutOutCount += 1
            paint(cut.matte, through: cut.toLayer, blending: CAIRO_OPERATOR_DEST_OUT)
        }
        var content = cairo_pop_group(context)!
        if let mask = snapshot.mask, cut == nil {
            guard shadow != nil else {
                // Nothing reads the masked content but the target: masked straight onto it.
                paintMasked(content, by: mask)
                return
            }
            content = masking(content, with: mask)
        }
        if let shadow {
            resources.shadowGroupPixelCount += ShadowPainter.pixelCount(of: content)
            ShadowPainter(context: context).paintShadow(shadow, ofAlphaIn: content)
        }
        cairo_set_source(context, content)
        cairo_paint(context)
        cairo_pattern_destroy(content)
    }

    /// Paints a layer that shows one sublayer and paints nothing itself at full opacity, its
    /// sublayer at the product of the opacities: what a group of it painted at `opacity` would
    /// be (masked as well, if the layer is), with no group to clear and composite (a Lottie
    /// layer's opacity reaches its shape's layers through their containers so).
    private func paintHandingOpacityDown(_ snapshot: LayerSnapshot, opacity: Double) {
        resources.opacitiesHandedDownCount += 1
        var painter = self
        painter.handedOpacity = (snapshot.nodeIndex, opacity)
        painter.paintFlat(snapshot, opacity: 1, transitions: false)
    }

    /// Clips the context to the whole device pixels that cover `extent` (in the coordinates
    /// `toUser` maps into the current user space), a pixel more all round for antialiased
    /// edges and the transparent border of cached content; false when there are none.
    func clip(toPixelsCovering extent: CGRect, through toUser: CGAffineTransform) -> Bool {
        guard let box = PixelBox(covering: extent, through: toUser.concatenating(userToDevice), margin: 1) else {
            return false
        }
        clip(toDevicePixels: box)
        return true
    }

    /// The map from the context's user space to its device pixels.
    var userToDevice: CGAffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        return CGAffineTransform(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    }

    /// Clips the context to `box`, in device pixels; the user space is kept.
    func clip(toDevicePixels box: PixelBox) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_identity_matrix(context)
        cairo_rectangle(
            context, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX), Double(box.maxY - box.minY))
        cairo_set_matrix(context, &matrix)
        cairo_clip(context)
    }

    /// The layer without its shadow, mask and opacity: background, contents, what its class
    /// draws, sublayers, border, particles.
    func paintBody(_ snapshot: LayerSnapshot) {
        let layer = nodes[snapshot]
        let bounds = layer.drawn.bounds
        let radius = cornerRadius(of: layer)
        if let background = layer.drawn.backgroundColor, background.alpha > 0, !fillBackgroundWithSpans(of: layer) {
            addRoundedRect(bounds, of: layer)
            setSource(background)
            cairo_fill(context)
        }
        // What the layer itself shows, between its background and its sublayers: its contents
        // image or what it drew (LayerPainter+Contents.swift), then what its class draws — a
        // shape, a gradient, text (LayerPainter+Kinds.swift); cached when it does not change
        // (ContentCache.swift).
        cairo_save(context)
        var contentPainter = self
        if layer.drawn.masksToBounds {
            // Apple: with masksToBounds the content is clipped to the rounded corners too.
            addRoundedRect(bounds, of: layer)
            cairo_clip(context)
            contentPainter.clipsLayers = true
        }
        contentPainter.paintOwnContentCached(snapshot)
        cairo_restore(context)
        paintSublayers(of: snapshot, bounds: bounds, radius: radius)
        if layer.drawn.borderWidth > 0, let border = layer.drawn.borderColor, border.alpha > 0 {
            // The border lies inside the bounds, above the sublayers.
            let width = layer.drawn.borderWidth
            addRoundedRect(bounds, of: layer, inset: width / 2)
            setSource(border)
            cairo_set_line_width(context, Double(width))
            cairo_stroke(context)
        }
        // CAEmitterLayer.h: "The particles are drawn above the backgroundColor and border of
        // the layer" (LayerPainter+Particles.swift).
        if !snapshot.particles.isEmpty { paintParticles(of: snapshot) }
    }

    /// The layer's contents and what its class draws, without caching.
    func paintOwnContent(_ snapshot: LayerSnapshot) {
        paintContents(of: nodes[snapshot], drawing: snapshot.drawing, upsideDown: snapshot.isUpsideDown)
        paintOwnContent(of: nodes[snapshot], upsideDown: snapshot.isUpsideDown)
    }

    private func paintSublayers(of snapshot: LayerSnapshot, bounds: CGRect, radius: CGFloat) {
        guard !snapshot.sublayers.isEmpty else { return }
        let layer = nodes[snapshot]
        cairo_save(context)
        defer { cairo_restore(context) }
        var painter = self
        // A handed-down opacity is for these sublayers, not theirs.
        let opacityFactor = handedOpacity.flatMap { $0.nodeIndex == snapshot.nodeIndex ? $0.opacity : nil } ?? 1
        painter.handedOpacity = nil
        if layer.drawn.masksToBounds, sublayersLieWithin(bounds, radius: radius, of: snapshot) {
            resources.clipsLeftOutCount += 1
        } else if layer.drawn.masksToBounds {
            addRoundedRect(bounds, of: layer)
            cairo_clip(context)
            painter.clipsLayers = true
            painter.spanClip = nil
        }
        let sublayerTransform = layer.sublayerTransformAboutAnchor
        func paintAll(_ sublayers: [LayerSnapshot], through extra: CATransform3D?) {
            for sublayer in sublayers {
                var toParent = nodes[sublayer].transformToSuperlayer3D
                if let extra { toParent = CATransform3DConcat(toParent, extra) }
                if let sublayerTransform { toParent = CATransform3DConcat(toParent, sublayerTransform) }
                painter.paint(sublayer, through: toParent, opacityFactor: opacityFactor)
            }
        }
        guard let replicator = layer.replicator else {
            paintAll(snapshot.sublayers, through: nil)
            return
        }
        // A replicator with no instances shows none of its sublayers.
        guard replicator.instanceCount > 0 else { return }
        let multiplier = Self.instanceMultiplier(of: replicator, index: 0)
        if multiplier != nil { cairo_push_group(context) }
        paintAll(snapshot.sublayers, through: nil)
        if let multiplier { popMultiplied(by: multiplier) }
        paintReplicas(of: replicator, bounds: bounds, snapshot.replicas, paintAll: paintAll)
    }

    /// Whether the sublayers of `snapshot` paint only within its `bounds`, clear of the
    /// corners of `radius`: its clip to them would cut nothing. Within a clip that is not whole
    /// pixels (a turned precomposition's), every fill and group is composited through the
    /// clip's polygon, and the spans cannot draw; left out, the pixels are those of the
    /// content alone, which is what the content within the clip is.
    func sublayersLieWithin(_ bounds: CGRect, radius: CGFloat, of snapshot: LayerSnapshot) -> Bool {
        // A clip to whole pixels costs nothing to keep: the walk over the subtree is left out.
        if radius == 0, clipsWholePixels(bounds) { return false }
        // Circular or continuous, a corner lies within twice its radius of the corner.
        let inside = bounds.insetBy(dx: radius * 2, dy: radius * 2)
        guard !inside.isNull, let extent = sublayersExtent(of: snapshot) else { return false }
        return extent.isNull || inside.contains(extent)
    }

    /// Whether `rect`, in the current user space, lands on whole device pixels.
    private func clipsWholePixels(_ rect: CGRect) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        guard matrix.xy == 0, matrix.yx == 0 else { return false }
        func whole(_ edge: Double) -> Bool { abs(edge - edge.rounded()) < 1e-6 }
        return whole(matrix.xx * Double(rect.minX) + matrix.x0) && whole(matrix.xx * Double(rect.maxX) + matrix.x0)
            && whole(matrix.yy * Double(rect.minY) + matrix.y0) && whole(matrix.yy * Double(rect.maxY) + matrix.y0)
    }

    /// Paints a `CATransformLayer`'s sublayers in 3D: each keeps its full 4 × 4 map to the
    /// transform layer's superlayer plane, and they are drawn back to front by the depth of
    /// their centres (or of their `depthSortPoint`). Its own background, border, mask and shadow are not drawn, and its
    /// opacity applies to each sublayer on its own, as `CATransformLayer.h` says.
    private func paintTransformLayer(_ snapshot: LayerSnapshot, through toParent: CATransform3D, opacity: Double) {
        var planes: [(snapshot: LayerSnapshot, transform: CATransform3D, opacity: Double, depth: Double)] = []
        func gather(_ container: LayerSnapshot, _ toPlane: CATransform3D, _ opacity: Double) {
            let inner =
                nodes[container].sublayerTransformAboutAnchor.map { CATransform3DConcat($0, toPlane) } ?? toPlane
            for sublayer in container.sublayers {
                let transform = CATransform3DConcat(nodes[sublayer].transformToSuperlayer3D, inner)
                if nodes[sublayer].isTransformLayer {
                    gather(sublayer, transform, opacity * Double(nodes[sublayer].drawn.opacity))
                } else {
                    let bounds = nodes[sublayer].drawn.bounds
                    let point = nodes[sublayer].drawn.depthSortPoint ?? CGPoint(x: bounds.midX, y: bounds.midY)
                    let centre = transform.applying(to: (Double(point.x), Double(point.y), 0))
                    planes.append((sublayer, transform, opacity, centre.z))
                }
            }
        }
        gather(snapshot, toParent, opacity)
        // Back to front: the viewer looks down the z axis from +z. Equal depths keep their order.
        let ordered = planes.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
        for (_, plane) in ordered {
            paint(plane.snapshot, through: plane.transform, opacityFactor: plane.opacity)
        }
    }

    /// The corner radius drawn: at most half the shorter side, as Core Animation clamps it.
    func cornerRadius(of layer: RenderNode) -> CGFloat {
        guard layer.drawn.cornerRadius.isFinite else { return 0 }
        return min(max(layer.drawn.cornerRadius, 0), min(layer.drawn.bounds.width, layer.drawn.bounds.height) / 2)
    }

    func apply(_ transform: CGAffineTransform) {
        CairoDrawing.transform(transform, in: context)
    }

    private func setSource(_ color: RenderColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Adds the layer's outline to the path: `rect` (its bounds) with the corners
    /// `maskedCorners` names rounded by the drawn corner radius along `cornerCurve`
    /// (RoundedCorners.swift), moved `inset` inwards — half the border width, for the line
    /// the border strokes.
    func addRoundedRect(_ rect: CGRect, of layer: RenderNode, inset: CGFloat = 0) {
        RoundedCorners(
            rect: rect, radius: cornerRadius(of: layer), corners: layer.drawn.maskedCorners,
            curve: layer.drawn.cornerCurve
        )
        .inset(by: inset)
        .add(to: context)
    }
}
