import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A layer's masks as its `mask` layer: added masks draw side by side; a subtracted or
/// intersected mask masks the masks before it; a subtracted mask (or an inverted added one)
/// is a very large rectangle with the path cut out by the even-odd rule.
///
/// The complete engine also draws a mask's opacity and expansion, as lottie-web does: each
/// mask's coverage times its opacity; a path grown by stroking it twice the expansion wide
/// (mitred), shrunk by stroking its outside; a subtracted mask takes away its coverage times
/// its opacity (an opaque layer with the coverage cut out by `xor`, drawn apart).
enum MaskLayers {
    static let veryLargeRect = CGRect(x: -10_000_000, y: -10_000_000, width: 20_000_000, height: 20_000_000)

    static func make(_ masks: [MaskModel], bounds: CGRect, context: AnimationContext) -> CALayer {
        let drawsAll =
            context.engine.drawsAsAfterEffects(.maskOpacity) && context.engine.drawsAsAfterEffects(.maskExpansion)
            && !masks.allSatisfy(\.isPlain)
        let composition = LayerTreeBuilder.filling(CALayer(), bounds)
        var container = LayerTreeBuilder.filling(CALayer(), bounds)
        var isFirst = true
        for mask in masks where mask.mode != .none {
            // Lighten, darken and difference draw as add (Core Animation has no counterpart).
            let usable: MaskModel.Mode = [.subtract, .intersect].contains(mask.mode) ? mask.mode : .add
            let maskLayer =
                drawsAll
                ? coverage(of: mask, subtracts: usable == .subtract, bounds: bounds, context: context)
                : plainLayer(mask, inverts: (usable == .subtract) != mask.isInverted, bounds: bounds, context: context)
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

    /// The mask's path filled opaque; with `inverts`, everything but the path.
    private static func plainLayer(_ mask: MaskModel, inverts: Bool, bounds: CGRect, context: AnimationContext)
        -> CAShapeLayer
    {
        let maskLayer = LayerTreeBuilder.filling(CAShapeLayer(), bounds)
        maskLayer.fillRule = .evenOdd
        maskLayer.addAnimation(for: .path, keyframes: mask.shape, context: context) { shape in
            path(shape, inverted: inverts)
        }
        return maskLayer
    }

    private static func path(_ shape: BezierShape, inverted: Bool) -> CGPath {
        let path = CGMutablePath()
        if inverted { path.addRect(veryLargeRect) }
        PathGeometry.append(shape, to: path)
        return path as CGPath
    }

    /// A layer whose alpha is the mask's coverage (its expanded path, or everything but it
    /// when inverted) times its opacity; for a subtracted mask, one minus that.
    private static func coverage(of mask: MaskModel, subtracts: Bool, bounds: CGRect, context: AnimationContext)
        -> CALayer
    {
        // A mask that shrinks is the complement of its complement grown.
        let shrinks = mask.expansion.keyframes.contains { $0.value < 0 }
        let grown = plainLayer(mask, inverts: mask.isInverted != shrinks, bounds: bounds, context: context)
        if mask.expansion.keyframes.contains(where: { $0.value != 0 }) {
            grown.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            grown.lineJoin = .miter
            grown.addAnimation(for: .lineWidth, keyframes: mask.expansion, context: context) {
                CGFloat(2 * abs($0))
            }
        }
        var layer: CALayer = shrinks ? complement(of: grown, bounds: bounds) : grown
        layer.addAnimation(for: .opacity, keyframes: mask.opacity, context: context) {
            Float(min(max($0, 0), 100) / 100)
        }
        if subtracts { layer = complement(of: layer, bounds: bounds) }
        return layer
    }

    /// One minus `layer`'s alpha: an opaque layer with `layer` composited by `xor`, drawn apart
    /// (`sourceOver`) so that the `xor` reaches nothing else.
    private static func complement(of layer: CALayer, bounds: CGRect) -> CALayer {
        let base = LayerTreeBuilder.filling(CAShapeLayer(), bounds)
        base.path = CGPath(rect: veryLargeRect, transform: nil)
        base.compositingFilter = "sourceOver"
        layer.compositingFilter = "xor"
        base.addSublayer(layer)
        return base
    }
}
