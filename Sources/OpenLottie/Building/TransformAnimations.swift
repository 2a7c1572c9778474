import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A Lottie transform as Core Animation animates it: `transform.translation` (along the
/// position's path), `anchorPoint` (a fraction of the layer's bounds), `transform.scale.x/y`
/// and `transform.rotation.z`; a skewed or mirrored transform, or one turning about x or y, as
/// one `transform` animation.
enum TransformAnimations {
    /// Layers' transforms carry no skew in lottie-ios (only shape groups' do): `allowsSkew`
    /// is false for them.
    static func add(_ transform: TransformModel, to layer: CALayer, context: AnimationContext, allowsSkew: Bool) {
        if (allowsSkew && transform.hasSkew) || transform.hasNegativeXScale || transform.turnsAboutXOrY {
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
        var combined = CombinedKeyframes.combine(
            [
                ErasedKeyframes(transform.anchor),
                ErasedKeyframes(transform.position ?? KeyframeGroup(LottieVector([0, 0]))),
                ErasedKeyframes(transform.positionX ?? none), ErasedKeyframes(transform.positionY ?? none),
                ErasedKeyframes(transform.scale), ErasedKeyframes(transform.rotation),
                ErasedKeyframes(allowsSkew ? transform.skew : none),
                ErasedKeyframes(allowsSkew ? transform.skewAxis : none),
                ErasedKeyframes(transform.rotationX), ErasedKeyframes(transform.rotationY),
            ],
            sampled: (allowsSkew && transform.hasSkewAnimation) || transform.rotationX.isAnimated
                || transform.rotationY.isAnimated
        ) { values -> LottieVector in
            let anchor = values[0] as? LottieVector ?? LottieVector([])
            var position = values[1] as? LottieVector ?? LottieVector([])
            if transform.position == nil {
                position = LottieVector([values[2] as? Double ?? 0, values[3] as? Double ?? 0])
            }
            let scale = values[4] as? LottieVector ?? LottieVector([100, 100])
            return LottieVector([
                anchor.x, anchor.y, position.x, position.y, scale.x, scale.y, values[5] as? Double ?? 0,
                values[6] as? Double ?? 0, values[7] as? Double ?? 0, values[8] as? Double ?? 0,
                values[9] as? Double ?? 0,
            ])
        }
        if transform.rotationX.isAnimated || transform.rotationY.isAnimated {
            // Turning about x or y: the samples play linearly, each held until a tenth of a
            // frame before the next, so that the last one shows at the animation's end.
            combined = combined.heldSamplesAsLinear(step: 0.1)
        }
        layer.addAnimation(for: .transform, keyframes: combined, context: context) { parts in
            let anchor = CGPoint(x: parts[0], y: parts[1])
            // lottie-ios turns a layer about x and y with `transform.rotation.x` and `.y`; a
            // transform that leaves the plane is not drawn by `render(in:)`, which made Apple's
            // pictures: the layer shows without it, its anchor point at its superlayer's origin.
            guard Self.staysInPlane(rotationX: parts[9], rotationY: parts[10]) else {
                return CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0)
            }
            var result = makeTransform(
                anchor: anchor, position: CGPoint(x: parts[2], y: parts[3]),
                scale: CGSize(width: parts[4] / 100, height: parts[5] / 100), rotation: parts[6], skew: parts[7],
                skewAxis: parts[8])
            // Half turns about both x and y turn the layer half round in its plane.
            if cos(parts[9] * .pi / 180) < 0 {
                let flip = CATransform3DMakeScale(-1, -1, 1)
                let toAnchor = CATransform3DMakeTranslation(anchor.x, anchor.y, 0)
                let fromAnchor = CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0)
                result = CATransform3DConcat(
                    CATransform3DConcat(CATransform3DConcat(fromAnchor, flip), toAnchor), result)
            }
            return result
        }
    }

    /// Whether rotations about x and y (degrees) leave the transform affine, as `render(in:)`
    /// asks: its z axis unturned (m33 = cos x · cos y = 1). A half turn about x alone flips z
    /// and is not drawn (Apple's pictures); half turns about both, or whole turns, are.
    static func staysInPlane(rotationX: Double, rotationY: Double) -> Bool {
        cos(rotationX * .pi / 180) * cos(rotationY * .pi / 180) > 1 - 1e-9
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

extension KeyframeGroup {
    /// Held samples (``CombinedKeyframes``) as linear keyframes: each value holds until
    /// `step` before the next, which it then moves to.
    func heldSamplesAsLinear(step: Double) -> KeyframeGroup {
        var linear: [Keyframe<Value>] = []
        linear.reserveCapacity(keyframes.count * 2)
        for (index, keyframe) in keyframes.enumerated() {
            var start = keyframe
            start.isHold = false
            linear.append(start)
            if index + 1 < keyframes.count, keyframes[index + 1].time - keyframe.time > step * 1.5 {
                linear.append(Keyframe(time: keyframes[index + 1].time - step, value: keyframe.value))
            }
        }
        return KeyframeGroup(keyframes: linear)
    }
}
