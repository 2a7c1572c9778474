import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// After Effects' Stroke effect as the complete engine draws it, as lottie-web's SVG renderer
/// does: each mask's path stroked with round caps and joins, twice the brush size wide, from
/// the start to the end (the smaller to the larger, percent of its length), with dabs the
/// spacing apart (dashes of 1 point, 2 × brush size × spacing % apart, first values). The
/// effect draws after the masks, so the stroke is not clipped by them: the layer's content
/// moves into a layer of its own, which the masks clip. Brush hardness is not drawn (a hard
/// brush).
enum StrokeEffectLayers {
    static func apply(
        _ strokes: [StrokeEffect], masks: [MaskModel], to layer: CALayer, context: AnimationContext
    ) {
        let content = LayerTreeBuilder.filling(CALayer(), layer.bounds)
        content.name = "content"
        for sublayer in layer.sublayers ?? [] { content.addSublayer(sublayer) }
        content.mask = layer.mask
        layer.mask = nil
        var showsContent = true
        var painted: [CALayer] = []
        for stroke in strokes {
            let stroked = stroke.allMasks ? masks : (masks.indices.contains(stroke.mask - 1) ? [masks[stroke.mask - 1]] : [])
            let strokeLayers = stroked.map { Self.strokeLayer(stroke, mask: $0, bounds: layer.bounds, context: context) }
            switch stroke.paintStyle {
            case .onOriginalImage:
                painted += strokeLayers
            case .onTransparent:
                showsContent = false
                painted += strokeLayers
            case .revealOriginalImage:
                let reveal = LayerTreeBuilder.filling(CALayer(), layer.bounds)
                for strokeLayer in strokeLayers { reveal.addSublayer(strokeLayer) }
                let revealed = LayerTreeBuilder.filling(CALayer(), layer.bounds)
                revealed.addSublayer(content)
                revealed.mask = reveal
                layer.addSublayer(revealed)
                showsContent = false
            }
        }
        if showsContent { layer.insertSublayer(content, at: 0) }
        for strokeLayer in painted { layer.addSublayer(strokeLayer) }
    }

    private static func strokeLayer(_ stroke: StrokeEffect, mask: MaskModel, bounds: CGRect, context: AnimationContext)
        -> CAShapeLayer
    {
        let layer = LayerTreeBuilder.filling(CAShapeLayer(), bounds)
        layer.fillColor = nil
        layer.lineCap = .round
        layer.lineJoin = .round
        layer.addAnimation(for: .path, keyframes: mask.shape, context: context) { PathGeometry.cgPath($0) }
        let scale = stroke.color.colorScale
        layer.addAnimation(for: .strokeColor, keyframes: stroke.color, context: context) { $0.cgColor(scale) }
        layer.addAnimation(for: .lineWidth, keyframes: stroke.brushSize, context: context) { CGFloat($0 * 2) }
        layer.addAnimation(for: .opacity, keyframes: stroke.opacity, context: context) { CGFloat($0) }
        let ends = CombinedKeyframes.combine([ErasedKeyframes(stroke.start), ErasedKeyframes(stroke.end)]) { values in
            let start = values[0] as? Double ?? 0
            let end = values[1] as? Double ?? 100
            return LottieVector([min(start, end) / 100, max(start, end) / 100])
        }
        layer.addAnimation(for: .strokeStart, keyframes: ends, context: context) { CGFloat(min(max($0[0], 0), 1)) }
        layer.addAnimation(for: .strokeEnd, keyframes: ends, context: context) { CGFloat(min(max($0[1], 0), 1)) }
        let gap = 2 * stroke.brushSize.first * stroke.spacing.first / 100
        // Dabs closer than half a point overlap into a plain line.
        if gap >= 0.5 { layer.lineDashPattern = [1, NSNumber(value: gap)] }
        return layer
    }
}
