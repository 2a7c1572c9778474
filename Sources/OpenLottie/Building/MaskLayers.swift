import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A layer's masks as its `mask` layer: added masks draw side by side; a subtracted or
/// intersected mask masks the masks before it; a subtracted mask (or an inverted added one)
/// is a very large rectangle with the path cut out by the even-odd rule.
enum MaskLayers {
    static let veryLargeRect = CGRect(x: -10_000_000, y: -10_000_000, width: 20_000_000, height: 20_000_000)

    static func make(_ masks: [MaskModel], bounds: CGRect, context: AnimationContext) -> CALayer {
        let composition = LayerTreeBuilder.filling(CALayer(), bounds)
        var container = LayerTreeBuilder.filling(CALayer(), bounds)
        var isFirst = true
        for mask in masks where mask.mode != .none {
            let maskLayer = LayerTreeBuilder.filling(CAShapeLayer(), bounds)
            maskLayer.fillRule = .evenOdd
            // Lighten, darken and difference draw as add (Core Animation has no counterpart).
            let usable: MaskModel.Mode = [.subtract, .intersect].contains(mask.mode) ? mask.mode : .add
            let inverts = (usable == .subtract && !mask.isInverted) || (usable == .add && mask.isInverted)
            maskLayer.addAnimation(for: .path, keyframes: mask.shape, context: context) { shape in
                let path = CGMutablePath()
                if inverts { path.addRect(veryLargeRect) }
                PathGeometry.append(shape, to: path)
                return path as CGPath
            }
            if usable == .add || isFirst {
                isFirst = false
                container.addSublayer(maskLayer)
            } else {
                container.mask = maskLayer
                let outer = LayerTreeBuilder.filling(CALayer(), bounds)
                outer.addSublayer(container)
                container = outer
            }
        }
        composition.addSublayer(container)
        return composition
    }
}
