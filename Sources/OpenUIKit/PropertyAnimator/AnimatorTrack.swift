import Foundation

/// One property of one view's layer that a property animator animates, from the value it had
/// before an animation block to the value the block gave it.
///
/// Its progress is 0 at the start value and 1 at the end value. The properties UIKit animates
/// additively (position, bounds, corner radius, contents rectangles) are animated as offsets
/// from the model value, so that animations of the same property by other animators or blocks
/// blend with this one, as UIKit's documentation promises; the others (transforms, colours,
/// opacity, anchor points) are animated with whole values and take over from the value shown
/// when the block ran.
struct AnimatorTrack {
    let layer: CALayer
    let key: String
    let property: LayerProperty
    let startValue: AnimatableValue
    let endValue: AnimatableValue
    let isAdditive: Bool
    /// The fraction of the animator's run at which the track begins (its delay).
    let windowStart: Double
    /// The key of the track's animation on the layer.
    let animationKey: String

    /// The property's value at `progress`.
    func value(atProgress progress: Double) -> AnimatableValue {
        AnimatableValue.interpolate(from: startValue, to: endValue, fraction: progress)
    }

    /// What the track's animation holds at `progress`: the value, or for an additive track
    /// its offset from the end value (the model's value), boxed as the property's type.
    func animationValue(atProgress progress: Double) -> Any? {
        let value = value(atProgress: progress)
        return property.box(isAdditive ? value.subtracting(endValue) : value)
    }

    /// The track's animation while it moves along `course`: forwards, from `from` to `to`
    /// over `seconds` beginning at media time `begin`; backwards, from `to` back to `from`.
    func movingAnimation(
        course: TrackCourse, curve: PacingCurve, forward: Bool, begin: Double, seconds: Double
    ) -> CAAnimation {
        let duration = max(seconds, 1e-9)  // Core Animation reads 0 as "the transaction's duration"
        let animation: CAPropertyAnimation
        if forward {
            let basic = curve.forwardAnimation(keyPath: key, seconds: duration)
            basic.fromValue = animationValue(atProgress: course.from)
            basic.toValue = animationValue(atProgress: course.to)
            animation = basic
        } else if let reversed = curve.reversedTimingFunction {
            // Played backwards, the curve c(x) becomes 1 − c(1 − x) from the other end.
            let basic = CABasicAnimation(keyPath: key)
            basic.timingFunction = reversed
            basic.duration = duration
            basic.fromValue = animationValue(atProgress: course.to)
            basic.toValue = animationValue(atProgress: course.from)
            animation = basic
        } else {
            // A spring played backwards is no spring: sample its motion as keyframes, 480 a
            // second, which keeps a stiff spring within a few ten-thousandths of its path.
            let keyframes = CAKeyframeAnimation(keyPath: key)
            let count = min(max(Int((duration * 480).rounded(.up)), 8), 4000)
            keyframes.values = (0...count).compactMap { index in
                let x = 1 - Double(index) / Double(count)
                return animationValue(atProgress: course.from + (course.to - course.from) * curve.progress(at: x))
            }
            keyframes.calculationMode = .linear
            keyframes.duration = duration
            animation = keyframes
        }
        animation.isAdditive = isAdditive
        animation.beginTime = exactBeginTime(layer.convertTime(begin, from: nil))
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// The track's animation while it stands still at `progress`: the same value from and to,
    /// at speed 0, so that it never ends and no event is scheduled for it.
    func restingAnimation(atProgress progress: Double) -> CAAnimation {
        let animation = CABasicAnimation(keyPath: key)
        let value = animationValue(atProgress: progress)
        animation.fromValue = value
        animation.toValue = value
        animation.duration = 1
        animation.speed = 0
        animation.isAdditive = isAdditive
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }
}

/// `time` as an animation's `beginTime`: Core Animation reads exactly 0 as "when the
/// transaction commits", so a begin time of 0 becomes the smallest negative number, which
/// differs from 0 by nothing that can be measured.
func exactBeginTime(_ time: Double) -> Double {
    time == 0 ? -.leastNonzeroMagnitude : time
}

/// The context a property animator runs its animation blocks in: it notes, for every
/// animatable property of a view's layer that the block changes, the value before the change,
/// and answers no action, since the animator adds animations of its own afterwards.
@MainActor
final class AnimatorBlockRecorder: UIKitAnimationContext {
    struct Change {
        let layer: CALayer
        let key: String
        let property: LayerProperty
        let isAdditive: Bool
        let oldValue: AnimatableValue
    }

    private(set) var changes: [Change] = []

    func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard let property = type(of: layer).propertyTable[key], property.isAnimatable,
            !changes.contains(where: { $0.layer === layer && $0.key == key })
        else { return nil }
        let isAdditive =
            UIViewAnimationState.animatesAdditively(key, on: layer)
            && AdditiveDelta.additiveKinds.contains(property.kind)
        // The search comes before the change, so the layer still holds the old model value.
        // A value that cannot add starts from what is shown, as if `beginFromCurrentState`.
        let before = isAdditive ? property.read(layer) : layer.presentationValue(of: property) ?? property.read(layer)
        changes.append(Change(layer: layer, key: key, property: property, isAdditive: isAdditive, oldValue: before))
        return nil
    }
}
