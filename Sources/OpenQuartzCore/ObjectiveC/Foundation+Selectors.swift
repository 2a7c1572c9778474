import Foundation

extension Timer {
    /// A timer that calls `selector`'s method on `target`, passing the timer, as Apple's
    /// `init(timeInterval:target:selector:userInfo:repeats:)`: it keeps `target` until it is
    /// invalidated. `userInfo` is what the block form leaves out: read it from ``selectorUserInfo``.
    public convenience init(
        timeInterval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool
    ) {
        let action = TimerAction(target: target as AnyObject, selector: selector, userInfo: userInfo)
        self.init(timeInterval: timeInterval, repeats: repeats) { action.fire($0) }
        TimerAction.register(action, for: self)
    }

    /// Makes a timer as ``init(timeInterval:target:selector:userInfo:repeats:)`` and schedules it
    /// on the current run loop in the default mode.
    public class func scheduledTimer(
        timeInterval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool
    ) -> Timer {
        let timer = Timer(
            timeInterval: timeInterval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// The `userInfo` a selector timer was made with.
    public var selectorUserInfo: Any? { TimerAction.action(for: self)?.userInfo }
}

/// What a selector timer calls; kept by the timer's block, as Apple's timer keeps its target.
private final class TimerAction: @unchecked Sendable {
    let target: AnyObject
    let selector: Selector
    let userInfo: Any?

    init(target: AnyObject, selector: Selector, userInfo: Any?) {
        self.target = target
        self.selector = selector
        self.userInfo = userInfo
    }

    func fire(_ timer: Timer) {
        selector.perform(on: target, sender: timer)
    }

    // Every access to `actions` holds `lock`; entries go with their timers.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var actions: [ObjectIdentifier: (timer: Weak<Timer>, action: TimerAction)] = [:]

    static func register(_ action: TimerAction, for timer: Timer) {
        lock.withLock {
            actions = actions.filter { $0.value.timer.object != nil }
            actions[ObjectIdentifier(timer)] = (Weak(timer), action)
        }
    }

    static func action(for timer: Timer) -> TimerAction? {
        lock.withLock {
            guard let entry = actions[ObjectIdentifier(timer)], entry.timer.object === timer else { return nil }
            return entry.action
        }
    }
}

extension NotificationCenter {
    /// Calls `selector`'s method on `observer`, passing the notification, for each notification
    /// named `name` (any when nil) from `object` (any when nil), as Apple's
    /// `addObserver(_:selector:name:object:)`: the observer is held weakly, and
    /// `removeObserver(observer)` removes it. It is a block observer underneath, delivered on
    /// the posting thread.
    public func addObserver(_ observer: Any, selector: Selector, name: Notification.Name?, object: Any?) {
        let observer = Weak(observer as AnyObject)
        let registration = SelectorObservers.Registration(
            observer: observer, name: name, object: object.map { $0 as AnyObject })
        let token = addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            guard let target = observer.object else {
                self?.removeSelectorObservers { $0 === registration }
                return
            }
            selector.perform(on: target, sender: notification)
        }
        registration.token = token
        SelectorObservers.shared.add(registration, to: self)
    }

    /// Removes `observer`: its selector observers and, when it is a block observer's token,
    /// that block.
    public func removeObserver(_ observer: AnyObject) {
        removeSelectorObservers { $0.observer.object === observer }
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s selector observers for `name` and `object` (every name or object
    /// when nil), and the same for a block observer's token.
    public func removeObserver(_ observer: AnyObject, name: Notification.Name?, object: Any?) {
        removeSelectorObservers {
            $0.observer.object === observer && (name == nil || $0.name == name)
                && (object == nil || $0.object === object.map { $0 as AnyObject })
        }
        removeObserver(observer as Any, name: name, object: object)
    }

    private func removeSelectorObservers(where matches: (SelectorObservers.Registration) -> Bool) {
        for registration in SelectorObservers.shared.remove(from: self, where: matches) {
            if let token = registration.token { removeObserver(token as Any) }
        }
    }
}

/// The selector observers of each notification centre, to be found again by their observer.
private final class SelectorObservers: @unchecked Sendable {
    static let shared = SelectorObservers()

    final class Registration: @unchecked Sendable {
        let observer: Weak<AnyObject>
        let name: Notification.Name?
        let object: AnyObject?
        var token: (any NSObjectProtocol)?

        init(observer: Weak<AnyObject>, name: Notification.Name?, object: AnyObject?) {
            self.observer = observer
            self.name = name
            self.object = object
        }
    }

    // Every access to `registrations` holds `lock`.
    private let lock = NSLock()
    private var registrations: [ObjectIdentifier: [Registration]] = [:]

    func add(_ registration: Registration, to center: NotificationCenter) {
        lock.withLock { registrations[ObjectIdentifier(center), default: []].append(registration) }
    }

    func remove(from center: NotificationCenter, where matches: (Registration) -> Bool) -> [Registration] {
        lock.withLock {
            let all = registrations[ObjectIdentifier(center)] ?? []
            registrations[ObjectIdentifier(center)] = all.filter { !matches($0) }
            return all.filter(matches)
        }
    }
}

/// A weak reference that can cross threads with what holds it: what selectors' targets,
/// observers, display links' timers and UIKit's target–action pairs are held by.
package final class Weak<Object: AnyObject>: @unchecked Sendable {
    package weak var object: Object?

    package init(_ object: Object) {
        self.object = object
    }
}
