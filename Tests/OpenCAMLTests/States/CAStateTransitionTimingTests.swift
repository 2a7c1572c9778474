import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Transitions timed as Apple's `CAStateController` times them (FORMAT.md §8 step 4): a
/// `CAAnimationGroup` under `"<from> <to>"` spanning `CAStateTransition.duration` ÷ speed,
/// and element copies begun and sped up to match.
@Suite struct CAStateTransitionTimingTests {
    /// A transition with one element per animation, each made by `configure`.
    func transition(_ configures: ((CABasicAnimation) -> Void)...) -> CAStateTransition {
        let transition = CAStateTransition(fromState: "A", toState: "B")
        transition.elements = configures.map { configure in
            let animation = CABasicAnimation(keyPath: "opacity")
            configure(animation)
            return CAStateTransitionElement(key: "opacity", target: nil, animation: animation)
        }
        return transition
    }

    @Test func transitionDurationFollowsApplesRule() {
        // CAStateTransition.mm -duration: beginTime + active duration ÷ |speed|, the latest.
        #expect(transition().duration == 0)
        expectClose(transition { $0.duration = 2 }.duration, 2, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 1; $0.autoreverses = true
            }.duration, 2, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 0.5; $0.repeatCount = 3
            }.duration, 1.5, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 1; $0.autoreverses = true; $0.repeatCount = 2.5
            }.duration, 5, within: 1e-12)
        // repeatDuration wins over repeatCount and autoreverses.
        expectClose(
            transition {
                $0.duration = 1; $0.repeatCount = 10; $0.autoreverses = true; $0.repeatDuration = 4
            }
            .duration, 4, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 3; $0.speed = 2
            }.duration, 1.5, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 3; $0.speed = -2
            }.duration, 1.5, within: 1e-12)
        expectClose(
            transition {
                $0.duration = 3; $0.repeatDuration = 3; $0.speed = 4
            }.duration, 0.75, within: 1e-12)
        // beginTime is added as it is, not divided by the speed.
        expectClose(
            transition {
                $0.duration = 2; $0.speed = 2; $0.beginTime = 1
            }.duration, 2, within: 1e-12)
        #expect(
            transition {
                $0.duration = 1; $0.speed = 0
            }.duration == .infinity)
        #expect(
            transition {
                $0.duration = 1; $0.repeatCount = .infinity
            }.duration == .infinity)
        #expect(
            transition {
                $0.duration = 1; $0.repeatDuration = .infinity
            }.duration == .infinity)
        // 0 × ∞ is no time; a transition never ends before its start.
        #expect(
            transition {
                $0.duration = 0; $0.repeatCount = .infinity
            }.duration == 0)
        #expect(
            transition {
                $0.duration = 1; $0.beginTime = -5
            }.duration == 0)
        // The latest element counts, disabled ones included (Apple does not look at enabled).
        let mixed = transition(
            { $0.duration = 1 },
            {
                $0.duration = 2; $0.beginTime = 0.5
            })
        mixed.elements[1].isEnabled = false
        expectClose(mixed.duration, 2.5, within: 1e-12)
    }

    /// `stateDocument` with two timed elements on `* → Moved`: position.x over 1 s, and
    /// opacity over 1 s starting 0.5 s in, so the transition lasts 1.5 s.
    static let twoElements = """
        <LKStateTransition fromState="*" toState="Moved"><elements>
          <LKStateTransitionElement key="position.x" targetId="#a">
            <animation type="CABasicAnimation" duration="1" timingFunction="linear"/>
          </LKStateTransitionElement>
          <LKStateTransitionElement key="opacity" targetId="#a">
            <animation type="CABasicAnimation" duration="1" beginTime="0.5" timingFunction="linear" fillMode="backwards"/>
          </LKStateTransitionElement>
        </elements></LKStateTransition>
        """

    @Test func transitionGroupIsAddedUnderFromToKey() throws {
        try withManualClock(startingAt: 10) { _ in
            let root = try loadCAML(stateDocument(transitions: Self.twoElements)).rootLayer
            let a = try #require(root.sublayers?.first)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            #expect(root.animationKeys() == ["* Moved"])
            let group = try #require(root.animation(forKey: "* Moved") as? CAAnimationGroup)
            expectClose(group.beginTime, 10, within: 1e-12)
            expectClose(group.duration, 1.5, within: 1e-12)
            #expect(group.delegate != nil)
            let move = try #require(a.animation(forKey: "position.x") as? CABasicAnimation)
            expectClose(move.beginTime, 10, within: 1e-12)
            #expect(move.speed == 1 && !move.isRemovedOnCompletion && move.keyPath == "position.x")
            let fade = try #require(a.animation(forKey: "opacity") as? CABasicAnimation)
            expectClose(fade.beginTime, 10.5, within: 1e-12)
            // Moved is based on Dim: opacity runs from the value shown (1) to Dim's 0.5.
            expectClose(Double(try #require(fade.fromValue as? Float)), 1, within: 1e-6)
        }
    }

    @Test func transitionSpeedTwoHalvesTheTime() throws {
        try withManualClock(startingAt: 10) { clock in
            let root = try loadCAML(stateDocument(transitions: Self.twoElements)).rootLayer
            let a = try #require(root.sublayers?.first)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 2)
            let group = try #require(root.animation(forKey: "* Moved"))
            expectClose(group.duration, 0.75, within: 1e-12)
            let fade = try #require(a.animation(forKey: "opacity"))
            expectClose(fade.beginTime, 10.25, within: 1e-12)
            #expect(fade.speed == 2)
            clock.advance(by: 0.25)
            expectClose(try #require(a.presentation()).position.x, 50, within: 1e-6)
            expectClose(Double(try #require(a.presentation()).opacity), 1, within: 1e-6)
            clock.advance(by: 0.25)
            expectClose(try #require(a.presentation()).position.x, 100, within: 1e-6)
            expectClose(Double(try #require(a.presentation()).opacity), 0.75, within: 1e-6)
            clock.advance(by: 0.2)
            expectClose(Double(try #require(a.presentation()).opacity), 0.55, within: 1e-6)
            // The group ends at 0.75 s and takes the transition's animations with it.
            clock.advance(by: 0.1)
            #expect(root.animationKeys() == nil && a.animationKeys() == nil)
            expectClose(Double(try #require(a.presentation()).opacity), 0.5, within: 1e-6)
        }
    }

    @Test func elementsPlayInMediaTimeWhateverTheTargetsSpeed() throws {
        try withManualClock { clock in
            let root = try loadCAML(stateDocument(transitions: Self.twoElements)).rootLayer
            let a = try #require(root.sublayers?.first)
            a.speed = 2
            CATransaction.flush()
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            // Apple times the copy in the target's time: twice as fast a layer, half the speed.
            #expect(try #require(a.animation(forKey: "position.x")).speed == 0.5)
            clock.advance(by: 0.5)
            expectClose(try #require(a.presentation()).position.x, 50, within: 1e-6)
        }
    }

    @Test func elementWithoutDurationJumpsAsOnApple() throws {
        let transitions = """
            <LKStateTransition fromState="*" toState="Moved"><elements>
              <LKStateTransitionElement key="position.x" targetId="#a"><animation type="CABasicAnimation"/></LKStateTransitionElement>
            </elements></LKStateTransition>
            """
        try withManualClock { _ in
            let root = try loadCAML(stateDocument(transitions: transitions)).rootLayer
            let a = try #require(root.sublayers?.first)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            // CAStateController.mm skips an element whose timed span is empty.
            #expect(a.animationKeys() == nil)
            expectClose(try #require(a.presentation()).position.x, 100, within: 1e-12)
        }
    }

    /// The wallpaper shape (FORMAT.md §13): a logo at y 545 when Locked and 142 when
    /// unlocked, `* → Unlock` a spring of damping 50, mass 2 and stiffness 300.
    static func springDocument(duration: Double = 2) -> String {
        camlHeader + """
            <CALayer name="Root" bounds="0 0 390 844">
              <states>
                <LKState name="Locked"><elements>
                  <LKStateSetValue targetId="logo" keyPath="position.y"><value type="integer" value="545"/></LKStateSetValue>
                </elements></LKState>
                <LKState name="Unlock"><elements>
                  <LKStateSetValue targetId="logo" keyPath="position.y"><value type="integer" value="142"/></LKStateSetValue>
                </elements></LKState>
              </states>
              <stateTransitions>
                <LKStateTransition fromState="*" toState="Unlock"><elements>
                  <LKStateTransitionElement key="position.y" targetId="logo">
                    <animation type="CASpringAnimation" keyPath="position.y" damping="50" mass="2" stiffness="300"
                      velocity="0" duration="\(duration)" fillMode="backwards" beginTime="1e-100"/>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
                <LKStateTransition fromState="*" toState="Locked"><elements>
                  <LKStateTransitionElement key="position.y" targetId="logo">
                    <animation type="CASpringAnimation" keyPath="position.y" damping="50" mass="2" stiffness="300"
                      duration="\(duration)"/>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
              </stateTransitions>
              <sublayers><CALayer id="logo" position="195 545" bounds="0 0 100 100"/></sublayers>
            </CALayer></caml>
            """
    }

    /// The analytic position of the spring at `t` seconds going from `from` to `to`. Damping
    /// 50 is above critical (2·√(300·2) ≈ 48.99), and a spring that does not allow
    /// over-damping moves exactly like a critically damped one: x(t) = to + (from − to)(1 + ωt)e^(−ωt),
    /// ω = √(k/m).
    static func springPosition(at t: Double, from: Double, to: Double) -> Double {
        let omega = (300.0 / 2).squareRoot()
        return to + (from - to) * (1 + omega * t) * exp(-omega * t)
    }

    @Test func lockedToUnlockFollowsTheDampedSpring() throws {
        try withManualClock { clock in
            let root = try loadCAML(Self.springDocument()).rootLayer
            let logo = try #require(root.sublayers?.first)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
            CATransaction.flush()
            controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 1)
            #expect(root.animationKeys() == ["* Unlock"])
            var elapsed = 0.0
            for t in [0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 1.9] {
                clock.advance(by: t - elapsed)
                elapsed = t
                let y = try #require(logo.presentation()).position.y
                expectClose(y, Self.springPosition(at: t, from: 545, to: 142), within: 1e-6, "t = \(t)")
            }
            clock.advance(by: 0.2)
            expectClose(try #require(logo.presentation()).position.y, 142, within: 1e-12)
        }
    }

    @Test func lockedToUnlockAtSpeedTwoRunsTheSpringTwiceAsFast() throws {
        try withManualClock { clock in
            let root = try loadCAML(Self.springDocument()).rootLayer
            let logo = try #require(root.sublayers?.first)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
            CATransaction.flush()
            controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 2)
            expectClose(try #require(root.animation(forKey: "* Unlock")).duration, 1, within: 1e-12)
            var elapsed = 0.0
            for t in [0.05, 0.1, 0.25, 0.6] {
                clock.advance(by: t - elapsed)
                elapsed = t
                let y = try #require(logo.presentation()).position.y
                expectClose(y, Self.springPosition(at: 2 * t, from: 545, to: 142), within: 1e-6, "t = \(t)")
            }
        }
    }

    @Test func interruptedTransitionStartsFromThePresentationValue() throws {
        try withManualClock { clock in
            let root = try loadCAML(Self.springDocument()).rootLayer
            let logo = try #require(root.sublayers?.first)
            let recorder = TransitionRecorder()
            let controller = CAStateController(layer: root)
            controller.delegate = recorder
            controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
            CATransaction.flush()
            controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 1)
            clock.advance(by: 0.1)
            let shown = try #require(logo.presentation()).position.y
            expectClose(shown, Self.springPosition(at: 0.1, from: 545, to: 142), within: 1e-6)
            controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 1)
            // Leaving Unlock stops `* → Unlock`; `* → Locked` springs back from where the logo is.
            #expect(
                recorder.events == [
                    "set Root", "start * Unlock", "set Root", "stop * Unlock false", "start * Locked", "set Root",
                ])
            #expect(root.animationKeys() == ["* Locked"])
            let back = try #require(logo.animation(forKey: "position.y") as? CASpringAnimation)
            expectClose(try #require(back.fromValue as? CGFloat), shown, within: 1e-9)
            var elapsed = 0.0
            for t in [0.1, 0.3] {
                clock.advance(by: t - elapsed)
                elapsed = t
                let y = try #require(logo.presentation()).position.y
                expectClose(y, Self.springPosition(at: t, from: shown, to: 545), within: 1e-6, "t = \(t)")
            }
        }
    }

    @Test func groupDelegateStopsTheTransitionWhenItEnds() throws {
        try withManualClock { clock in
            let root = try loadCAML(stateDocument(transitions: Self.twoElements)).rootLayer
            let a = try #require(root.sublayers?.first)
            let recorder = TransitionRecorder()
            let controller = CAStateController(layer: root)
            controller.delegate = recorder
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            #expect(recorder.events == ["start * Moved", "set Root"])
            clock.advance(by: 1.49)
            // Held at their ends (removedOnCompletion = NO) until the transition is over.
            #expect(a.animationKeys() == ["position.x", "opacity"])
            #expect(recorder.events.count == 2)
            clock.advance(by: 0.02)
            #expect(recorder.events == ["start * Moved", "set Root", "stop * Moved true"])
            #expect(root.animationKeys() == nil && a.animationKeys() == nil)
        }
    }
}

/// Records what a state controller's delegate hears, as short strings.
final class TransitionRecorder: CAStateControllerDelegate {
    var events: [String] = []

    func stateController(
        _ controller: CAStateController, transitionDidStart transition: CAStateTransition, speed: Float
    ) {
        events.append("start \(transition.fromState) \(transition.toState)")
    }

    func stateController(
        _ controller: CAStateController, transitionDidStop transition: CAStateTransition, completed: Bool
    ) {
        events.append("stop \(transition.fromState) \(transition.toState) \(completed)")
    }

    func stateController(_ controller: CAStateController, didSetStateOf layer: CALayer) {
        if layer.name == "Root" { events.append("set Root") }
    }
}
