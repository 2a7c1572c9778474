import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// A document with two layers, three states (`Moved` based on `Dim`) and transitions; the
/// tests add transitions of their own through `transitions`.
func stateDocument(transitions: String = "", extraStates: String = "") -> String {
    camlHeader + """
        <CALayer name="Root" bounds="0 0 200 200">
          <states>
            <LKState name="Dim"><elements>
              <LKStateSetValue targetId="#a" keyPath="opacity"><value type="real" value="0.5"/></LKStateSetValue>
            </elements></LKState>
            <LKState name="Moved" basedOn="Dim"><elements>
              <LKStateSetValue targetId="#a" keyPath="position.x"><value type="integer" value="100"/></LKStateSetValue>
              <LKStateSetValue targetId="B" keyPath="hidden"><value type="integer" value="1"/></LKStateSetValue>
            </elements></LKState>
            <LKState name="Low" basedOn=""><elements>
              <LKStateSetValue targetId="#a" keyPath="position.y" value="40"/>
            </elements></LKState>
            \(extraStates)
          </states>
          <stateTransitions>\(transitions)</stateTransitions>
          <sublayers>
            <CALayer id="#a" name="A" position="0 0" bounds="0 0 10 10"/>
            <CALayer name="B" position="5 5"/>
          </sublayers>
        </CALayer></caml>
        """
}

/// A transition of one linear `position.x` element on layer `#a`.
func moveTransition(
    from: String, to: String, duration: Double = 1, extra: String = "", key: String = "key"
) -> String {
    """
    <LKStateTransition fromState="\(from)" toState="\(to)"><elements>
      <LKStateTransitionElement \(key)="position.x" targetId="#a">
        <animation type="CABasicAnimation" keyPath="position.x" duration="\(duration)" timingFunction="linear" \(extra)/>
      </LKStateTransitionElement>
    </elements></LKStateTransition>
    """
}

@Suite struct CAMLStateTests {
    @Test func statesAndTransitionsAreRead() throws {
        let package = try loadCAML(
            stateDocument(
                transitions: moveTransition(from: "*", to: "Moved", key: "keyPath") + """
                    <LKStateTransition fromState="Moved" toState="*"><elements>
                      <LKStateTransitionElement key="hidden" targetId="B" enabled="false">
                        <animation><CASpringAnimation keyPath="opacity" damping="50" mass="2" stiffness="300"/></animation>
                      </LKStateTransitionElement>
                    </elements></LKStateTransition>
                    """))
        let root = package.rootLayer
        let a = try #require(root.sublayers?.first)
        let b = try #require(root.sublayers?.last)
        #expect(root.states?.map(\.name) == ["Dim", "Moved", "Low"])
        let moved = try #require(root.state(withName: "Moved"))
        #expect(moved.basedOn == "Dim")
        #expect(root.state(withName: "Low")?.basedOn == nil)
        #expect(moved.nextDelay == .infinity)
        let setValues = moved.elements.compactMap { $0 as? CAStateSetValue }
        #expect(setValues.map(\.keyPath) == ["position.x", "hidden"])
        #expect(setValues[0].target === a)
        // `targetId="B"` names no id: the layer called B is the target.
        #expect(setValues[1].target === b)
        #expect(setValues[0].value as? Double == 100)
        #expect(setValues[1].value as? Bool == true)
        let low = try #require(root.state(withName: "Low")?.elements.first as? CAStateSetValue)
        #expect(low.value as? Double == 40)

        let transitions = try #require(root.stateTransitions)
        #expect(transitions.map { "\($0.fromState)→\($0.toState)" } == ["*→Moved", "Moved→*"])
        let move = try #require(transitions[0].elements.first)
        #expect(move.key == "position.x")
        #expect(move.isEnabled)
        #expect(move.target === a)
        expectClose(try #require(move.animation).duration, 1, within: 1e-12)
        let hide = try #require(transitions[1].elements.first, "\(package.warnings)")
        #expect(!hide.isEnabled)
        #expect((hide.animation as? CASpringAnimation)?.keyPath == "opacity")
        #expect(package.warnings.isEmpty, "\(package.warnings)")
    }

    @Test func danglingTargetWarnsAndLoads() throws {
        let package = try loadCAML(
            stateDocument(
                transitions: """
                    <LKStateTransition fromState="*" toState="Gone"><elements>
                      <LKStateTransitionElement key="opacity" targetId="#3">
                        <animation type="CABasicAnimation" duration="1"/>
                      </LKStateTransitionElement>
                    </elements></LKStateTransition>
                    """,
                extraStates: """
                    <LKState name="Gone"><elements>
                      <LKStateSetValue targetId="#3" keyPath="opacity"><value type="integer" value="0"/></LKStateSetValue>
                    </elements></LKState>
                    """))
        #expect(package.warnings.count == 2, "\(package.warnings)")
        #expect(package.warnings.allSatisfy { "\($0)".contains("\"#3\" names no layer") })
        let root = package.rootLayer
        let gone = try #require(root.state(withName: "Gone"))
        #expect(gone.elements.count == 1 && gone.elements[0].target == nil)
        withManualClock { _ in
            let controller = CAStateController(layer: root)
            controller.setState(gone, of: root, transitionSpeed: 1)
            #expect(controller.state(of: root) === gone)
        }
    }

    @Test func duplicateStateNamesAreKeptAndTheFirstWins() throws {
        let package = try loadCAML(
            stateDocument(
                extraStates: """
                    <LKState name="Dim"><elements>
                      <LKStateSetValue targetId="#a" keyPath="opacity" value="0.25"/>
                    </elements></LKState>
                    """))
        let root = package.rootLayer
        #expect(root.states?.count == 4)
        #expect(package.warnings.count == 1)
        let first = try #require(root.states?.first)
        #expect(root.state(withName: "Dim") === first)
        let second = try #require(root.states?.last)
        let a = try #require(root.sublayers?.first)
        withManualClock { _ in
            let controller = CAStateController(layer: root)
            controller.setState(second, of: root, transitionSpeed: 0)
            expectClose(Double(a.opacity), 0.25, within: 1e-6)
        }
    }

    @Test func unusableStateValuesAreSkippedWithAWarning() throws {
        let package = try loadCAML(
            stateDocument(
                extraStates: """
                    <LKState name="Odd"><elements>
                      <LKStateSetValue targetId="#a" keyPath="transform.shear.x" value="1"/>
                      <LKStateSetValue targetId="#a" keyPath="position" value="1"/>
                      <LKStateAddAnimation targetId="#a"/>
                      <LKStateSetValue targetId="#a" keyPath="opacity" value="0.5"/>
                    </elements></LKState>
                    """))
        #expect(package.warnings.count == 3)
        let odd = try #require(package.rootLayer.state(withName: "Odd"))
        #expect(odd.elements.compactMap { ($0 as? CAStateSetValue)?.keyPath } == ["opacity"])
    }

    @Test func transitionDurationIsTheLatestElementEnd() {
        let transition = CAStateTransition()
        #expect(transition.fromState == "*" && transition.toState == "*")
        let late = CABasicAnimation(keyPath: "opacity")
        late.beginTime = 0.5
        late.duration = 1
        late.autoreverses = true
        let fast = CABasicAnimation(keyPath: "position")
        fast.duration = 4
        fast.speed = 2
        transition.elements = [
            CAStateTransitionElement(key: "opacity", target: nil, animation: late),
            CAStateTransitionElement(key: "position", target: nil, animation: fast),
        ]
        expectClose(transition.duration, 2.5, within: 1e-12)
        let endless = CABasicAnimation(keyPath: "bounds")
        endless.duration = 1
        endless.repeatCount = .infinity
        let element = CAStateTransitionElement(key: "bounds", target: nil, animation: endless)
        transition.elements.append(element)
        #expect(transition.duration == .infinity)
        // CAStateTransition.mm -duration counts disabled elements too.
        element.isEnabled = false
        #expect(transition.duration == .infinity)
    }
}
