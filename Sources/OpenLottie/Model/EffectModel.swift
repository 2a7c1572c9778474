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

    /// Whether a value of the effect changes over time.
    var isAnimated: Bool {
        switch self {
        case .fill(let color, let opacity): color.isAnimated || opacity.isAnimated
        case .tint(let black, let white, let amount): black.isAnimated || white.isAnimated || amount.isAnimated
        case .tritone(let highlights, let midtones, let shadows):
            highlights.isAnimated || midtones.isAnimated || shadows.isAnimated
        case .gaussianBlur(let blurriness): blurriness.isAnimated
        }
    }
}
