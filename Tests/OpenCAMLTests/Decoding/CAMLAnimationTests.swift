import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

@Suite struct CAMLAnimationTests {
    @Test func animationsAreAddedUnderTheDocumentsKeys() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer><animations>
                  <p key="spin" type="CAKeyframeAnimation" keyPath="transform.rotation.z" calculationMode="cubic"
                     beginTime="1e-100" duration="3" fillMode="both" removedOnCompletion="0" repeatCount="inf"
                     autoreverses="1" speed="2" timeOffset="0.5" repeatDuration="inf">
                    <keyTimes><integer value="0"/><real value="0.25"/><integer value="1"/></keyTimes>
                    <values><integer value="0"/><real value="3.14"/><real value="6.28"/></values>
                    <timingFunctions><CAMediaTimingFunction value="easeIn"/><CAMediaTimingFunction value="0.1 0 0.2 1"/></timingFunctions>
                  </p>
                  <p key="fade" type="CABasicAnimation" keyPath="opacity" fromValue="1" timingFunction="linear">
                    <toValue type="real" value="0"/>
                  </p>
                  <p key="move" type="CASpringAnimation" keyPath="position" damping="50" mass="2" stiffness="300" velocity="1"
                     mica_autorecalculatesDuration="1">
                    <toValue type="CGPoint" value="10 20"/>
                  </p>
                  <p key="group" type="CAAnimationGroup" duration="2">
                    <animations><CABasicAnimation keyPath="cornerRadius" toValue="4"/></animations>
                  </p>
                </animations></CALayer></caml>
                """)
        let layer = package.rootLayer
        #expect(Set(layer.animationKeys() ?? []) == ["spin", "fade", "move", "group"])
        let spin = try #require(layer.animation(forKey: "spin") as? CAKeyframeAnimation)
        #expect(spin.keyPath == "transform.rotation.z")
        #expect(spin.calculationMode == .cubic)
        #expect(spin.repeatCount == .infinity)
        #expect(spin.repeatDuration == .infinity)
        #expect(spin.fillMode == .both)
        #expect(!spin.isRemovedOnCompletion)
        #expect(spin.autoreverses)
        expectClose(Double(spin.speed), 2, within: 1e-6)
        expectClose(spin.timeOffset, 0.5, within: 1e-12)
        expectClose(spin.duration, 3, within: 1e-12)
        expectClose(try #require(spin.keyTimes).map(\.doubleValue), [0, 0.25, 1], within: 1e-12)
        expectClose(try #require(spin.values as? [Double]), [0, 3.14, 6.28], within: 1e-12)
        #expect(spin.timingFunctions?.count == 2)
        let fade = try #require(layer.animation(forKey: "fade") as? CABasicAnimation)
        #expect(fade.fromValue as? Double == 1)
        #expect(fade.toValue as? Double == 0)
        #expect(fade.timingFunction == CAMediaTimingFunction(name: .linear))
        let move = try #require(layer.animation(forKey: "move") as? CASpringAnimation)
        expectClose(move.mass, 2, within: 1e-12)
        expectClose(move.damping, 50, within: 1e-12)
        expectClose(move.stiffness, 300, within: 1e-12)
        expectClose(move.initialVelocity, 1, within: 1e-12)
        expectClose(move.duration, move.settlingDuration, within: 1e-9)
        #expect(move.toValue as? CGPoint == CGPoint(x: 10, y: 20))
        let group = try #require(layer.animation(forKey: "group") as? CAAnimationGroup)
        #expect((group.animations?.first as? CABasicAnimation)?.keyPath == "cornerRadius")
        #expect(package.warnings.isEmpty)
    }

    @Test func animationsThatCannotBeAddedAreSkippedWithAWarning() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer><animations>
                  <p key="xy" type="CABasicAnimation" keyPath="transform.shear.x" toValue="2"/>
                  <p key="bad" type="CASpringAnimation" keyPath="opacity" mass="0" toValue="x"/>
                  <animation type="CAMatchMoveAnimation" additive="1"/>
                </animations></CALayer></caml>
                """)
        #expect(package.rootLayer.animationKeys() == ["bad"])
        let spring = try #require(package.rootLayer.animation(forKey: "bad") as? CASpringAnimation)
        expectClose(spring.mass, 1, within: 1e-12)
        // The unusable key path also leaves `toValue` without a kind: two warnings for "xy".
        #expect(package.warnings.count == 5)
    }

    /// Issue 14, behaviour 13 from a file: a value of the wrong type for its key path is
    /// dropped with a warning naming the key; nothing traps and the presentation is never NaN.
    @Test func wrongTypeAnimationValuesFromAFileNeverCrash() throws {
        try withManualClock { clock in
            let package = try loadCAML(
                camlHeader + """
                    <CALayer position="40 7"><animations>
                      <p key="attr" type="CABasicAnimation" keyPath="position.x" fromValue="left" duration="1"/>
                      <p key="elem" type="CABasicAnimation" keyPath="position.y" duration="1">
                        <toValue type="string" value="down"/>
                      </p>
                      <p key="frames" type="CAKeyframeAnimation" keyPath="opacity" duration="1">
                        <values><real value="0"/><string value="half"/></values>
                      </p>
                    </animations></CALayer></caml>
                    """)
            let layer = package.rootLayer
            #expect(package.warnings.count == 3, "\(package.warnings)")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let shown = try #require(layer.presentation())
            #expect(shown.position == CGPoint(x: 40, y: 7), "no value to move to: the model value")
            #expect(!shown.opacity.isNaN)
        }
    }

    @Test func scaleXYAnimationsAreAdded() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer><animations>
                  <p key="xy" type="CABasicAnimation" keyPath="transform.scale.xy" toValue="2"/>
                </animations></CALayer></caml>
                """)
        #expect(package.rootLayer.animationKeys() == ["xy"])
        #expect(package.warnings.isEmpty)
    }

    /// A keyframe path moves a point or a translation, as `add(_:forKey:)` takes it (lottie-ios
    /// moves every layer along `transform.translation`); on anything else it is skipped.
    @Test func aKeyframePathMovesAPointOrATranslation() throws {
        try withManualClock { clock in
            let package = try loadCAML(
                camlHeader + """
                    <CALayer><animations>
                      <p key="slide" type="CAKeyframeAnimation" keyPath="transform.translation" path="0 0 m 100 40 l"
                         duration="1"/>
                      <p key="bad" type="CAKeyframeAnimation" keyPath="opacity" path="0 0 m 1 1 l" duration="1"/>
                    </animations></CALayer></caml>
                    """)
            #expect(package.rootLayer.animationKeys() == ["slide"])
            #expect(package.warnings.count == 1, "\(package.warnings)")
            #expect(package.warnings.first?.description.contains("not a point or a translation") == true)
            CATransaction.flush()
            clock.advance(by: 0.25)
            let shown = try #require(package.rootLayer.presentation())
            expectClose(shown.transform.m41, 25, within: 1e-9)
            expectClose(shown.transform.m42, 10, within: 1e-9)
        }
    }
}
