import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A shape layer whose path is computed at the frame shown, as lottie-ios's Main Thread engine
/// computes a path: an animation of the custom key ``frameKey`` carries the animation's frame,
/// and every frame drawn runs ``display()`` on the presentation copy, which sets the path for
/// that frame. The model layer shows the first frame's path.
final class FramePathShapeLayer: CAShapeLayer {
    /// The animation's frame (of the root composition), animated linearly over the whole animation.
    static let frameKey = "lottieFrame"
    static let frameProperty = AnimatedProperty(keyPath: frameKey, defaultValue: nil)

    /// The path at a frame of the layer's own composition.
    var pathAtFrame: ((Double) -> CGPath)?
    /// A frame of the root composition, as a frame of the layer's own.
    var localFrame: (Double) -> Double = { $0 }

    override init() {
        super.init()
    }

    /// The presentation copy (``CALayer`` makes the copies of this package's classes here),
    /// with the model's way to its path.
    required init?(coder: NSCoder) {
        if let model = (coder as? LayerCreationCoder)?.model as? FramePathShapeLayer {
            pathAtFrame = model.pathAtFrame
            localFrame = model.localFrame
        }
        super.init(coder: coder)
    }

    override init(layer: Any) {
        if let model = layer as? FramePathShapeLayer {
            pathAtFrame = model.pathAtFrame
            localFrame = model.localFrame
        }
        super.init(layer: layer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == frameKey || super.needsDisplay(forKey: key)
    }

    override func display() {
        guard let pathAtFrame, let frame = value(forKey: Self.frameKey) as? Double else { return }
        path = pathAtFrame(localFrame(frame))
    }

    /// Makes the layer follow the frames of `context`'s animation, its path from `pathAtFrame`.
    func follow(_ context: AnimationContext, pathAtFrame: @escaping (Double) -> CGPath) {
        self.pathAtFrame = pathAtFrame
        localFrame = context.complexTimeRemapping
        addFrameAnimation(context)
        path = pathAtFrame(localFrame(context.startFrame))
    }
}
