import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// The unlock swipe: a state change that follows the finger, every value the states set at
/// `old + p · (new − old)` for the swipe's progress p.
@Suite struct CAStateSwipeTests {
    /// A transition into Moved that widens `#a` from 10 to 30 points in 1 s, linearly: a key
    /// no state sets, so that only the transition moves it.
    let widening = """
        <LKStateTransition fromState="*" toState="Moved"><elements>
          <LKStateTransitionElement key="bounds.size.width" targetId="#a">
            <animation type="CABasicAnimation" keyPath="bounds.size.width" fromValue="10" toValue="30"
              duration="1" timingFunction="linear"/>
          </LKStateTransitionElement>
        </elements></LKStateTransition>
        """

    /// The root and its layer A of `stateDocument`, in state Low: A at (0, 40), opaque.
    func loadInLow(transitions: String = "") throws -> (CALayer, CALayer, CAStateController) {
        let root = try loadCAML(stateDocument(transitions: transitions)).rootLayer
        let controller = CAStateController(layer: root)
        controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 0)
        return (root, try #require(root.sublayers?.first), controller)
    }

    @Test func everyValueMovesInProportionToTheSwipe() throws {
        try withManualClock { clock in
            let (root, a, controller) = try loadInLow()
            // Low → Moved (based on Dim): x 0 → 100, y 40 → 0 (Low's value undone), opacity 1 → 0.5.
            controller.swipe(to: root.state(withName: "Moved"), of: root, duration: 2)
            #expect(controller.state(of: root)?.name == "Moved")
            expectClose(a.position, CGPoint(x: 100, y: 0), within: 1e-12)
            clock.advance(by: 0.5)
            var shown = try #require(a.presentation())
            expectClose(shown.position, CGPoint(x: 25, y: 30), within: 1e-9)
            expectClose(Double(shown.opacity), 0.875, within: 1e-6)
            clock.advance(by: 1.2)
            shown = try #require(a.presentation())
            expectClose(shown.position, CGPoint(x: 85, y: 6), within: 1e-9)
            clock.advance(by: 0.5)
            shown = try #require(a.presentation())
            expectClose(shown.position, CGPoint(x: 100, y: 0), within: 1e-12)
            expectClose(Double(shown.opacity), 0.5, within: 1e-6)
            #expect(a.animationKeys() == nil, "the swipe's animations are gone when it ends")
        }
    }

    @Test func aHeldSwipeStaysWhereItIsHeldAndScrubs() throws {
        try withManualClock { clock in
            let (root, a, controller) = try loadInLow()
            let moved = root.state(withName: "Moved")
            controller.swipe(to: moved, of: root, heldAt: 0.71)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 71, y: 11.6), within: 1e-9)
            clock.advance(by: 3)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 71, y: 11.6), within: 1e-9)
            // Held again, the same swipe starts again from Low.
            controller.swipe(to: moved, of: root, heldAt: 0.25)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 25, y: 30), within: 1e-9)
            controller.swipe(to: moved, of: root, heldAt: 1)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 100, y: 0), within: 1e-9)
            // Any other change lets go of it.
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 0)
            #expect(a.animationKeys() == nil)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 0, y: 40), within: 1e-12)
        }
    }

    @Test func transitionsRunTheirWholeDurationWithinTheSwipe() throws {
        try withManualClock { clock in
            let (root, a, controller) = try loadInLow(transitions: widening)
            controller.swipe(to: root.state(withName: "Moved"), of: root, duration: 4)
            clock.advance(by: 1)
            // A quarter of the swipe is a quarter of the 1 s transition.
            expectClose(try #require(a.presentation()).bounds.width, 15, within: 1e-9)
            expectClose(try #require(a.presentation()).position.x, 25, within: 1e-9)
            clock.advance(by: 2)
            expectClose(try #require(a.presentation()).bounds.width, 25, within: 1e-9)
        }
    }

    @Test func aHeldSwipeHoldsItsTransitionsAtTheSameProgress() throws {
        try withManualClock { clock in
            let (root, a, controller) = try loadInLow(transitions: widening)
            controller.swipe(to: root.state(withName: "Moved"), of: root, heldAt: 0.4)
            expectClose(try #require(a.presentation()).bounds.width, 18, within: 1e-9)
            clock.advance(by: 5)
            expectClose(try #require(a.presentation()).bounds.width, 18, within: 1e-9)
            expectClose(try #require(a.presentation()).position.x, 40, within: 1e-9)
        }
    }

    /// `widening` with its element's `duration="1"` replaced by `timing`, and a second element
    /// of 1 s on `cornerRadius`, so that the transition still lasts 1 s.
    func wideningBeside(_ timing: String) -> String {
        widening.replacingOccurrences(of: "duration=\"1\"", with: timing).replacingOccurrences(
            of: "</elements>",
            with: """
                <LKStateTransitionElement key="cornerRadius" targetId="#a">
                  <animation type="CABasicAnimation" keyPath="cornerRadius" fromValue="0" toValue="4" duration="1"/>
                </LKStateTransitionElement></elements>
                """)
    }

    @Test func aHeldSwipeShowsNothingOfAnElementThatIsOverOrNotBegun() throws {
        try withManualClock { _ in
            // Over after a quarter of the transition, without a forward fill: the model shows.
            let short = wideningBeside("duration=\"0.25\"")
            let (root, a, controller) = try loadInLow(transitions: short)
            controller.swipe(to: root.state(withName: "Moved"), of: root, heldAt: 0.5)
            expectClose(try #require(a.presentation()).bounds.width, 10, within: 1e-12)
            // With a forward fill it holds its end; begun later than the moment, it waits.
            let filled = wideningBeside("duration=\"0.25\" fillMode=\"forwards\" removedOnCompletion=\"0\"")
            let (root2, a2, controller2) = try loadInLow(transitions: filled)
            controller2.swipe(to: root2.state(withName: "Moved"), of: root2, heldAt: 0.5)
            expectClose(try #require(a2.presentation()).bounds.width, 30, within: 1e-9)
            let late = wideningBeside("duration=\"0.25\" beginTime=\"0.75\"")
            let (root3, a3, controller3) = try loadInLow(transitions: late)
            controller3.swipe(to: root3.state(withName: "Moved"), of: root3, heldAt: 0.5)
            expectClose(try #require(a3.presentation()).bounds.width, 10, within: 1e-12)
        }
    }

    @Test func aStateChangeMidSwipeStartsFromWhatIsShown() throws {
        try withManualClock { clock in
            let (root, a, controller) = try loadInLow()
            controller.swipe(to: root.state(withName: "Moved"), of: root, duration: 1)
            clock.advance(by: 0.5)
            // Back to Low over another swipe: x from the 50 shown, not from Moved's 100.
            controller.swipe(to: root.state(withName: "Low"), of: root, duration: 1)
            clock.advance(by: 0.5)
            expectClose(try #require(a.presentation()).position.x, 25, within: 1e-9)
            clock.advance(by: 0.5)
            expectClose(try #require(a.presentation()).position, CGPoint(x: 0, y: 40), within: 1e-12)
        }
    }
}

/// One active interval: the swipe's hold, a package's length, an emitter cell's emission and
/// the animations' own timing read a `CAMediaTiming`'s active duration the same way.
@Suite struct ActiveIntervalTests {
    /// An autoreversing animation limited by `repeatDuration` is active for that duration
    /// (1.5 s here), not for twice it: held after its end, it holds its end.
    @Test func anAutoreversingAnimationWithARepeatDurationEndsAtThatDuration() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = 1
        animation.autoreverses = true
        animation.repeatDuration = 1.5
        animation.fillMode = .forwards
        #expect(animation.hold(atLocalTime: 2))
        #expect(abs(animation.timeOffset - 1.5) < 1e-9)
    }

    /// The same timings, read by each place that needs the active duration.
    @Test func everyReaderAgrees() {
        for (duration, repeatCount, repeatDuration, autoreverses) in [
            (1.0, Float(0), 0.0, false), (1, 0, 0, true), (1, 2.5, 0, true), (1, 0, 1.5, true), (2, 3, 0, false),
            (0.5, 0, 4, false),
        ] {
            var timing = MediaTimingStorage(duration: duration)
            timing.repeatCount = repeatCount
            timing.repeatDuration = repeatDuration
            timing.autoreverses = autoreverses
            var parameters = TimingParameters()
            parameters.duration = duration
            parameters.repeatCount = Double(repeatCount)
            parameters.repeatDuration = repeatDuration
            parameters.autoreverses = autoreverses
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.duration = duration
            animation.repeatCount = repeatCount
            animation.repeatDuration = repeatDuration
            animation.autoreverses = autoreverses
            let layer = CALayer()
            layer.add(animation, forKey: "a")
            #expect(timing.activeDuration == parameters.activeDuration)
            #expect(abs(CAPackage.animationsEnd(under: layer) - parameters.activeDuration) < 1e-12, "\(duration) \(repeatCount) \(repeatDuration) \(autoreverses)")
        }
    }
}
