import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import Synchronization

/// A character of text that text animators move, drawn as it is at the frame shown
/// (``FrameFollower``): its transform, and its opacity, colours and stroke width where an
/// animator changes them, are worked out for each frame drawn rather than made into keyframes,
/// so that long text costs nothing per frame before it is drawn.
final class FrameLetterLayer: CAShapeLayer {
    /// What the letter takes from its state: the glyph's scale, and which of its paints move.
    struct Drawing {
        var follower: FrameFollower<LottieVector>
        var glyphScale: Double
        var changesOpacity: Bool
        var changesFill: Bool
        var changesStroke: Bool
    }

    var drawing: Drawing?

    override init() {
        super.init()
    }

    /// The presentation copy, with the model's drawing.
    required init?(coder: NSCoder) {
        drawing = ((coder as? LayerCreationCoder)?.model as? FrameLetterLayer)?.drawing
        super.init(coder: coder)
    }

    override init(layer: Any) {
        drawing = (layer as? FrameLetterLayer)?.drawing
        super.init(layer: layer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == FrameFollower<LottieVector>.frameKey || super.needsDisplay(forKey: key)
    }

    override func display() {
        guard let drawing, let state = drawing.follower.value(shownBy: self) else { return }
        apply(state, drawing)
    }

    /// Follows the frames of `context`'s animation, its state at each from `stateAtFrame`
    /// (``TextAnimation/state(ofLetter:values:trackingOffset:)``'s 24 numbers).
    func follow(
        _ context: AnimationContext, glyphScale: Double, changesOpacity: Bool, changesFill: Bool, changesStroke: Bool,
        stateAtFrame: @escaping (Double) -> LottieVector
    ) {
        let drawing = Drawing(
            follower: FrameFollower(context, valueAtFrame: stateAtFrame), glyphScale: glyphScale,
            changesOpacity: changesOpacity, changesFill: changesFill, changesStroke: changesStroke)
        self.drawing = drawing
        apply(drawing.follower.start(self, context), drawing)
    }

    private func apply(_ state: LottieVector, _ drawing: Drawing) {
        let scale = drawing.glyphScale
        transform = CATransform3DConcat(CATransform3DMakeScale(scale, scale, 1), ThreeDScene.matrix(from: state))
        if drawing.changesOpacity { opacity = Float(min(max(state[16], 0), 1)) }
        if drawing.changesFill, fillColor != nil {
            fillColor = CGColor(red: state[17], green: state[18], blue: state[19], alpha: 1)
        }
        if drawing.changesStroke, strokeColor != nil {
            strokeColor = CGColor(red: state[20], green: state[21], blue: state[22], alpha: 1)
            lineWidth = CGFloat(state[23] / scale)
        }
    }
}

/// Every letter's state at one frame, worked out once for all of a text's letters and kept
/// for the frame being drawn (its layers are drawn one after another, on any thread).
final class LetterStates: Sendable {
    private let compute: @Sendable (Double) -> [LottieVector]
    private let last = Mutex<(frame: Double, states: [LottieVector])?>(nil)

    init(_ compute: @escaping @Sendable (Double) -> [LottieVector]) {
        self.compute = compute
    }

    func state(ofLetter index: Int, atFrame frame: Double) -> LottieVector {
        if let cached = last.withLock({ $0?.frame == frame ? $0?.states[index] : nil }) { return cached }
        let states = compute(frame)
        last.withLock { $0 = (frame, states) }
        return states[index]
    }
}
