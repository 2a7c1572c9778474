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
        cairo_push_group_with_content(context, CAIRO_CONTENT_ALPHA)
        paint(mask, through: nodes[mask].transformToSuperlayer3D)
        let alpha = cairo_pop_group(context)!
        cairo_set_source(context, content)
        cairo_mask(context, alpha)
        cairo_pattern_destroy(alpha)
        cairo_pattern_destroy(content)
    }
}
