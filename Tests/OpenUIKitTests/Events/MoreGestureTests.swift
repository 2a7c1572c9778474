import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// The questions `gestureRecognizerShouldBegin(_:)` was asked, by whom, in order.
@MainActor
final class ShouldBeginLog {
    var entries: [String] = []
}

/// A view that answers `gestureRecognizerShouldBegin(_:)` as told, and logs its touches.
@MainActor
final class ShouldBeginView: UIView {
    var answer = true
    var questions: ShouldBeginLog?
    var touchLog: [String] = []

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        questions?.entries.append("view")
        return answer
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touchLog.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { touchLog.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { touchLog.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { touchLog.append("cancelled") }
}

/// A recognizer delegate that answers `gestureRecognizerShouldBegin(_:)` as told.
@MainActor
final class ShouldBeginDelegate: UIGestureRecognizerDelegate {
    var answer = true
    let questions: ShouldBeginLog

    init(questions: ShouldBeginLog) {
        self.questions = questions
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        questions.entries.append("delegate")
        return answer
    }
}

/// A delegate that refuses every gesture, as code written for iOS sets on the pop gesture.
@MainActor
final class RefusingPopDelegate: UIGestureRecognizerDelegate {
    var asked = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked += 1
        return false
    }
}

@MainActor
@Suite("Screen-edge pans, swipes, rotations, and asking before beginning", .serialized)
struct MoreGestureTests {
    private func window() -> UIWindow {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        return window
    }

    // MARK: Asking before beginning

    /// A pan on a view that answers false fails where it would have begun (after 10 points):
    /// its handlers hear nothing, the view's touches are not cancelled, and it is not asked
    /// again for the rest of the touch. Answering true, the pan begins.
    @Test func aViewThatRefusesFailsItsRecognizer() {
        withManualClock { clock in
            let window = window()
            let questions = ShouldBeginLog()
            let view = ShouldBeginView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            view.questions = questions
            view.answer = false
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            let pan = UIPanGestureRecognizer { states.append($0.state) }
            view.addGestureRecognizer(pan)

            let finger = window.touchDown(at: CGPoint(x: 50, y: 50))
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 55, y: 50))
            #expect(questions.entries.isEmpty, "5 points: nothing to ask yet")
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 70, y: 50))
            #expect(questions.entries == ["view"] && pan.state == .failed, "20 points: asked, refused")
            clock.advance(by: 1.0 / 60)
            window.moveTouch(finger, to: CGPoint(x: 120, y: 50))
            window.liftTouch(finger)
            #expect(questions.entries == ["view"], "a failed recognizer is not asked again")
            #expect(states.isEmpty)
            #expect(view.touchLog == ["began", "moved", "moved", "moved", "ended"], "the view's touches go on")
            #expect(pan.state == .possible, "ready for the next touch")

            view.answer = true
            questions.entries = []
            states = []
            view.touchLog = []
            let again = window.touchDown(at: CGPoint(x: 50, y: 50))
            clock.advance(by: 1.0 / 60)
            window.moveTouch(again, to: CGPoint(x: 70, y: 50))
            window.liftTouch(again)
            #expect(questions.entries == ["view"] && states == [.began, .ended])
            #expect(view.touchLog == ["began", "cancelled"])
        }
    }

    /// A discrete gesture asks when it would be recognized: the delegate first, then the
    /// view; a refusal from either fails the tap, and the view then hears its touches end.
    @Test func theDelegateIsAskedThenTheView() {
        withManualClock { clock in
            let window = window()
            let questions = ShouldBeginLog()
            let view = ShouldBeginView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            view.questions = questions
            window.addSubview(view)
            let delegate = ShouldBeginDelegate(questions: questions)
            var taps = 0
            let tap = UITapGestureRecognizer { _ in taps += 1 }
            tap.delegate = delegate
            view.addGestureRecognizer(tap)

            window.liftTouch(window.touchDown(at: CGPoint(x: 30, y: 30)))
            #expect(questions.entries == ["delegate", "view"] && taps == 1)
            #expect(view.touchLog == ["began", "cancelled"])

            questions.entries = []
            view.touchLog = []
            delegate.answer = false
            clock.advance(by: 1)
            window.liftTouch(window.touchDown(at: CGPoint(x: 30, y: 30)))
            #expect(questions.entries == ["delegate"], "the delegate refused: the view is not asked")
            #expect(taps == 1 && view.touchLog == ["began", "ended"])
            #expect(tap.state == .possible)

            questions.entries = []
            view.touchLog = []
            delegate.answer = true
            view.answer = false
            clock.advance(by: 1)
            window.liftTouch(window.touchDown(at: CGPoint(x: 30, y: 30)))
            #expect(questions.entries == ["delegate", "view"])
            #expect(taps == 1 && view.touchLog == ["began", "ended"])

            view.answer = true
            clock.advance(by: 1)
            window.liftTouch(window.touchDown(at: CGPoint(x: 30, y: 30)))
            #expect(taps == 2, "a refused tap left no count behind")
            withExtendedLifetime(delegate) {}  // the recognizer holds its delegate weakly
        }
    }

    // MARK: Screen-edge pans

    /// An edge pan begins when its touch went down within 20 points of its edge of the window
    /// and moved 10 points away from it; anywhere else, or along the edge, it fails.
    @Test func aScreenEdgePanStartsAtItsEdgeAndMovesAwayFromIt() {
        withManualClock { clock in
            let window = window()
            let right = window.bounds.maxX
            let view = UIView(frame: window.bounds)
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            var translations: [CGPoint] = []
            let edgePan = UIScreenEdgePanGestureRecognizer { pan in
                states.append(pan.state)
                translations.append(pan.translation(in: view))
            }
            #expect(edgePan.edges.isEmpty, "no edges until set, as on iOS")
            view.addGestureRecognizer(edgePan)
            window.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 85, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.isEmpty, "no edges: never begins")

            edgePan.edges = .right
            window.drag(
                from: CGPoint(x: right - 10, y: 300), to: CGPoint(x: right - 90, y: 300), duration: 0.2, steps: 4,
                clock: clock)
            #expect(states == [.began, .changed, .changed, .changed, .ended])
            #expect(translations.first == CGPoint(x: -20, y: 0), "began after the first 20-point move")
            #expect(translations.last == CGPoint(x: -80, y: 0))
            #expect(edgePan.state == .possible)

            states = []
            translations = []
            window.drag(
                from: CGPoint(x: right - 18, y: 300), to: CGPoint(x: right - 98, y: 300), duration: 0.2, steps: 4,
                clock: clock)
            #expect(states.count == 5 && translations.last == CGPoint(x: -80, y: 0), "18 points in: at the edge")

            states = []
            window.drag(
                from: CGPoint(x: right - 25, y: 300), to: CGPoint(x: right - 105, y: 300), duration: 0.2, steps: 4,
                clock: clock)
            #expect(states.isEmpty, "25 points in: not at the edge")
            #expect(edgePan.state == .possible)

            window.drag(
                from: CGPoint(x: right - 10, y: 300), to: CGPoint(x: right - 10, y: 400), duration: 0.2, steps: 4,
                clock: clock)
            #expect(states.isEmpty, "along the edge: 25 points down, none away")

            window.drag(from: CGPoint(x: 10, y: 300), to: CGPoint(x: 90, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.isEmpty, "the left edge is not among its edges")

            edgePan.edges = .left
            window.drag(from: CGPoint(x: 10, y: 300), to: CGPoint(x: 90, y: 340), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 5, "20 right and 10 down at the first move: more away than along")
            #expect(translations.last == CGPoint(x: 80, y: 40))
        }
    }

    // MARK: Swipes

    /// A swipe is recognized, the finger still down, once it has moved 50 points mostly in an
    /// allowed direction within half a second; its location is where it began, and the view's
    /// touches are cancelled. The other way, too short or too slow, it fails.
    @Test func aSwipeIsRecognizedAfterFiftyPointsInItsDirection() {
        withManualClock { clock in
            let window = window()
            let view = ShouldBeginView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            var starts: [CGPoint] = []
            let swipe = UISwipeGestureRecognizer { swipe in
                states.append(swipe.state)
                starts.append(swipe.location(in: view))
            }
            #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
            view.addGestureRecognizer(swipe)

            let finger = window.touchDown(at: CGPoint(x: 100, y: 300))
            clock.advance(by: 0.05)
            window.moveTouch(finger, to: CGPoint(x: 125, y: 302.5))
            #expect(states.isEmpty, "25 points")
            clock.advance(by: 0.05)
            window.moveTouch(finger, to: CGPoint(x: 150, y: 305))
            #expect(states == [.ended], "50.2 points, 50 right and 5 down, in 0.1 s")
            #expect(starts == [CGPoint(x: 100, y: 300)], "where the swipe began")
            #expect(view.touchLog == ["began", "moved", "cancelled"])
            clock.advance(by: 0.05)
            window.moveTouch(finger, to: CGPoint(x: 200, y: 310))
            window.liftTouch(finger)
            #expect(states == [.ended] && swipe.state == .possible)

            view.touchLog = []
            window.drag(
                from: CGPoint(x: 200, y: 300), to: CGPoint(x: 100, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 1, "50 points left: not an allowed direction")
            #expect(view.touchLog == ["began", "moved", "moved", "moved", "moved", "ended"])

            window.drag(
                from: CGPoint(x: 100, y: 300), to: CGPoint(x: 140, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 1, "lifted after 40 points")

            window.drag(
                from: CGPoint(x: 100, y: 300), to: CGPoint(x: 130, y: 360), duration: 0.2, steps: 2, clock: clock)
            #expect(states.count == 1, "67 points, but more down than right")

            window.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 3, steps: 6, clock: clock)
            #expect(states.count == 1, "33 points in the first half second: too slow")

            let held = window.touchDown(at: CGPoint(x: 100, y: 300))
            CATransaction.flush()
            clock.advance(by: 0.49)
            #expect(swipe.state == .possible)
            clock.advance(by: 0.02)
            #expect(swipe.state == .failed, "half a second without a swipe")
            window.moveTouch(held, to: CGPoint(x: 200, y: 300))
            window.liftTouch(held)
            #expect(states.count == 1 && swipe.state == .possible)

            swipe.direction = [.left, .up]
            window.drag(
                from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 200), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 2 && starts.last == CGPoint(x: 200, y: 300), "up is allowed")
            window.drag(
                from: CGPoint(x: 200, y: 300), to: CGPoint(x: 100, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 3, "so is left")
            window.drag(
                from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(states.count == 3, "right no longer is")
        }
    }

    /// Directions carry Apple's raw values.
    @Test func swipeDirectionsHaveApplesRawValues() {
        typealias Direction = UISwipeGestureRecognizer.Direction
        #expect(Direction.right.rawValue == 1 && Direction.left.rawValue == 2)
        #expect(Direction.up.rawValue == 4 && Direction.down.rawValue == 8)
        #expect(Direction(rawValue: 5) == [.right, .up])
    }

    /// A two-finger swipe needs both fingers: it is recognized when their centroid has moved
    /// 50 points, and reports the centroid where they went down.
    @Test func aTwoFingerSwipeFollowsTheCentroid() {
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            window.addSubview(view)
            var starts: [CGPoint] = []
            let swipe = UISwipeGestureRecognizer { starts.append($0.location(in: nil)) }
            swipe.numberOfTouchesRequired = 2
            swipe.direction = .down
            view.addGestureRecognizer(swipe)

            let first = window.touchDown(at: CGPoint(x: 100, y: 100))
            let second = window.touchDown(at: CGPoint(x: 200, y: 100))
            clock.advance(by: 0.1)
            window.moveTouch(first, to: CGPoint(x: 100, y: 160))
            #expect(starts.isEmpty, "the centroid moved 30 points")
            window.moveTouch(second, to: CGPoint(x: 200, y: 160))
            #expect(starts == [CGPoint(x: 150, y: 100)], "60 points down")
            window.liftTouch(first)
            window.liftTouch(second)
            #expect(swipe.state == .possible)

            window.drag(
                from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 0.2, steps: 4, clock: clock)
            #expect(starts.count == 1, "one finger is not two")
        }
    }

    // MARK: Rotations

    /// The rotation is the angle the line between the fingers has turned, clockwise positive,
    /// counted past half a turn; it begins after 0.1 radians. Setting it to 0 makes the next
    /// updates count from there.
    @Test func aRotationTurnsWithTheLineBetweenTheFingers() {
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            window.addSubview(view)
            var rotations: [CGFloat] = []
            let rotation = UIRotationGestureRecognizer { rotations.append($0.rotation) }
            view.addGestureRecognizer(rotation)

            let pivot = window.touchDown(at: CGPoint(x: 150, y: 300))
            let finger = window.touchDown(at: CGPoint(x: 250, y: 300))
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 250, y: 305))
            #expect(rotation.state == .possible && rotations.isEmpty, "atan(0.05) ≈ 0.05 radians: not yet")
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 250, y: 312))
            #expect(rotation.state == .began)
            #expect(abs(Double(rotation.rotation) - atan2(12.0, 100.0)) < 1e-9, "atan(0.12) ≈ 0.119 radians")
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 150, y: 400))
            #expect(abs(rotation.rotation - .pi / 2) < 1e-9, "a quarter turn clockwise")
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 50, y: 300))
            #expect(abs(rotation.rotation - .pi) < 1e-9)
            #expect(abs(rotation.velocity - 5 * .pi) < 1e-9, "a quarter turn in a tenth of a second")
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 150, y: 200))
            #expect(abs(rotation.rotation - 3 * .pi / 2) < 1e-9, "three quarters: past half a turn")

            rotation.rotation = 0
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 250, y: 300))
            #expect(abs(rotation.rotation - .pi / 2) < 1e-9, "a quarter turn since it was set to 0")
            clock.advance(by: 0.1)
            window.moveTouch(finger, to: CGPoint(x: 150, y: 200))
            #expect(abs(rotation.rotation) < 1e-9, "a quarter turn back, anticlockwise")
            #expect(abs(rotation.velocity + 5 * .pi) < 1e-9)

            window.liftTouch(pivot)
            #expect(rotation.state == .ended)
            window.liftTouch(finger)
            #expect(rotations.count == 7, "began, five changes, ended")
            #expect(abs(Double(rotations[0]) - atan2(12.0, 100.0)) < 1e-9)
            #expect(abs(rotations[3] - 3 * .pi / 2) < 1e-9 && rotations[6] == rotations[5])
            #expect(rotation.state == .possible && rotation.rotation == 0 && rotation.velocity == 0)
        }
    }

    /// Fingers that only move apart do not rotate; a third finger fails the gesture.
    @Test func aRotationNeedsTurningAndTwoFingers() {
        withManualClock { clock in
            let window = window()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            window.addSubview(view)
            var updates = 0
            let rotation = UIRotationGestureRecognizer { _ in updates += 1 }
            view.addGestureRecognizer(rotation)

            let left = window.touchDown(at: CGPoint(x: 150, y: 300))
            let right = window.touchDown(at: CGPoint(x: 250, y: 300))
            clock.advance(by: 0.1)
            window.moveTouch(right, to: CGPoint(x: 350, y: 300))
            #expect(rotation.state == .possible && updates == 0, "twice as far apart, no turn")
            let third = window.touchDown(at: CGPoint(x: 200, y: 400))
            #expect(rotation.state == .failed)
            clock.advance(by: 0.1)
            window.moveTouch(right, to: CGPoint(x: 150, y: 400))
            #expect(updates == 0)
            window.liftTouch(left)
            window.liftTouch(right)
            window.liftTouch(third)
            #expect(rotation.state == .possible)
        }
    }

    // MARK: Initialisers and older names

    /// The new recognizers have UIKit's `init(target:action:)` from the base class, and the
    /// older Swift names are the nested types.
    @Test func initialisersAndOlderNames() {
        #expect(UIScreenEdgePanGestureRecognizer(target: nil, action: nil).edges.isEmpty)
        #expect(UISwipeGestureRecognizer(target: nil, action: nil).direction == .right)
        #expect(UIRotationGestureRecognizer(target: nil, action: nil).rotation == 0)
        let state: UIGestureRecognizerState = .changed
        #expect(state == UIGestureRecognizer.State.changed && state.rawValue == 2)
        let operation: UINavigationControllerOperation = .pop
        #expect(operation == UINavigationController.Operation.pop && operation.rawValue == 2)
    }

    // MARK: The navigation controller's pop gesture

    /// A drag from the left edge pops once it ends more than half the width (195 points) to
    /// the right; a shorter one, one from elsewhere, one its delegate refuses, and one with
    /// only the root on the stack do nothing.
    @Test func theInteractivePopGestureRecognizerPopsFromTheLeftEdge() throws {
        try withManualClock { clock in
            let root = UIViewController()
            let navigation = UINavigationController(rootViewController: root)
            let window = keyWindow(showing: navigation)
            navigation.view.layoutIfNeeded()
            #expect(navigation.view.bounds.width == 390)
            let pop = try #require(navigation.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer)
            #expect(pop.edges == .left && pop.isEnabled && pop.view === navigation.view)
            var states: [UIGestureRecognizer.State] = []
            pop.addTarget { states.append($0.state) }

            window.drag(
                from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, steps: 10, clock: clock)
            #expect(states.isEmpty && navigation.viewControllers == [root], "only the root: nothing to pop")

            CATransaction.flush()
            let detail = UIViewController()
            navigation.pushViewController(detail, animated: true)
            CATransaction.flush()
            clock.advance(by: 0.4)
            CATransaction.flush()
            #expect(navigation.topViewController === detail)

            window.drag(
                from: CGPoint(x: 40, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, steps: 10, clock: clock)
            #expect(states.isEmpty, "40 points from the edge")

            let refusing = RefusingPopDelegate()
            pop.delegate = refusing
            window.drag(
                from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, steps: 10, clock: clock)
            #expect(refusing.asked == 1 && states.isEmpty, "the delegate refused")
            pop.delegate = nil

            window.drag(
                from: CGPoint(x: 5, y: 400), to: CGPoint(x: 150, y: 400), duration: 0.2, steps: 10, clock: clock)
            #expect(states.count == 11 && states.first == .began && states.last == .ended)
            CATransaction.flush()
            clock.advance(by: 0.4)
            CATransaction.flush()
            #expect(navigation.viewControllers == [root, detail], "145 points: not half the width")

            states = []
            window.drag(
                from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.2, steps: 10, clock: clock)
            #expect(states.count == 11 && states.last == .ended)
            CATransaction.flush()
            clock.advance(by: 0.4)
            CATransaction.flush()
            #expect(navigation.viewControllers == [root], "295 points: popped")
            #expect(navigation.topViewController === root)
        }
    }
}
