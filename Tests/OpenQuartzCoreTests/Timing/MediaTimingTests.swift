import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Each test adds a linear opacity animation 0 → 1 to a standalone layer whose model opacity
/// is 0.3, at media time 10, and reads the presentation opacity at given offsets from 10.
@Suite("CAMediaTiming")
struct MediaTimingTests {
    private let model: Float = 0.3

    private func opacities(
        at offsets: [CFTimeInterval], configure: (CABasicAnimation) -> Void
    ) -> [Double] {
        withManualClock(startingAt: 10) { clock in
            let layer = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = model
            CATransaction.commit()
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            configure(animation)
            layer.add(animation, forKey: "fade")
            CATransaction.flush()
            return offsets.map { offset in
                clock.advance(to: 10 + offset)
                return Double(layer.presentation()!.opacity)
            }
        }
    }

    private func expectValues(
        _ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            expectClose(a, e, within: 1e-6, "sample \(index)", sourceLocation: sourceLocation)
        }
    }

    @Test func playsOnceFromBeginToEnd() {
        let values = opacities(at: [0, 0.25, 0.5, 0.999, 1, 2]) { _ in }
        expectValues(values, [0, 0.25, 0.5, 0.999, 0.3, 0.3])
    }

    @Test func repeatCountRepeatsWholeCycles() {
        let values = opacities(at: [0.5, 1, 1.5, 1.999, 2]) { $0.repeatCount = 2 }
        expectValues(values, [0.5, 0, 0.5, 0.999, 0.3])
    }

    @Test func fractionalRepeatCountEndsPartWay() {
        let values = opacities(at: [1.25, 1.499, 1.5, 3]) {
            $0.repeatCount = 1.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(values, [0.25, 0.499, 0.5, 0.5])
    }

    @Test func autoreversePlaysBackwardsInTheSameCycle() {
        let values = opacities(at: [0.5, 1, 1.25, 1.75, 2]) { $0.autoreverses = true }
        expectValues(values, [0.5, 1, 0.75, 0.25, 0.3])
    }

    @Test func autoreverseWithForwardFillHoldsTheStartValue() {
        let values = opacities(at: [2, 5]) {
            $0.autoreverses = true
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(values, [0, 0])
    }

    @Test func repeatDurationBoundsTheActiveTime() {
        let values = opacities(at: [2.25, 2.499, 2.5]) { $0.repeatDuration = 2.5 }
        expectValues(values, [0.25, 0.499, 0.3])
    }

    @Test func infiniteRepeatCountNeverEnds() {
        let values = opacities(at: [1000.25]) { $0.repeatCount = .infinity }
        expectValues(values, [0.25])
    }

    @Test func speedScalesTime() {
        let values = opacities(at: [0.25, 0.499, 0.5]) { $0.speed = 2 }
        expectValues(values, [0.5, 0.998, 0.3])
    }

    @Test func timeOffsetStartsPartWayAndWrapsAround() {
        let values = opacities(at: [0, 0.5, 0.8, 0.999, 1]) { $0.timeOffset = 0.25 }
        expectValues(values, [0.25, 0.75, 0.05, 0.249, 0.3])
    }

    @Test func beginTimeInTheFutureWaits() {
        let values = opacities(at: [1, 1.999, 2, 2.5, 3]) { $0.beginTime = 12 }
        expectValues(values, [0.3, 0.3, 0, 0.5, 0.3])
    }

    @Test func backwardsFillShowsTheStartBeforeBegin() {
        let values = opacities(at: [1, 2.5, 3]) {
            $0.beginTime = 12
            $0.fillMode = .backwards
        }
        expectValues(values, [0, 0.5, 0.3])
    }

    @Test func bothFillHoldsBeforeAndAfter() {
        let values = opacities(at: [1, 2.5, 3, 10]) {
            $0.beginTime = 12
            $0.fillMode = .both
            $0.isRemovedOnCompletion = false
        }
        expectValues(values, [0, 0.5, 1, 1])
    }

    @Test func forwardFillWithRemovalOnCompletionHasNoEffectAfterTheEnd() {
        let values = opacities(at: [1, 2]) { $0.fillMode = .forwards }
        expectValues(values, [0.3, 0.3])
    }

    @Test func beginTimeInThePastStartsPartWay() {
        let values = opacities(at: [0, 0.25, 0.5]) { $0.beginTime = 9.5 }
        expectValues(values, [0.5, 0.75, 0.3])
    }

    @Test func timingFunctionShapesEachCycle() {
        let values = opacities(at: [0.5, 1.5]) {
            $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
            $0.repeatCount = 2
        }
        // easeIn (0.42, 0, 1, 1) at x = 0.5 is 0.3153568132972126.
        expectValues(values, [0.3153568132972126, 0.3153568132972126])
    }

    @Test func anyFiniteTimeIsValidForARepeatingAnimation() {
        // 1e20 s is 1e20 cycles of 1 s: past what an integer cycle count holds.
        let values = opacities(at: [0.25, 1e20, 1e20 + 65536, 1e300]) { $0.repeatCount = .infinity }
        #expect(abs(values[0] - 0.25) < 1e-12)
        // A Double at 1e20 is a whole number of seconds (a multiple of 16 384): the start of a cycle.
        #expect(values.dropFirst().allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
        #expect(abs(values[1]) < 1e-12)
    }

    @Test func anyFiniteTimeIsValidWithAutoreverseAndATimeOffset() {
        let values = opacities(at: [1e18 + 0.5, 1e300]) {
            $0.repeatDuration = .infinity
            $0.autoreverses = true
            $0.timeOffset = 0.25
        }
        #expect(values.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
    }
}
