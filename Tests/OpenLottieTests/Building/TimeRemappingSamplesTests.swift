import Foundation
import QuartzTestSupport
import Testing

@testable import OpenLottie

/// Keyframes below a time remapping curve, sampled at every frame of the root composition.
@Suite struct TimeRemappingSamplesTests {
    /// A value rising from 0 to 50 over frames 0–5 and then held, seen through a remapping that
    /// stops the precomposition's time at its frame 10: the rise is sampled frame by frame,
    /// the held stretch keeps only its first and last frames, and every quarter frame shows
    /// what a keyframe at every frame would show.
    @Test func aRunOfEqualSamplesKeepsOnlyItsEnds() {
        let context = AnimationContext(
            frameRate: 30, startFrame: 0, endFrame: 20, playback: .init(fromFrame: 0, toFrame: 20)
        ).withComplexTimeRemapping(required: true) { min($0, 10) }
        let rising = KeyframeGroup<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 5, value: 50)])
        let sampled = rising.sampledThroughTimeRemapping(context)
        #expect(sampled.keyframes.map(\.time) == [0, 1, 2, 3, 4, 5, 19])
        for (keyframe, expected) in zip(sampled.keyframes, [0.0, 10, 20, 30, 40, 50, 50]) {
            expectClose(keyframe.value, expected, within: 1e-9, "frame \(keyframe.time)")
        }
        let everyFrame = KeyframeGroup<Double>(
            keyframes: (0..<20).map { Keyframe(time: Double($0), value: rising.value(at: min(Double($0), 10))) })
        for quarter in 0...76 {
            let frame = Double(quarter) / 4
            expectClose(sampled.value(at: frame), everyFrame.value(at: frame), within: 1e-12, "frame \(frame)")
        }
    }
}
