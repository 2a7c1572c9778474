import OpenUIKit
import QuartzTestSupport
import Testing

/// A layer that records what `add(_:forKey:)` receives, as the seeds' `DRInspectionLayer`.
final class InspectionLayer: CALayer {
    struct Added {
        let animation: CAAnimation
        let key: String?
        let modelPosition: CGPoint
    }

    nonisolated(unsafe) static var added: [Added] = []

    override func add(_ anim: CAAnimation, forKey key: String?) {
        Self.added.append(Added(animation: anim, key: key, modelPosition: position))
        super.add(anim, forKey: key)
    }
}

/// The seeds' `DRInspectionView`: a view whose `layerClass` is the inspection layer.
final class InspectionView: UIView {
    override class var layerClass: AnyClass { InspectionLayer.self }
}

@MainActor
@Suite("Views and block animations", .serialized)
struct ViewBlockAnimationTests {
    /// A view at (0, 0), 100 × 100, committed.
    private func committedView(inspecting: Bool = false) -> UIView {
        let frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        let view = inspecting ? InspectionView(frame: frame) : UIView(frame: frame)
        CATransaction.flush()
        return view
    }

    // easeInEaseOut (0.42, 0, 0.58, 1) solved with mpmath at x = 0.25: 0.12916193.
    private let easedQuarter = 0.129_161_93

    @Test func viewBackedLayerDoesNotAnimateOutsideBlock() {
        withManualClock { clock in
            let view = committedView()
            let answer = view.action(for: view.layer, forKey: "position")
            #expect(answer is NSNull)
            #expect(String(describing: answer!) == "<null>", "the seeds print NSNull as <null>")
            view.center = CGPoint(x: 100, y: 0)
            #expect(view.layer.animationKeys() == nil)
            clock.advance(by: 0.1)
            #expect(view.layer.presentation()?.position == CGPoint(x: 100, y: 0))
        }
    }

    @Test func viewBackedLayerAnswersAnActionInsideBlock() {
        withManualClock { _ in
            let view = committedView()
            var inside: (any CAAction)?
            UIView.animate(withDuration: 0.3) {
                inside = view.action(for: view.layer, forKey: "position")
            }
            #expect(inside != nil && !(inside is NSNull))
            #expect(view.action(for: view.layer, forKey: "position") is NSNull, "outside again")
        }
    }

    @Test func layerClassOverrideSeesTheAddedAnimation() throws {
        try withManualClock { _ in
            InspectionLayer.added = []
            let view = committedView(inspecting: true)
            #expect(view.layer is InspectionLayer)
            UIView.animate(withDuration: 0.3) {
                view.center = CGPoint(x: 5, y: 5)
                view.alpha = 0.5
            }
            #expect(InspectionLayer.added.count == 2)
            let move = try #require(
                InspectionLayer.added.first { ($0.animation as? CABasicAnimation)?.keyPath == "position" })
            let animation = try #require(move.animation as? CABasicAnimation)
            #expect(move.modelPosition == CGPoint(x: 5, y: 5), "the model already holds the new value")
            #expect(animation.fillMode == .both)
            #expect(animation.duration == 0.3)
            #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect(animation.delegate is UIViewAnimationState)
            // Additive, as UIKit has made them since iOS 8 (the seeds show iOS 7's from-only form).
            #expect(animation.isAdditive)
            #expect(animation.fromValue as? CGPoint == CGPoint(x: -5, y: -5), "old − new")
            #expect(animation.toValue as? CGPoint == .zero)
            let fade = try #require(
                InspectionLayer.added.first { ($0.animation as? CABasicAnimation)?.keyPath == "opacity" })
            let fadeAnimation = try #require(fade.animation as? CABasicAnimation)
            #expect(!fadeAnimation.isAdditive)
            #expect(fadeAnimation.toValue == nil, "only fromValue is set, as in the seeds")
            #expect(fadeAnimation.fromValue as? Float == 1, "the value shown, boxed as opacity's own type")
        }
    }

    @Test func blockAnimatesFromOldToNewAlongTheCurve() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1) { view.center = CGPoint(x: 100, y: 0) }
            #expect(view.center == CGPoint(x: 100, y: 0), "the model changes at once")
            clock.advance(to: 0.25)
            expectClose(try #require(view.layer.presentation()).position.x, 100 * easedQuarter, within: 1e-6)
            clock.advance(to: 0.5)
            expectClose(try #require(view.layer.presentation()).position.x, 50, within: 1e-5)
            clock.advance(to: 1.1)
            #expect(view.layer.presentation()?.position == CGPoint(x: 100, y: 0))
            #expect(view.layer.animationKeys() == nil, "removed at the end")
        }
    }

    @Test func secondBlockMidFlightBlendsAdditively() throws {
        try withManualClock { clock in
            let view = committedView()
            var first: [Bool] = []
            UIView.animate(withDuration: 1, animations: { view.center.x = 100 }, completion: { first.append($0) })
            clock.advance(to: 0.5)
            let before = try #require(view.layer.presentation()).position.x
            UIView.animate(withDuration: 1) { view.center.x = 200 }
            CATransaction.flush()
            expectClose(try #require(view.layer.presentation()).position.x, before, within: 1e-9, "no jump")
            clock.advance(to: 1)
            // The first block is done; the second is half-way from 100 to 200 with 100 to go.
            expectClose(try #require(view.layer.presentation()).position.x, 150, within: 1e-5)
            #expect(first == [true], "blending does not interrupt the first block")
            clock.advance(to: 1.6)
            expectClose(try #require(view.layer.presentation()).position.x, 200, within: 1e-9)
        }
    }

    @Test func completionRunsOnceWithTrueAtTheEnd() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(Bool, Double)] = []
            UIView.animate(
                withDuration: 0.4,
                animations: {
                    view.alpha = 0; view.center.y = 30
                },
                completion: { calls.append(($0, CACurrentMediaTime())) })
            clock.advance(to: 0.3)
            #expect(calls.isEmpty)
            clock.advance(to: 2)
            #expect(calls.count == 1)
            #expect(calls.first?.0 == true)
            expectClose(calls.first?.1 ?? 0, 0.4, within: 1e-9)
        }
    }

    @Test func completionIsFalseWhenAnimationIsReplaced() {
        withManualClock { clock in
            let view = committedView()
            var first: [Bool] = []
            var second: [Bool] = []
            UIView.animate(
                withDuration: 1, animations: { view.backgroundColor = .red }, completion: { first.append($0) })
            clock.advance(to: 0.5)
            UIView.animate(
                withDuration: 1, animations: { view.backgroundColor = .blue }, completion: { second.append($0) })
            CATransaction.flush()
            #expect(first == [false], "a colour cannot add: the second block replaces the first")
            clock.advance(to: 2)
            #expect(second == [true])
            #expect(first == [false])
        }
    }

    @Test func completionIsFalseWhenAnimationIsRemoved() {
        withManualClock { clock in
            let view = committedView()
            var result: [Bool] = []
            UIView.animate(withDuration: 1, animations: { view.center.x = 10 }, completion: { result.append($0) })
            clock.advance(to: 0.5)
            view.layer.removeAllAnimations()
            clock.advance(to: 2)
            #expect(result == [false])
        }
    }

    @Test func completionComesOnTheNextTurnWhenNothingAnimates() {
        withManualClock { clock in
            let view = committedView()
            var unchanged: [Bool] = []
            var instant: [Bool] = []
            UIView.animate(withDuration: 1, animations: {}, completion: { unchanged.append($0) })
            UIView.animate(withDuration: 0, animations: { view.center.x = 40 }, completion: { instant.append($0) })
            #expect(unchanged.isEmpty && instant.isEmpty, "not from inside the call")
            #expect(view.layer.animationKeys() == nil, "duration 0 animates nothing")
            clock.advance(by: 0)
            #expect(unchanged == [true])
            #expect(instant == [true])
            clock.advance(by: 1)
            #expect(unchanged == [true] && instant == [true], "once")
        }
    }

    @Test func aNegativeDurationAppliesAtOnceAndCompletesLikeUIKit() {
        withManualClock { clock in
            let view = committedView()
            var finished: [Bool] = []
            UIView.animate(withDuration: -1, animations: { view.center.x = 40 }, completion: { finished.append($0) })
            UIView.animate(
                withDuration: -0.5, delay: -2, options: [], animations: { view.alpha = 0.5 },
                completion: { finished.append($0) })
            UIView.animateKeyframes(
                withDuration: -1, delay: 0, animations: { view.center.y = 7 }, completion: { finished.append($0) })
            #expect(view.layer.animationKeys() == nil, "nothing animates")
            #expect(view.center == CGPoint(x: 40, y: 7))
            #expect(finished.isEmpty, "not from inside the call")
            clock.advance(by: 0)
            #expect(finished == [true, true, true])
            #expect(abs(view.layer.presentation()!.position.x - 40) < 1e-12)
        }
    }

    @Test func nestedBlocksInheritTheOuterDurationUnlessTold() throws {
        try withManualClock { _ in
            let view = committedView()
            var inherited: TimeInterval = 0
            UIView.animate(withDuration: 1) {
                view.center.x = 100
                UIView.animate(withDuration: 0.2) {
                    inherited = UIView.inheritedAnimationDuration
                    view.center.y = 100
                }
                UIView.animate(withDuration: 0.2, delay: 0, options: [.overrideInheritedDuration, .curveLinear]) {
                    view.alpha = 0.5
                }
            }
            let layer = view.layer
            let y = try #require(
                layer.animationKeys()?.compactMap { layer.animation(forKey: $0) as? CABasicAnimation }
                    .first { ($0.fromValue as? CGPoint)?.y == -100 })
            #expect(y.duration == 1, "the inner block's 0.2 s gives way to the outer 1 s")
            #expect(inherited == 1)
            let fade = try #require(layer.animation(forKey: "opacity"))
            #expect(fade.duration == 0.2)
            #expect(fade.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut), "the curve is still inherited")
        }
    }

    @Test func disableActionsInsideATransactionStopsAViewBlock() {
        withManualClock { _ in
            let view = committedView()
            let standalone = CALayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            UIView.animate(withDuration: 0.33) { view.backgroundColor = .red }
            standalone.opacity = 0
            CATransaction.commit()
            #expect(view.layer.animationKeys() == nil)
            #expect(standalone.animationKeys() == nil)
        }
    }

    @Test func performWithoutAnimationAndDisabledAnimationsDoNotAnimate() {
        withManualClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 1) {
                UIView.performWithoutAnimation { view.center.x = 30 }
            }
            #expect(view.layer.animationKeys() == nil)
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1) { view.center.x = 60 }
            UIView.setAnimationsEnabled(true)
            #expect(view.layer.animationKeys() == nil)
            #expect(UIView.areAnimationsEnabled)
        }
    }

    /// UIKit does not set the transaction's duration or timing: inside a 0.5 s block, a layer
    /// that is no view's animates as the current transaction says, 0.25 s by default or what
    /// `CATransaction` sets around the block, while a view in the same block takes 0.5 s (as
    /// tests run on Apple's simulators show; seed 001's remark implies the block's duration).
    @Test func standaloneLayerInsideBlockAnimatesWithTheTransactionsDuration() throws {
        try withManualClock { clock in
            let layer = CALayer()
            let view = committedView()
            CATransaction.flush()
            UIView.animate(withDuration: 0.5) {
                layer.opacity = 0
                view.alpha = 0
            }
            let fade = try #require(layer.animation(forKey: "opacity"))
            #expect(fade.duration == 0.25, "the transaction's default")
            #expect(view.layer.animation(forKey: "opacity")?.duration == 0.5, "the block's")
            clock.advance(to: 0.3)
            expectClose(Double(try #require(layer.presentation()).opacity), 0, within: 1e-9, "done at 0.25 s")
            #expect(Double(try #require(view.layer.presentation()).opacity) > 0, "still fading")

            let other = CALayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.8)
            UIView.animate(withDuration: 0.5) { other.opacity = 0 }
            CATransaction.commit()
            #expect(other.animation(forKey: "opacity")?.duration == 0.8, "inherited from the transaction around the block")
        }
    }

    @Test func delayHoldsTheOldValueThenAnimates() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 100 })
            clock.advance(to: 0.25)
            expectClose(try #require(view.layer.presentation()).position.x, 0, within: 1e-9, "backwards fill")
            clock.advance(to: 1)
            expectClose(try #require(view.layer.presentation()).position.x, 50, within: 1e-9)
        }
    }

    /// A view that lays its one subview out across its bounds.
    final class Container: UIView {
        let child = UIView(frame: .zero)
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(child)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func layoutSubviews() {
            child.frame = bounds
        }
    }

    @Test func layoutSubviewsOptionAnimatesTheNewLayout() throws {
        try withManualClock { clock in
            let container = Container(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            container.layoutIfNeeded()
            CATransaction.flush()
            UIView.animate(
                withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear],
                animations: {
                    container.bounds.size = CGSize(width: 200, height: 100)
                })
            #expect(container.child.bounds.width == 200, "laid out inside the block")
            clock.advance(to: 0.5)
            expectClose(try #require(container.child.layer.presentation()).bounds.width, 150, within: 1e-9)
        }
    }

    @Test func repeatAndAutoreverseOptionsShapeTheAnimation() throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { view.alpha = 0 })
            let fade = try #require(view.layer.animation(forKey: "opacity"))
            #expect(fade.repeatCount == .infinity && fade.autoreverses)
        }
    }

    @Test func transformAnimatesAdditively() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    view.transform = CGAffineTransform(scaleX: 3, y: 3)
                })
            clock.advance(to: 0.5)
            let shown = CATransform3DGetAffineTransform(try #require(view.layer.presentation()).transform)
            expectClose(shown.a, 2, within: 1e-9)
            expectClose(shown.d, 2, within: 1e-9)
        }
    }

    @Test func layerPropertiesAnimateInsideBlocks() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    view.layer.cornerRadius = 20
                    view.layer.borderColor = UIColor.red.cgColor
                })
            clock.advance(to: 0.5)
            let shown = try #require(view.layer.presentation())
            expectClose(shown.cornerRadius, 10, within: 1e-9)
            expectClose(try #require(shown.borderColor?.components?[0]), 0.5, within: 1e-9)
        }
    }

    @Test func springBlockUsesUIKitsMapping() throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animate(
                withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
                animations: { view.center.x = 100 })
            let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
            // ω = ln(|c₂| / 0.001) / (ζD) with c₂ = ζ/√(1 − ζ²): 12.716898269.
            expectClose(spring.stiffness, 12.716_898_269 * 12.716_898_269, within: 1e-6)
            expectClose(spring.damping, 12.716_898_269, within: 1e-6)
            #expect(spring.mass == 1 && spring.duration == 1 && spring.isAdditive)
            let critical = UIViewSpring(dampingRatio: 1, duration: 1, initialVelocity: 0)
            // ω·e^(−ω) = 0.001: ω = 9.118006470.
            expectClose(critical.stiffness.squareRoot(), 9.118_006_470, within: 1e-6)
            expectClose(critical.damping, 2 * 9.118_006_470, within: 1e-6)
        }
    }

    @Test func springBlockSettlesOnTheNewValue() {
        withManualClock { clock in
            let view = committedView()
            var done: [Bool] = []
            UIView.animate(
                withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                animations: { view.center.x = 100 }, completion: { done.append($0) })
            var overshoot = false
            for step in 1...8 {
                clock.advance(to: Double(step) * 0.1)
                if (view.layer.presentation()?.position.x ?? 0) > 100 { overshoot = true }
            }
            #expect(overshoot, "a damping ratio of 0.3 bounces")
            clock.advance(to: 1)
            #expect(done == [true])
            #expect(view.layer.presentation()?.position.x == 100)
        }
    }

    @Test func perceptualSpringBlockRunsUntilItSettles() throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animate(springDuration: 0.5, bounce: 0.3) { view.center.x = 100 }
            let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
            let reference = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
            expectClose(spring.stiffness, reference.stiffness, within: 1e-9)
            expectClose(spring.duration, reference.settlingDuration, within: 1e-9)
        }
    }
}
