import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws one patch of a layer's recorded drawing: the part `patch.source` of its canvas
    /// (in the recording's points, from the canvas's top-left corner), stretched to
    /// `patch.destination`.
    ///
    /// The canvas is the backing store `draw(in:)` drew into: the recording's size, its
    /// top-left corner at `origin` in the recording's coordinates. Nothing outside it shows,
    /// as nothing drawn outside a backing store survives; unlike an image's edge pixels, a
    /// drawing is not extended beyond its canvas. With `asGroup`, the patch is first drawn
    /// into a group of its own and then painted with the current operator, so that overlapping
    /// shapes within it still cover one another while neighbouring patches add up. It clips
    /// the context: the caller saves and restores around it.
    func paintRecording(
        _ drawing: CGContext, origin: CGPoint, patch: ContentsLayout.Patch, images: ImageSurfaceCache, asGroup: Bool
    ) {
        let source = patch.source
        let destination = patch.destination
        CairoDrawing.rectangle(destination, in: context)
        cairo_clip(context)
        if asGroup { cairo_push_group(context) }
        cairo_save(context)
        cairo_translate(context, Double(destination.minX), Double(destination.minY))
        cairo_scale(context, Double(destination.width / source.width), Double(destination.height / source.height))
        cairo_translate(context, -Double(source.minX + origin.x), -Double(source.minY + origin.y))
        CairoDrawing.rectangle(CGRect(origin: origin, size: drawing.size), in: context)
        cairo_clip(context)
        ContextPlayback(context: context, resources: resources).play(drawing.operations)
        cairo_restore(context)
        if asGroup {
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
    }
}
