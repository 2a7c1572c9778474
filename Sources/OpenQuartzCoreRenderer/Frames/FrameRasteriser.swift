import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// Paints one captured frame into a bitmap.
enum FrameRasteriser {
    /// Draws `frame` into `bitmap`, over `background` (nil: transparent): all of it, or with
    /// `region` only those boxes of pixels, the rest of the bitmap keeping the frame before
    /// (none: nothing changed).
    static func draw(
        _ frame: CapturedFrame?, into bitmap: Bitmap, bounds: CGRect, scale: CGFloat, resources: RenderResources,
        region: [PixelBox]? = nil, background: CGColor? = nil
    ) {
        if let region, region.isEmpty { return }
        resources.contents.beginFrame()
        let context = cairo_create(bitmap.surface)!
        defer { cairo_destroy(context) }
        if let region {
            for box in region {
                cairo_rectangle(
                    context, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX),
                    Double(box.maxY - box.minY))
            }
            cairo_clip(context)
        }
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        if let background {
            CairoDrawing.setSource(background, in: context)
            cairo_paint(context)
        }
        guard let frame, let snapshot = frame.root else { return }
        cairo_scale(context, Double(scale), Double(scale))
        cairo_translate(context, -Double(bounds.minX), -Double(bounds.minY))
        DeepStack.run(depth: snapshot.depth) {
            var painter = LayerPainter(context: context, resources: resources, nodes: frame.nodes)
            painter.clipsLayers = region != nil
            painter.paint(snapshot, through: frame.nodes[snapshot].transformToSuperlayer3D)
        }
    }
}
