import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("CATransition: progress and the captured trees")
struct TransitionTests {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func transition(duration: CFTimeInterval = 1) -> CATransition {
        let transition = CATransition()
        transition.duration = duration
        return transition
    }

    /// A committed layer with a red background and one sublayer named "old", made without
    /// implicit animations.
    private func page() -> (layer: CALayer, old: CALayer) {
        CATransaction.setDisableActions(true)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.backgroundColor = red
        let old = CALayer()
        old.name = "old"
        layer.addSublayer(old)
        CATransaction.flush()
        return (layer, old)
    }

    /// Turns the page: blue background, the sublayer "old" replaced by "new", without implicit
    /// animations.
    private func turn(_ layer: CALayer, old: CALayer) {
        CATransaction.setDisableActions(true)
        layer.backgroundColor = blue
        let new = CALayer()
        new.name = "new"
        layer.replaceSublayer(old, with: new)
    }

    @Test func progressIsLinearWithoutATimingFunction() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            layer.add(transition(), forKey: nil)
            CATransaction.flush()
            for time in [0, 0.1, 0.25, 0.5, 0.9] {
                clock.advance(to: time)
                let state = try #require(layer.activeTransition())
                expectClose(state.progress, time, within: 1e-12)
            }
            clock.advance(to: 1.0001)
            #expect(layer.activeTransition() == nil, "removed at its end")
            #expect(layer.animation(forKey: kCATransition) == nil)
        }
    }

    /// Seed 002's transition: `pageUnCurl` (a private type, drawn as fade here) from the top,
    /// 3 s, repeated 10 times: the progress starts again with each repetition.
    @Test func seedsPageUnCurlRepeatsTenTimes() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            let trans = CATransition()
            trans.type = CATransitionType(rawValue: "pageUnCurl")
            trans.startProgress = 0
            trans.endProgress = 1
            trans.subtype = .fromTop
            trans.repeatCount = 10
            trans.duration = 3
            layer.add(trans, forKey: nil)
            CATransaction.flush()
            for (time, progress) in [(1.5, 0.5), (4.5, 0.5), (7.0, 1.0 / 3), (29.7, 0.9)] {
                clock.advance(to: time)
                let state = try #require(layer.activeTransition())
                expectClose(state.progress, progress, within: 1e-9, "at \(time)")
                #expect(state.type.rawValue == "pageUnCurl" && state.drawnType == .fade && state.subtype == .fromTop)
            }
            clock.advance(to: 30.01)
            #expect(layer.activeTransition() == nil, "ten repetitions of 3 s end at 30 s")
        }
    }

    @Test func progressRunsFromStartToEndProgressAlongTheCurve() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            let halfway = transition(duration: 2)
            halfway.startProgress = 0.2
            halfway.endProgress = 0.8
            halfway.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(halfway, forKey: nil)
            CATransaction.flush()
            // easeInEaseOut, (0.42, 0, 0.58, 1), solved with mpmath: 0.25 → 0.12916193, 0.75 → 0.87083807.
            let expected: [(time: Double, progress: Double)] = [
                (0, 0.2), (0.5, 0.2 + 0.6 * 0.129_161_93), (1, 0.5), (1.5, 0.2 + 0.6 * 0.870_838_07),
                (1.999_999, 0.8),
            ]
            for (time, progress) in expected {
                clock.advance(to: time)
                expectClose(try #require(layer.activeTransition()).progress, progress, within: 1e-6)
            }
            // The progress is the model's at any time, not only now.
            expectClose(try #require(layer.activeTransition(at: 1)).progress, 0.5, within: 1e-6)
            #expect(layer.activeTransition(at: 2.5) == nil)
        }
    }

    @Test func aStartAfterTheEndPlaysBackwardsAndProgressIsClamped() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            let backwards = transition()
            backwards.startProgress = 1.5
            backwards.endProgress = 0
            layer.add(backwards, forKey: nil)
            CATransaction.flush()
            clock.advance(to: 0.1)
            expectClose(try #require(layer.activeTransition()).progress, 1, within: 1e-12, "1.35 clamped")
            clock.advance(to: 0.6)
            expectClose(try #require(layer.activeTransition()).progress, 0.6, within: 1e-12)
        }
    }

    @Test func oldRenderedStateIsKeptUntilTheTransitionEnds() throws {
        try withManualClock { clock in
            let (layer, old) = page()
            turn(layer, old: old)
            layer.add(transition(), forKey: nil)
            CATransaction.flush()
            for time in [0, 0.5, 0.999] {
                clock.advance(to: time)
                let state = try #require(layer.activeTransition())
                #expect(state.before.backgroundColor == red, "at \(time)")
                #expect(state.before.sublayers?.map(\.name) == ["old"], "at \(time)")
                #expect(state.after.backgroundColor == blue)
                #expect(state.after.sublayers?.map(\.name) == ["new"])
                #expect(state.before.model() === layer, "a copy of the layer, as a presentation layer is")
            }
            // The layer itself shows the new state all along: the transition is a picture on top.
            #expect(layer.presentation()?.backgroundColor == blue)
            clock.advance(to: 1.5)
            #expect(layer.activeTransition() == nil)
        }
    }

    @Test func changesAfterAddingAreTheNewStateToo() throws {
        try withManualClock { clock in
            let (layer, old) = page()
            layer.add(transition(), forKey: nil)
            turn(layer, old: old)
            CATransaction.flush()
            clock.advance(to: 0.5)
            let state = try #require(layer.activeTransition())
            #expect(state.before.backgroundColor == red)
            #expect(state.before.sublayers?.map(\.name) == ["old"])
            #expect(state.after.backgroundColor == blue)
            #expect(state.after.sublayers?.map(\.name) == ["new"])
        }
    }

    @Test func theOldStateIsWhatWasRenderedMidAnimation() throws {
        try withManualClock { clock in
            let layer = CALayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
            clock.advance(to: 0.25)
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
            layer.add(transition(), forKey: nil)
            CATransaction.flush()
            let state = try #require(layer.activeTransition())
            expectClose(Double(state.before.opacity), 0.25, within: 1e-6, "the fade's value when the change came")
            expectClose(Double(state.after.opacity), 0.5, within: 1e-6)
        }
    }

    @Test func customDrawingOfTheOldStateIsKept() throws {
        try withManualClock { clock in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.setNeedsDisplay()
            CATransaction.flush()
            let oldDrawing = try #require(layer.lastDrawing)
            layer.setNeedsDisplay()
            layer.add(transition(), forKey: nil)
            CATransaction.flush()
            let state = try #require(layer.activeTransition())
            #expect(state.before.lastDrawing === oldDrawing)
            #expect(state.after.lastDrawing === layer.lastDrawing)
            #expect(layer.lastDrawing !== oldDrawing, "redrawn at the commit")
        }
    }

    @Test func itIsAlwaysAddedUnderTheTransitionKey() throws {
        withManualClock { _ in
            let (layer, _) = page()
            layer.add(transition(), forKey: "pageTurn")
            #expect(layer.animation(forKey: "pageTurn") == nil)
            #expect(layer.animation(forKey: kCATransition) is CATransition)
            #expect(layer.animationKeys() == ["transition"])
            let push = transition()
            push.type = .push
            layer.add(push, forKey: nil)
            #expect(layer.animationKeys() == ["transition"], "a second transition replaces the first")
            #expect((layer.animation(forKey: kCATransition) as? CATransition)?.type == .push)
        }
    }

    @Test func unknownTypeNamesAreKeptAndDrawnAsFade() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            let cube = transition()
            cube.type = CATransitionType(rawValue: "cube")
            cube.subtype = .fromTop
            layer.add(cube, forKey: nil)
            CATransaction.flush()
            clock.advance(to: 0.5)
            let state = try #require(layer.activeTransition())
            #expect(state.type.rawValue == "cube")
            #expect(state.drawnType == .fade)
            #expect(state.subtype == .fromTop)
            for type in [CATransitionType.fade, .moveIn, .push, .reveal] {
                let known = transition()
                known.type = type
                layer.add(known, forKey: nil)
                CATransaction.flush()
                #expect(layer.activeTransition()?.drawnType == type)
            }
        }
    }

    @Test func delegateHearsStartAndStopAndTheTransactionCompletes() {
        withManualClock(startingAt: 1) { clock in
            let (layer, _) = page()
            let recorder = AnimationDelegateRecorder()
            let fade = transition(duration: 0.5)
            fade.delegate = recorder
            var completedAt: Double?
            CATransaction.begin()
            CATransaction.setCompletionBlock { completedAt = CACurrentMediaTime() }
            layer.add(fade, forKey: nil)
            CATransaction.commit()
            clock.advance(by: 1)
            #expect(recorder.events == [.start(at: 1), .stop(finished: true, at: 1.5)])
            #expect(completedAt == 1.5)
        }
    }

    @Test func durationZeroTakesTheTransactions() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            layer.add(CATransition(), forKey: nil)
            CATransaction.commit()
            clock.advance(to: 1)
            expectClose(try #require(layer.activeTransition()).progress, 0.5, within: 1e-12)
        }
    }

    @Test func fillingForwardsHoldsTheEndProgress() throws {
        try withManualClock { clock in
            let (layer, _) = page()
            let held = transition()
            held.endProgress = 0.7
            held.fillMode = .forwards
            held.isRemovedOnCompletion = false
            layer.add(held, forKey: nil)
            CATransaction.flush()
            clock.advance(to: 5)
            expectClose(try #require(layer.activeTransition()).progress, 0.7, within: 1e-6)
        }
    }

    @Test func removingTheTransitionDropsTheOldState() {
        withManualClock { clock in
            let (layer, old) = page()
            turn(layer, old: old)
            layer.add(transition(), forKey: nil)
            CATransaction.flush()
            clock.advance(to: 0.5)
            #expect(layer.activeTransition() != nil)
            layer.removeAnimation(forKey: kCATransition)
            #expect(layer.activeTransition() == nil)
        }
    }

    @Test func aTransitionInAGroupDoesNothing() {
        withManualClock { clock in
            let (layer, _) = page()
            let group = CAAnimationGroup()
            group.animations = [transition()]
            group.duration = 1
            layer.add(group, forKey: "group")
            CATransaction.flush()
            clock.advance(to: 0.5)
            #expect(layer.activeTransition() == nil)
        }
    }

    @Test func propertiesCopyDescribeAndCodeKeyValues() throws {
        let transition = CATransition()
        #expect(transition.type == .fade && transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1)
        transition.type = .reveal
        transition.subtype = .fromBottom
        transition.startProgress = 0.25
        let copy = try #require(transition.copy() as? CATransition)
        #expect(copy.type == .reveal && copy.subtype == .fromBottom && copy.startProgress == 0.25)
        #expect(copy.debugDescription.contains("type = reveal; subtype = fromBottom; startProgress = 0.25"))
        #expect(transition.value(forKey: "type") as? String == "reveal")
        transition.setValue("push", forKey: "type")
        transition.setValue("fromTop", forKey: "subtype")
        transition.setValue(0.75, forKey: "endProgress")
        #expect(transition.type == .push && transition.subtype == .fromTop && transition.endProgress == 0.75)
        #expect(kCATransitionMoveIn.rawValue == "moveIn" && kCATransitionFromRight.rawValue == "fromRight")
    }

    @Test func nonFiniteProgressTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CATransition().startProgress = .nan
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                .contains("CATransition.startProgress must be a finite number, got nan"))
        await #expect(processExitsWith: .failure) { CATransition().endProgress = .infinity }
        await #expect(processExitsWith: .failure) { CATransition().setValue(3, forKey: "type") }
    }
}
