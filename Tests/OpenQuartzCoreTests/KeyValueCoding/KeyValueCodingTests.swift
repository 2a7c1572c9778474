import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Key-value coding on layers and animations")
struct KeyValueCodingTests {
    @Test func propertiesReadAndWriteThroughKeys() {
        withManualClock { _ in
            let layer = CALayer()
            layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
            #expect(layer.position == CGPoint(x: 3, y: 4))
            layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 20)), forKey: "bounds")
            #expect(layer.bounds.size == CGSize(width: 10, height: 20))
            layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
            #expect(layer.opacity == 0.5)
            layer.setValue(true, forKey: "hidden")
            #expect(layer.isHidden)
            #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
            #expect(layer.value(forKey: "opacity") as? Float == 0.5)
            #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 0)
            #expect(layer.value(forKey: "beginTime") as? Double == 0)
            #expect(layer.value(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
            layer.setValue("hero", forKey: "name")
            #expect(layer.name == "hero")
        }
    }

    @Test(arguments: [
        ("position.x", 7.0), ("position.y", 8.0), ("bounds.size.width", 30.0), ("bounds.size.height", 40.0),
        ("bounds.origin.x", 1.0), ("bounds.origin.y", 2.0), ("shadowOffset.width", 5.0),
        ("shadowOffset.height", -6.0), ("transform.translation.x", 11.0), ("transform.translation.y", 12.0),
        ("transform.scale.x", 2.0), ("transform.scale.y", 3.0), ("transform.rotation.z", 0.5),
        ("transform.rotation", 0.25), ("transform.scale", 1.5), ("transform.translation.z", 4.0),
        ("transform.scale.xy", 2.5),
    ])
    func structurePathsReadBackWhatWasSet(keyPath: String, value: Double) throws {
        try withManualClock { _ in
            let layer = CALayer()
            layer.setValue(value, forKeyPath: keyPath)
            let read = try #require(layer.value(forKeyPath: keyPath) as? CGFloat)
            expectClose(read, value, within: 1e-9, Comment(rawValue: keyPath))
        }
    }

    @Test func settingAStructurePathRunsTheActionOfItsProperty() {
        withManualClock { _ in
            let layer = CALayer()
            CATransaction.flush()
            layer.setValue(50, forKeyPath: "position.x")
            #expect(layer.position == CGPoint(x: 50, y: 0))
            #expect(layer.animation(forKey: "position") != nil)
        }
    }

    @Test func rotationKeyPathKeepsTheScale() {
        withManualClock { _ in
            let layer = CALayer()
            layer.transform = CATransform3DMakeScale(2, 2, 1)
            layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
            let t = layer.transform
            expectClose(t.m11, 0, within: 1e-9)
            expectClose(t.m12, 2, within: 1e-9)
            expectClose(t.m21, -2, within: 1e-9)
        }
    }

    @Test func scaleXYScalesXAndYAndKeepsZ() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            CATransaction.setDisableActions(true)
            layer.transform = CATransform3DMakeScale(1, 1, 3)
            CATransaction.flush()
            let animation = CABasicAnimation(keyPath: "transform.scale.xy")
            animation.fromValue = 1
            animation.toValue = 2
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(animation, forKey: "grow")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let t = try #require(layer.presentation()).transform
            expectClose(t.m11, 1.5, within: 1e-9)
            expectClose(t.m22, 1.5, within: 1e-9)
            expectClose(t.m33, 3, within: 1e-9)
        }
    }

    @Test func customKeysAreStoredAndRunTheActionSearch() {
        withManualClock { _ in
            final class Watcher: CALayerDelegate {
                var keys: [String] = []
                func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                    keys.append(event)
                    return nil
                }
            }
            let watcher = Watcher()
            let layer = CALayer()
            layer.delegate = watcher
            #expect(layer.value(forKey: "progress") == nil)
            layer.setValue(0.25, forKey: "progress")
            #expect(layer.value(forKey: "progress") as? Double == 0.25)
            #expect(watcher.keys == ["progress"])
            #expect(layer.animationKeys() == nil, "custom keys have no default action")
        }
    }

    @Test func customKeysFallBackToStyleAndDefaultValue() {
        withManualClock { _ in
            final class DefaultingLayer: CALayer {
                override class func defaultValue(forKey key: String) -> Any? {
                    key == "level" ? 3 : super.defaultValue(forKey: key)
                }
                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "level" || super.needsDisplay(forKey: key)
                }
            }
            let layer = DefaultingLayer()
            #expect(layer.value(forKey: "level") as? Int == 3)
            layer.style = ["level": 5]
            #expect(layer.value(forKey: "level") as? Int == 5)
            CATransaction.flush()
            #expect(!layer.needsDisplay())
            CATransaction.begin()
            layer.setValue(7, forKey: "level")
            #expect(layer.needsDisplay(), "needsDisplay(forKey:) marks the layer")
            CATransaction.commit()
            #expect(!layer.needsDisplay(), "displayed when the transaction committed")
        }
    }

    @Test func animationsHaveKeyValueCodingToo() {
        let animation = CABasicAnimation(keyPath: "position")
        animation.setValue(2.0, forKey: "duration")
        #expect(animation.duration == 2)
        animation.setValue("tag", forKey: "myTag")
        #expect(animation.value(forKey: "myTag") as? String == "tag")
        #expect(animation.value(forKey: "keyPath") as? String == "position")
        let copy = animation.copy() as! CABasicAnimation
        #expect(copy.value(forKey: "myTag") as? String == "tag")
        #expect(copy.duration == 2)
    }

    @Test func frameIsDerivedFromBoundsPositionAnchorAndTransform() {
        withManualClock { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            layer.position = CGPoint(x: 200, y: 100)
            #expect(layer.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
            layer.anchorPoint = CGPoint(x: 0, y: 0)
            #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
            layer.transform = CATransform3DMakeScale(2, 2, 1)
            #expect(layer.frame == CGRect(x: 200, y: 100, width: 200, height: 100))
            layer.transform = CATransform3DIdentity
            layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            #expect(layer.position == CGPoint(x: 10, y: 20))
            #expect(layer.bounds.size == CGSize(width: 30, height: 40))
        }
    }

    /// `compositingFilter` (lottie-ios sets `"xor"` on the layers of inverted mattes) is kept,
    /// read back by key, and carried by the presentation layer; it does not animate.
    @Test func compositingFilterIsKeptAndPresented() throws {
        try withManualClock { _ in
            let layer = committedLayer()
            layer.compositingFilter = "xor"
            CATransaction.flush()
            #expect(layer.compositingFilter as? String == "xor")
            #expect(layer.value(forKey: "compositingFilter") as? String == "xor")
            #expect(layer.animationKeys() == nil, "not animatable")
            let shown = try #require(layer.presentation())
            #expect(shown.compositingFilter as? String == "xor")
            layer.setValue("multiplyBlendMode", forKey: "compositingFilter")
            #expect(layer.compositingFilter as? String == "multiplyBlendMode")
        }
    }
}
