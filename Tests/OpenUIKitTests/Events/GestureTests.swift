import OpenUIKit
import QuartzTestSupport
import Testing

/// A view that logs the touches it hears.
@MainActor
final class TouchLoggingView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

@MainActor
@Suite("Touches and gesture recognizers on the manual clock", .serialized)
struct GestureTests {
    private func window() -> UIWindow {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        return window
    }

    @Test func hitTestingFindsTheDeepestViewThatTakesTouches() {
        let window = window()
        let outer = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === inner, "(70, 70) is (10, 10) in the inner view")
        #expect(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === outer)
        #expect(window.hitTest(CGPoint(x: 300, y: 20), with: nil) === window)
        inner.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === outer)
        inner.isUserInteractionEnabled = true
        inner.alpha = 0.005
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === outer)
        inner.alpha = 1
        outer.isHidden = true
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === window)
    }

    /// A view that does not handle touches passes them up the responder chain: to its view
    /// controller, whose view it is.
    @Test func touchesGoUpTheResponderChain() {
        final class Controller: UIViewController {
            var heard: [CGPoint] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                heard += touches.map { $0.location(in: view) }
            }
        }
        let controller = Controller()
        let window = window()
        window.rootViewController = controller
        let plain = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        controller.view.addSubview(plain)
        #expect(plain.next === controller.view && controller.view.next === controller && controller.next === window)
        let touch = window.touchDown(at: CGPoint(x: 110, y: 120))
        #expect(touch.view === plain && touch.location(in: plain) == CGPoint(x: 10, y: 20))
        #expect(controller.heard == [CGPoint(x: 110, y: 120)])
        window.liftTouch(touch)
    }

    /// A tap is recognized when the finger lifts; its view then hears `touchesCancelled`
    /// instead of `touchesEnded`. A finger that moves 10 points is no tap.
    @Test func aTapIsRecognizedOnLiftAndCancelsTheViewsTouches() {
        withManualClock { clock in
            let window = window()
            let view = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            var taps: [CGPoint] = []
            let tap = UITapGestureRecognizer { taps.append($0.location(in: view)) }
            view.addGestureRecognizer(tap)
            let finger = window.touchDown(at: CGPoint(x: 30, y: 40))
            clock.advance(by: 0.1)
            window.liftTouch(finger)
            #expect(taps == [CGPoint(x: 30, y: 40)])
            #expect(view.log == ["began", "cancelled"])
            #expect(tap.state == .possible, "ready for the next")

            view.log = []
            let moving = window.touchDown(at: CGPoint(x: 30, y: 40))
            window.moveTouch(moving, to: CGPoint(x: 42, y: 40))
            window.liftTouch(moving)
            #expect(taps.count == 1, "moved 12 points: no tap")
            #expect(view.log == ["began", "moved", "ended"])

            let double = UITapGestureRecognizer { _ in taps.append(.zero) }
            double.numberOfTapsRequired = 2
            view.removeGestureRecognizer(tap)
            view.addGestureRecognizer(double)
            window.liftTouch(window.touchDown(at: CGPoint(x: 10, y: 10)))
            clock.advance(by: 0.2)
            window.liftTouch(window.touchDown(at: CGPoint(x: 12, y: 10)))
            #expect(taps.count == 2, "two taps 0.2 s apart")
        }
    }

    /// The interactive idiom: a pan scrubs a paused property animator by its translation,
    /// then lets it run to the end. The pan begins once the finger has moved 10 points.
    @Test func aPanDrivesAPropertyAnimator() throws {
        try withManualClock { clock in
            let window = window()
            let card = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
            window.addSubview(card)
            CATransaction.flush()
            var animator: UIViewPropertyAnimator?
            var states: [UIGestureRecognizer.State] = []
            var velocities: [CGPoint] = []
            let pan = UIPanGestureRecognizer { pan in
                states.append(pan.state)
                switch pan.state {
                case .began:
                    animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { card.center.x += 200 }
                    animator?.pauseAnimation()
                case .changed:
                    animator?.fractionComplete = pan.translation(in: card).x / 200
                    velocities.append(pan.velocity(in: card))
                case .ended:
                    animator?.continueAnimation(withTimingParameters: nil, durationFactor: 1)
                default:
                    break
                }
            }
            card.addGestureRecognizer(pan)
            let finger = window.touchDown(at: CGPoint(x: 70, y: 150))
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 75, y: 150))
            #expect(states.isEmpty, "5 points: not yet a pan")
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 90, y: 150))
            #expect(states == [.began] && pan.translation(in: card) == CGPoint(x: 20, y: 0))
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 110, y: 150))
            #expect(abs((animator?.fractionComplete ?? 0) - 0.2) < 1e-9)
            #expect(abs(velocities.last!.x - 1200) < 1e-6, "20 points in a 60th of a second")
            CATransaction.flush()
            let shown = try #require(card.layer.presentation())
            #expect(abs(shown.position.x - 110) < 1e-6, "70 + 0.2 × 200")
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 170, y: 150))
            CATransaction.flush()
            #expect(abs((card.layer.presentation()?.position.x ?? 0) - 170) < 1e-6)
            window.liftTouch(finger)
            #expect(states == [.began, .changed, .changed, .ended])
            clock.advance(by: 2)
            #expect(card.layer.presentation()?.position.x == 270)
            #expect(animator?.state == .inactive)
        }
    }

    /// A long press begins after half a second held still, changes as the finger moves, and
    /// ends when it lifts; moving first fails it.
    @Test func aLongPressBeginsAfterHalfASecond() {
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            view.addGestureRecognizer(UILongPressGestureRecognizer { states.append($0.state) })
            let finger = window.touchDown(at: CGPoint(x: 50, y: 50))
            CATransaction.flush()
            clock.advance(by: 0.49)
            #expect(states.isEmpty)
            clock.advance(by: 0.02)
            #expect(states == [.began])
            window.moveTouch(finger, to: CGPoint(x: 80, y: 50))
            window.liftTouch(finger)
            #expect(states == [.began, .changed, .ended])

            states = []
            let early = window.touchDown(at: CGPoint(x: 50, y: 50))
            clock.advance(by: 0.1)
            window.moveTouch(early, to: CGPoint(x: 70, y: 50))
            clock.advance(by: 1)
            window.liftTouch(early)
            #expect(states.isEmpty, "moved 20 points before the half second")
        }
    }

    /// A subclass that says a long press on its view must fail first: a quick tap is a tap, a
    /// held finger is only a long press.
    @Test func aRecognizerWaitsForOneItSaysMustFailFirst() {
        final class PatientTap: UITapGestureRecognizer {
            override func shouldRequireFailure(of other: UIGestureRecognizer) -> Bool {
                other is UILongPressGestureRecognizer
            }
        }
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.addSubview(view)
            var taps = 0
            var presses: [UIGestureRecognizer.State] = []
            let tap = PatientTap()
            tap.addTarget { _ in taps += 1 }
            view.addGestureRecognizer(tap)
            view.addGestureRecognizer(UILongPressGestureRecognizer { presses.append($0.state) })
            let held = window.touchDown(at: CGPoint(x: 50, y: 50))
            CATransaction.flush()
            clock.advance(by: 0.6)
            window.liftTouch(held)
            #expect(presses == [.began, .ended])
            #expect(taps == 0)
        }
    }

    /// A pinch: the fingers' distance over their distance when it began.
    @Test func aPinchScalesByTheFingersDistance() {
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            window.addSubview(view)
            var scales: [CGFloat] = []
            let pinch = UIPinchGestureRecognizer { scales.append($0.scale) }
            view.addGestureRecognizer(pinch)
            let left = window.touchDown(at: CGPoint(x: 150, y: 200))
            let right = window.touchDown(at: CGPoint(x: 250, y: 200))
            clock.advance(by: 0.1)
            window.moveTouch(right, to: CGPoint(x: 300, y: 200))
            #expect(pinch.state == .began && abs(pinch.scale - 1.5) < 1e-9)
            #expect(abs(pinch.velocity - 5) < 1e-9, "0.5 in a tenth of a second")
            window.moveTouch(left, to: CGPoint(x: 100, y: 200))
            #expect(abs(pinch.scale - 2) < 1e-9)
            window.liftTouch(left)
            window.liftTouch(right)
            #expect(scales.count == 3 && pinch.state == .possible && pinch.scale == 1)
        }
    }
}
