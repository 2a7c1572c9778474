import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Explicit basic animations")
struct ExplicitAnimationTests {
    private func linear(_ keyPath: String, duration: CFTimeInterval = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// Half-way points of the documented from/to/by combinations; the model (underlying)
    /// x is 10.
    @Test(arguments: [
        (from: 0.0 as Double?, to: 100.0 as Double?, by: nil as Double?, start: 0.0, end: 100.0),
        (from: 0, to: nil, by: 50, start: 0, end: 50),
        (from: nil, to: 100, by: 50, start: 50, end: 100),
        (from: 40, to: nil, by: nil, start: 40, end: 10),
        (from: nil, to: 100, by: nil, start: 10, end: 100),
        (from: nil, to: nil, by: 30, start: 10, end: 40),
        (from: nil, to: nil, by: nil, start: 10, end: 10),
    ])
    func fromToByCombinationsInterpolateAsDocumented(
        from: Double?, to: Double?, by: Double?, start: Double, end: Double
    ) throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let animation = linear("position.x")
            animation.fromValue = from
            animation.toValue = to
            animation.byValue = by
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: "x")
            CATransaction.flush()
            expectClose(try #require(layer.presentation()).position.x, start, within: 1e-9)
            clock.advance(by: 0.5)
            expectClose(try #require(layer.presentation()).position.x, (start + end) / 2, within: 1e-9)
            clock.advance(by: 0.5)
            expectClose(try #require(layer.presentation()).position.x, end, within: 1e-9)
            #expect(layer.presentation()?.position.y == 20, "the other coordinate is untouched")
        }
    }

    /// CABasicAnimation.h, all values nil: from the previous value in the presentation layer to
    /// the current one, even when the change itself ran no action.
    @Test func animationWithoutValuesStartsFromTheValueShownBeforeAnUnanimatedChange() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            CATransaction.flush()
            CATransaction.setDisableActions(true)
            layer.position.x = 50
            layer.add(linear("position.x"), forKey: "x")
            CATransaction.flush()
            clock.advance(by: 0.5)
            expectClose(try #require(layer.presentation()).position.x, 30, within: 1e-9)
        }
    }

    /// Seed 002: `removedOnCompletion = NO` with `fillMode = both` keeps the end state on
    /// screen, but only in the presentation layer: the model keeps its old value.
    @Test func removedOnCompletionFalseWithFillBothKeepsEndStateWhileModelKeepsOldValue() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let animation = CABasicAnimation(keyPath: "position")
            animation.toValue = NSValue(cgPoint: CGPoint(x: 300, y: 300))
            animation.isRemovedOnCompletion = false
            animation.fillMode = .both
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 5)
            #expect(layer.presentation()?.position == CGPoint(x: 300, y: 300))
            #expect(layer.position == CGPoint(x: 10, y: 20), "explicit animations never change the model")
            #expect(layer.model() === layer)
            let presentation = try #require(layer.presentation())
            #expect(presentation.model() === layer)
        }
    }

    /// Seed 002's fillMode walk-through (the group aside): the model size is 20×20; an
    /// animation of the size from 100×100 to 400×400 begins 2 s in and lasts 5 s.
    @Test(arguments: [
        (CAMediaTimingFillMode.removed, [20.0, 100, 250, 20, 20]),
        (.forwards, [20, 100, 250, 400, 400]),
        (.backwards, [100, 100, 250, 20, 20]),
        (.both, [100, 100, 250, 400, 400]),
    ])
    func fillModeExampleFromTheSeeds(fillMode: CAMediaTimingFillMode, widths: [Double]) throws {
        try withManualClock { clock in
            let layer = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            CATransaction.commit()
            let animation = linear("bounds.size", duration: 5)
            animation.fromValue = NSValue(cgSize: CGSize(width: 100, height: 100))
            animation.toValue = NSValue(cgSize: CGSize(width: 400, height: 400))
            animation.beginTime = CACurrentMediaTime() + 2
            animation.fillMode = fillMode
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: "size")
            CATransaction.flush()
            for (time, width) in zip([1.0, 2, 4.5, 7, 10], widths) {
                clock.advance(to: time)
                let size = try #require(layer.presentation()).bounds.size
                expectClose(size.width, width, within: 1e-9, "\(fillMode) at \(time) s")
                expectClose(size.height, width, within: 1e-9, "\(fillMode) at \(time) s")
            }
        }
    }

    @Test func addCopiesTheAnimation() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let animation = linear("opacity")
            animation.fromValue = 0
            animation.toValue = 1
            layer.add(animation, forKey: "fade")
            animation.toValue = 0.5
            animation.duration = 100
            let added = try #require(layer.animation(forKey: "fade") as? CABasicAnimation)
            #expect(added !== animation)
            #expect(added.duration == 1)
            CATransaction.flush()
            clock.advance(by: 0.5)
            expectClose(Double(try #require(layer.presentation()).opacity), 0.5, within: 1e-6)
        }
    }

    @Test func durationZeroTakesTheTransactionDuration() {
        withManualClock { _ in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            CATransaction.begin()
            CATransaction.setAnimationDuration(3)
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.toValue = 0
            layer.add(animation, forKey: "a")
            let negative = CABasicAnimation(keyPath: "opacity")
            negative.duration = -1
            negative.toValue = 0
            layer.add(negative, forKey: "b")
            CATransaction.commit()
            #expect(layer.animation(forKey: "a")?.duration == 3)
            #expect(layer.animation(forKey: "b")?.duration == 3, "a negative duration counts as unset too")
        }
    }

    @Test func additiveAnimationAddsToTheModelValue() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let animation = linear("position")
            animation.fromValue = CGPoint(x: 0, y: 0)
            animation.toValue = CGPoint(x: 100, y: -20)
            animation.isAdditive = true
            layer.add(animation, forKey: "nudge")
            CATransaction.flush()
            clock.advance(by: 0.5)
            expectClose(try #require(layer.presentation()).position, CGPoint(x: 60, y: 10), within: 1e-9)
        }
    }

    @Test func laterAnimationsComposeOnEarlierOnesInOrder() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let base = linear("position.x")
            base.fromValue = 0
            base.toValue = 100
            layer.add(base, forKey: "base")
            let wobble = linear("position.x")
            wobble.fromValue = 10
            wobble.toValue = 10
            wobble.isAdditive = true
            layer.add(wobble, forKey: "wobble")
            CATransaction.flush()
            clock.advance(by: 0.5)
            expectClose(try #require(layer.presentation()).position.x, 60, within: 1e-9)
        }
    }

    @Test func transformRotationKeyPathAnimatesTheRotation() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let spin = linear("transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let transform = try #require(layer.presentation()).transform
            let expected = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            expectClose(transform.m11, expected.m11, within: 1e-9)
            expectClose(transform.m12, expected.m12, within: 1e-9)
            expectClose(transform.m21, expected.m21, within: 1e-9)
            let angle = try #require(layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
            expectClose(angle, .pi / 2, within: 1e-9)
        }
    }

    @Test func valueFunctionTurnsNumbersIntoTransforms() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let spin = linear("transform")
            spin.valueFunction = CAValueFunction(name: .rotateZ)
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let transform = try #require(layer.presentation()).transform
            // A quarter of a full turn: (1, 0) maps to (0, 1).
            expectClose(transform.m11, 0, within: 1e-9)
            expectClose(transform.m12, 1, within: 1e-9)
            #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
        }
    }

    @Test func colorsInterpolatePerComponent() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            let animation = linear("backgroundColor")
            animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            layer.add(animation, forKey: "tint")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let presentation = try #require(layer.presentation())
            let color = try #require(presentation.backgroundColor?.components)
            for (actual, expected) in zip(color, [0.75, 0, 0.25, 0.875]) {
                expectClose(actual, expected, within: 1e-9)
            }
        }
    }

    @Test func customKeysAnimateLikeProperties() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 10, y: 20))
            layer.setValue(0.0, forKey: "progress")
            let animation = linear("progress")
            animation.fromValue = 0
            animation.toValue = 1
            layer.add(animation, forKey: "progress")
            CATransaction.flush()
            clock.advance(by: 0.75)
            // A `Double`, as the model's value is.
            let progress = try #require(layer.presentation()?.value(forKey: "progress") as? Double)
            expectClose(progress, 0.75, within: 1e-9)
            #expect(layer.value(forKey: "progress") as? Double == 0, "the model keeps its value")
        }
    }

    @Test func debugDescriptionFollowsApplesFormat() {
        withManualClock { _ in
            let animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = NSValue(cgPoint: CGPoint(x: 5, y: 5))
            animation.duration = 0.3
            animation.fillMode = .both
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            let text = animation.debugDescription
            #expect(text.hasPrefix("<CABasicAnimation: 0x"))
            #expect(
                text.hasSuffix(
                    "; fillMode = both; timingFunction = easeInEaseOut; duration = 0.3; fromValue = NSPoint: {5, 5}; keyPath = position>"
                ), "\(text)")
            #expect(CABasicAnimation().description.hasPrefix("<CABasicAnimation: 0x"))
        }
    }
}
