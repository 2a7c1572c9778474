import Foundation

/// An effect of a layer (`ef`) that the complete engine draws, with Bodymovin's values. The
/// drop shadow is ``DropShadowModel``, which every engine draws.
enum EffectModel: Sendable {
    /// Fill: every pixel the layer paints in `color`, its alpha times `opacity` (0…1).
    case fill(color: KeyframeGroup<LottieVector>, opacity: KeyframeGroup<Double>)
    /// Tint: the layer's grey levels mapped from `black` to `white`, mixed with its colours by
    /// `amount` (percent).
    case tint(black: KeyframeGroup<LottieVector>, white: KeyframeGroup<LottieVector>, amount: KeyframeGroup<Double>)
    /// Tritone: the grey levels mapped through `shadows`, `midtones` and `highlights`.
    case tritone(
        highlights: KeyframeGroup<LottieVector>, midtones: KeyframeGroup<LottieVector>,
        shadows: KeyframeGroup<LottieVector>)
    /// Gaussian blur: a standard deviation of 0.3 × `blurriness` points, as lottie-web draws it.
    case gaussianBlur(blurriness: KeyframeGroup<Double>)
    /// Stroke: the layer's masks' paths stroked (``StrokeEffect``), drawn by layers rather than
    /// a filter.
    case stroke(StrokeEffect)

    /// The effect's type as Bodymovin writes it (`ef[].ty`), as ``LottieFeature/effect(_:)``
    /// names it: tint 20, fill 21, stroke 22, tritone 23, gaussian blur 29.
    var bodymovinType: Int {
        switch self {
        case .tint: 20
        case .fill: 21
        case .stroke: 22
        case .tritone: 23
        case .gaussianBlur: 29
        }
    }

    /// Whether a value of the effect changes over time.
    var isAnimated: Bool {
        switch self {
        case .fill(let color, let opacity): color.isAnimated || opacity.isAnimated
        case .tint(let black, let white, let amount): black.isAnimated || white.isAnimated || amount.isAnimated
        case .tritone(let highlights, let midtones, let shadows):
            highlights.isAnimated || midtones.isAnimated || shadows.isAnimated
        case .gaussianBlur(let blurriness): blurriness.isAnimated
        // Its layers animate by themselves.
        case .stroke: false
        }
    }
}

/// After Effects' Stroke effect: a mask's path (or every mask's) stroked with a round brush
/// `brushSize` points in radius, from `start` to `end` percent of its length, in `color` at
/// `opacity` (0…1); the brush's dabs `spacing` percent of its diameter apart.
struct StrokeEffect: Sendable {
    enum PaintStyle: Int {
        /// Over the layer.
        case onOriginalImage = 1
        /// Alone: the layer's own pixels are not drawn.
        case onTransparent
        /// The layer's own pixels where the stroke is, nothing elsewhere.
        case revealOriginalImage
    }

    /// The mask stroked, from 1; ignored when `allMasks` is set.
    var mask: Int
    var allMasks: Bool
    var color: KeyframeGroup<LottieVector>
    var brushSize: KeyframeGroup<Double>
    var opacity: KeyframeGroup<Double>
    var start: KeyframeGroup<Double>
    var end: KeyframeGroup<Double>
    var spacing: KeyframeGroup<Double>
    var paintStyle: PaintStyle
}
