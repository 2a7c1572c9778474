import Foundation

// UIKit's tap, pan, long-press and pinch recognizers (the screen-edge pan, swipe and rotation
// ones are in MoreGestureRecognizers.swift). The thresholds are this module's
// (UIKit does not document its own): a touch that moves 10 points is no tap and starts a pan;
// taps of a multi-tap gesture come within 0.35 s of each other.

/// How far a touch may move and still be a tap or a press, and how far it must move to pan.
let gestureMovementThreshold: CGFloat = 10

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    hypot(a.x - b.x, a.y - b.y)
}

/// Recognizes taps: Apple's `UITapGestureRecognizer`. Discrete: its handlers hear `.ended`
/// when the last finger of the last tap lifts.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1

    private var taps = 0
    private var start = CGPoint.zero
    private var lastLift: TimeInterval = 0
    private var touchesDown = 0

    public convenience init(handler: @escaping (UITapGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UITapGestureRecognizer) })
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if taps > 0, event.timestamp - lastLift > 0.35 { state = .failed }
        if taps == 0 { start = location(in: nil) }
        touchesDown += touches.count
        if touchesDown > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if distance(location(in: nil), start) > gestureMovementThreshold { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches - touches.count > 0 { return }  // fingers still down
        guard touchesDown == numberOfTouchesRequired else {
            state = .failed
            return
        }
        taps += 1
        touchesDown = 0
        lastLift = event.timestamp
        if taps >= numberOfTapsRequired, mayBegin() { state = .ended }
    }

    open override func reset() {
        taps = 0
        touchesDown = 0
        super.reset()
    }
}

/// Recognizes a drag: Apple's `UIPanGestureRecognizer`. It begins when the touches have moved
/// 10 points from where they went down; ``translation(in:)`` counts from there, and
/// ``velocity(in:)`` is the speed of the last move, in points a second.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    private var origin = CGPoint.zero
    private var translationOffset = CGPoint.zero
    private var lastPoint = CGPoint.zero
    private var lastTime: TimeInterval = 0
    private var currentVelocity = CGPoint.zero

    /// Disfavoured so that a subclass's own `init(handler:)` (``UIScreenEdgePanGestureRecognizer``'s,
    /// whose closure gets the subclass) wins over this inherited one at `Subclass { … }`.
    @_disfavoredOverload
    public convenience init(handler: @escaping (UIPanGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UIPanGestureRecognizer) })
    }

    /// How far the touches have moved since the gesture's touches went down (less what
    /// ``setTranslation(_:in:)`` took away), in `view`'s coordinate axes.
    open func translation(in view: UIView?) -> CGPoint {
        let moved = CGPoint(
            x: lastPoint.x - origin.x + translationOffset.x, y: lastPoint.y - origin.y + translationOffset.y)
        return converted(moved, to: view)
    }

    /// Makes the translation read `translation` from now on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let inWindow = converted(translation, from: view)
        translationOffset = CGPoint(x: inWindow.x - (lastPoint.x - origin.x), y: inWindow.y - (lastPoint.y - origin.y))
    }

    /// The speed of the touches' last move, points a second in `view`'s axes.
    open func velocity(in view: UIView?) -> CGPoint {
        converted(currentVelocity, to: view)
    }

    /// A vector between the window's axes and `view`'s.
    private func converted(_ vector: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = view.window else { return vector }
        let zero = view.convert(CGPoint.zero, from: window)
        let end = view.convert(vector, from: window)
        return CGPoint(x: end.x - zero.x, y: end.y - zero.y)
    }

    private func converted(_ vector: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = view.window else { return vector }
        let zero = view.convert(CGPoint.zero, to: window)
        let end = view.convert(vector, to: window)
        return CGPoint(x: end.x - zero.x, y: end.y - zero.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        // The centroid jumps when a finger joins: keep the translation continuous.
        let point = location(in: nil)
        if state == .possible {
            origin = point
        } else {
            origin = CGPoint(x: origin.x + point.x - lastPoint.x, y: origin.y + point.y - lastPoint.y)
        }
        lastPoint = point
        lastTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let point = location(in: nil)
        let interval = event.timestamp - lastTime
        if interval > 0 {
            currentVelocity = CGPoint(x: (point.x - lastPoint.x) / interval, y: (point.y - lastPoint.y) / interval)
        }
        lastPoint = point
        lastTime = event.timestamp
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches,
                distance(point, origin) >= gestureMovementThreshold, mayBegin()
            else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches - touches.count < minimumNumberOfTouches else {
            // A finger left, others stay: the centroid moves without a jump.
            return
        }
        endContinuousGesture()
    }

    open override func reset() {
        translationOffset = .zero
        currentVelocity = .zero
        super.reset()
    }
}

/// Recognizes a press held still: Apple's `UILongPressGestureRecognizer`. It begins once the
/// touches have been down ``minimumPressDuration`` without moving more than
/// ``allowableMovement``; it changes as they move and ends when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0

    private var start = CGPoint.zero
    private let timer = AnimatorEndTimer()

    public convenience init(handler: @escaping (UILongPressGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UILongPressGestureRecognizer) })
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        start = location(in: nil)
        guard numberOfTouches == numberOfTouchesRequired else {
            if numberOfTouches > numberOfTouchesRequired { state = .failed }
            return
        }
        timer.schedule(at: event.timestamp + minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible, self.numberOfTouches == self.numberOfTouchesRequired,
                self.mayBegin()
            else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if distance(location(in: nil), start) > allowableMovement {
                timer.cancel()
                state = .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        timer.cancel()
        endContinuousGesture()
    }

    open override func reset() {
        timer.cancel()
        super.reset()
    }
}

/// Recognizes two fingers moving apart or together: Apple's `UIPinchGestureRecognizer`.
/// ``scale`` is the distance between the fingers over the distance when the gesture began.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The fingers' distance relative to when the gesture began (settable, as on iOS).
    open var scale: CGFloat = 1
    /// How fast the scale changes, per second.
    open private(set) var velocity: CGFloat = 0

    private var startDistance: CGFloat = 0
    private var lastTime: TimeInterval = 0

    public convenience init(handler: @escaping (UIPinchGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UIPinchGestureRecognizer) })
    }

    private var fingerDistance: CGFloat {
        numberOfTouches >= 2 ? distance(location(ofTouch: 0, in: nil), location(ofTouch: 1, in: nil)) : 0
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2, state == .possible { state = .failed }
        if numberOfTouches == 2 {
            startDistance = fingerDistance / scale
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 2, startDistance > 0 else { return }
        let newScale = fingerDistance / startDistance
        let interval = event.timestamp - lastTime
        if interval > 0 { velocity = (newScale - scale) / interval }
        lastTime = event.timestamp
        switch state {
        case .possible:
            guard abs(fingerDistance - startDistance) >= gestureMovementThreshold, mayBegin() else { return }
            scale = newScale
            state = .began
        case .began, .changed:
            scale = newScale
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture()
    }

    open override func reset() {
        scale = 1
        velocity = 0
        startDistance = 0
        super.reset()
    }
}
