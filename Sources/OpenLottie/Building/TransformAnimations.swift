import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A Lottie transform as Core Animation animates it: `transform.translation` (along the
/// position's path), `anchorPoint` (a fraction of the layer's bounds), `transform.scale.x/y`
/// and `transform.rotation.z`; a skewed transform as one `transform` animation.
enum TransformAnimations {
    /// Layers' transforms carry no skew in lottie-ios (only shape groups' do): `allowsSkew`
    /// is false for them.
    static func add(_ transform: TransformModel, to layer: CALayer, context: AnimationContext, allowsSkew: Bool) {
        if (allowsSkew && transform.hasSkew) || transform.hasNegativeXScale {
            addCombined(transform, to: layer, context: context, allowsSkew: allowsSkew)
            return
        }
        if let position = transform.position {
            layer.addAnimation(for: .position, keyframes: position, context: context) { $0.point }
        } else if let x = transform.positionX, let y = transform.positionY {
            layer.addAnimation(for: .positionX, keyframes: x, context: context) { CGFloat($0) }
            layer.addAnimation(for: .positionY, keyframes: y, context: context) { CGFloat($0) }
        }
        let size = layer.bounds.size
        if size.width > 0, size.height > 0 {
            layer.addAnimation(for: .anchorPoint, keyframes: transform.anchor, context: context) { anchor in
                CGPoint(x: anchor.x / size.width, y: anchor.y / size.height)
            }
        }
        layer.addAnimation(for: .scaleX, keyframes: transform.scale, context: context) { CGFloat($0.x / 100) }
        layer.addAnimation(for: .scaleY, keyframes: transform.scale, context: context) { CGFloat($0.y / 100) }
        layer.addAnimation(for: .rotationZ, keyframes: transform.rotation, context: context) { CGFloat($0 * .pi / 180) }
    }

    /// Skew has no key path of its own, and separate scale animations lose a mirror's sign:
    /// every component is combined into one transform (a layer's transforms carry no skew),
    /// worked out frame by frame when the skew moves (Apple's pictures of issue_2055's turning
    /// skew axes, which an interpolation between two matrices would leave still). A hold
    /// followed by an eased keyframe then shows the layer's model transform, the identity, as
    /// Apple's pictures of issue_2066's mirrored face show.
    private static func addCombined(
        _ transform: TransformModel, to layer: CALayer, context: AnimationContext, allowsSkew: Bool
    ) {
        let none = KeyframeGroup<Double>(0)
        let combined = CombinedKeyframes.combine(
            [
                ErasedKeyframes(transform.anchor),
                ErasedKeyframes(transform.position ?? KeyframeGroup(LottieVector([0, 0]))),
                ErasedKeyframes(transform.positionX ?? none), ErasedKeyframes(transform.positionY ?? none),
                ErasedKeyframes(transform.scale), ErasedKeyframes(transform.rotation),
                ErasedKeyframes(allowsSkew ? transform.skew : none),
                ErasedKeyframes(allowsSkew ? transform.skewAxis : none),
            ],
            sampled: allowsSkew && transform.hasSkewAnimation
        ) { values -> LottieVector in
            let anchor = values[0] as? LottieVector ?? LottieVector([])
            var position = values[1] as? LottieVector ?? LottieVector([])
            if transform.position == nil {
                position = LottieVector([values[2] as? Double ?? 0, values[3] as? Double ?? 0])
            }
            let scale = values[4] as? LottieVector ?? LottieVector([100, 100])
            return LottieVector([
                anchor.x, anchor.y, position.x, position.y, scale.x, scale.y, values[5] as? Double ?? 0,
                values[6] as? Double ?? 0, values[7] as? Double ?? 0,
            ])
        }
        layer.addAnimation(for: .transform, keyframes: combined, context: context) { parts in
            makeTransform(
                anchor: CGPoint(x: parts[0], y: parts[1]), position: CGPoint(x: parts[2], y: parts[3]),
                scale: CGSize(width: parts[4] / 100, height: parts[5] / 100), rotation: parts[6], skew: parts[7],
                skewAxis: parts[8])
        }
    }

    /// position · rotation · skew · scale · −anchor, as After Effects composes a transform.
    static func makeTransform(
        anchor: CGPoint, position: CGPoint, scale: CGSize, rotation: Double, skew: Double, skewAxis: Double
    ) -> CATransform3D {
        var result = CATransform3DMakeTranslation(position.x, position.y, 0)
        result = CATransform3DRotate(result, rotation * .pi / 180, 0, 0, 1)
        if skew != 0 {
            let axis = skewAxis * .pi / 180
            let shear = tan(-skew * .pi / 180)
            var skewMatrix = CATransform3DIdentity
            skewMatrix.m21 = shear
            let rotateAxis = CATransform3DMakeRotation(axis, 0, 0, 1)
            let unrotateAxis = CATransform3DMakeRotation(-axis, 0, 0, 1)
            result = CATransform3DConcat(
                CATransform3DConcat(unrotateAxis, CATransform3DConcat(skewMatrix, rotateAxis)), result)
        }
        result = CATransform3DScale(result, scale.width, scale.height, 1)
        result = CATransform3DTranslate(result, -anchor.x, -anchor.y, 0)
        return result
    }
}
