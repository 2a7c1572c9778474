import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A value a layer computes at the frame shown, as lottie-ios's Main Thread engine computes a
/// path: an animation of the custom key ``frameKey`` carries the animation's frame, and every
/// frame drawn runs the layer's `display()` on its presentation copy, which asks the follower
/// for the value at that frame. The presentation copies carry the model's follower.
struct FrameFollower<Value> {
    /// The animation's frame (of the root composition), animated linearly over the whole animation.
    static var frameKey: String { "lottieFrame" }

    /// The value at a frame of the layer's own composition.
    let valueAtFrame: (Double) -> Value
    /// A frame of the root composition, as a frame of the layer's own.
    let localFrame: (Double) -> Double

    init(_ context: AnimationContext, valueAtFrame: @escaping (Double) -> Value) {
        self.valueAtFrame = valueAtFrame
        localFrame = context.complexTimeRemapping
    }

    /// The value at the frame `layer` (a presentation copy) shows; nil before it shows one.
    func value(shownBy layer: CALayer) -> Value? {
        (layer.value(forKey: Self.frameKey) as? Double).map { valueAtFrame(localFrame(Self.exact($0))) }
    }

    /// `frame` as the whole frame it stands for when it is within a millionth of one: the
    /// frame animation's times come back as 29.999999… for frame 30, and a trim whose start
    /// meets its end there left a round-capped dot where After Effects and lottie-web draw nothing.
    static func exact(_ frame: Double) -> Double {
        let whole = frame.rounded()
        return abs(frame - whole) < 1e-6 ? whole : frame
    }

    /// Makes `layer` follow the frames of `context`'s animation: ``frameKey`` animated from
    /// the animation's first frame to its last, linearly, over the whole animation. Answers
    /// the value at the first frame.
    func start(_ layer: CALayer, _ context: AnimationContext) -> Value {
        let frames = KeyframeGroup(keyframes: [
            Keyframe(time: context.startFrame, value: context.startFrame),
            Keyframe(time: context.endFrame, value: context.endFrame),
        ])
        layer.setValue(context.startFrame, forKey: Self.frameKey)
        layer.addAnimation(
            for: AnimatedProperty(keyPath: Self.frameKey, defaultValue: nil), keyframes: frames,
            context: context.withoutTimeRemapping()
        ) { $0 }
        return valueAtFrame(localFrame(context.startFrame))
    }
}

/// A shape layer whose path is computed at the frame shown (``FrameFollower``), as lottie-ios's
/// Main Thread engine computes a path. The model layer shows the first frame's path.
final class FramePathShapeLayer: CAShapeLayer {
    var follower: FrameFollower<CGPath>?

    override init() {
        super.init()
    }

    /// The presentation copy (``CALayer`` makes the copies of this package's classes here),
    /// with the model's way to its path.
    required init?(coder: NSCoder) {
        follower = ((coder as? LayerCreationCoder)?.model as? FramePathShapeLayer)?.follower
        super.init(coder: coder)
    }

    override init(layer: Any) {
        follower = (layer as? FramePathShapeLayer)?.follower
        super.init(layer: layer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == FrameFollower<CGPath>.frameKey || super.needsDisplay(forKey: key)
    }

    override func display() {
        if let path = follower?.value(shownBy: self) { self.path = path }
    }

    /// Makes the layer follow the frames of `context`'s animation, its path from `pathAtFrame`.
    func follow(_ context: AnimationContext, pathAtFrame: @escaping (Double) -> CGPath) {
        let follower = FrameFollower(context, valueAtFrame: pathAtFrame)
        self.follower = follower
        path = follower.start(self, context)
    }
}
