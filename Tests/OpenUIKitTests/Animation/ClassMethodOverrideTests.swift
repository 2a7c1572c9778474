import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// A view class that slows its animations down, as apps do for debugging, by overriding
/// UIKit's class method.
private class SlowMotionView: UIView {
    static var requested: [TimeInterval] = []

    override class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        requested.append(duration)
        super.animate(withDuration: duration * 2, animations: animations)
    }

    override class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        requested.append(0)
        super.performWithoutAnimation(actionsWithoutAnimation)
    }
}

@MainActor
@Suite("UIView's animation methods as overridable class methods")
struct ClassMethodOverrideTests {
    @Test func aSubclassOverridesTheAnimationClassMethods() throws {
        try withManualClock { _ in
            let view = SlowMotionView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            CATransaction.flush()
            SlowMotionView.requested = []
            SlowMotionView.animate(withDuration: 0.5) { view.center.x = 100 }
            #expect(SlowMotionView.requested == [0.5])
            let key = try #require(view.layer.animationKeys()?.first)
            #expect(view.layer.animation(forKey: key)?.duration == 1)
            SlowMotionView.performWithoutAnimation { view.alpha = 0.5 }
            #expect(SlowMotionView.requested == [0.5, 0])
            // UIView itself is untouched.
            UIView.animate(withDuration: 0.5) { view.center.y = 100 }
            #expect(SlowMotionView.requested == [0.5, 0])
        }
    }
}
