import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws what the layer shows of its own content: what its `draw(in:)` recorded (on the
    /// model layer: presentation copies do not carry it), or else its `contents` image —
    /// placed by `contentsGravity`, cut by `contentsRect`, stretched around `contentsCenter`,
    /// clipped to the rounded bounds when `masksToBounds`.
    ///
    /// Core Animation has a single `contents`: `display()` replaces it with the backing store
    /// it drew, which then obeys the same gravity, rectangle and centre as an image. Here the
    /// recording is kept apart (the snapshot carries the model layer's), so it is treated as that backing store: its natural size is
    /// the size it was drawn at, and a layer resized without redrawing stretches it as Core
    /// Animation stretches the old bitmap. A recording with no operations counts as no drawing,
    /// so the image shows: Core Animation does not replace `contents` when neither the layer
    /// nor its delegate implements drawing, and an empty recording is the nearest sign of that
    /// here.
    ///
    /// `upsideDown` (the snapshot's ``LayerSnapshot/isUpsideDown``) mirrors an image back
    /// so that it reads upright.
    func paintContents(of layer: RenderNode, drawing: CGContext?, upsideDown: Bool = false) {
        let source: ContentsSource
        if let drawing, !drawing.operations.isEmpty {
            source = .drawing(drawing, origin: layer.drawn.bounds.origin)
        } else if let image = layer.contents {
            source = .image(image)
        } else {
            return
        }
        let scale = layer.usableContentsScale
        let layout = ContentsLayout(
            sourceSize: source.size, pointsPerUnit: source.pointsPerUnit(contentsScale: scale),
            bounds: layer.drawn.bounds, gravity: layer.drawn.contentsGravity,
            contentsRect: layer.drawn.contentsRect, contentsCenter: layer.drawn.contentsCenter)
        guard !layout.patches.isEmpty else { return }

        cairo_save(context)
        defer { cairo_restore(context) }
        if upsideDown, case .image = source {
            // An image stays upright in a y-up plane: mirrored back about the bounds' middle.
            // (A recording of `draw(in:)` follows the geometry, as Core Graphics drawing does.)
            mirrorVertically(within: layer.drawn.bounds)
        }
        // (With masksToBounds, the painter has already clipped to the rounded bounds.)
        let images = resources.images
        // Neighbouring patches of a nine-part image share edges that may fall inside a pixel.
        // Painted over one another, two antialiased edges let the background show through the
        // seam; added together into a group of their own, their coverages sum to one.
        let isNinePart = layout.patches.count > 1
        if isNinePart { cairo_push_group(context) }
        for patch in layout.patches {
            cairo_save(context)
            if isNinePart { cairo_set_operator(context, CAIRO_OPERATOR_ADD) }
            switch source {
            case .image(let image):
                guard let surface = images.surface(for: image) else { break }
                let filter = samplingFilter(of: layer, for: patch)
                if contentsOpacity < 1 {
                    // A translucent layer's only image (LayerPainter.paintFlat): not nine-part.
                    guard
                        CairoDrawing.setSource(
                            surface, from: patch.source, to: patch.destination, in: context, filter: filter)
                    else { break }
                    CairoDrawing.rectangle(patch.destination, in: context)
                    cairo_clip(context)
                    cairo_paint_with_alpha(context, contentsOpacity)
                } else {
                    CairoDrawing.fill(patch.destination, with: surface, from: patch.source, in: context, filter: filter)
                }
            case .drawing(let drawing, let origin):
                paintRecording(drawing, origin: origin, patch: patch, images: images, asGroup: isNinePart)
            }
            cairo_restore(context)
        }
        if isNinePart {
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
    }
}

extension LayerPainter {
    /// How a patch of the layer's image is sampled: nearest when its `magnificationFilter`
    /// (drawn larger than its pixels on the device) or `minificationFilter` (smaller) says so;
    /// an image shrunk to less than half its pixels' area averages the pixels each device pixel
    /// covers (Cairo's "good" filter, a box filter when shrinking), as Apple's pictures of
    /// images drawn a third of their size show smooth edges where a bilinear sample of four
    /// pixels steps; bilinear otherwise.
    func samplingFilter(of layer: RenderNode, for patch: ContentsLayout.Patch) -> cairo_filter_t {
        guard patch.source.width > 0, patch.source.height > 0 else { return CAIRO_FILTER_BILINEAR }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        // Device pixels per image pixel, by area.
        let userArea = Double(patch.destination.width * patch.destination.height)
        let deviceArea = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx) * userArea
        let sourceArea = Double(patch.source.width * patch.source.height)
        let magnified = deviceArea > sourceArea
        let nearest = magnified ? layer.magnifiesNearest : layer.minifiesNearest
        if nearest { return CAIRO_FILTER_NEAREST }
        return deviceArea < sourceArea / 2 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR
    }

    /// Mirrors what is drawn next about the middle of `bounds`, top for bottom: how content
    /// that reads one way up (an image, text) stays upright in a y-up plane.
    func mirrorVertically(within bounds: CGRect) {
        cairo_translate(context, 0, Double(bounds.minY + bounds.maxY))
        cairo_scale(context, 1, -1)
    }
}

extension RenderNode {
    /// `contentsScale`, or 1 where it is not a finite number above 0.
    var usableContentsScale: CGFloat {
        drawn.contentsScale.isFinite && drawn.contentsScale > 0 ? drawn.contentsScale : 1
    }

    /// The part of the `contents` image (in its pixels) that shows, and the rectangle of the
    /// bounds it is stretched to before nine-part stretching; nil without an image or when
    /// nothing shows.
    var contentsImagePlacement: (selected: CGRect, placed: CGRect)? {
        guard let image = contents else { return nil }
        return ContentsLayout.placement(
            sourceSize: CGSize(width: image.width, height: image.height), pointsPerUnit: 1 / usableContentsScale,
            bounds: drawn.bounds, gravity: drawn.contentsGravity, contentsRect: drawn.contentsRect)
    }
}
