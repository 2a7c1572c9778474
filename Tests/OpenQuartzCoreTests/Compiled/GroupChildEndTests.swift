import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The ends of group children as Core Animation shows them (Apple's pictures of lottie-ios's
/// trees, paused at a layer's last frame): a child shows its last keyframe at exactly its end
/// even when it does not fill.
@Suite("Group children's ends")
struct GroupChildEndTests {
    @Test func aChildShowsItsLastKeyframeAtExactlyItsEnd() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            let child = CAKeyframeAnimation(keyPath: "opacity")
            child.values = [0.0, 0.5]
            child.keyTimes = [0, 1]
            child.duration = 1
            child.fillMode = .removed
            let group = CAAnimationGroup()
            group.animations = [child]
            group.duration = 2
            group.fillMode = .both
            group.isRemovedOnCompletion = false
            let root = CALayer()
            CATransaction.setDisableActions(true)
            root.addSublayer(layer)
            root.speed = 0
            CATransaction.flush()
            layer.add(group, forKey: "group")
            CATransaction.flush()
            // Paused at exactly the child's end, as lottie-ios pauses a tree at a frame.
            root.timeOffset = clock.now + 1
            CATransaction.flush()
            expectClose(Double(try #require(layer.presentation()).opacity), 0.5, within: 1e-6, "at its end")
            root.timeOffset = clock.now + 1.5
            CATransaction.flush()
            expectClose(Double(try #require(layer.presentation()).opacity), 1, within: 1e-6, "after it, the model")
        }
    }
}
