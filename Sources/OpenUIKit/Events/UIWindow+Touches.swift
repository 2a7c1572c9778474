import Foundation

/// Touch delivery, and the calls tests use to touch the screen.
///
/// A touch that goes down is hit-tested (``UIView/hitTest(_:with:)``); it belongs to that view
/// until it lifts. Each change goes first to the enabled gesture recognizers of that view and
/// of its superviews (those following the touch), then to the view's `touches…` methods,
/// unless a recognizer has recognized its gesture and cancels the view's touches: the view
/// then hears `touchesCancelled` once. The times are the clock's media time, so a test on a
/// ``CAManualClock`` gives every move its moment:
///
///     let finger = window.touchDown(at: CGPoint(x: 40, y: 300))
///     clock.advance(by: 1.0 / 60)
///     window.moveTouch(finger, to: CGPoint(x: 80, y: 300))
///     window.liftTouch(finger)
extension UIWindow {
    /// A finger goes down at `point` (window coordinates). Answers the touch, for the calls that
    /// move and lift it.
    @discardableResult
    public func touchDown(at point: CGPoint) -> UITouch {
        let touch = UITouch()
        touch.window = self
        touch.windowLocation = point
        touch.previousWindowLocation = point
        touch.timestamp = CACurrentMediaTime()
        touch.phase = .began
        touch.view = UIApplication.shared.isIgnoringInteractionEvents ? nil : hitTest(point, with: nil)
        var recognizers: [UIGestureRecognizer] = []
        var current = touch.view
        while let view = current {
            recognizers += view.gestureRecognizers ?? []
            current = view.superview
        }
        touch.gestureRecognizers = recognizers.filter { $0.accepts(touch) }
        touchState.active.append(touch)
        send(touch)
        return touch
    }

    /// Moves `touch` to `point` (window coordinates).
    public func moveTouch(_ touch: UITouch, to point: CGPoint) {
        requireActive(touch, "moveTouch(_:to:)")
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = point
        touch.timestamp = CACurrentMediaTime()
        touch.phase = .moved
        send(touch)
    }

    /// Lifts `touch` where it is.
    public func liftTouch(_ touch: UITouch) {
        end(touch, .ended, "liftTouch(_:)")
    }

    /// Cancels `touch`, as the system does when a call comes in.
    public func cancelTouch(_ touch: UITouch) {
        end(touch, .cancelled, "cancelTouch(_:)")
    }

    /// The last change of `touch`, after which it is no longer down.
    private func end(_ touch: UITouch, _ phase: UITouch.Phase, _ call: String) {
        requireActive(touch, call)
        touch.timestamp = CACurrentMediaTime()
        touch.phase = phase
        send(touch)
        touchState.active.removeAll { $0 === touch }
    }

    /// A finger goes down at `start`, moves to `end` in `steps` equal moves over `duration`
    /// seconds of `clock`'s time (one move per step), and lifts: a drag, for tests.
    public func drag(
        from start: CGPoint, to end: CGPoint, duration: TimeInterval, steps: Int = 10, clock: CAManualClock
    ) {
        guard steps > 0, duration >= 0, duration.isFinite else {
            fatalError("UIWindow.drag: steps must be positive and the duration finite and not negative")
        }
        let touch = touchDown(at: start)
        for step in 1...steps {
            clock.advance(by: duration / Double(steps))
            let fraction = CGFloat(step) / CGFloat(steps)
            moveTouch(touch, to: CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
        }
        liftTouch(touch)
    }

    private func requireActive(_ touch: UITouch, _ call: String) {
        guard touchState.active.contains(where: { $0 === touch }) else {
            fatalError("UIWindow.\(call): the touch is not down on this window (lifted, cancelled, or another window's)")
        }
    }

    /// Sends the change of `touch` to its recognizers, then to its view.
    private func send(_ touch: UITouch) {
        let event = UIEvent()
        event.timestamp = touch.timestamp
        event.allTouches = Set(touchState.active)
        let touches: Set<UITouch> = [touch]
        for recognizer in touch.gestureRecognizers ?? [] where recognizer.view != nil {
            if recognizer.state == .failed || !recognizer.isEnabled {
                if touch.phase == .ended || touch.phase == .cancelled { recognizer.forget(touches) }
                continue
            }
            recognizer.deliver(touch.phase, touches, event)
        }
        guard let view = touch.view else { return }
        if touchState.cancelledForViews.contains(ObjectIdentifier(touch)) { return }
        switch touch.phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
        if touch.phase == .ended || touch.phase == .cancelled {
            touchState.cancelledForViews.remove(ObjectIdentifier(touch))
        }
    }

    /// `recognizer` recognized its gesture: its touches are cancelled in their view, and the
    /// other recognizers following them fail unless a delegate lets both run.
    func gestureRecognized(_ recognizer: UIGestureRecognizer) {
        let event = UIEvent()
        event.timestamp = CACurrentMediaTime()
        event.allTouches = Set(touchState.active)
        for touch in recognizer.trackedTouches {
            for other in touch.gestureRecognizers ?? [] where other !== recognizer && other.state == .possible {
                let together =
                    recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) == true
                if !together, recognizer.canPrevent(other), other.canBePrevented(by: recognizer) { other.state = .failed }
            }
            guard recognizer.cancelsTouchesInView, let view = touch.view,
                touchState.cancelledForViews.insert(ObjectIdentifier(touch)).inserted
            else { continue }
            // The view has not heard this change yet (recognizers hear it first): it hears the
            // cancellation instead, even when the finger is lifting.
            view.touchesCancelled([touch], with: event)
        }
    }

    /// The touches down on this window.
    var touchState: WindowTouchState {
        if let state = existingTouchState { return state }
        let state = WindowTouchState()
        existingTouchState = state
        return state
    }
}

/// The touches of one window.
@MainActor
final class WindowTouchState {
    var active: [UITouch] = []
    /// Touches whose view has heard `touchesCancelled` because a recognizer took them.
    var cancelledForViews: Set<ObjectIdentifier> = []
}
