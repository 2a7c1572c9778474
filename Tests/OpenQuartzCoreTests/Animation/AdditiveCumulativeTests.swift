import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Additive and cumulative animations")
struct AdditiveCumulativeTests {
    private func linear(_ keyPath: String, from: Double, to: Double, duration: CFTimeInterval = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    @Test func twoAdditiveAnimationsOnOneKeyBothAddToTheModel() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 100, y: 0))
            let first = linear("position.x", from: 0, to: 20)
            first.isAdditive = true
            let second = linear("position.x", from: 0, to: -60, duration: 2)
            second.isAdditive = true
            layer.add(first, forKey: "first")
            layer.add(second, forKey: "second")
            CATransaction.flush()
            clock.advance(to: 0.5)
            // 100 + 10 − 15
            expectClose(try #require(layer.presentation()).position.x, 95, within: 1e-9)
            clock.advance(to: 1.5)
            // The first has ended: 100 − 45
            expectClose(try #require(layer.presentation()).position.x, 55, within: 1e-9)
        }
    }

    @Test func cumulativeRepetitionsStartWhereThePreviousOneEnded() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            let step = linear("position.x", from: 10, to: 20)
            step.repeatCount = 3
            step.isCumulative = true
            layer.add(step, forKey: "step")
            CATransaction.flush()
            for (time, expected) in [(0.5, 15.0), (1.5, 25), (2.5, 35)] {
                clock.advance(to: time)
                expectClose(try #require(layer.presentation()).position.x, expected, within: 1e-9, "at \(time) s")
            }
        }
    }

    @Test func additiveAndCumulativeTogetherBuildOnTheModel() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 100, y: 0))
            let step = linear("position.x", from: 0, to: 10)
            step.repeatCount = 2
            step.isCumulative = true
            step.isAdditive = true
            layer.add(step, forKey: "step")
            CATransaction.flush()
            clock.advance(to: 1.5)
            expectClose(try #require(layer.presentation()).position.x, 115, within: 1e-9)
        }
    }

    @Test func additiveAnimationComposesOnTopOfAnAbsoluteOne() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            layer.add(linear("opacity", from: 0, to: 1), forKey: "fade")
            let flicker = linear("opacity", from: -0.2, to: -0.2)
            flicker.isAdditive = true
            layer.add(flicker, forKey: "flicker")
            CATransaction.flush()
            clock.advance(to: 0.5)
            expectClose(Double(try #require(layer.presentation()).opacity), 0.3, within: 1e-6)
        }
    }

    @Test func additiveTransformsConcatenate() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.transform = CATransform3DMakeTranslation(10, 0, 0)
            CATransaction.commit()
            let spin = CABasicAnimation(keyPath: "transform")
            spin.fromValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            spin.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            spin.isAdditive = true
            spin.duration = 1
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let shown = try #require(layer.presentation()).transform
            // Rotation first, then the model's translation: (1, 0) → (0, 1) → (10, 1).
            expectClose(shown.m11, 0, within: 1e-9)
            expectClose(shown.m12, 1, within: 1e-9)
            expectClose(shown.m41, 10, within: 1e-9)
        }
    }
}
