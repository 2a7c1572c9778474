import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Implicit animations of standalone layers")
struct ImplicitAnimationTests {
    @Test func standaloneLayerAnimatesImplicitly() throws {
        try withManualClock { clock in
            let layer = CALayer()
            #expect(layer.presentation() == nil, "no presentation before the first commit")
            layer.position = CGPoint(x: 100, y: 0)
            #expect(layer.position == CGPoint(x: 100, y: 0), "implicit animations set the model at once")
            CATransaction.flush()
            let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(animation.duration == 0.25)
            #expect(animation.fromValue as? CGPoint == CGPoint.zero)
            clock.advance(by: 0.125)
            let halfway = try #require(layer.presentation()).position
            // The `default` curve (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024033877399112.
            expectClose(halfway.x, 80.24033877399112, within: 1e-6)
            clock.advance(by: 0.125)
            #expect(layer.animationKeys() == nil, "removed on completion")
            #expect(layer.presentation()?.position == CGPoint(x: 100, y: 0))
        }
    }
}
