import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A delegate that answers the action search with a fixed answer and records the keys asked.
private final class AnsweringDelegate: CALayerDelegate {
    enum Answer { case action(any CAAction), nothing, null }
    let answer: Answer
    private(set) var askedKeys: [String] = []

    init(_ answer: Answer) { self.answer = answer }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        askedKeys.append(event)
        switch answer {
        case .action(let action): return action
        case .nothing: return nil
        case .null: return NSNull()
        }
    }
}

/// An action that records its runs and, like the seeds' `LAnimation`, adds an animation of
/// its own: position to (300, 300) over 10 s.
private final class RecordingAction: CAAction {
    private(set) var runs: [(key: String, layer: CALayer)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        runs.append((event, layer))
        let animation = CABasicAnimation(keyPath: event)
        animation.toValue = CGPoint(x: 300, y: 300)
        animation.duration = 10
        layer.add(animation, forKey: event)
    }
}

/// The seeds' `LLayer`: overrides `action(forKey:)` to answer its own action.
private final class ActionOverridingLayer: CALayer {
    let customAction = RecordingAction()
    override func action(forKey event: String) -> (any CAAction)? {
        event == "position" ? customAction : super.action(forKey: event)
    }
}

@Suite("The action search")
struct ActionSearchTests {
    @Test func delegateReturningAnActionUsesIt() throws {
        try withManualClock { clock in
            let action = RecordingAction()
            let delegate = AnsweringDelegate(.action(action))
            let layer = CALayer()
            layer.delegate = delegate
            layer.position = CGPoint(x: 10, y: 0)
            #expect(delegate.askedKeys == ["position"])
            #expect(action.runs.map(\.key) == ["position"])
            #expect(action.runs.first?.layer === layer)
            CATransaction.flush()
            clock.advance(by: 5)
            // Linear from the model value (10, 0) to (300, 300) over 10 s: half-way at 5 s.
            expectClose(try #require(layer.presentation()).position, CGPoint(x: 155, y: 150), within: 1e-9)
        }
    }

    @Test func delegateReturningNilLetsTheSearchGoOnToTheDefaultAction() throws {
        try withManualClock { _ in
            let delegate = AnsweringDelegate(.nothing)
            let layer = CALayer()
            layer.delegate = delegate
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            layer.opacity = 0.5
            CATransaction.flush()
            let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(animation.duration == 0.25)
            #expect(animation.fromValue as? CGFloat == 1)
        }
    }

    @Test func delegateReturningNullStopsTheSearch() {
        withManualClock { _ in
            let delegate = AnsweringDelegate(.null)
            let layer = CALayer()
            layer.delegate = delegate
            layer.actions = ["position": RecordingAction()]
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.flush()
            #expect(layer.animationKeys() == nil, "NSNull from the delegate ends the search with no action")
            #expect(layer.action(forKey: "position") == nil, "NSNull comes back from action(forKey:) as nil")
        }
    }

    @Test func actionsDictionaryIsConsultedAfterTheDelegate() {
        withManualClock { _ in
            let action = RecordingAction()
            let layer = CALayer()
            layer.actions = ["position": action]
            layer.position = CGPoint(x: 1, y: 1)
            #expect(action.runs.count == 1)
            layer.actions = ["position": NSNull()]
            layer.position = CGPoint(x: 2, y: 2)
            #expect(action.runs.count == 1, "NSNull in actions stops the search")
            #expect(layer.action(forKey: "position") == nil)
        }
    }

    @Test func styleChainIsSearchedAfterActions() {
        withManualClock { _ in
            let action = RecordingAction()
            let layer = CALayer()
            layer.style = ["style": ["actions": ["position": action] as [String: any CAAction]] as [AnyHashable: Any]]
            layer.position = CGPoint(x: 1, y: 1)
            #expect(action.runs.count == 1, "found two levels down the style chain")
        }
    }

    @Test func layerSubclassOverridingActionForKeyAddsItsOwnAnimation() throws {
        try withManualClock { clock in
            let layer = ActionOverridingLayer()
            layer.position = CGPoint(x: 100, y: 100)
            CATransaction.flush()
            #expect(layer.customAction.runs.count == 1)
            let added = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(added.duration == 10)
            clock.advance(by: 2.5)
            // From the model value (100, 100) towards (300, 300), linear, a quarter of the way.
            expectClose(try #require(layer.presentation()).position, CGPoint(x: 150, y: 150), within: 1e-9)
        }
    }

    /// Issue 14: on Apple the action search's last step, not `+defaultActionForKey:`, makes
    /// the implicit animation.
    @Test func searchEndsInABasicAnimationOnlyForImplicitlyAnimatedKeys() throws {
        let layer = CALayer()
        let position = try #require(layer.action(forKey: "position") as? CABasicAnimation)
        #expect(position.keyPath == "position")
        #expect(position.duration == 0.25)
        #expect(position.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(layer.action(forKey: "doubleSided") == nil, "doubleSided has no implicit animation")
        #expect(layer.action(forKey: "name") == nil)
        #expect(layer.action(forKey: "someCustomKey") == nil)
    }

    @Test func disabledActionsSkipTheSearch() {
        withManualClock { _ in
            let delegate = AnsweringDelegate(.nothing)
            let layer = CALayer()
            layer.delegate = delegate
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 5, y: 5)
            CATransaction.commit()
            #expect(delegate.askedKeys.isEmpty)
            #expect(layer.animationKeys() == nil)
            #expect(layer.position == CGPoint(x: 5, y: 5))
        }
    }

    @Test func orderInAndOrderOutEventsRunOnTreeChangesAndHiding() {
        withManualClock { _ in
            let delegate = AnsweringDelegate(.nothing)
            let parent = CALayer()
            let child = CALayer()
            child.delegate = delegate
            parent.addSublayer(child)
            child.isHidden = true
            child.isHidden = false
            child.removeFromSuperlayer()
            #expect(delegate.askedKeys == ["onOrderIn", "hidden", "onOrderOut", "hidden", "onOrderIn", "onOrderOut"])
        }
    }

    @Test func nullPrintsWithAngleBrackets() {
        #expect(String(describing: NSNull()) == "<null>")
    }
}
