import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// One keyframe of an animated Lottie property, as a file writes it or as a value provider
/// gives it (`ColorValueProvider([Keyframe(value: color, time: 0), …])`).
public struct Keyframe<Value: Interpolatable>: Equatable, Sendable {
    /// The frame, in the time of the layer that owns the property.
    public var time: Double
    public var value: Value
    /// Whether the value holds until the next keyframe instead of moving towards it.
    public var isHold: Bool = false
    /// The easing into this keyframe: the second control point of the curve from the previous
    /// one; nil is linear.
    public var inTangent: CGPoint?
    /// The easing out of this keyframe: the first control point of the curve to the next one;
    /// nil is linear.
    public var outTangent: CGPoint?
    /// For positions: the path's tangents, relative to the value.
    public var spatialInTangent: CGPoint?
    public var spatialOutTangent: CGPoint?

    /// A keyframe as lottie-ios's `Keyframe(value:time:…)` makes it: linear unless tangents
    /// are given.
    public init(
        value: Value, time: Double, isHold: Bool = false, inTangent: CGPoint? = nil, outTangent: CGPoint? = nil,
        spatialInTangent: CGPoint? = nil, spatialOutTangent: CGPoint? = nil
    ) {
        self.time = time
        self.value = value
        self.isHold = isHold
        self.inTangent = inTangent
        self.outTangent = outTangent
        self.spatialInTangent = spatialInTangent
        self.spatialOutTangent = spatialOutTangent
    }

    init(time: Double, value: Value, isHold: Bool = false, inTangent: CGPoint? = nil, outTangent: CGPoint? = nil) {
        self.init(value: value, time: time, isHold: isHold, inTangent: inTangent, outTangent: outTangent)
    }

    func withValue<Other>(_ value: Other) -> Keyframe<Other> {
        Keyframe<Other>(
            value: value, time: time, isHold: isHold, inTangent: inTangent, outTangent: outTangent,
            spatialInTangent: spatialInTangent, spatialOutTangent: spatialOutTangent
        )
    }

    /// Same timing as `other`, whatever the values.
    func hasSameTiming<Other>(as other: Keyframe<Other>) -> Bool {
        time == other.time && isHold == other.isHold && inTangent == other.inTangent
            && outTangent == other.outTangent
    }
}

/// The keyframes of one property: a single keyframe for a value that never changes.
struct KeyframeGroup<Value: Interpolatable>: Equatable, Sendable {
    var keyframes: [Keyframe<Value>]

    init(keyframes: [Keyframe<Value>]) {
        self.keyframes = keyframes
    }

    init(_ value: Value) {
        keyframes = [Keyframe(time: 0, value: value)]
    }

    var isAnimated: Bool { keyframes.count > 1 }
    var first: Value { keyframes[0].value }

    func map<Other>(_ transform: (Value) throws -> Other) rethrows -> KeyframeGroup<Other> {
        KeyframeGroup<Other>(keyframes: try keyframes.map { $0.withValue(try transform($0.value)) })
    }

    /// The value at `frame`, as Lottie's players interpolate it (Bézier easing between
    /// keyframes, holds, the first and last values outside).
    func value(at frame: Double) -> Value {
        guard let firstKeyframe = keyframes.first else { fatalError("KeyframeGroup: no keyframes") }
        if keyframes.count == 1 || frame <= firstKeyframe.time { return firstKeyframe.value }
        let last = keyframes[keyframes.count - 1]
        if frame >= last.time { return last.value }
        // The last keyframe at or before `frame`, by halving (keyframes are in time order).
        var index = 0
        var upper = keyframes.count - 1
        while index < upper {
            let middle = (index + upper + 1) / 2
            if keyframes[middle].time <= frame { index = middle } else { upper = middle - 1 }
        }
        let from = keyframes[index]
        let to = keyframes[index + 1]
        if from.isHold { return from.value }
        let span = to.time - from.time
        guard span > 0 else { return to.value }
        let progress = (frame - from.time) / span
        let eased = TimingCurve(from: from, to: to).function.value(at: progress)
        return from.value.interpolated(to: to.value, amount: eased)
    }
}

/// The Bézier easing between two keyframes as a Core Animation timing function.
struct TimingCurve {
    let function: CAMediaTimingFunction

    init<Value>(from: Keyframe<Value>, to: Keyframe<Value>) {
        let first = from.outTangent ?? .zero
        let second = to.inTangent ?? CGPoint(x: 1, y: 1)
        // After Effects can write x outside [0, 1], where a timing function is not a function of
        // time; the x coordinates are clamped, y is kept (overshoot).
        func clampedX(_ x: Double) -> Float { Float(min(max(x, 0), 1)) }
        function = CAMediaTimingFunction(
            controlPoints: clampedX(first.x), Float(first.y), clampedX(second.x), Float(second.y))
    }
}
