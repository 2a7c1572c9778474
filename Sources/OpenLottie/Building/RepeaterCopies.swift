import Foundation
import OpenQuartzCore

/// A repeater's copies as the complete engine draws them, as lottie-web draws them: copy k has
/// the repeater's transform k + offset times (its position that many times, its rotation and
/// scale about its anchor point that many times), and shows while k is below the number of
/// copies rounded up. With `m` 1 the first copy is in front and has the start opacity, the
/// last the end opacity; with `m` 2 the last copy is in front, and the opacities run from it.
struct RepeaterCopies {
    let repeater: ShapeItem.Repeater
    let context: AnimationContext
    let bounds: CGRect

    /// The most copies drawn.
    static let limit = 1_000

    func add(to layer: CALayer, _ make: () -> [CALayer]) {
        let counts = repeater.copies.keyframes.map { min(max(Int($0.value.rounded(.up)), 0), Self.limit) }
        let most = counts.max() ?? 0
        var copies: [CALayer] = []
        for index in 0..<most {
            for group in make() {
                let copy = LayerTreeBuilder.filling(CALayer(), bounds)
                copy.addSublayer(group)
                addTransform(index: index, to: copy)
                addOpacity(index: index, to: copy)
                if repeater.copies.isAnimated {
                    // Sampled every tenth of a frame: a copy shows from where the count passes it.
                    let hidden = CombinedKeyframes.combine([ErasedKeyframes(repeater.copies)], sampled: true) {
                        values -> Double in
                        Double(index) >= (values[0] as? Double ?? 0).rounded(.up) ? 1 : 0
                    }
                    copy.addAnimation(for: .isHidden, keyframes: hidden, context: context) { $0 != 0 }
                }
                copies.append(copy)
            }
        }
        for copy in repeater.firstCopyInFront ? copies.reversed() : copies { layer.addSublayer(copy) }
    }

    /// Copy `index`'s transform: position × (index + offset), about the anchor point rotation ×
    /// (index + offset) and scale to the power (index + offset).
    private func addTransform(index: Int, to layer: CALayer) {
        let times = { (offset: Any) in Double(index) + (offset as? Double ?? 0) }
        var transform = TransformModel.identity
        transform.anchor = repeater.anchor
        transform.position = CombinedKeyframes.combine(
            [ErasedKeyframes(repeater.offset), ErasedKeyframes(repeater.position), ErasedKeyframes(repeater.anchor)]
        ) { values -> LottieVector in
            let position = values[1] as? LottieVector ?? LottieVector([0, 0])
            let anchor = values[2] as? LottieVector ?? LottieVector([0, 0])
            let n = times(values[0])
            return LottieVector([anchor.x + position.x * n, anchor.y + position.y * n])
        }
        transform.rotation = CombinedKeyframes.combine(
            [ErasedKeyframes(repeater.offset), ErasedKeyframes(repeater.rotation)]
        ) { values in (values[1] as? Double ?? 0) * times(values[0]) }
        transform.scale = CombinedKeyframes.combine(
            [ErasedKeyframes(repeater.offset), ErasedKeyframes(repeater.scale)]
        ) { values -> LottieVector in
            let scale = values[1] as? LottieVector ?? LottieVector([100, 100])
            let n = times(values[0])
            return LottieVector([100 * pow(scale.x / 100, n), 100 * pow(scale.y / 100, n)])
        }
        TransformAnimations.add(transform, to: layer, context: context, allowsSkew: false)
    }

    /// Copy `index`'s opacity, from the start opacity to the end opacity along the copies (from
    /// the last copy when it is in front, as lottie-web counts them).
    private func addOpacity(index: Int, to layer: CALayer) {
        let firstInFront = repeater.firstCopyInFront
        let opacity = CombinedKeyframes.combine(
            [
                ErasedKeyframes(repeater.startOpacity), ErasedKeyframes(repeater.endOpacity),
                ErasedKeyframes(repeater.copies),
            ]
        ) { values -> Double in
            let start = values[0] as? Double ?? 100
            let end = values[1] as? Double ?? 100
            let count = (values[2] as? Double ?? 1).rounded(.up)
            let step = firstInFront ? Double(index) : count - 1 - Double(index)
            return count > 1 ? start + (end - start) * step / (count - 1) : start
        }
        guard opacity.keyframes.contains(where: { $0.value != 100 }) else { return }
        layer.addAnimation(for: .opacity, keyframes: opacity, context: context) { Float(min(max($0, 0), 100) / 100) }
    }
}
