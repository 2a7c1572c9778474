import OpenUIKit
import QuartzTestSupport
import Testing

/// `UIView.modifyAnimations(withRepeatCount:autoreverses:animations:)` (issue 28): inside a
/// block, the changes it wraps repeat and autoreverse as it says; the rest of the block does
/// not; the completion waits for all of them.
@MainActor
@Suite struct ModifyAnimationsTests {
    @Test func wrappedChangesRepeatAndAutoreverseAndTheCompletionWaits() {
        withManualClock { clock in
            let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            CATransaction.flush()
            var finishedAt: Double?
            UIView.animate(
                withDuration: 1, delay: 0, options: [.curveLinear],
                animations: {
                    view.center = CGPoint(x: 100, y: 0)
                    UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) {
                        view.alpha = 0
                    }
                },
                completion: { finished in if finished { finishedAt = CACurrentMediaTime() } })
            CATransaction.flush()
            let fade = view.layer.animation(forKey: "opacity")
            #expect(fade?.repeatCount == 2 && fade?.autoreverses == true)
            let move = view.layer.animation(forKey: "position")
            #expect(move?.repeatCount == 0 && move?.autoreverses == false)
            // Linear: a quarter of the way out, then a quarter of the way back.
            clock.advance(to: 0.25)
            expectClose(Double(view.layer.presentation()?.opacity ?? .nan), 0.75, within: 1e-6)
            clock.advance(to: 1.25)
            expectClose(Double(view.layer.presentation()?.opacity ?? .nan), 0.25, within: 1e-6)
            expectClose(Double(view.layer.presentation()?.position.x ?? .nan), 100, within: 1e-9)
            // Two cycles out and back: 4 s, then the completion.
            clock.advance(to: 3.5)
            #expect(finishedAt == nil)
            clock.advance(to: 5)
            expectClose(finishedAt ?? .nan, 4, within: 1e-9)
        }
    }

    /// Outside a block the changes simply apply, with no animation.
    @Test func outsideABlockTheChangesApplyAtOnce() {
        withManualClock { _ in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            CATransaction.flush()
            UIView.modifyAnimations(withRepeatCount: 3, autoreverses: false) { view.alpha = 0.5 }
            CATransaction.flush()
            #expect(view.layer.animationKeys() == nil)
            #expect(view.alpha == 0.5)
        }
    }
}
