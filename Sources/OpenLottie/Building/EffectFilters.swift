import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A layer's effects as the complete engine draws them: `CAFilter`s in the layer's `filters`,
/// which the renderer applies to the layer, its sublayers and its masks, in the file's order
/// (After Effects applies masks, then effects, then the transform).
enum EffectFilters {
    /// Sets `layer`'s filters to `effects`' values; when a value is animated the layer (a
    /// ``FrameFilterLayer``) sets them at every frame drawn.
    static func apply(_ effects: [EffectModel], to layer: CALayer, context: AnimationContext) {
        guard let frameLayer = layer as? FrameFilterLayer else {
            layer.filters = filters(effects, at: 0)
            return
        }
        frameLayer.follow(context) { frame in filters(effects, at: frame) }
    }

    /// Whether `effects` need a ``FrameFilterLayer`` to be drawn.
    static func needFrames(_ effects: [EffectModel]) -> Bool {
        effects.contains(where: \.isAnimated)
    }

    /// The filters of `effects` at `frame` of their layer's composition.
    static func filters(_ effects: [EffectModel], at frame: Double) -> [CAFilter] {
        effects.enumerated().compactMap { index, effect in
            let filter: CAFilter
            switch effect {
            case .stroke:
                return nil
            case .fill(let color, let opacity):
                let c = color.value(at: frame)
                filter = CAFilter(type: "colorMatrix")
                filter.setValue(
                    [0, 0, 0, 0, c[0], 0, 0, 0, 0, c[1], 0, 0, 0, 0, c[2], 0, 0, 0, opacity.value(at: frame), 0],
                    forKey: "inputColorMatrix")
            case .tint(let black, let white, let amount):
                filter = CAFilter(type: "falseColor")
                filter.setValue(black.value(at: frame).cgColor(1), forKey: "inputColor0")
                filter.setValue(white.value(at: frame).cgColor(1), forKey: "inputColor1")
                filter.setValue(amount.value(at: frame) / 100, forKey: "inputAmount")
            case .tritone(let highlights, let midtones, let shadows):
                filter = CAFilter(type: "falseColor")
                filter.setValue(shadows.value(at: frame).cgColor(1), forKey: "inputColor0")
                filter.setValue(midtones.value(at: frame).cgColor(1), forKey: "inputColor1")
                filter.setValue(highlights.value(at: frame).cgColor(1), forKey: "inputColor2")
            case .gaussianBlur(let blurriness):
                filter = CAFilter(type: "gaussianBlur")
                filter.setValue(0.3 * blurriness.value(at: frame), forKey: "inputRadius")
            }
            filter.name = "effect\(index)"
            return filter
        }
    }
}

/// A Lottie layer whose filters are set at the frame shown (``FrameFollower``), as
/// ``FramePathShapeLayer`` sets its path.
final class FrameFilterLayer: CALayer {
    var follower: FrameFollower<[CAFilter]>?

    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        follower = ((coder as? LayerCreationCoder)?.model as? FrameFilterLayer)?.follower
        super.init(coder: coder)
    }

    override init(layer: Any) {
        follower = (layer as? FrameFilterLayer)?.follower
        super.init(layer: layer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == FrameFollower<[CAFilter]>.frameKey || super.needsDisplay(forKey: key)
    }

    override func display() {
        if let filters = follower?.value(shownBy: self) { self.filters = filters }
    }

    /// Makes the layer follow the frames of `context`'s animation, its filters from `filtersAtFrame`.
    func follow(_ context: AnimationContext, filtersAtFrame: @escaping (Double) -> [CAFilter]) {
        let follower = FrameFollower(context, valueAtFrame: filtersAtFrame)
        self.follower = follower
        filters = follower.start(self, context)
    }
}
