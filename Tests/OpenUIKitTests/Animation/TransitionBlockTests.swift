import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("View transitions", .serialized)
struct TransitionBlockTests {
    /// A red view named `name`, 100 × 100, committed.
    private func committedView(named name: String = "view") -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        view.layer.name = name
        CATransaction.flush()
        return view
    }

    /// A container holding views named `a`, `from` and `b`, committed.
    private func container() -> (container: UIView, from: UIView) {
        let container = committedView(named: "container")
        let from = committedView(named: "from")
        container.addSubview(committedView(named: "a"))
        container.addSubview(from)
        container.addSubview(committedView(named: "b"))
        CATransaction.flush()
        return (container, from)
    }

    // easeInEaseOut (0.42, 0, 0.58, 1) solved with mpmath at x = 0.25: 0.12916193.
    private let easedQuarter = 0.129_161_93

    @Test(
        arguments: [
            (UIView.AnimationOptions.transitionCrossDissolve, "fade", nil),
            (.transitionFlipFromLeft, "oglFlip", CATransitionSubtype.fromLeft),
            (.transitionFlipFromRight, "oglFlip", .fromRight), (.transitionFlipFromTop, "oglFlip", .fromTop),
            (.transitionFlipFromBottom, "oglFlip", .fromBottom), (.transitionCurlUp, "pageCurl", nil),
            (.transitionCurlDown, "pageUnCurl", nil),
        ] as [(UIView.AnimationOptions, String, CATransitionSubtype?)])
    func transitionOptionPicksTypeAndSubtype(
        option: UIView.AnimationOptions, type: String, subtype: CATransitionSubtype?
    ) throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.transition(with: view, duration: 0.5, options: option, animations: { view.backgroundColor = .blue })
            let transition = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
            #expect(transition.type.rawValue == type)
            #expect(transition.subtype == subtype)
            #expect(transition.duration == 0.5)
            #expect(transition.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            clock.advance(to: 0.25)
            let state = try #require(view.layer.activeTransition())
            #expect(state.type.rawValue == type)
            #expect(state.drawnType == .fade, "flips and curls are drawn as a cross-dissolve")
        }
    }

    @Test func transitionNoneAddsNoTransition() {
        withManualClock { clock in
            let view = committedView()
            var done: [Bool] = []
            UIView.transition(
                with: view, duration: 1, options: .transitionNone, animations: { view.alpha = 0.5 },
                completion: { done.append($0) })
            #expect(view.layer.animationKeys() == nil)
            #expect(view.alpha == 0.5)
            #expect(done.isEmpty, "not from inside the call")
            clock.advance(by: 0)
            #expect(done == [true])
        }
    }

    @Test func oldStateIsKeptInTheTransitionsBeforeTree() throws {
        try withManualClock { clock in
            let view = committedView()
            let child = committedView(named: "old child")
            view.addSubview(child)
            CATransaction.flush()
            UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve) {
                view.backgroundColor = .blue
                child.removeFromSuperview()
                view.addSubview(self.committedView(named: "new child"))
            }
            #expect(view.layer.animationKeys() == ["transition"], "the changes do not animate on their own")
            for time in [0.0, 0.5, 0.99] {
                clock.advance(to: time)
                let state = try #require(view.layer.activeTransition())
                #expect(state.before.backgroundColor == UIColor.red.cgColor, "at \(time)")
                #expect(state.before.sublayers?.map(\.name) == ["old child"], "at \(time)")
                #expect(state.after.backgroundColor == UIColor.blue.cgColor, "at \(time)")
                #expect(state.after.sublayers?.map(\.name) == ["new child"], "at \(time)")
            }
            #expect(view.layer.presentation()?.backgroundColor == UIColor.blue.cgColor, "the layer shows the new state")
            clock.advance(to: 1.5)
            #expect(view.layer.activeTransition() == nil)
        }
    }

    @Test func progressFollowsTheCurve() throws {
        try withManualClock { clock in
            let linear = committedView()
            let eased = committedView()
            UIView.transition(
                with: linear, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                animations: { linear.alpha = 0.5 })
            UIView.transition(with: eased, duration: 1, options: .transitionCrossDissolve, animations: nil)
            clock.advance(to: 0.25)
            expectClose(try #require(linear.layer.activeTransition()).progress, 0.25, within: 1e-9)
            expectClose(try #require(eased.layer.activeTransition()).progress, easedQuarter, within: 1e-6)
            clock.advance(to: 0.5)
            expectClose(try #require(linear.layer.activeTransition()).progress, 0.5, within: 1e-9)
            expectClose(try #require(eased.layer.activeTransition()).progress, 0.5, within: 1e-6)
        }
    }

    @Test func completionRunsOnceWithTrueWhenTheTransitionEnds() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(Bool, Double)] = []
            UIView.transition(
                with: view, duration: 0.4, options: .transitionFlipFromLeft, animations: { view.alpha = 0 },
                completion: { calls.append(($0, CACurrentMediaTime())) })
            clock.advance(to: 0.3)
            #expect(calls.isEmpty)
            clock.advance(to: 2)
            #expect(calls.count == 1)
            #expect(calls.first?.0 == true)
            expectClose(calls.first?.1 ?? 0, 0.4, within: 1e-9)
            clock.advance(to: 3)
            #expect(calls.count == 1, "once")
        }
    }

    @Test func completionIsFalseWhenTheTransitionIsRemoved() {
        withManualClock { clock in
            let view = committedView()
            var result: [Bool] = []
            UIView.transition(
                with: view, duration: 1, options: .transitionCurlUp, animations: { view.alpha = 0 },
                completion: { result.append($0) })
            clock.advance(to: 0.5)
            view.layer.removeAnimation(forKey: kCATransition)
            clock.advance(to: 2)
            #expect(result == [false])
        }
    }

    @Test func allowAnimatedContentAnimatesTheChangesToo() throws {
        try withManualClock { clock in
            let view = committedView()
            var done: [(Bool, Double)] = []
            UIView.transition(
                with: view, duration: 1, options: [.transitionCrossDissolve, .allowAnimatedContent, .curveLinear],
                animations: {
                    view.alpha = 0
                    view.center.x += 100
                }, completion: { done.append(($0, CACurrentMediaTime())) })
            #expect(Set(view.layer.animationKeys() ?? []) == ["transition", "opacity", "position"])
            clock.advance(to: 0.5)
            expectClose(Double(try #require(view.layer.presentation()).opacity), 0.5, within: 1e-9)
            clock.advance(to: 2)
            #expect(done.count == 1 && done.first?.0 == true)
            expectClose(done.first?.1 ?? 0, 1, within: 1e-9)
        }
    }

    @Test func transitionFromToSwapsTheViewsAtTheSameIndex() throws {
        try withManualClock { clock in
            let (container, from) = container()
            let to = committedView(named: "to")
            var done: [Bool] = []
            UIView.transition(
                from: from, to: to, duration: 1, options: .transitionFlipFromRight, completion: { done.append($0) })
            #expect(container.subviews.map(\.layer.name) == ["a", "to", "b"])
            #expect(from.superview == nil)
            #expect(to.superview === container)
            let transition = try #require(container.layer.animation(forKey: kCATransition) as? CATransition)
            #expect(transition.type.rawValue == "oglFlip" && transition.subtype == .fromRight)
            clock.advance(to: 0.5)
            let state = try #require(container.layer.activeTransition())
            #expect(state.before.sublayers?.map(\.name) == ["a", "from", "b"])
            #expect(state.after.sublayers?.map(\.name) == ["a", "to", "b"])
            #expect(from.layer.animationKeys() == nil && to.layer.animationKeys() == nil)
            clock.advance(to: 1.5)
            #expect(done == [true])
        }
    }

    @Test func showHideTransitionViewsHidesOneAndShowsTheOther() throws {
        try withManualClock { clock in
            let (container, from) = container()
            let to = committedView(named: "to")
            to.isHidden = true
            container.addSubview(to)
            CATransaction.flush()
            UIView.transition(
                from: from, to: to, duration: 1, options: [.transitionCrossDissolve, .showHideTransitionViews])
            #expect(container.subviews.map(\.layer.name) == ["a", "from", "b", "to"], "nobody moves")
            #expect(from.isHidden && !to.isHidden)
            clock.advance(to: 0.5)
            let state = try #require(container.layer.activeTransition())
            #expect(state.before.sublayers?.map(\.isHidden) == [false, false, false, true])
            #expect(state.after.sublayers?.map(\.isHidden) == [false, true, false, false])
            #expect(from.layer.animationKeys() == nil, "hiding does not animate on its own")
        }
    }

    @Test func transitionFromAViewWithoutSuperviewCompletesOnTheNextTurn() {
        withManualClock { clock in
            let from = committedView(named: "from")
            let to = committedView(named: "to")
            var done: [Bool] = []
            UIView.transition(
                from: from, to: to, duration: 1, options: .transitionCrossDissolve, completion: { done.append($0) })
            #expect(to.superview == nil)
            clock.advance(by: 0)
            #expect(done == [true])
        }
    }

    @Test func disabledAnimationsMeanNoTransition() {
        withManualClock { _ in
            let view = committedView()
            UIView.performWithoutAnimation {
                UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve) { view.alpha = 0 }
            }
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test func nonFiniteDurationTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                UIView.transition(with: UIView(), duration: .nan, options: .transitionCrossDissolve, animations: nil)
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("finite duration"))
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView.transition(from: UIView(), to: UIView(), duration: .infinity) }
        }
    }
}
