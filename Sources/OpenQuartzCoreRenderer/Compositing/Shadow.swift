import CCairo
import Foundation
import OpenQuartzCore

/// A layer's shadow, when it shows: Core Animation draws none unless `shadowOpacity` is above
/// 0 and `shadowColor` is not clear.
struct Shadow {
    let color: RenderColor
    let opacity: Double
    let offset: CGSize
    /// The standard deviation of the Gaussian blur, in the layer's points: `shadowRadius`.
    ///
    /// Apple does not define the blur; design tools that export to Core Animation treat
    /// `shadowRadius` as half of a CSS blur length, whose standard deviation is half the
    /// length, which makes the standard deviation `shadowRadius` itself.
    let sigma: CGFloat

    /// A shadow cast by drawing recorded under `CGContext.setShadow(offset:blur:color:)`: the
    /// colour's own alpha, nothing more.
    init(color: RenderColor, offset: CGSize, sigma: CGFloat) {
        self.color = color
        opacity = 1
        self.offset = offset
        self.sigma = sigma
    }

    init?(of layer: borrowing RenderNode) {
        guard let color = layer.drawn.shadowColor, color.alpha > 0, layer.drawn.shadowOpacity > 0 else { return nil }
        self.color = color
        opacity = min(Double(layer.drawn.shadowOpacity), 1)
        offset = layer.drawn.shadowOffset
        sigma = layer.drawn.shadowRadius.isFinite ? max(layer.drawn.shadowRadius, 0) : 0
    }
}
