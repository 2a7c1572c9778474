import OpenUIKit
import Testing

/// Motion effects: what an interpolating effect and a group answer for a viewer offset, and
/// the effects a view keeps.
@MainActor
@Suite struct MotionEffectTests {
    @Test func anInterpolatingEffectMovesBetweenItsValuesAlongItsAxis() throws {
        let x = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        #expect(
            x.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: 0)) == nil, "no values yet")
        x.minimumRelativeValue = -20.0
        x.maximumRelativeValue = 20
        func value(_ effect: UIMotionEffect, _ horizontal: CGFloat, _ vertical: CGFloat, _ key: String) -> Any? {
            effect.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: horizontal, vertical: vertical))?[
                key]
        }
        #expect(value(x, -1, 0, "center.x") as? CGFloat == -20)
        #expect(value(x, 0, 0, "center.x") as? CGFloat == 0)
        #expect(
            try #require(value(x, 0.25, 0.9, "center.x") as? CGFloat) == 5,
            "a quarter of the way, whatever the other axis")
        #expect(value(x, 3, 0, "center.x") as? CGFloat == 20, "offsets past 1 are 1")

        let shadow = UIInterpolatingMotionEffect(keyPath: "layer.shadowOffset", type: .tiltAlongVerticalAxis)
        shadow.minimumRelativeValue = CGSize(width: 0, height: -10)
        shadow.maximumRelativeValue = CGSize(width: 4, height: 10)
        #expect(value(shadow, 1, 0.5, "layer.shadowOffset") as? CGSize == CGSize(width: 3, height: 5))

        let group = UIMotionEffectGroup()
        group.motionEffects = [x, shadow]
        let both = group.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: -0.5, vertical: -1))
        #expect(both?["center.x"] as? CGFloat == -10)
        #expect(both?["layer.shadowOffset"] as? CGSize == CGSize(width: 0, height: -10))

        let mismatched = UIInterpolatingMotionEffect(keyPath: "alpha", type: .tiltAlongVerticalAxis)
        mismatched.minimumRelativeValue = CGPoint.zero
        mismatched.maximumRelativeValue = 1
        #expect(value(mismatched, 0, 0, "alpha") == nil)
    }

    @Test func aViewKeepsItsEffectsOnceEachAndItsModelValues() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let tilt = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        tilt.minimumRelativeValue = -20
        tilt.maximumRelativeValue = 20
        view.addMotionEffect(tilt)
        view.addMotionEffect(tilt)
        #expect(view.motionEffects.count == 1)
        // The device is level here: the view stays where its model puts it.
        #expect(view.center == CGPoint(x: 50, y: 50))
        view.removeMotionEffect(tilt)
        #expect(view.motionEffects.isEmpty)
    }
}
