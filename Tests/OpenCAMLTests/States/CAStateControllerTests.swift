import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

@Suite struct CAStateControllerTests {
    /// The root and its layers A and B of `stateDocument`.
    func load(transitions: String = "", extraStates: String = "") throws -> (CALayer, CALayer, CALayer) {
        let root = try loadCAML(stateDocument(transitions: transitions, extraStates: extraStates)).rootLayer
        return (root, try #require(root.sublayers?.first), try #require(root.sublayers?.last))
    }

    @Test func applyingAStateSetsItsValuesAndSwitchingBackUndoesThem() throws {
        try withManualClock { _ in
            let (root, a, b) = try load()
            let controller = CAStateController(layer: root)
            #expect(controller.state(of: root) == nil)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 0)
            #expect(controller.state(of: root)?.name == "Moved")
            // Moved is based on Dim: both states' values are in effect.
            expectClose(Double(a.opacity), 0.5, within: 1e-6)
            expectClose(a.position.x, 100, within: 1e-12)
            #expect(b.isHidden)
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 0)
            expectClose(Double(a.opacity), 1, within: 1e-6)
            expectClose(a.position, CGPoint(x: 0, y: 40), within: 1e-12)
            #expect(!b.isHidden)
            controller.setState(nil, of: root, transitionSpeed: 0)
            expectClose(a.position, .zero, within: 1e-12)
            #expect(controller.state(of: root) == nil)
            // Model values only, and no implicit animation.
            #expect(a.animationKeys() == nil && b.animationKeys() == nil)
        }
    }

    @Test func basedOnChainKeepsTheCommonAncestorsValues() throws {
        try withManualClock { _ in
            let (root, a, b) = try load()
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Dim"), of: root, transitionSpeed: 0)
            // A change made while Dim is in effect survives going to Moved and back, because
            // Dim (the common ancestor) is neither undone nor applied again.
            a.opacity = 0.75
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 0)
            controller.setState(root.state(withName: "Dim"), of: root, transitionSpeed: 0)
            expectClose(Double(a.opacity), 0.75, within: 1e-6)
            expectClose(a.position.x, 0, within: 1e-12)
            #expect(!b.isHidden)
            controller.removeAllStateChanges()
            expectClose(Double(a.opacity), 1, within: 1e-6)
            #expect(controller.state(of: root) == nil)
        }
    }

    @Test func transitionAnimatesFromThePresentationValue() throws {
        try withManualClock { clock in
            let (root, a, _) = try load(transitions: moveTransition(from: "*", to: "Moved", duration: 1))
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            // The model holds the new value at once; the animation runs from 0 to it.
            expectClose(a.position.x, 100, within: 1e-12)
            let added = try #require(a.animation(forKey: "position.x") as? CABasicAnimation)
            #expect(added.fromValue as? CGFloat == 0)
            #expect(!added.isRemovedOnCompletion)
            clock.advance(by: 0.5)
            expectClose(try #require(a.presentation()).position.x, 50, within: 1e-6)
            clock.advance(by: 0.25)
            expectClose(try #require(a.presentation()).position.x, 75, within: 1e-6)
            clock.advance(by: 1)
            expectClose(try #require(a.presentation()).position.x, 100, within: 1e-9)
        }
    }

    @Test func transitionSpeedScalesTheAnimation() throws {
        try withManualClock { clock in
            let (root, a, _) = try load(transitions: moveTransition(from: "*", to: "Moved", duration: 1))
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 2)
            clock.advance(by: 0.25)
            expectClose(try #require(a.presentation()).position.x, 50, within: 1e-6)
        }
    }

    @Test func speedZeroJumpsWithoutAnimation() throws {
        try withManualClock { _ in
            let (root, a, _) = try load(transitions: moveTransition(from: "*", to: "Moved"))
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 0)
            #expect(a.animationKeys() == nil)
            expectClose(try #require(a.presentation()).position.x, 100, within: 1e-12)
        }
    }

    @Test func exactTransitionWinsOverWildcards() throws {
        let transitions =
            moveTransition(from: "Low", to: "Moved", duration: 2) + moveTransition(from: "*", to: "Moved", duration: 1)
                + """
                <LKStateTransition fromState="Dim" toState="*"><elements>
                  <LKStateTransitionElement key="opacity" targetId="#a">
                    <animation type="CABasicAnimation" duration="4"/>
                  </LKStateTransitionElement>
                </elements></LKStateTransition>
                """
        try withManualClock { _ in
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 0)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            expectClose(try #require(a.animation(forKey: "position.x")).duration, 2, within: 1e-12)
            #expect(a.animationKeys() == ["position.x"])
        }
        try withManualClock { _ in
            // No Dim→Moved transition, and Moved is based on Dim, so Dim is not left:
            // only `* → Moved` runs (CAStateController.mm walks the basedOn chains).
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Dim"), of: root, transitionSpeed: 0)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            expectClose(try #require(a.animation(forKey: "position.x")).duration, 1, within: 1e-12)
            #expect(a.animation(forKey: "opacity") == nil)
        }
        try withManualClock { _ in
            // Dim → Low leaves Dim: `Dim → *` runs.
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Dim"), of: root, transitionSpeed: 0)
            CATransaction.flush()
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 1)
            let fade = try #require(a.animation(forKey: "opacity") as? CABasicAnimation)
            // The key path defaults to the element's key; the fade starts from Dim's 0.5.
            #expect(fade.keyPath == "opacity")
            expectClose(Double(try #require(fade.fromValue as? Float)), 0.5, within: 1e-6)
            #expect(root.animationKeys() == ["Dim *"])
        }
    }

    @Test func fillModeAndBeginTimeOfAnElement() throws {
        let transitions =
            moveTransition(from: "*", to: "Moved", extra: #"beginTime="0.5" fillMode="backwards""#)
            + moveTransition(from: "*", to: "Low", extra: #"beginTime="0.5""#).replacingOccurrences(
                of: "position.x", with: "position.y")
        try withManualClock { clock in
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            clock.advance(by: 0.25)
            // Filling backwards: held at the from value until it starts.
            expectClose(try #require(a.presentation()).position.x, 0, within: 1e-9)
            clock.advance(by: 0.75)
            expectClose(try #require(a.presentation()).position.x, 50, within: 1e-6)
        }
        try withManualClock { clock in
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 1)
            clock.advance(by: 0.25)
            // No fill: the model value shows until the delayed animation starts.
            expectClose(try #require(a.presentation()).position.y, 40, within: 1e-9)
            clock.advance(by: 0.75)
            expectClose(try #require(a.presentation()).position.y, 20, within: 1e-6)
        }
    }

    @Test func interruptedTransitionStartsFromWhereTheLayerIs() throws {
        let transitions =
            moveTransition(from: "*", to: "Moved", duration: 1) + moveTransition(from: "*", to: "Low", duration: 1)
        try withManualClock { clock in
            let (root, a, _) = try load(transitions: transitions)
            let controller = CAStateController(layer: root)
            controller.setState(root.state(withName: "Moved"), of: root, transitionSpeed: 1)
            clock.advance(by: 0.5)
            controller.setState(root.state(withName: "Low"), of: root, transitionSpeed: 1)
            let back = try #require(a.animation(forKey: "position.x") as? CABasicAnimation)
            expectClose(try #require(back.fromValue as? CGFloat), 50, within: 1e-6)
            clock.advance(by: 0.5)
            expectClose(try #require(a.presentation()).position.x, 25, within: 1e-6)
        }
    }

    @Test func stateNotInTheLayerIsIgnoredWithAWarning() throws {
        try withManualClock { _ in
            let (root, a, _) = try load()
            let controller = CAStateController(layer: root)
            let stranger = CAState(name: "Stranger")
            stranger.elements = [CAStateSetValue(target: a, keyPath: "opacity", value: 0.0)]
            let warnings = collectingWarnings {
                controller.setState(stranger, of: root, transitionSpeed: 0)
            }
            #expect(warnings.count == 1 && warnings[0].contains("not in given layer"))
            expectClose(Double(a.opacity), 1, within: 1e-6)
            #expect(controller.state(of: root) == nil)
        }
    }

    @Test func initialStatesAreSetThroughTheTree() throws {
        try withManualClock { _ in
            let (root, a, b) = try load()
            root.state(withName: "Low")?.isInitial = true
            let blink = CAState(name: "Blink")
            blink.isInitial = true
            blink.elements = [CAStateSetValue(target: b, keyPath: "opacity", value: 0.25)]
            b.states = [blink]
            let controller = CAStateController(layer: root)
            controller.setInitialStates(of: root, transitionSpeed: 0)
            #expect(controller.state(of: root)?.name == "Low")
            #expect(controller.state(of: b) === blink)
            expectClose(a.position.y, 40, within: 1e-12)
            expectClose(Double(b.opacity), 0.25, within: 1e-6)
        }
    }
}
