import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws what the layer's class shows of its own: a shape (LayerPainter+Shapes.swift), a
    /// gradient (LayerPainter+Gradients.swift) or text (LayerPainter+Text.swift). Called with
    /// the presentation copy, in the layer's bounds coordinates, after its contents and before
    /// its sublayers — where `CAShapeLayer.h` puts the shape ("composited between the layer's
    /// contents and its first sublayer"). `upsideDown` (the snapshot's
    /// ``LayerSnapshot/isUpsideDown``) keeps text upright in a y-up plane.
    func paintOwnContent(of layer: CALayer, upsideDown: Bool = false) {
        switch layer {
        case let shape as CAShapeLayer: paintShape(shape)
        case let gradient as CAGradientLayer: paintGradient(gradient)
        case let text as CATextLayer: paintText(text, upsideDown: upsideDown)
        default: break
        }
    }

    /// Sets a solid colour, its alpha scaled by `scale`, as the source.
    func setSourceColor(_ color: CGColor, alpha scale: Double = 1) {
        let rgba = color.rgba
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha * scale)
    }
}
