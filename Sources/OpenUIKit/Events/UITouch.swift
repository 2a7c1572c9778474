import Foundation

/// One finger on the screen: Apple's `UITouch`. Touches come from the window
/// (``UIWindow/touchDown(at:)`` and its siblings drive them in tests); their times are the
/// clock's media time.
@preconcurrency @MainActor
open class UITouch: NSObject {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public internal(set) var phase = Phase.began
    /// When the touch last changed, in media time (`CACurrentMediaTime()`).
    public internal(set) var timestamp: TimeInterval = 0
    /// The view the touch began in.
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    /// How many times the finger tapped in quick succession at this place.
    public internal(set) var tapCount = 1
    /// The recognizers the touch is delivered to.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = []
    /// How hard the finger presses: 0 here, where no screen senses pressure, unless a test
    /// sets it (settable here, an addition).
    open var force: CGFloat = 0
    /// The largest ``force`` a touch can have: 0, as there is no force sensor (the screen's
    /// traits say `forceTouchCapability` `.unavailable`).
    open var maximumPossibleForce: CGFloat { 0 }

    /// Where the touch is, in the window's coordinates.
    var windowLocation = CGPoint.zero
    var previousWindowLocation = CGPoint.zero

    /// The touch's location in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// Where the touch was before its last move.
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return point }
        return view.convert(point, from: window)
    }
}

/// A set of touches at one moment: Apple's `UIEvent` for touches.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    open var type: EventType { .touches }
    /// When the event happened, in media time.
    public internal(set) var timestamp: TimeInterval = 0
    /// Every touch on the screen, whatever its phase.
    public internal(set) var allTouches: Set<UITouch>? = []

    /// The touches that began in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }

    /// The touches delivered to `gesture`.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        allTouches?.filter { $0.gestureRecognizers?.contains { $0 === gesture } == true }
    }
}
