import OpenUIKit
import QuartzTestSupport
import Testing

/// A card that shrinks while pressed, as iOS code writes it: the animation in `isHighlighted`'s
/// `didSet`.
@MainActor
final class PressableCard: UIControl {
    override var isHighlighted: Bool {
        didSet {
            UIView.animate(withDuration: 0.2, delay: 0, options: [.curveLinear, .beginFromCurrentState]) {
                self.transform = self.isHighlighted ? CGAffineTransform(scaleX: 0.9, y: 0.9) : .identity
            }
        }
    }
}

@MainActor
@Suite("UIControl: states, events, actions and the highlight animation", .serialized)
struct ControlTests {
    private func setUp() -> (UIWindow, PressableCard, () -> [String]) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        let card = PressableCard(frame: CGRect(x: 50, y: 100, width: 200, height: 100))
        window.addSubview(card)
        var log: [String] = []
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDragInside, "drag inside"), (.touchDragOutside, "drag outside"),
            (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "up inside"),
            (.touchUpOutside, "up outside"), (.touchCancel, "cancel"), (.primaryActionTriggered, "primary"),
        ]
        for (event, name) in names { card.addAction(UIAction { _ in log.append(name) }, for: event) }
        return (window, card, { defer { log = [] }; return log })
    }

    private func scale(_ view: UIView) -> Double {
        Double(view.layer.presentation()?.transform.m11 ?? .nan)
    }

    /// Pressed: highlighted at once, `.touchDown`, and the card shrinks over 0.2 s; lifted
    /// inside: `.touchUpInside` and `.primaryActionTriggered`, and it grows back.
    @Test func aPressHighlightsAndAnimatesAndLiftingSendsTouchUpInside() {
        withManualClock { clock in
            let (window, card, events) = setUp()
            CATransaction.flush()
            let finger = window.touchDown(at: CGPoint(x: 100, y: 150))
            #expect(card.isHighlighted && card.isTracking && card.state == .highlighted)
            #expect(events() == ["down"])
            CATransaction.flush()
            clock.advance(by: 0.1)
            #expect(abs(scale(card) - 0.95) < 1e-9, "half way to 0.9")
            clock.advance(by: 0.1)
            window.liftTouch(finger)
            #expect(!card.isHighlighted && !card.isTracking)
            #expect(events() == ["up inside", "primary"])
            CATransaction.flush()
            clock.advance(by: 0.05)
            #expect(abs(scale(card) - 0.925) < 1e-9, "a quarter of the way back")
            clock.advance(by: 0.2)
            #expect(scale(card) == 1)
        }
    }

    /// Beyond 70 points outside the bounds the touch is outside: the highlight goes and the
    /// drag events say so; lifting there is `.touchUpOutside`.
    @Test func draggingOutTakesTheHighlightAway() {
        let (window, card, events) = setUp()
        let finger = window.touchDown(at: CGPoint(x: 100, y: 150))
        // Locations are in the card's coordinates, through its transform (0.9 while pressed).
        window.moveTouch(finger, to: CGPoint(x: 100, y: 240))
        #expect(card.isHighlighted, "50 points below the bottom (scaled back): still inside")
        window.moveTouch(finger, to: CGPoint(x: 100, y: 300))
        #expect(!card.isHighlighted && !card.isTouchInside)
        window.moveTouch(finger, to: CGPoint(x: 100, y: 240))
        #expect(card.isHighlighted)
        window.moveTouch(finger, to: CGPoint(x: 100, y: 320))
        window.liftTouch(finger)
        #expect(
            events() == [
                "down", "drag inside", "drag outside", "exit", "drag inside", "enter", "drag outside", "exit",
                "up outside",
            ])
    }

    /// A disabled control takes no touches; actions are registered once per identifier and
    /// removed by event.
    @Test func disabledControlsAndActions() {
        let (window, card, events) = setUp()
        card.isEnabled = false
        #expect(card.state == .disabled)
        #expect(window.hitTest(CGPoint(x: 100, y: 150), with: nil) === window)
        window.liftTouch(window.touchDown(at: CGPoint(x: 100, y: 150)))
        #expect(events().isEmpty)
        card.isEnabled = true
        card.isSelected = true
        #expect(card.state == .selected)

        var count = 0
        let action = UIAction(identifier: UIAction.Identifier("count")) { action in
            count += 1
            #expect(action.sender as? UIControl === card)
        }
        card.addAction(action, for: .valueChanged)
        card.addAction(action, for: .editingChanged)
        card.sendActions(for: [.valueChanged, .editingChanged])
        #expect(count == 1, "one action, registered for both events, runs once")
        card.removeAction(action, for: .valueChanged)
        card.sendActions(for: .valueChanged)
        card.sendActions(for: .editingChanged)
        #expect(count == 2)
        #expect(card.allControlEvents.contains(.editingChanged) && !card.allControlEvents.contains(.valueChanged))
    }
}

@MainActor
@Suite("UISwitch: a tap flips it, the thumb slides", .serialized)
struct SwitchTests {
    @Test func aTapFlipsTheSwitchAndTheThumbSlides() throws {
        try withManualClock { clock in
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.makeKeyAndVisible()
            let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
            #expect(toggle.frame.size == CGSize(width: 51, height: 31) && !toggle.isOn)
            window.addSubview(toggle)
            var values: [Bool] = []
            toggle.addAction(UIAction { action in values.append((action.sender as? UISwitch)?.isOn ?? false) }, for: .valueChanged)
            CATransaction.flush()
            window.liftTouch(window.touchDown(at: CGPoint(x: 120, y: 115)))
            #expect(toggle.isOn && values == [true])
            let thumb = try #require(toggle.subviews.last)
            #expect(thumb.frame.minX == 22, "at the right end at once in the model")
            CATransaction.flush()
            clock.advance(by: 0.125)
            let shown = try #require(thumb.layer.presentation())
            #expect(abs(shown.frame.minX - 12) < 0.01, "half way from 2 to 22 (ease in, ease out)")
            toggle.setOn(false, animated: false)
            #expect(!toggle.isOn && thumb.frame.minX == 2 && values == [true], "no event from code")
        }
    }
}
