import CCairo
import Foundation
import OpenQuartzCore

/// Rasterised layer content kept from frame to frame, as Core Animation keeps a layer's
/// backing store: what a layer draws of its own (its `draw(in:)` recording or contents, and
/// its shape, gradient or text) is drawn once into a bitmap and afterwards only composited,
/// through whatever transform, opacity and position the layer has in the frame.
///
/// A layer's content is cached from the second frame in a row that shows it unchanged — the
/// first time it is drawn directly, so content that changes every frame (an animated
/// `strokeEnd`, say) costs nothing extra. "In a row" means in the order of the frames' times,
/// as the capturing thread sees them (``ContentHistory``), not the frames one renderer drew:
/// the bitmap depends only on the content and its scale, so a frame is the same picture
/// whichever worker paints it and whichever frames that worker painted before (one worker or
/// several, a shard or the whole render). Only content that is costly to draw is cached: a
/// recording, shape, gradient or text, or an image scaled on screen. Plain backgrounds and
/// borders, and images that land pixel for pixel, are as cheap to draw as to composite; so are
/// shapes of a few elements over a large area, content mostly outside the clip (a bitmap of all
/// of it would cost more than the part that shows) and content shrunk below three quarters
/// along one axis (its bitmap would go through a wide filter every frame). The bitmap has the
/// resolution the layer covers on screen, rounded up to a step of 2^¼, so a scale animation
/// re-rasterises only every few frames; an entry not used for two frames is dropped.
final class ContentCache {
    private struct Entry {
        /// The node the entry was made from, to compare the next frame's with.
        var node: RenderNode
        var drawing: CGContext?
        var scale: Double
        var flipsRows: Bool
        var raster: Raster?
        var lastFrame: Int
    }

    /// A layer's content drawn into a bitmap whose first pixel's corner is at `origin` in the
    /// layer's coordinates, `scale` pixels per point; with `flipsRows`, its rows run towards
    /// the layer's smaller y (the layer is upside down on screen, as in a y-up CAML document),
    /// so that it is composited without a flip. Its outermost pixels are transparent.
    struct Raster {
        let surface: OpaquePointer
        let origin: CGPoint
        let scale: Double
        var flipsRows = false
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// How many layer contents were rasterised: for tests.
    private(set) var rasterisedCount = 0
    /// How many layer contents were composited from a bitmap: for tests.
    private(set) var compositedCount = 0
    /// How many of the composites ``AffineCompositor`` painted rather than Cairo: for tests.
    var affineCompositedCount = 0
    /// Whether turned bitmaps go through ``AffineCompositor``; off, Cairo composites every
    /// bitmap (for tests that compare the two).
    var usesAffineCompositor = true
    /// Whether content is cached at all; off, every frame draws everything.
    var isEnabled = true

    deinit {
        for entry in entries.values { entry.raster.map { cairo_surface_destroy($0.surface) } }
    }

    /// Starts a frame: entries not used in the last two frames are dropped.
    func beginFrame() {
        frame += 1
        for (key, entry) in entries where entry.lastFrame < frame - 2 {
            entry.raster.map { cairo_surface_destroy($0.surface) }
            entries[key] = nil
        }
    }

    /// What to do with the content of `snapshot` drawn at `scale` pixels per point: composite
    /// its bitmap, make one (the content is `unchanged` since the frame before, and no bitmap
    /// of it at this scale is kept), or draw directly (the content changed).
    enum Decision {
        case composite(Raster)
        case rasterise
        case drawDirectly
    }

    func decide(
        for snapshot: LayerSnapshot, node: RenderNode, scale: Double, flipsRows: Bool, unchanged: Bool
    ) -> Decision {
        guard isEnabled, unchanged else { return .drawDirectly }
        let identity = snapshot.identity
        if var entry = entries[identity] {
            entry.lastFrame = frame
            if let raster = entry.raster, entry.scale == scale, entry.flipsRows == flipsRows,
                entry.drawing === snapshot.drawing, Self.sameContent(entry.node, node)
            {
                entries[identity] = entry
                compositedCount += 1
                return .composite(raster)
            }
            entry.raster.map { cairo_surface_destroy($0.surface) }
        }
        entries[identity] = Entry(
            node: node, drawing: snapshot.drawing, scale: scale, flipsRows: flipsRows, raster: nil, lastFrame: frame)
        return .rasterise
    }

    /// Whether an animation of `key` (a layer property, or a custom key) can change what a
    /// layer draws of its own — what ``sameContent(_:_:)`` compares — rather than only where
    /// and how that is composited: such layers are compared from frame to frame
    /// (``ContentHistory``). A custom key counts: it may redraw the layer.
    static func changesContent(_ key: String) -> Bool {
        !placementKeys.contains(key)
    }

    /// The layer properties that move, hide, fade or decorate a layer's own content without
    /// changing it.
    private static let placementKeys: Set<String> = [
        "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "hidden",
        "doubleSided", "opacity", "backgroundColor", "borderWidth", "borderColor", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "shadowPath", "compositingFilter", "filters", "backgroundFilters",
    ]

    /// Keeps `raster` as the content of `snapshot`'s layer.
    func store(_ raster: Raster, for snapshot: LayerSnapshot) {
        rasterisedCount += 1
        entries[snapshot.identity]?.raster = raster
    }

    /// Whether two nodes of one layer show the same content of their own: what its bitmap
    /// depends on (not its place, transform, opacity, shadow or border).
    static func sameContent(_ a: RenderNode, _ b: RenderNode) -> Bool {
        a.drawn.bounds == b.drawn.bounds && a.drawn.masksToBounds == b.drawn.masksToBounds
            && a.drawn.cornerRadius == b.drawn.cornerRadius
            && a.drawn.maskedCorners == b.drawn.maskedCorners && a.drawn.cornerCurve == b.drawn.cornerCurve
            && a.drawn.contentsGravity == b.drawn.contentsGravity && a.drawn.contentsRect == b.drawn.contentsRect
            && a.drawn.contentsCenter == b.drawn.contentsCenter && a.drawn.contentsScale == b.drawn.contentsScale
            && a.contents === b.contents && a.kind == b.kind
    }
}

extension LayerPainter {
    /// Draws the layer's own content (contents or recording, then shape, gradient or text)
    /// from the ``ContentCache`` when it can, else directly.
    func paintOwnContentCached(_ snapshot: LayerSnapshot) {
        let layer = nodes[snapshot]
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let columnScale = hypot(ctm.xx, ctm.yx)
        let rowScale = hypot(ctm.xy, ctm.yy)
        let deviceScale = max(columnScale, rowScale)
        guard deviceScale.isFinite, deviceScale > 0 else { return }
        let costly: Bool =
            switch layer.kind {
            case .shape(let shape): shape.path.map { !$0.isEmpty } ?? false
            case .gradient(let gradient): (gradient.colors?.count ?? 0) > 0
            case .text(let text): text.string != nil
            default:
                !(snapshot.drawing?.operations.isEmpty ?? true) || isScaled(contentsOf: layer, ctm: ctm)
            }
        // The bitmap's scale: its resolution on screen rounded up to a step of 2^¼.
        let scale = pow(2, (log2(deviceScale) * 4 - 1e-6).rounded(.up) / 4)
        // A bitmap has one scale: shrunk below three quarters along one axis on screen, it
        // would be resampled through a wide filter every frame, which costs more than drawing
        // the content.
        let isSqueezed = min(columnScale, rowScale) < scale * 0.75
        guard costly, !isSqueezed, let extent = contentExtent(of: snapshot), isMostlyVisible(extent),
            !isSimpleShape(layer, rasterPixels: Double(extent.width * extent.height) * scale * scale)
        else {
            paintOwnContent(snapshot)
            return
        }
        // Upside down on screen and not turned: the bitmap is drawn upside down too, so that
        // pixman composites it without a flip, on its fast paths for moving and scaling.
        let flipsRows = ctm.xy == 0 && ctm.yx == 0 && ctm.yy < 0
        let cache = resources.contents
        let unchanged = nodes.keepsContent(of: snapshot)
        switch cache.decide(for: snapshot, node: layer, scale: scale, flipsRows: flipsRows, unchanged: unchanged) {
        case .drawDirectly:
            paintOwnContent(snapshot)
        case .composite(let raster):
            composite(raster)
        case .rasterise:
            let minX = (Double(extent.minX) * scale).rounded(.down)
            let minY = (Double(extent.minY) * scale).rounded(.down)
            let maxY = (Double(extent.maxY) * scale).rounded(.up)
            let width = Int((Double(extent.maxX) * scale).rounded(.up) - minX)
            let height = Int(maxY - minY)
            guard width > 0, height > 0, width * height <= 4096 * 4096 else {
                paintOwnContent(snapshot)
                return
            }
            // A transparent border of a pixel all round, which ``AffineCompositor`` relies on.
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width + 2), Int32(height + 2))!
            let drawer = cairo_create(surface)!
            cairo_translate(drawer, 1 - minX, flipsRows ? 1 + maxY : 1 - minY)
            cairo_scale(drawer, scale, flipsRows ? -scale : scale)
            LayerPainter(context: drawer, resources: resources, nodes: nodes).paintOwnContent(snapshot)
            cairo_destroy(drawer)
            let origin = CGPoint(x: (minX - 1) / scale, y: (flipsRows ? maxY + 1 : minY - 1) / scale)
            let raster = ContentCache.Raster(surface: surface, origin: origin, scale: scale, flipsRows: flipsRows)
            cache.store(raster, for: snapshot)
            composite(raster)
        }
    }

    /// Whether `layer` is a shape whose path is drawn for less than its bitmap of
    /// `rasterPixels` would cost to make and composite: a few elements over a large area (a
    /// line of a Lottie pattern, stroked across the frame). Each element is counted as worth
    /// 4,096 pixels of compositing.
    private func isSimpleShape(_ layer: RenderNode, rasterPixels: Double) -> Bool {
        guard let shape = layer.shape, let path = shape.path, layer.contents == nil else { return false }
        return Double(path.elementCount) * 4096 < rasterPixels
    }

    /// Whether at least a quarter of `extent` (in user space) lies within the clip. A bitmap
    /// of content that mostly falls outside it would cost more to draw than it saves: a Lottie
    /// gradient is a layer 20,000 points wide of which a few hundred show.
    private func isMostlyVisible(_ extent: CGRect) -> Bool {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        let visible = extent.intersection(CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
        guard !visible.isNull else { return false }
        return Double(visible.width * visible.height) * 4 >= Double(extent.width * extent.height)
    }

    /// Whether a layer's `contents` image is scaled on its way to the screen (its pixels and
    /// the screen's differ in size) and not turned. Scaling costs every frame a filtered read of
    /// the image; drawn once into a bitmap of the screen's resolution, a layer that stays put
    /// then costs only a copy of the pixels it covers. An image that lands pixel for pixel is as
    /// cheap to draw as its bitmap would be to composite. A turned image is drawn directly: its
    /// bitmap, turned, would be resampled twice, softer than Core Animation's single pass; so is
    /// a nine-part image.
    func isScaled(contentsOf layer: RenderNode, ctm: cairo_matrix_t) -> Bool {
        guard ctm.xy == 0, ctm.yx == 0, layer.drawn.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1),
            let (selected, placed) = layer.contentsImagePlacement
        else { return false }
        // Screen pixels per image pixel along each axis: 1 when it lands pixel for pixel.
        let alongX = Double(placed.width) * abs(ctm.xx) / Double(selected.width)
        let alongY = Double(placed.height) * abs(ctm.yy) / Double(selected.height)
        return abs(alongX - 1) > 1e-3 || abs(alongY - 1) > 1e-3
    }

    private func composite(_ raster: ContentCache.Raster) {
        if contentsOpacity == 1, !raster.flipsRows, resources.contents.usesAffineCompositor,
            AffineCompositor.paint(raster.surface, origin: raster.origin, scale: raster.scale, on: context)
        {
            resources.contents.affineCompositedCount += 1
            return
        }
        cairo_save(context)
        cairo_translate(context, Double(raster.origin.x), Double(raster.origin.y))
        cairo_scale(context, 1 / raster.scale, (raster.flipsRows ? -1 : 1) / raster.scale)
        cairo_set_source_surface(context, raster.surface, 0, 0)
        cairo_paint_with_alpha(context, contentsOpacity)
        cairo_restore(context)
    }

    /// Where a layer's own content can draw, in its coordinates (``contentExtent(of:drawing:)``).
    func contentExtent(of snapshot: LayerSnapshot) -> CGRect? {
        Self.contentExtent(of: nodes[snapshot], drawing: snapshot.drawing)
    }

    /// Where the own content of `layer`, which recorded `drawing`, can draw, in its
    /// coordinates: its bounds (a backing store's canvas), or for a shape the path's box grown
    /// by the stroke, within the bounds when the layer clips; nil when nothing can show.
    static func contentExtent(of layer: borrowing RenderNode, drawing: CGContext?) -> CGRect? {
        var extent = layer.drawn.bounds
        if let shape = layer.shape, let path = shape.path {
            let box = path.boundingBoxOfPath
            let stroked = shape.stroke != nil && shape.lineWidth.isFinite && shape.lineWidth > 0
            // Only miter joins reach out to the miter limit; round and bevel ones stay within
            // half the width times √2 of the path.
            let halfWidths = shape.lineJoin == .miter ? max(shape.miterLimit, 1) : 2.squareRoot()
            let reach = stroked ? shape.lineWidth / 2 * halfWidths + 1 : 1
            extent = box.insetBy(dx: -reach, dy: -reach)
            let (hasImage, bounds) = (layer.contents != nil, layer.drawn.bounds)
            if hasImage || !(drawing?.operations.isEmpty ?? true) { extent = extent.union(bounds) }
            if layer.drawn.masksToBounds { extent = extent.intersection(bounds) }
        }
        guard !extent.isNull, !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else { return nil }
        return extent
    }
}
