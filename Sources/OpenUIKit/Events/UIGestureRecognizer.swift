import Foundation

/// Turns touches on a view into a gesture: Apple's `UIGestureRecognizer`.
///
/// Swift on Linux has no selectors, so a recognizer calls closures: `UIPanGestureRecognizer {
/// [unowned self] in self.handlePan($0) }` where iOS code writes `UIPanGestureRecognizer(target:
/// self, action: #selector(handlePan(_:)))` (each subclass's closure gets the subclass).
/// Recognizers attached to the touched view and to its superviews see the touches before the
/// view does; once one recognizes its gesture, the view's touches are cancelled
/// (``cancelsTouchesInView``).
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    /// Where the recognizer stands; setting it (in a subclass) tells the handlers.
    ///
    /// Leaving `.possible` for `.began` (a continuous gesture) or `.ended` (a discrete one
    /// recognized), the recognizer first asks its ``delegate``'s
    /// `gestureRecognizerShouldBegin(_:)`, then its view's
    /// ``UIView/gestureRecognizerShouldBegin(_:)``: if either answers false, the state becomes
    /// `.failed` instead and the handlers hear nothing, as on iOS.
    open var state = State.possible {
        didSet {
            // Every update of a continuous gesture is reported, `.changed` after `.changed` too.
            guard state != oldValue || state == .changed else { return }
            if oldValue == .possible, state == .began || state == .ended, !shouldBegin() {
                // Refused: failed instead, which no handler hears.
                state = .failed
                return
            }
            switch state {
            case .began, .changed, .ended, .cancelled:
                if state == .began || state == .ended && oldValue == .possible { recognizedGesture() }
                for handler in handlers { handler.call(self) }
            default:
                break
            }
        }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    open var isEnabled = true {
        didSet { if !isEnabled, state != .possible { state = .cancelled } }
    }
    /// Whether the view's touches are cancelled once the gesture is recognized.
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var name: String?

    private var handlers: [Handler] = []
    /// The touches the recognizer is following, in the order they began.
    private(set) var trackedTouches: [UITouch] = []
    /// Recognizers that must fail before this one recognizes.
    private var required: [UIGestureRecognizer] = []

    public override init() {
        super.init()
    }

    /// A recognizer with one handler: each subclass's `init(handler:)`, whose closure gets the
    /// subclass, calls `handler` at every change of state that UIKit reports to its targets
    /// (began, changed, ended, cancelled; recognized for a discrete gesture).
    init(erasedHandler handler: @escaping (UIGestureRecognizer) -> Void) {
        super.init()
        handlers.append(Handler(call: handler))
    }

    /// A recognizer that calls `action`'s method on `target`, passing the recognizer, at each
    /// change of state UIKit reports: Apple's initialiser, with the selector the porting step
    /// makes of `#selector(…)`. The target is held weakly, as UIKit holds it.
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Adds a handler: the closure form of `addTarget(_:action:)`.
    open func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append(Handler(call: handler))
    }

    /// Adds a target and action (once: adding the same pair again does nothing). The target
    /// is held weakly.
    open func addTarget(_ target: Any, action: Selector) {
        let target = target as AnyObject
        guard !handlers.contains(where: { $0.target?.object === target && $0.action == action }) else { return }
        let reference = Weak(target)
        handlers.append(
            Handler(target: reference, action: action) { recognizer in
                if let target = reference.object { action.perform(on: target, sender: recognizer) }
            })
    }

    /// Removes the pairs of `target` and `action`: any target when nil, any action when nil.
    open func removeTarget(_ target: Any?, action: Selector?) {
        let target = target.map { $0 as AnyObject }
        handlers.removeAll { handler in
            guard handler.action != nil else { return target == nil && action == nil }
            return (target == nil || handler.target?.object === target) && (action == nil || handler.action == action)
        }
    }

    /// Removes every handler: what `removeTarget(nil, action: nil)` does.
    open func removeAllTargets() {
        handlers = []
    }

    /// One thing the recognizer calls: a closure, or a target's action.
    private struct Handler {
        var target: Weak<AnyObject>?
        var action: Selector?
        let call: (UIGestureRecognizer) -> Void
    }

    /// This recognizer waits for `otherGestureRecognizer` to fail before it recognizes.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        required.append(otherGestureRecognizer)
    }

    /// The centroid of the tracked touches in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return .zero }
        let points = trackedTouches.map { $0.location(in: view) }
        let count = CGFloat(points.count)
        return CGPoint(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
    }

    open var numberOfTouches: Int { trackedTouches.count }

    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else {
            fatalError(
                "UIGestureRecognizer.location(ofTouch:in:): index \(touchIndex) is beyond the \(trackedTouches.count) touches"
            )
        }
        return trackedTouches[touchIndex].location(in: view)
    }

    // MARK: What subclasses override

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// The touches of a continuous gesture lifted: it ends if it had begun, else it failed.
    func endContinuousGesture() {
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    /// Back to `.possible` after the gesture ended or failed; subclasses reset their own state
    /// here and call `super`.
    open func reset() {}

    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Delivery (the window calls these)

    /// Whether the recognizer takes `touch`: enabled, not finished, and allowed by its delegate.
    func accepts(_ touch: UITouch) -> Bool {
        guard isEnabled, state == .possible || state == .began || state == .changed else { return false }
        return delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true
    }

    func deliver(_ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent) {
        switch phase {
        case .began:
            trackedTouches += touches.sorted { $0.timestamp < $1.timestamp }.filter { !trackedTouches.contains($0) }
            touchesBegan(touches, with: event)
        case .moved, .stationary:
            touchesMoved(touches, with: event)
        case .ended:
            touchesEnded(touches, with: event)
            trackedTouches.removeAll { touches.contains($0) }
        case .cancelled:
            touchesCancelled(touches, with: event)
            trackedTouches.removeAll { touches.contains($0) }
        }
        finishIfDone()
    }

    /// Once the gesture ended, was cancelled or failed, and no touch is left, the recognizer
    /// resets to `.possible`.
    func finishIfDone() {
        guard [.ended, .cancelled, .failed].contains(state), trackedTouches.isEmpty else { return }
        reset()
        trackedTouches = []
        state = .possible
    }

    /// A recognizer that has failed or ended keeps no touches once they are gone.
    func forget(_ touches: Set<UITouch>) {
        trackedTouches.removeAll { touches.contains($0) }
        finishIfDone()
    }

    /// Whether the gesture may begin now: every recognizer it requires to fail has failed (or
    /// is not following touches). Until then it waits in `.possible`; the delegate and the view
    /// are asked when the state leaves `.possible` (`shouldBegin()`).
    func mayBegin() -> Bool {
        // The recognizers on the same view that this one, or they, say must fail first.
        let asked = (view?.gestureRecognizers ?? []).filter {
            $0 !== self && (shouldRequireFailure(of: $0) || $0.shouldBeRequiredToFail(by: self))
        }
        return (required + asked).allSatisfy {
            $0.state == .failed || $0.state == .possible && $0.trackedTouches.isEmpty
        }
    }

    /// Whether `otherGestureRecognizer`, on the same view, must fail before this one begins:
    /// a subclass's say, asked as the gesture would begin (the default: no).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether this recognizer must fail before `otherGestureRecognizer`, on the same view,
    /// begins (the default: no).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether the recognizer may leave `.possible`: its delegate agrees, then the view it is
    /// attached to (UIKit asks both; the delegate first here).
    private func shouldBegin() -> Bool {
        guard delegate?.gestureRecognizerShouldBegin(self) ?? true else { return false }
        return view?.gestureRecognizerShouldBegin(self) ?? true
    }

    /// The gesture was recognized: the view's touches are cancelled, and other recognizers
    /// following the same touches fail unless either's delegate lets them run together.
    private func recognizedGesture() {
        guard let window = view?.window else { return }
        window.gestureRecognized(self)
    }
}

/// The state of a gesture recognizer under its Swift name before `UIGestureRecognizer.State`.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State

/// What a gesture recognizer asks: Apple's `UIGestureRecognizerDelegate`, each method with the
/// answer UIKit assumes when it is absent.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        true
    }
}
