import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A layer property a Lottie value animates, with Core Animation's default for it: a value
/// equal to the default is not set at all.
struct AnimatedProperty: Sendable {
    let keyPath: String
    let defaultValue: (any Equatable & Sendable)?

    static let position = AnimatedProperty(keyPath: "transform.translation", defaultValue: CGPoint.zero)
    static let positionX = AnimatedProperty(keyPath: "transform.translation.x", defaultValue: CGFloat(0))
    static let positionY = AnimatedProperty(keyPath: "transform.translation.y", defaultValue: CGFloat(0))
    static let scaleX = AnimatedProperty(keyPath: "transform.scale.x", defaultValue: CGFloat(1))
    static let scaleY = AnimatedProperty(keyPath: "transform.scale.y", defaultValue: CGFloat(1))
    static let rotationZ = AnimatedProperty(keyPath: "transform.rotation.z", defaultValue: CGFloat(0))
    static let anchorPoint = AnimatedProperty(keyPath: "anchorPoint", defaultValue: nil)
    static let opacity = AnimatedProperty(keyPath: "opacity", defaultValue: CGFloat(1))
    static let transform = AnimatedProperty(keyPath: "transform", defaultValue: nil)
    static let sublayerTransform = AnimatedProperty(keyPath: "sublayerTransform", defaultValue: nil)
    static let isHidden = AnimatedProperty(keyPath: "hidden", defaultValue: nil)
    static let path = AnimatedProperty(keyPath: "path", defaultValue: nil)
    static let fillColor = AnimatedProperty(keyPath: "fillColor", defaultValue: nil)
    static let strokeColor = AnimatedProperty(keyPath: "strokeColor", defaultValue: nil)
    static let lineWidth = AnimatedProperty(keyPath: "lineWidth", defaultValue: CGFloat(1))
    static let lineDashPhase = AnimatedProperty(keyPath: "lineDashPhase", defaultValue: CGFloat(0))
    static let strokeStart = AnimatedProperty(keyPath: "strokeStart", defaultValue: CGFloat(0))
    static let strokeEnd = AnimatedProperty(keyPath: "strokeEnd", defaultValue: CGFloat(1))
    static let colors = AnimatedProperty(keyPath: "colors", defaultValue: nil)
    static let locations = AnimatedProperty(keyPath: "locations", defaultValue: nil)
    static let startPoint = AnimatedProperty(keyPath: "startPoint", defaultValue: nil)
    static let endPoint = AnimatedProperty(keyPath: "endPoint", defaultValue: nil)
    static let shadowOpacity = AnimatedProperty(keyPath: "shadowOpacity", defaultValue: nil)
    static let shadowColor = AnimatedProperty(keyPath: "shadowColor", defaultValue: nil)
    static let shadowRadius = AnimatedProperty(keyPath: "shadowRadius", defaultValue: nil)
    static let shadowOffset = AnimatedProperty(keyPath: "shadowOffset", defaultValue: nil)

    func isDefault(_ value: Any) -> Bool {
        guard let defaultValue else { return false }
        return isEqual(defaultValue, value)
    }

    private func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        (rhs as? T) == lhs
    }
}

extension CALayer {
    /// Animates `property` through `keyframes`, each value made by `makeValue`: one keyframe
    /// sets the property; several make a `CAKeyframeAnimation` (a group of them where holds and
    /// eased segments alternate), timed by `context`.
    func addAnimation<Value>(
        for property: AnimatedProperty, keyframes group: KeyframeGroup<Value>, context: AnimationContext,
        value makeValue: (Value) -> Any
    ) {
        let keyframes = group.keyframes
        guard !keyframes.isEmpty else { return }
        if keyframes.count == 1 {
            let value = makeValue(keyframes[0].value)
            if !property.isDefault(value) { setValue(value, forKeyPath: property.keyPath) }
            return
        }
        if context.mustUseComplexTimeRemapping {
            addAnimation(
                for: property, keyframes: group.sampledThroughTimeRemapping(context),
                context: context.withoutTimeRemapping(),
                value: makeValue)
            return
        }
        let segments = keyframes.segmentsSplitByHolds()
        let animation: CAAnimation
        if segments.count == 1 {
            animation = keyframeAnimation(
                for: property, keyframes: segments[0], keyTimes: nil, context: context, value: makeValue)
        } else {
            var parts: [CAAnimation] = []
            for (index, segment) in segments.enumerated() {
                var start = context.time(forFrame: segment[0].time)
                var end = context.time(forFrame: segment[segment.count - 1].time)
                // The first and last segments reach the ends of the animation (as lottie-ios
                // computes them, through the layer's time mapping), so that some segment covers
                // every moment.
                if index == 0 { start = min(context.time(forFrame: context.startFrame), start) }
                if index == segments.count - 1 { end = max(context.time(forFrame: context.endFrame), end) }
                let duration = end - start
                let keyTimes = segment.map { keyframe in
                    duration > 0 ? (context.time(forFrame: keyframe.time) - start) / duration : 0
                }
                let part = keyframeAnimation(
                    for: property, keyframes: segment, keyTimes: keyTimes, context: context, value: makeValue)
                part.duration = duration
                part.beginTime = start
                parts.append(part)
            }
            let group = CAAnimationGroup()
            group.animations = parts
            animation = group
        }
        add(context.timed(animation), forKey: property.keyPath)
    }

    private func keyframeAnimation<Value>(
        for property: AnimatedProperty, keyframes: [Keyframe<Value>], keyTimes custom: [Double]?,
        context: AnimationContext, value makeValue: (Value) -> Any
    ) -> CAKeyframeAnimation {
        // lottie-ios hands the key times of an animation in one piece to Core Animation as
        // `Float`s (those of a segment as computed): a key time a hair past a frame's moment,
        // such as frame 14.5 reached by 145 steps of 0.1, lands on it, and the discrete value
        // there shows at that moment, as Apple's pictures show.
        // After Effects (the complete engine) shows a hold keyframe's value from its very frame:
        // the key time is kept exact, a hair early, so that the frame's moment is past it.
        let isDiscrete = keyframes[0].isHold
        var keyTimes =
            custom
            ?? keyframes.map { keyframe in
                let progress = context.progressTime(for: keyframe.time)
                guard context.engine.keepsAfterEffectsTiming else { return Double(Float(progress)) }
                return isDiscrete && progress > 0 ? progress - 1e-9 : progress
            }
        var timingFunctions: [CAMediaTimingFunction] = []
        for index in 0..<(keyframes.count - 1) {
            timingFunctions.append(TimingCurve(from: keyframes[index], to: keyframes[index + 1]).function)
        }
        let animation = CAKeyframeAnimation(keyPath: property.keyPath)
        if property.keyPath == AnimatedProperty.position.keyPath {
            animation.path = positionPath(keyframes, makeValue)
        } else {
            var values = keyframes.map { makeValue($0.value) }
            if keyTimes.first != 0 {
                keyTimes.insert(0, at: 0)
                values.insert(values[0], at: 0)
                timingFunctions.insert(CAMediaTimingFunction(name: .linear), at: 0)
            }
            if keyTimes.last != 1 {
                keyTimes.append(1)
                values.append(values[values.count - 1])
                timingFunctions.append(CAMediaTimingFunction(name: .linear))
            }
            // A discrete animation has one key time more than values: the last value holds
            // from the last key time.
            if isDiscrete {
                values.removeLast()
                // A hold between two keyframes is then one value between two key times, which
                // Core Animation draws as the layer's model value (lottie-ios's Core Animation
                // engine, as Apple's pictures show it). The engines that compute the value at
                // the frame (the Main Thread engine, After Effects) hold the keyframe's value:
                // it is given twice, the second from the end.
                if values.count == 1, context.engine != .coreAnimation {
                    values.append(values[0])
                    keyTimes.append(1)
                }
            }
            animation.values = values
        }
        animation.calculationMode = isDiscrete ? .discrete : .linear
        animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
        animation.timingFunctions = timingFunctions
        return animation
    }

    /// The curve a position follows, with the keyframes' spatial tangents.
    private func positionPath<Value>(_ keyframes: [Keyframe<Value>], _ makeValue: (Value) -> Any) -> CGPath {
        let path = CGMutablePath()
        func point(_ keyframe: Keyframe<Value>) -> CGPoint { makeValue(keyframe.value) as? CGPoint ?? .zero }
        for (index, keyframe) in keyframes.enumerated() {
            if index == 0 { path.move(to: point(keyframe)) }
            guard index + 1 < keyframes.count else { continue }
            let next = keyframes[index + 1]
            if let out = keyframe.spatialOutTangent, let into = next.spatialInTangent, !(out == .zero && into == .zero)
            {
                let from = point(keyframe)
                let to = point(next)
                path.addCurve(
                    to: to, control1: CGPoint(x: from.x + out.x, y: from.y + out.y),
                    control2: CGPoint(x: to.x + into.x, y: to.y + into.y))
            } else {
                path.addLine(to: point(next))
            }
        }
        path.closeSubpath()
        return path
    }
}

extension Array {
    /// Splits keyframes where holds and eased segments alternate; each part becomes one
    /// keyframe animation (`.discrete` or `.linear`). A keyframe where the mode changes ends one
    /// part and starts the next.
    func segmentsSplitByHolds<Value>() -> [[Keyframe<Value>]] where Element == Keyframe<Value> {
        var segments: [[Keyframe<Value>]] = []
        var current: [Keyframe<Value>] = []
        for keyframe in self {
            guard let last = current.last else {
                current.append(keyframe)
                continue
            }
            current.append(keyframe)
            if keyframe.isHold != last.isHold {
                segments.append(current)
                current = [keyframe]
            }
        }
        segments.append(current)
        return segments
    }
}

extension KeyframeGroup {
    /// The keyframes sampled at every frame of the root composition through a time remapping
    /// curve above: a linear keyframe a frame, where a run of equal values keeps only its first
    /// and last frames (a linear keyframe between equal values is the same value throughout,
    /// so every moment shows what it would with all of them).
    func sampledThroughTimeRemapping(_ context: AnimationContext) -> KeyframeGroup<Value> {
        var sampled: [Keyframe<Value>] = []
        var frame = context.startFrame
        var cache: [Double: Value] = [:]
        while frame < context.endFrame {
            let local = context.complexTimeRemapping(frame)
            let value = cache[local] ?? self.value(at: local)
            cache[local] = value
            if sampled.count >= 2, sampled[sampled.count - 1].value == value, sampled[sampled.count - 2].value == value
            {
                sampled[sampled.count - 1].time = frame
            } else {
                sampled.append(Keyframe(time: frame, value: value))
            }
            frame += 1
        }
        if sampled.isEmpty {
            sampled.append(
                Keyframe(time: context.startFrame, value: value(at: context.complexTimeRemapping(context.startFrame))))
        }
        return KeyframeGroup(keyframes: sampled)
    }
}
