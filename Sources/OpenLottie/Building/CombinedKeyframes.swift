import Foundation

/// One property's keyframes with their values type-erased, to be combined with others.
struct ErasedKeyframes {
    let timings: [Keyframe<Double>]
    let valueAtIndex: (Int) -> Any
    let valueAtFrame: (Double) -> Any

    init<Value>(_ group: KeyframeGroup<Value>) {
        timings = group.keyframes.map { $0.withValue(0.0) }
        valueAtIndex = { group.keyframes[$0].value }
        valueAtFrame = { group.value(at: $0) }
    }
}

/// Several properties that Core Animation draws as one value (a rectangle's size, position
/// and roundness make one path): keyframes that share their timing are merged; otherwise, or
/// when `sampled` asks for it, the values are sampled every tenth of a frame and held, as
/// lottie-ios's Core Animation engine does, so that the picture is the one Apple draws.
enum CombinedKeyframes {
    static func combine<Result: Interpolatable>(
        _ groups: [ErasedKeyframes], sampled: Bool = false, _ make: ([Any]) -> Result
    ) -> KeyframeGroup<Result> {
        let animating = groups.filter { $0.timings.count > 1 }
        let sameTiming =
            !sampled
            && animating.allSatisfy { group in
                group.timings.count == animating[0].timings.count
                    && zip(group.timings, animating[0].timings).allSatisfy { $0.hasSameTiming(as: $1) }
            }
        if sameTiming {
            let base = (animating.first ?? groups[0]).timings
            var keyframes: [Keyframe<Result>] = []
            keyframes.reserveCapacity(base.count)
            for index in base.indices {
                let values = groups.map { $0.timings.count == 1 ? $0.valueAtIndex(0) : $0.valueAtIndex(index) }
                keyframes.append(base[index].withValue(make(values)))
            }
            return KeyframeGroup(keyframes: keyframes)
        }
        // Between the animating groups' keyframes: a group of one keyframe holds its value
        // everywhere, and before the first and after the last keyframe every value holds, so
        // samples there would repeat the ends.
        let times = animating.flatMap { $0.timings.map(\.time) }
        let minimum = times.min() ?? 0
        let maximum = times.max() ?? 0
        var keyframes: [Keyframe<Result>] = []
        // Bounded by the frame count read (at most a million frames); a tenth of a frame each.
        let count = Int(((maximum - minimum) / 0.1).rounded(.up))
        keyframes.reserveCapacity(count)
        // Values that do not move are read once; only the animating ones at each sample.
        var values = groups.map { $0.valueAtIndex(0) }
        let moving = groups.indices.filter { groups[$0].timings.count > 1 }
        var step = 0
        while true {
            let frame = minimum + Double(step) * 0.1
            guard frame < maximum else { break }
            step += 1
            for index in moving { values[index] = groups[index].valueAtFrame(frame) }
            let value = make(values)
            // A sample equal to the one before changes nothing: the value held already shows
            // until the next different one (a transform held for a hundred frames is one
            // keyframe, not a thousand).
            if let last = keyframes.last, last.value == value { continue }
            keyframes.append(Keyframe(time: frame, value: value, isHold: true))
        }
        // The last keyframe's values, from its frame on.
        let end = make(groups.map { $0.valueAtFrame(maximum) })
        if keyframes.last?.value != end { keyframes.append(Keyframe(time: maximum, value: end, isHold: true)) }
        return KeyframeGroup(keyframes: keyframes)
    }
}
