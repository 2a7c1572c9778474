import CCairo
import Foundation
import OpenQuartzCore

/// Draws a layer tree as it is presented at one media time onto a Cairo context, in Core
/// Animation's order: background, sublayers (clipped when `masksToBounds`, through
/// `sublayerTransform`, in `zPosition` order), then the border on top; a layer with
/// `opacity` below 1 is composited as a group.
///
/// Coordinates are iOS's: the origin at the top left, y growing downwards.
struct LayerPainter {
    let context: OpaquePointer
    let time: CFTimeInterval

    /// Paints `model` (a model layer) and its sublayers with the values presented at `time`.
    func paint(_ model: CALayer) {
        let layer = model.makePresentationCopy(at: time)
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let toSuperlayer = layer.transformToSuperlayer
        // A transform that flattens the layer to a line or a point leaves nothing to see, and
        // would put the Cairo context in an error state.
        guard abs(toSuperlayer.a * toSuperlayer.d - toSuperlayer.b * toSuperlayer.c) > 1e-12 else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        apply(toSuperlayer)
        let opacity = Double(layer.opacity)
        if opacity < 1 { cairo_push_group(context) }

        let bounds = layer.bounds
        let radius = cornerRadius(of: layer)
        if let background = layer.backgroundColor, background.alpha > 0 {
            addRoundedRect(bounds, of: layer)
            setSource(background)
            cairo_fill(context)
        }
        // What the layer itself shows, between its background and its sublayers: its contents
        // image or what it drew (LayerPainter+Contents.swift), then what its class draws — a
        // shape, a gradient, text (LayerPainter+Kinds.swift).
        cairo_save(context)
        if layer.masksToBounds {
            // Apple: with masksToBounds the content is clipped to the rounded corners too.
            addRoundedRect(bounds, of: layer)
            cairo_clip(context)
        }
        paintContents(of: layer, model: model)
        paintOwnContent(of: layer)
        cairo_restore(context)
        paintSublayers(of: model, presented: layer, bounds: bounds, radius: radius)
        if layer.borderWidth > 0, let border = layer.borderColor, border.alpha > 0 {
            // The border lies inside the bounds, above the sublayers.
            let width = layer.borderWidth
            addRoundedRect(bounds, of: layer, inset: width / 2)
            setSource(border)
            cairo_set_line_width(context, Double(width))
            cairo_stroke(context)
        }

        if opacity < 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    private func paintSublayers(of model: CALayer, presented layer: CALayer, bounds: CGRect, radius: CGFloat) {
        guard let sublayers = model.sublayers else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        if layer.masksToBounds {
            addRoundedRect(bounds, of: layer)
            cairo_clip(context)
        }
        let sublayerTransform = layer.sublayerTransform
        if !CATransform3DIsIdentity(sublayerTransform) {
            // Applied about the anchor point, as `transform` is.
            let anchor = CGPoint(
                x: bounds.minX + layer.anchorPoint.x * bounds.width,
                y: bounds.minY + layer.anchorPoint.y * bounds.height)
            apply(
                CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                    .concatenating(CATransform3DGetAffineTransform(sublayerTransform))
                    .concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y)))
        }
        // Siblings are drawn in order of zPosition; equal ones keep their order (a stable sort).
        let ordered = sublayers.enumerated().sorted {
            ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
        }
        for (_, sublayer) in ordered {
            paint(sublayer)
        }
    }

    /// The corner radius drawn: at most half the shorter side, as Core Animation clamps it.
    func cornerRadius(of layer: CALayer) -> CGFloat {
        guard layer.cornerRadius.isFinite else { return 0 }
        return min(max(layer.cornerRadius, 0), min(layer.bounds.width, layer.bounds.height) / 2)
    }

    private func apply(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(
            &matrix, Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d),
            Double(transform.tx), Double(transform.ty))
        cairo_transform(context, &matrix)
    }

    private func setSource(_ color: CGColor) {
        CairoDrawing.setSource(color, in: context)
    }

    /// Adds the layer's outline to the path: `rect` (its bounds) with the corners
    /// `maskedCorners` names rounded by the drawn corner radius along `cornerCurve`
    /// (RoundedCorners.swift), moved `inset` inwards — half the border width, for the line
    /// the border strokes.
    func addRoundedRect(_ rect: CGRect, of layer: CALayer, inset: CGFloat = 0) {
        RoundedCorners(
            rect: rect, radius: cornerRadius(of: layer), corners: layer.maskedCorners, curve: layer.cornerCurve
        )
        .inset(by: inset)
        .add(to: context)
    }
}
