import OpenUIKit
import QuartzTestSupport
import Testing

/// A view backed by a shape layer, for shape-layer properties inside blocks.
final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

/// The documented example of the hook: only opacity fades, over a second, from the old value.
@MainActor
final class FadeOnly: UIViewAnimationContext {
    func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard key == "opacity" else { return nil }
        let fade = CABasicAnimation(keyPath: key)
        fade.fromValue = oldValue
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        return fade
    }
}

@MainActor
@Suite("Custom block animations on the public hook", .serialized)
struct CustomAnimationTests {
    private func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    @Test func customContextDecidesTheActions() throws {
        try withManualClock { clock in
            let view = committedView()
            var seen: [(String, Any?)] = []
            final class Recording: UIViewAnimationContext {
                let record: (String, Any?) -> Void
                init(_ record: @escaping (String, Any?) -> Void) { self.record = record }
                func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
                    record(key, oldValue)
                    return nil
                }
            }
            UIView.perform(in: Recording { seen.append(($0, $1)) }) { view.center.x = 10 }
            #expect(seen.map(\.0) == ["position"])
            #expect(seen.first?.1 as? CGPoint == .zero, "the value before the change")
            #expect(view.layer.animationKeys() == nil, "nil is no animation")
            UIView.perform(in: FadeOnly()) {
                #expect(UIView.currentAnimationContext is FadeOnly)
                view.alpha = 0
                view.center.x = 20
            }
            #expect(UIView.currentAnimationContext == nil)
            #expect(view.layer.animationKeys() == ["opacity"])
            clock.advance(to: 0.25)
            expectClose(Double(try #require(view.layer.presentation()).opacity), 0.75, within: 1e-6)
            #expect(view.layer.presentation()?.position.x == 20)
        }
    }

    @Test func popAnimationGoesToTheNewValueAndBack() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.popAnimation(withDuration: 1) { view.center.x = 100 }
            #expect(view.center.x == 0, "the model is set back to the old value")
            let pop = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(pop.keyTimes == [0, 0.35, 1])
            #expect(pop.timingFunctions?.count == 2)
            // Each segment eased by the seeds' curves: (1, 0, 0.8, 1) at 0.5 is 0.12216640,
            // (0.2, 0, 0, 1) at 0.5 is 0.87783360 (mpmath).
            let expected: [(Double, Double)] = [
                (0, 0), (0.175, 12.216_640), (0.35, 100), (0.675, 100 - 87.783_360), (0.999_999, 0),
            ]
            for (time, x) in expected {
                clock.advance(to: time)
                expectClose(try #require(view.layer.presentation()).position.x, x, within: 1e-4, "at \(time)")
            }
            clock.advance(to: 1.5)
            #expect(view.layer.animationKeys() == nil)
            #expect(view.layer.presentation()?.position.x == 0)
        }
    }

    @Test func popAnimationOfATransformRotatesAndReturns() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.popAnimation(withDuration: 0.7) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
            clock.advance(to: 0.35 * 0.7)
            let turned = try #require(view.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
            expectClose(turned, .pi / 2, within: 1e-6)
            #expect(view.transform == .identity)
        }
    }

    @Test func layerPropertiesHonourSpringBlocks() {
        withManualClock { _ in
            let view = committedView()
            UIView.animate(
                withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                animations: {
                    view.layer.cornerRadius = 12
                    view.layer.shadowOpacity = 0.5
                    view.layer.borderWidth = 2
                })
            for key in ["cornerRadius", "shadowOpacity", "borderWidth"] {
                #expect(view.layer.animation(forKey: key) is CASpringAnimation, "\(key)")
            }
        }
    }

    @Test func shapeLayerPropertiesAnimateInsideBlocks() throws {
        try withManualClock { clock in
            let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let shape = try #require(view.layer as? CAShapeLayer)
            CATransaction.flush()
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    shape.strokeEnd = 0
                    shape.lineWidth = 11
                    shape.fillColor = UIColor.blue.cgColor
                })
            clock.advance(to: 0.5)
            let shown = try #require(view.layer.presentation() as? CAShapeLayer)
            expectClose(shown.strokeEnd, 0.5, within: 1e-9)
            expectClose(shown.lineWidth, 6, within: 1e-9)
            expectClose(try #require(shown.fillColor?.components?[2]), 0.5, within: 1e-9)
        }
    }

    @Test func chainRunsItsStepsOneAfterAnother() throws {
        try withManualClock { clock in
            let view = committedView()
            var log: [String] = []
            let chain = UIView.animateAndChain(
                withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 },
                completion: { log.append("first \($0) at \(CACurrentMediaTime())") }
            )
            .animate(withDuration: 1, delay: 0.5, options: .curveLinear) { view.center.y = 100 }
            clock.advance(to: 0.5)
            expectClose(try #require(view.layer.presentation()).position.x, 50, within: 1e-9)
            #expect(view.center.y == 0, "the second step has not run yet")
            clock.advance(to: 1)
            #expect(log == ["first true at 1.0"])
            #expect(view.center.y == 100, "the second step ran when the first completed")
            clock.advance(to: 2)
            expectClose(try #require(view.layer.presentation()).position.y, 50, within: 1e-9, "after its 0.5 s delay")
            #expect(!chain.isFinished)
            clock.advance(to: 2.6)
            #expect(chain.isFinished)
        }
    }

    @Test func loopedChainStartsOverUntilCancelled() throws {
        try withManualClock { clock in
            let view = committedView()
            var rounds = 0
            var cancelledAt: Double?
            let chain = UIView.animateAndChain(
                withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 }
            )
            .animate(
                withDuration: 1, options: .curveLinear, animations: { view.center.x = 0 },
                completion: { _ in rounds += 1 }
            )
            .loop()
            // Out in [0, 1], back in [1, 2], out in [2, 3], back in [3, 4], out, back in [5, 6].
            clock.advance(to: 5.5)
            #expect(rounds == 2)
            expectClose(
                try #require(view.layer.presentation()).position.x, 50, within: 1e-9, "coming back a third time")
            chain.cancel { cancelledAt = CACurrentMediaTime() }
            #expect(cancelledAt == nil, "the running step finishes first")
            clock.advance(to: 10)
            #expect(cancelledAt == 6)
            #expect(rounds == 3 && chain.isFinished)
            #expect(view.center.x == 0, "no step ran after the cancel: the view stays back")
        }
    }

    @Test func finishedOrCancelledChainLetsGoOfItsViews() {
        withManualClock { clock in
            weak var weakView: UIView?
            var chain: UIViewAnimationChain?
            do {
                let view = committedView()
                weakView = view
                chain = UIView.animateAndChain(withDuration: 1, delay: 0, animations: { view.alpha = 0 })
                    .animate(withDuration: 1) { view.alpha = 1 }
                    .loop()
            }
            clock.advance(to: 0.5)
            chain?.cancel()
            clock.advance(to: 2)
            #expect(chain?.isFinished == true)
            #expect(weakView == nil, "the chain's closures, and the view they held, are gone")
        }
    }

    @Test func badDurationsTrap() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView.popAnimation(withDuration: .nan) {} }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView.animate(withDuration: .infinity) {} }
        }
    }
}
