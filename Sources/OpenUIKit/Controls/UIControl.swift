import Foundation

/// A view that turns touches into events and actions: Apple's `UIControl`.
///
/// A touch that goes down highlights the control and sends `.touchDown`; moving keeps it
/// highlighted while the finger is within 70 points of the bounds (UIKit's touch slop, which it
/// does not document; this is the figure iOS engineers measure) and sends the drag events;
/// lifting unhighlights it and sends `.touchUpInside` (and `.primaryActionTriggered`) or
/// `.touchUpOutside`. Actions are closures (``UIAction``), iOS 14's form of target–action:
/// `addTarget(self, action: #selector(tap), for: .touchUpInside)` becomes
/// `addAction(UIAction { [unowned self] _ in self.tap() }, for: .touchUpInside)`.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// What state a control is in: Apple's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// What a control reports: Apple's `UIControl.Event`, with Apple's bits.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    /// How far outside its bounds a touch may go and still count as inside.
    static let touchSlop: CGFloat = 70

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center
    open var contentVerticalAlignment = ContentVerticalAlignment.center

    /// The control's state, from ``isEnabled``, ``isSelected`` and ``isHighlighted``.
    open var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether a touch is being tracked, and whether it is inside (with the slop).
    open private(set) var isTracking = false
    open private(set) var isTouchInside = false

    private var actions: [(action: UIAction, events: Event)] = []

    /// The events for which actions are registered.
    open var allControlEvents: Event {
        actions.reduce(Event()) { $0.union($1.events) }
    }

    // MARK: Actions

    /// Runs `action` when any of `controlEvents` happens. The same action (by identifier) is
    /// added once per event set.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actions.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actions[index].events.formUnion(controlEvents)
        } else {
            actions.append((action, controlEvents))
        }
    }

    /// Stops running `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for index in actions.indices where actions[index].action.identifier == actionIdentifier {
            actions[index].events.subtract(controlEvents)
        }
        actions.removeAll { $0.events.isEmpty }
    }

    /// Calls `action`'s method on `target`, passing the control (and the event, to a method
    /// that takes it), when any of `controlEvents` happens: Apple's target–action, with the
    /// selector the porting step makes of `#selector(…)`. The target is held weakly, as UIKit
    /// holds it; a nil target is the first responder up the chain from the control that has
    /// the method. A pair added again adds its events.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let target = target.map { $0 as AnyObject }
        addAction(TargetAction(target: target, selector: action, control: self), for: controlEvents)
    }

    /// Stops calling `action` on `target` for `controlEvents`: any target when nil, any
    /// action when nil.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let target = target.map { $0 as AnyObject }
        for case let pair as TargetAction in actions.map(\.action)
        where (target == nil || pair.target?.object === target) && (action == nil || pair.selector == action) {
            removeAction(pair, for: controlEvents)
        }
    }

    /// The targets of the control's target–action pairs (nil ones left out).
    open var allTargets: Set<AnyHashable> {
        Set(
            actions.compactMap {
                ($0.action as? TargetAction)?.target?.object.map { AnyHashable(ObjectIdentifier($0)) }
            })
    }

    /// The names of the actions sent to `target` for `controlEvent`.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let target = target.map { $0 as AnyObject }
        let names = actions.compactMap { entry -> String? in
            guard let pair = entry.action as? TargetAction, !entry.events.isDisjoint(with: controlEvent),
                pair.target?.object === target
            else { return nil }
            return pair.selector.name
        }
        return names.isEmpty ? nil : names
    }

    /// Calls `action`'s method on `target` (the responder chain's first that has it, when nil),
    /// with this control as the sender.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        TargetAction.send(action, to: target.map { $0 as AnyObject }, from: self, event: event)
    }

    /// Calls every action registered for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            sendAction(action)
        }
    }

    /// Calls `action`'s handler with this control as its sender.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    /// Runs `handler` for each action registered for `controlEvents`.
    open func enumerateEventHandlers(_ handler: (UIAction?, Event) -> Void) {
        for (action, events) in actions { handler(action, events) }
    }

    // MARK: Tracking

    /// A touch went down on the control; answer false to stop tracking it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The touch moved; answer false to stop tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}

    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTracking = beginTracking(touch, with: event)
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        if isTracking { isTracking = continueTracking(touch, with: event) }
        let inside = isInside(touch)
        let entered = inside && !isTouchInside
        let exited = !inside && isTouchInside
        isTouchInside = inside
        if isHighlighted != inside { isHighlighted = inside }
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if entered { events.insert(.touchDragEnter) }
        if exited { events.insert(.touchDragExit) }
        sendActions(for: events)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInside(touch)
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        sendActions(for: inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return }
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    /// A disabled control takes no touches.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }

    // MARK: Accessibility

    /// A control is an element unless told otherwise, `.notEnabled` while disabled and
    /// `.selected` while selected.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var traits = UIAccessibilityTraits.none
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }
}

/// A closure a control runs: Apple's `UIAction` (iOS 14), the form of target–action Swift on
/// Linux can express.
@preconcurrency @MainActor
open class UIAction: NSObject {
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    public enum State: Int, Sendable {
        case off, on, mixed
    }

    open var title: String
    open var image: UIImage?
    public let identifier: Identifier
    open var discoverabilityTitle: String?
    open var attributes: Attributes
    open var state: State
    /// The control that sent the action while its handler runs.
    public private(set) var sender: Any?
    private let handler: (UIAction) -> Void

    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: Attributes = [], state: State = .off, handler: @escaping (UIAction) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init()
    }

    func perform(sender: Any?) {
        guard !attributes.contains(.disabled) else { return }
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}

/// A target–action pair kept among a control's actions, under an identifier of the pair, so
/// that adding it again adds events to it.
private final class TargetAction: UIAction {
    let target: Weak<AnyObject>?
    let selector: Selector

    init(target: AnyObject?, selector: Selector, control: UIControl) {
        let reference = target.map { Weak($0) }
        self.target = reference
        self.selector = selector
        let identity = target.map { "\(ObjectIdentifier($0))" } ?? "first responder"
        super.init(identifier: Identifier("target-action \(identity) \(selector.name)")) { [weak control] _ in
            guard let control else { return }
            // A freed target is not replaced by the responder chain.
            if let reference, reference.object == nil { return }
            Self.send(selector, to: reference?.object, from: control, event: nil)
        }
    }

    static func send(_ selector: Selector, to target: AnyObject?, from control: UIControl, event: UIEvent?) {
        if let target {
            selector.perform(on: target, sender: control, event: event)
            return
        }
        var responder: UIResponder? = control
        while let candidate = responder, !selector.canBePerformed(by: candidate) { responder = candidate.next }
        if let responder { selector.perform(on: responder, sender: control, event: event) }
    }
}
