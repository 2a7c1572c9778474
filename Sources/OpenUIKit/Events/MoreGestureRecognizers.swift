import Foundation

// UIKit's screen-edge pan, swipe and rotation recognizers. As for the others
// (GestureRecognizers.swift), the thresholds are this module's, UIKit not documenting its own:
// an edge pan starts within 20 points of its edge of the window and must move away from it
// (more away than along it, within 45°); a swipe is 50 points moved within 45° of an allowed
// direction within 0.5 s of the first finger going down; a rotation begins once the line
// between the two fingers has turned 0.1 radians (about 6°).

/// How near an edge of the window the touches of a screen-edge pan must go down.
let screenEdgePanRegion: CGFloat = 20
/// How far a swipe's touches must move.
let swipeMinimumDistance: CGFloat = 50
/// How soon after the first finger went down a swipe must have moved its distance.
let swipeMaximumDuration: TimeInterval = 0.5
/// How far, in radians, the line between a rotation's fingers must turn before it begins.
let rotationBeginAngle: CGFloat = 0.1

/// Recognizes a pan that starts at an edge of the screen: Apple's
/// `UIScreenEdgePanGestureRecognizer`. The touches must go down within 20 points of one of
/// ``edges`` of the window (the screen here) and move away from that edge: the pan then begins
/// after 10 points, as a ``UIPanGestureRecognizer`` does, with its translation and velocity. A
/// touch that goes down elsewhere, or moves along or towards the edge, fails it; with no
/// ``edges`` (the default, as on iOS) it never begins.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges of the window the gesture may start from.
    open var edges: UIRectEdge = []

    /// The edges among ``edges`` near which the touches went down.
    private var startEdges: UIRectEdge = []
    /// The touches' centroid when they went down, in window coordinates.
    private var start = CGPoint.zero

    public convenience init(handler: @escaping (UIScreenEdgePanGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UIScreenEdgePanGestureRecognizer) })
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        // The pan counts from the centroid, which moves when a finger joins: so does `start`.
        start = location(in: nil)
        guard numberOfTouches == touches.count else { return }  // a finger joined: same edges
        startEdges = edgesNear(start)
        if startEdges.isEmpty { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            let point = location(in: nil)
            let moved = CGPoint(x: point.x - start.x, y: point.y - start.y)
            // Far enough to begin a pan, but not away from the edge: never this gesture.
            if hypot(moved.x, moved.y) >= gestureMovementThreshold, !movesAway(moved) {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        startEdges = []
        start = .zero
        super.reset()
    }

    /// The edges among ``edges`` within 20 points of `point`, in window coordinates.
    private func edgesNear(_ point: CGPoint) -> UIRectEdge {
        guard let bounds = view?.window?.bounds else { return [] }
        var near: UIRectEdge = []
        if edges.contains(.left), point.x - bounds.minX <= screenEdgePanRegion { near.insert(.left) }
        if edges.contains(.right), bounds.maxX - point.x <= screenEdgePanRegion { near.insert(.right) }
        if edges.contains(.top), point.y - bounds.minY <= screenEdgePanRegion { near.insert(.top) }
        if edges.contains(.bottom), bounds.maxY - point.y <= screenEdgePanRegion { near.insert(.bottom) }
        return near
    }

    /// Whether `moved` goes away from one of the start edges more than along it.
    private func movesAway(_ moved: CGPoint) -> Bool {
        (startEdges.contains(.left) && moved.x > abs(moved.y))
            || (startEdges.contains(.right) && -moved.x > abs(moved.y))
            || (startEdges.contains(.top) && moved.y > abs(moved.x))
            || (startEdges.contains(.bottom) && -moved.y > abs(moved.x))
    }
}

/// Recognizes a quick stroke in a direction: Apple's `UISwipeGestureRecognizer`. Discrete: once
/// ``numberOfTouchesRequired`` touches have moved 50 points within 45° of one of the allowed
/// `direction`s, within 0.5 s of the first going down, the gesture is recognized (its handlers
/// hear `.ended`) while the fingers are still down. It fails when the touches move 50 points
/// another way, lift before, take longer, or are more than required.
/// `location(in:)` is where the swipe began, as UIKit reports it.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions of a swipe: Apple's `UISwipeGestureRecognizer.Direction`, with its raw values.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions recognized: right by default, as on iOS.
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1

    /// The touches' centroid when they went down, in window coordinates.
    private var start = CGPoint.zero
    private var startTime: TimeInterval = 0
    /// Fails the gesture when its time is up with the fingers held still.
    private let timer = AnimatorEndTimer()

    public convenience init(handler: @escaping (UISwipeGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UISwipeGestureRecognizer) })
    }

    /// Where the swipe began: the touches' centroid when they went down, in `view`'s
    /// coordinates (the window's when nil).
    open override func location(in view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window, view !== window else { return start }
        return view.convert(start, from: window)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches == touches.count {
            // The first fingers: the time starts.
            startTime = event.timestamp
            timer.schedule(at: event.timestamp + swipeMaximumDuration) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
        start = super.location(in: nil)
        if numberOfTouches > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        guard event.timestamp - startTime <= swipeMaximumDuration else {
            fail()
            return
        }
        let point = super.location(in: nil)
        let moved = CGPoint(x: point.x - start.x, y: point.y - start.y)
        guard hypot(moved.x, moved.y) >= swipeMinimumDistance else { return }
        guard numberOfTouches == numberOfTouchesRequired, let way = mainDirection(of: moved),
            direction.contains(way)
        else {
            fail()
            return
        }
        guard mayBegin() else { return }
        timer.cancel()
        state = .ended
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // Lifted before it was a swipe.
        if state == .possible { fail() }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        timer.cancel()
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        timer.cancel()
        start = .zero
        super.reset()
    }

    private func fail() {
        timer.cancel()
        state = .failed
    }

    /// The direction `moved` goes mainly in (within 45° of it); nil on an exact diagonal.
    private func mainDirection(of moved: CGPoint) -> Direction? {
        if abs(moved.x) > abs(moved.y) { return moved.x > 0 ? .right : .left }
        if abs(moved.y) > abs(moved.x) { return moved.y > 0 ? .down : .up }
        return nil
    }
}

/// Recognizes two fingers turning: Apple's `UIRotationGestureRecognizer`. ``rotation`` is the
/// angle, in radians, the line between the fingers has turned since the gesture's touches went
/// down, clockwise on the screen positive (the sense of `CGAffineTransform(rotationAngle:)`);
/// it counts whole turns, and setting it (to 0 after applying it, say) makes the next updates
/// count from there, as on iOS. The gesture begins once the line has turned 0.1 radians.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The fingers' rotation in radians since the gesture began (settable, as on iOS).
    open var rotation: CGFloat = 0
    /// How fast the rotation changes, in radians per second.
    open private(set) var velocity: CGFloat = 0

    /// The angle of the line between the fingers at the last update.
    private var lastAngle: CGFloat = 0
    /// How far the line turned before the gesture began.
    private var pendingRotation: CGFloat = 0
    private var lastTime: TimeInterval = 0
    private var tracking = false

    public convenience init(handler: @escaping (UIRotationGestureRecognizer) -> Void) {
        self.init(erasedHandler: { handler($0 as! UIRotationGestureRecognizer) })
    }

    /// The direction of the line from the first finger to the second, in window coordinates.
    private var fingerAngle: CGFloat {
        let first = location(ofTouch: 0, in: nil)
        let second = location(ofTouch: 1, in: nil)
        return CGFloat(atan2(Double(second.y - first.y), Double(second.x - first.x)))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2, state == .possible { state = .failed }
        if numberOfTouches == 2 {
            lastAngle = fingerAngle
            pendingRotation = 0
            lastTime = event.timestamp
            tracking = true
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 2, tracking else { return }
        let angle = fingerAngle
        // The turn since the last update, the short way round (within ±π).
        let step = (angle - lastAngle).remainder(dividingBy: 2 * .pi)
        lastAngle = angle
        let interval = event.timestamp - lastTime
        if interval > 0 { velocity = step / interval }
        lastTime = event.timestamp
        switch state {
        case .possible:
            pendingRotation += step
            guard abs(pendingRotation) >= rotationBeginAngle, mayBegin() else { return }
            rotation += pendingRotation
            pendingRotation = 0
            state = .began
        case .began, .changed:
            rotation += step
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture()
    }

    open override func reset() {
        rotation = 0
        velocity = 0
        pendingRotation = 0
        tracking = false
        super.reset()
    }
}
