import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A subclass written for Apple: it overrides `defaultAction(forKey:)` and falls back to
/// `super` for keys it does not handle.
private final class SuperCallingLayer: CALayer {
    nonisolated(unsafe) static var superAnswers: [String: Bool] = [:]

    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        let answer = super.defaultAction(forKey: event)
        superAnswers[event] = answer != nil
        return answer
    }
}

/// Redraws when `cornerRadius` or the custom `level` changes.
private final class RedrawingLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "cornerRadius" || key == "level" || super.needsDisplay(forKey: key)
    }
}

/// Issue 14, behaviours 8–11: media timing defaults, `defaultValue(forKey:)`,
/// `defaultAction(forKey:)`, shallow group copies, shared value functions, `needsDisplay`.
@Suite("Timing and defaults", .serialized)
struct TimingAndDefaultsTests {
    @Test func layerDurationDefaultsToInfinity() {
        #expect(CALayer().duration == .infinity)
        #expect(CALayer.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect(CAShapeLayer().duration == .infinity)
        #expect(CABasicAnimation().duration == 0, "an animation's duration defaults to 0")
    }

    @Test func layerDefaultValuesAreApples() throws {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "position") as? CGPoint == .zero)
        #expect(CALayer.defaultValue(forKey: "bounds") as? CGRect == .zero)
        #expect(CALayer.defaultValue(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
        #expect(CALayer.defaultValue(forKey: "hidden") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
        #expect(CALayer.defaultValue(forKey: "masksToBounds") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "beginTime") as? Double == 0)
        #expect(CALayer.defaultValue(forKey: "timeOffset") as? Double == 0)
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? String == "resize")
        expectClose(try #require(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat), 3, within: 0)
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "shadowOpacity") as? Float == 0)
        expectClose(try #require(CALayer.defaultValue(forKey: "contentsScale") as? CGFloat), 1, within: 0)
        #expect(CALayer.defaultValue(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CALayer.defaultValue(forKey: "someCustomKey") == nil)
    }

    @Test func animationDefaultValuesAreApples() throws {
        #expect(CAAnimation.defaultValue(forKey: "duration") as? Double == 0)
        #expect(CAAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CAAnimation.defaultValue(forKey: "repeatCount") as? Float == 0)
        #expect(CAAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool == true)
        #expect(CAAnimation.defaultValue(forKey: "autoreverses") as? Bool == false)
        #expect(CAAnimation.defaultValue(forKey: "fillMode") as? String == "removed")
        #expect(CAAnimation.defaultValue(forKey: "timingFunction") == nil)
        #expect(CABasicAnimation.defaultValue(forKey: "additive") as? Bool == false)
        #expect(CABasicAnimation.defaultValue(forKey: "cumulative") as? Bool == false)
        #expect(CABasicAnimation.defaultValue(forKey: "speed") as? Float == 1, "inherited keys answer too")
        #expect(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? String == "linear")
        #expect(CAKeyframeAnimation.defaultValue(forKey: "rotationMode") == nil)
        expectClose(try #require(CASpringAnimation.defaultValue(forKey: "mass") as? CGFloat), 1, within: 0)
        expectClose(try #require(CASpringAnimation.defaultValue(forKey: "stiffness") as? CGFloat), 100, within: 0)
        expectClose(try #require(CASpringAnimation.defaultValue(forKey: "damping") as? CGFloat), 10, within: 0)
        expectClose(try #require(CASpringAnimation.defaultValue(forKey: "initialVelocity") as? CGFloat), 0, within: 0)
        #expect(CATransition.defaultValue(forKey: "type") as? String == "fade")
        #expect(CATransition.defaultValue(forKey: "startProgress") as? Float == 0)
        #expect(CATransition.defaultValue(forKey: "endProgress") as? Float == 1)
        #expect(CAAnimationGroup.defaultValue(forKey: "animations") == nil)
        #expect(CAAnimation.defaultValue(forKey: "someCustomKey") == nil)
        #expect(CABasicAnimation().value(forKey: "speed") as? Float == 1)
    }

    @Test func infiniteTimingValuesAreAcceptedAndNeverMakeNaN() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            layer.duration = .infinity
            layer.repeatCount = .infinity
            layer.repeatDuration = .infinity
            #expect(layer.duration == .infinity)

            let endless = CABasicAnimation(keyPath: "opacity")
            endless.fromValue = 0.2
            endless.toValue = 1
            endless.duration = .infinity
            endless.repeatCount = .infinity
            endless.repeatDuration = .infinity
            endless.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(endless, forKey: "endless")
            let never = CABasicAnimation(keyPath: "position.x")
            never.fromValue = 50
            never.toValue = 60
            never.beginTime = .infinity
            layer.add(never, forKey: "never")
            let offset = CABasicAnimation(keyPath: "cornerRadius")
            offset.fromValue = 4
            offset.toValue = 8
            offset.duration = 1
            offset.timeOffset = .infinity
            offset.speed = .infinity
            layer.add(offset, forKey: "offset")
            CATransaction.flush()
            for step: CFTimeInterval in [0, 1, 1_000] {
                clock.advance(by: step)
                let shown = try #require(layer.presentation())
                expectClose(Double(shown.opacity), 0.2, within: 1e-6, "an infinite duration stays at its start")
                #expect(shown.position.x == 0, "an infinite beginTime never begins")
                #expect(!shown.cornerRadius.isNaN)
            }

            // A layer whose own timing is infinite: its animations never show, nothing is NaN.
            let timed = committedLayer(position: CGPoint(x: 5, y: 5))
            timed.speed = .infinity
            timed.timeOffset = .infinity
            timed.beginTime = .infinity
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            timed.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let shown = try #require(timed.presentation())
            #expect(shown.position.x.isFinite)
            #expect(shown.position.y == 5)
        }
    }

    @Test func baseDefaultActionIsNilWhileStandaloneLayersStillAnimate() throws {
        try withManualClock { clock in
            for key in ["position", "opacity", "bounds", "backgroundColor", "transform", "doubleSided", "custom"] {
                #expect(CALayer.defaultAction(forKey: key) == nil, "\(key)")
            }
            #expect(CAShapeLayer.defaultAction(forKey: "strokeEnd") == nil)

            SuperCallingLayer.superAnswers = [:]
            let layer = SuperCallingLayer()
            CATransaction.flush()
            layer.position = CGPoint(x: 100, y: 0)
            #expect(SuperCallingLayer.superAnswers["position"] == false, "super answered nil")
            let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(animation.duration == 0.25, "the search's own last step still animates")
            CATransaction.flush()
            clock.advance(by: 0.125)
            // Half-way through 0.25 s on the default curve (0.8024033877399112 at x = 0.5).
            expectClose(try #require(layer.presentation()).position.x, 100 * 0.8024033877399112, within: 1e-6)

            let plain = CALayer()
            CATransaction.flush()
            plain.opacity = 0
            #expect(plain.animation(forKey: "opacity")?.duration == 0.25)
        }
    }

    @Test func groupCopySharesItsChildren() throws {
        try withManualClock { _ in
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 10
            let group = CAAnimationGroup()
            group.duration = 2
            group.animations = [fade, move]
            let copy = try #require(group.copy() as? CAAnimationGroup)
            #expect(copy !== group)
            let children = try #require(copy.animations)
            #expect(children.count == 2)
            #expect(children[0] === fade && children[1] === move, "shallow: the same child objects")

            // Adding the group leaves the caller's children as they were.
            let layer = committedLayer()
            layer.add(group, forKey: "group")
            CATransaction.flush()
            #expect(fade.duration == 0, "the layer's copy took the group's duration, not the caller's child")
            #expect(fade.fromValue == nil)
        }
    }

    @Test func valueFunctionIsOneSharedObjectPerName() throws {
        let rotate = try #require(CAValueFunction(name: .rotateZ))
        #expect(CAValueFunction(name: .rotateZ) === rotate)
        #expect(CAValueFunction(name: .rotateX) !== rotate)
        #expect(CAValueFunction(name: .rotateX) === CAValueFunction(name: .rotateX))
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
    }

    @Test func needsDisplayOnlyWhenANamedPropertyActuallyChanges() {
        withManualClock { _ in
            let layer = RedrawingLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.cornerRadius = 4
            layer.setValue(2, forKey: "level")
            CATransaction.commit()
            layer.displayIfNeeded()
            #expect(!layer.needsDisplay())

            layer.cornerRadius = 4
            #expect(!layer.needsDisplay(), "the same value: no change, no redraw")
            layer.setValue(2, forKey: "level")
            #expect(!layer.needsDisplay(), "the same custom value")
            layer.opacity = 0.5
            #expect(!layer.needsDisplay(), "not a property needsDisplay(forKey:) names")

            layer.cornerRadius = 6
            #expect(layer.needsDisplay())
            layer.displayIfNeeded()
            layer.setValue(3, forKey: "level")
            #expect(layer.needsDisplay())
        }
    }
}
