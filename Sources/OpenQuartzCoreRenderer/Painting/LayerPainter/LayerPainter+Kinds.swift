import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws what the layer's class shows of its own: a shape (LayerPainter+Shapes.swift), a
    /// gradient (LayerPainter+Gradients.swift) or text (LayerPainter+Text.swift). Called with
    /// the layer's node, in the layer's bounds coordinates, after its contents and before
    /// its sublayers — where `CAShapeLayer.h` puts the shape ("composited between the layer's
    /// contents and its first sublayer"). `upsideDown` (the snapshot's
    /// ``LayerSnapshot/isUpsideDown``) keeps text upright in a y-up plane.
    func paintOwnContent(of layer: RenderNode, upsideDown: Bool = false) {
        switch layer.kind {
        case .shape(let shape): paintShape(shape)
        case .gradient(let gradient): paintGradient(gradient, of: layer)
        case .text(let text): paintText(text, bounds: layer.drawn.bounds, upsideDown: upsideDown)
        default: break
        }
    }

    /// Sets a solid colour, its alpha scaled by `scale`, as the source.
    func setSourceColor(_ color: CGColor, alpha scale: Double = 1) {
        let rgba = color.rgba
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha * scale)
    }

    /// A node's colour as the source (the same numbers as its `CGColor`'s).
    func setSourceColor(_ color: RenderColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }
}
