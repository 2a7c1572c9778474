import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Issue 14, behaviours 12–13: additive transforms concatenate with the model; a value of the
/// wrong type leaves the property alone with one warning instead of trapping.
@Suite("Animation values as Apple applies them")
struct AnimationValueFidelityTests {
    @Test(arguments: [false, true])
    func additiveTransformAnimationConcatenatesWithTheModelTransform(boxed: Bool) throws {
        try withManualClock { clock in
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.transform = CATransform3DMakeScale(2, 2, 1)
            CATransaction.commit()
            let shift = CABasicAnimation(keyPath: "transform")
            if boxed {
                shift.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
                shift.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(10, 0, 0))
            } else {
                shift.fromValue = CATransform3DIdentity
                shift.toValue = CATransform3DMakeTranslation(10, 0, 0)
            }
            shift.isAdditive = true
            shift.duration = 1
            shift.timingFunction = CAMediaTimingFunction(name: .linear)
            shift.fillMode = .forwards
            shift.isRemovedOnCompletion = false
            layer.add(shift, forKey: "shift")
            CATransaction.flush()

            // The animated translation is applied first, then the model's scale of 2
            // (CATransform3DConcat(animated, model)): half-way, 5 points become 10.
            clock.advance(by: 0.5)
            var shown = try #require(layer.presentation()).transform
            expectClose(shown.m11, 2, within: 1e-9, "the model's scale stays")
            expectClose(shown.m22, 2, within: 1e-9)
            expectClose(shown.m41, 10, within: 1e-9, "the translation shows")
            expectClose(shown.m42, 0, within: 1e-9)
            RenderTreeNodeTests.expectNodesMatchPresentation(of: layer, at: 0.5, "additive transform")
            clock.advance(by: 1)
            shown = try #require(layer.presentation()).transform
            expectClose(shown.m11, 2, within: 1e-9)
            expectClose(shown.m41, 20, within: 1e-9)
            #expect(layer.transform.m41 == 0, "the model is unchanged")
        }
    }

    @Test func additiveRotationOnATranslatedLayerKeepsTheTranslation() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.transform = CATransform3DMakeTranslation(30, 0, 0)
            CATransaction.commit()
            let spin = CABasicAnimation(keyPath: "transform")
            spin.fromValue = CATransform3DIdentity
            spin.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            spin.isAdditive = true
            spin.duration = 1
            spin.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let shown = try #require(layer.presentation()).transform
            let angle = Double.pi / 4
            expectClose(shown.m11, cos(angle), within: 1e-9)
            expectClose(shown.m12, sin(angle), within: 1e-9)
            expectClose(shown.m41, 30, within: 1e-9, "rotation first, then the model's translation")
        }
    }

    @Test func wrongTypeValueHasNoEffectAndWarnsOnceNamingKeyPathAndType() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 40, y: 7))
            let bad = CABasicAnimation(keyPath: "position.x")
            bad.fromValue = "left"
            bad.toValue = 100
            bad.duration = 1
            let warnings = try collectingWarnings {
                layer.add(bad, forKey: "bad")
                CATransaction.flush()
                clock.advance(by: 0.5)
                let shown = try #require(layer.presentation())
                #expect(shown.position == CGPoint(x: 40, y: 7), "the model value, never NaN")
            }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("position.x") == true)
            #expect(warnings.first?.contains("String") == true)
            #expect(layer.animation(forKey: "bad") != nil, "still added: it runs and ends on time")
        }
    }

    @Test(arguments: ["toValue", "byValue"])
    func wrongTypeToOrByValueHasNoEffect(field: String) throws {
        let bad = CABasicAnimation(keyPath: "position.x")
        bad.setValue("far", forKey: field)
        try expectNoEffectAndOneWarning(from: bad, after: 0.25, naming: field)
    }

    @Test func wrongTypeKeyframeValueHasNoEffect() throws {
        let bad = CAKeyframeAnimation(keyPath: "position.x")
        bad.values = [0, "middle", 100]
        try expectNoEffectAndOneWarning(from: bad, after: 0.5, naming: "String")
    }

    /// Adds `bad` (a one-second animation of `position.x`) to a layer at x = 40 and checks that
    /// after `time` the presentation still shows 40 and that exactly one warning named the key
    /// path and `word`.
    private func expectNoEffectAndOneWarning(
        from bad: CAPropertyAnimation, after time: TimeInterval, naming word: String
    ) throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 40, y: 7))
            bad.duration = 1
            let warnings = try collectingWarnings {
                layer.add(bad, forKey: "bad")
                CATransaction.flush()
                clock.advance(by: time)
                expectClose(try #require(layer.presentation()).position.x, 40, within: 0)
            }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("position.x") == true)
            #expect(warnings.first?.contains(word) == true)
        }
    }
}
