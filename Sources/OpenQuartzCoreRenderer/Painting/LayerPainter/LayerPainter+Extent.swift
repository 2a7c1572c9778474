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
        paintedExtent(of: snapshot, nodes[snapshot], budget: &budget)
    }

    /// `layer` is the node of `snapshot`, lent: a walk over a subtree copies no node. With
    /// `withoutItsShadow`, the extent of what the layer paints besides its own shadow.
    private func paintedExtent(
        of snapshot: LayerSnapshot, _ layer: borrowing RenderNode, budget: inout Int, withoutItsShadow: Bool = false
    ) -> CGRect? {
        budget -= 1
        // Not inside `||`: its right side is a closure, which cannot take the lent node.
        let castsShadow = withoutItsShadow ? false : Shadow(of: layer) != nil
        guard budget >= 0, snapshot.replicas.isEmpty, snapshot.particles.isEmpty, snapshot.transition == nil,
            !castsShadow, !snapshot.hasFilters
        else { return nil }
        guard var extent = ownExtent(of: snapshot, layer) else { return nil }
        if layer.drawn.masksToBounds {
            // The sublayers are clipped to the bounds, as the layer's own drawing is.
            if !snapshot.sublayers.isEmpty { extent = layer.drawn.bounds }
        } else {
            guard let sublayers = sublayersExtent(of: snapshot, budget: &budget) else { return nil }
            extent = extent.union(sublayers)
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

    /// Where the sublayers of `snapshot` can paint, in its bounds coordinates, unclipped:
    /// `.null` for none, nil when not known simply (as ``paintedExtent(of:)``).
    func sublayersExtent(of snapshot: LayerSnapshot) -> CGRect? {
        var budget = Self.extentBudget
        return sublayersExtent(of: snapshot, budget: &budget)
    }

    private func sublayersExtent(of snapshot: LayerSnapshot, budget: inout Int) -> CGRect? {
        var extent = CGRect.null
        let sublayerTransform = nodes[snapshot].sublayerTransformAboutAnchor
        for sublayer in snapshot.sublayers where nodes[sublayer].drawn.opacity > 0 {
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
        return extent
    }

    /// Where the layer itself draws, sublayers aside: `.null` for a plain layer that draws
    /// nothing (a container), nil when not known.
    private func ownExtent(of snapshot: LayerSnapshot, _ layer: borrowing RenderNode) -> CGRect? {
        // Read once each: a value read inside `||` would be taken from the lent node.
        let (hasImage, gravity, clips, bounds) = (
            layer.contents != nil, layer.drawn.contentsGravity, layer.drawn.masksToBounds, layer.drawn.bounds
        )
        let (fills, borders) = (layer.drawsBackground, layer.drawsBorder)
        let hasContents = hasImage || !(snapshot.drawing?.operations.isEmpty ?? true)
        guard !hasContents || gravity == .resize || clips else { return nil }
        var extent = hasContents || fills || borders ? bounds : .null
        switch layer.kind {
        case .plain:
            break
        case .gradient:
            extent = bounds
        case .shape:
            // A shape with neither a fill nor a stroke draws nothing (a Lottie fill's layer
            // for a stroke it does not have).
            guard Self.drawsItsShape(layer) || hasContents else { break }
            guard let shape = Self.contentExtent(of: layer, drawing: snapshot.drawing) else { return nil }
            extent = extent.union(shape)
        default:
            return nil
        }
        return extent
    }

    /// Whether a shape layer's path shows: it has a visible fill, or a visible stroke of some
    /// width.
    static func drawsItsShape(_ layer: borrowing RenderNode) -> Bool {
        guard let shape = layer.shape, shape.path != nil else { return false }
        if let fill = shape.fill, fill.alpha > 0 { return true }
        return strokes(shape)
    }

    /// Clips the context to the device pixels where `snapshot` paints with the shadow it
    /// casts: what it paints besides the shadow and, moved by the shadow's offset and grown by
    /// its blur as ``ShadowPainter`` paints them, the pixels of what casts the shadow (that, or
    /// the shadow path). The group that holds the layer for its shadow is then no larger than
    /// that. False when nothing paints; the clip is left as it is when that is not known simply.
    func clip(toPixelsPaintedBy snapshot: LayerSnapshot, castingShadow shadow: Shadow) -> Bool {
        var budget = Self.extentBudget
        guard let body = paintedExtent(of: snapshot, nodes[snapshot], budget: &budget, withoutItsShadow: true)
        else { return true }
        let caster = nodes[snapshot].drawn.shadowPath?.boundingBox ?? body
        guard !body.isNull || !caster.isNull else { return false }
        let toDevice = userToDevice
        guard let bodyPixels = PixelBox(covering: body, through: toDevice, margin: 1),
            let casterPixels = PixelBox(covering: caster, through: toDevice, margin: 1)
        else { return true }
        let reach = ShadowPainter(context: context).deviceReach(of: shadow)
        let spread = Int((3 * reach.sigma).rounded(.up)) + 1
        let shadowPixels =
            casterPixels.isEmpty
            ? .empty
            : PixelBox(
                minX: casterPixels.minX + Int(reach.dx.rounded(.down)) - spread,
                minY: casterPixels.minY + Int(reach.dy.rounded(.down)) - spread,
                maxX: casterPixels.maxX + Int(reach.dx.rounded(.up)) + spread,
                maxY: casterPixels.maxY + Int(reach.dy.rounded(.up)) + spread)
        clip(toDevicePixels: bodyPixels.union(shadowPixels))
        return true
    }

    /// Clips the context to the whole device pixels that cover `extent` (in the current user
    /// space), a pixel more all round: nothing inside changes, and a group pushed now is no
    /// larger than what can show. Leaves the clip as it is for an unknown or empty extent.
    func clip(toPixelsCovering extent: CGRect?) {
        guard let extent, !extent.isNull else { return }
        _ = clip(toPixelsCovering: extent, through: .identity)
    }

    /// The clip's box in the current user space.
    var clipExtents: CGRect {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Whether the clip leaves no pixel to paint: a layer clipped to it draws nothing.
    var clipIsEmpty: Bool {
        let clip = clipExtents
        return clip.width <= 0 || clip.height <= 0
    }

    /// Whether `area`, in user space, lies within `rect`, in the coordinates that `toUser` maps
    /// into user space (turned or not): its four corners, mapped back, do. False for a map that
    /// flattens.
    static func area(_ area: CGRect, liesWithin rect: CGRect, through toUser: CGAffineTransform) -> Bool {
        guard ContextPlayback.isInvertible(toUser) else { return false }
        let back = toUser.inverted()
        func within(_ x: CGFloat, _ y: CGFloat) -> Bool { rect.contains(CGPoint(x: x, y: y).applying(back)) }
        return within(area.minX, area.minY) && within(area.maxX, area.minY) && within(area.minX, area.maxY)
            && within(area.maxX, area.maxY)
    }

    /// Whether `snapshot` is composited as it draws: opaque, with no mask, replicas, particles,
    /// transition, compositing filter, blur or shadow. `node` is its node.
    func compositesPlainly(_ snapshot: LayerSnapshot, _ node: borrowing RenderNode) -> Bool {
        guard node.drawn.opacity == 1, snapshot.mask == nil, snapshot.replicas.isEmpty, snapshot.particles.isEmpty,
            snapshot.transition == nil, snapshot.blendOperator == nil, !snapshot.hasFilters
        else { return false }
        return Shadow(of: node) == nil
    }
}

// MARK: Masks that are a path

extension LayerPainter {
    /// Clips the context to the path of `mask` when the mask's alpha is exactly the coverage of
    /// that path — a shape layer that only fills its path with an opaque colour — and true; false
    /// (nothing changed) otherwise. Content that lays each pixel once, painted through this clip,
    /// is what the content masked by `mask` would be, without the two groups a mask costs.
    /// `spanClip` is set to the clip as spans would draw it, where they can (``SpanClip``).
    func clipToPath(ofMask mask: LayerSnapshot, spanClip: inout SpanClip?) -> Bool {
        let node = nodes[mask]
        guard let (shape, path) = soleShape(ofMask: mask), let fill = shape.fill, fill.alpha == 1,
            !Self.strokes(shape)
        else { return false }
        // Cairo's clip to several subpaths that overlap is antialiased apart from its fill of
        // them, by up to a few levels along the overlap: one subpath only.
        let plane = PlaneTransform(flattening: node.transformToSuperlayer3D)
        guard path.subpathCount == 1, plane.isAffine else { return false }
        spanClip = self.spanClip(for: path, through: plane.affine, evenOdd: shape.fillRule == .evenOdd)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        apply(plane.affine)
        CairoDrawing.setPath(path, in: context)
        cairo_set_matrix(context, &matrix)
        let rule = cairo_get_fill_rule(context)
        cairo_set_fill_rule(context, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(context)
        cairo_set_fill_rule(context, rule)
        return true
    }

    /// The shape layer `mask` is and its path, when the mask paints that path and nothing else:
    /// composited plainly (``compositesPlainly(_:_:)``), unclipped, with no sublayers and no
    /// drawing of its own, its path finite and not empty.
    func soleShape(ofMask mask: LayerSnapshot) -> (shape: ShapeLayerStorage, path: CGPath)? {
        let node = nodes[mask]
        guard case .shape(let shape) = node.kind, compositesPlainly(mask, node), !node.drawn.masksToBounds,
            mask.sublayers.isEmpty, !hasOwnDrawing(node, mask),
            let path = shape.path, !path.isEmpty, path.hasOnlyFinitePoints
        else { return nil }
        return (shape, path)
    }

    /// Whether `snapshot`, its mask and shadow aside, paints one thing — a gradient or a
    /// background — over the whole of the clip, with no group on the way (every layer below it
    /// opaque or a gradient alone, unmasked or masked by a gradient of its own geometry, without
    /// shadow or blend mode, flat), as a Lottie gradient fill is drawn (a gradient layer padded
    /// by 10,000 points, its alphas a second gradient). Through a clip to a mask's path, such content
    /// takes the path's coverage once, as it does from the mask; content with an edge of its
    /// own inside the clip would take both edges' coverage differently there.
    func fillsTheClipOnce(_ snapshot: LayerSnapshot) -> Bool {
        let clip = clipExtents
        var count = 0
        return countFills(snapshot, isRoot: true, toRoot: .identity, covering: clip, count: &count) && count == 1
    }

    private func countFills(
        _ snapshot: LayerSnapshot, isRoot: Bool, toRoot: CGAffineTransform, covering clip: CGRect, count: inout Int
    ) -> Bool {
        let node = nodes[snapshot]
        guard snapshot.replicas.isEmpty, snapshot.particles.isEmpty, snapshot.transition == nil,
            snapshot.drawing?.operations.isEmpty ?? true, node.contents == nil,
            !node.drawsBorder,
            // A gradient masked by a gradient of its own geometry is one gradient (its alphas
            // multiplied), drawn without a group; whether it covers the clip is checked below,
            // in the root's coordinates.
            isRoot
                || ((snapshot.mask == nil || isMaskedByItsOwnAlphas(snapshot))
                    && snapshot.blendOperator == nil && !snapshot.hasFilters && Shadow(of: node) == nil),
            // A translucent layer is drawn through a group, but for a gradient alone, whose
            // opacity goes into its alphas.
            isRoot || node.drawn.opacity == 1 || drawsOnlyItsGradient(snapshot, isMask: false)
        else { return false }
        var fills = node.drawsBackground
        switch node.kind {
        case .plain:
            break
        case .gradient(let gradient):
            fills = fills || (gradient.colors?.count ?? 0) > 0
        default:
            return false
        }
        if fills {
            // The fill is the bounds with their corners: the clip must lie within its straight
            // part, in the layer's coordinates.
            count += 1
            let inset = cornerRadius(of: node)
            let inside = node.drawn.bounds.insetBy(dx: inset, dy: inset)
            guard count == 1, Self.area(clip, liesWithin: inside, through: toRoot) else { return false }
        }
        let sublayerTransform = node.sublayerTransformAboutAnchor
        for sublayer in snapshot.sublayers where nodes[sublayer].drawn.opacity > 0 {
            var toLayer = nodes[sublayer].transformToSuperlayer3D
            if let sublayerTransform { toLayer = CATransform3DConcat(toLayer, sublayerTransform) }
            let plane = PlaneTransform(flattening: toLayer)
            guard !nodes[sublayer].isTransformLayer, plane.isAffine,
                countFills(
                    sublayer, isRoot: false, toRoot: plane.affine.concatenating(toRoot), covering: clip, count: &count)
            else { return false }
        }
        return true
    }

    /// Whether a shape layer's stroke shows: a visible colour and some width.
    static func strokes(_ shape: ShapeLayerStorage) -> Bool {
        guard let stroke = shape.stroke, stroke.alpha > 0 else { return false }
        return shape.lineWidth.isFinite && shape.lineWidth > 0
    }

    /// Whether a layer draws anything of its own besides what its class draws: contents, drawing,
    /// a background or a border.
    func hasOwnDrawing(_ node: borrowing RenderNode, _ snapshot: LayerSnapshot) -> Bool {
        // Read once each: a value read inside `||` would be taken from the lent node.
        let (hasImage, fills, borders) = (node.contents != nil, node.drawsBackground, node.drawsBorder)
        return hasImage || fills || borders || !(snapshot.drawing?.operations.isEmpty ?? true)
    }
}

extension RenderNode {
    /// Whether the layer fills its bounds with a background colour that shows.
    var drawsBackground: Bool { drawn.backgroundColor.map { $0.alpha > 0 } ?? false }
    /// Whether the layer draws a border that shows.
    var drawsBorder: Bool { drawn.borderWidth > 0 && (drawn.borderColor.map { $0.alpha > 0 } ?? false) }
}
