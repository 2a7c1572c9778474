import Foundation

/// `NSObject`'s ways of performing a selector, now or after a delay: what iOS code calls on
/// any of its objects (views, view controllers and layers are `NSObject`s here too).
extension NSObject {
    /// Calls `selector`'s method on this object at once.
    public func perform(_ selector: Selector) {
        selector.perform(on: self)
    }

    /// Calls `selector`'s method on this object at once with `object` as its argument.
    public func perform(_ selector: Selector, with object: Any?) {
        selector.perform(on: self, sender: object)
    }

    /// Calls `selector`'s method on this object at once with two arguments.
    public func perform(_ selector: Selector, with object1: Any?, with object2: Any?) {
        selector.perform(on: self, sender: object1, event: object2)
    }

    /// Calls `selector`'s method with `argument` after `delay` seconds on the current run loop:
    /// under a ``CAManualClock`` when the clock reaches that time, otherwise on the calling
    /// thread's run loop. The object and the argument are kept until then, as on Apple's
    /// platforms, unless ``cancelPreviousPerformRequests(withTarget:selector:object:)`` cancels it.
    public func perform(_ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerforms.shared.schedule(selector, on: self, argument: argument, delay: delay)
    }

    /// As ``perform(_:with:afterDelay:)``; the modes are the run loop's, which a manual clock
    /// does not have, and a delayed perform runs in the default mode.
    public func perform(
        _ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval, inModes modes: [RunLoop.Mode]
    ) {
        DelayedPerforms.shared.schedule(selector, on: self, argument: argument, delay: delay)
    }

    /// Cancels the delayed performs of `selector` on `target` whose argument equals `argument`.
    public class func cancelPreviousPerformRequests(withTarget target: Any, selector: Selector, object argument: Any?) {
        DelayedPerforms.shared.cancel(target: target as AnyObject) {
            $0.selector == selector && DelayedPerforms.argumentsMatch($0.argument, argument)
        }
    }

    /// Cancels every delayed perform on `target`.
    public class func cancelPreviousPerformRequests(withTarget target: Any) {
        DelayedPerforms.shared.cancel(target: target as AnyObject) { _ in true }
    }
}

extension NSObjectProtocol {
    /// Whether this object has `selector`'s method: it is of the type the method belongs to.
    public func responds(to selector: Selector?) -> Bool {
        selector?.canBePerformed(by: self) ?? false
    }
}

/// The delayed performs waiting for their time, each holding its target and argument.
final class DelayedPerforms: @unchecked Sendable {
    static let shared = DelayedPerforms()

    struct Request {
        let selector: Selector
        let target: AnyObject
        let argument: Any?
    }

    // Every access to `waiting` and `nextID` holds `lock`.
    private let lock = NSLock()
    private var waiting: [Int: Request] = [:]
    private var nextID = 0

    func schedule(_ selector: Selector, on target: AnyObject, argument: Any?, delay: TimeInterval) {
        require(delay.isFinite, "perform(_:with:afterDelay:) needs a finite delay, got \(delay)")
        let id = lock.withLock {
            nextID += 1
            waiting[nextID] = Request(selector: selector, target: target, argument: argument)
            return nextID
        }
        let clock = CAClock.current
        if let manual = clock as? CAManualClock {
            manual.perform(at: manual.now + max(0, delay)) { self.run(id) }
        } else {
            let timer = Timer(timeInterval: max(0, delay), repeats: false) { _ in self.run(id) }
            RunLoop.current.add(timer, forMode: .default)
        }
    }

    func cancel(target: AnyObject, where matches: (Request) -> Bool) {
        let cancelled = lock.withLock {
            let ids = waiting.filter { $0.value.target === target && matches($0.value) }.map(\.key)
            return ids.compactMap { waiting.removeValue(forKey: $0) }
        }
        _ = cancelled  // released here, outside the lock: a target's deinit may perform again
    }

    private func run(_ id: Int) {
        guard let request = lock.withLock({ waiting.removeValue(forKey: id) }) else { return }
        request.selector.perform(on: request.target, sender: request.argument)
    }

    /// Apple's rule for matching a cancelled perform's argument: both nil, or equal.
    static func argumentsMatch(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil):
            return true
        case (let lhs?, let rhs?):
            if let lhs = lhs as? NSObject, let rhs = rhs as? NSObject { return lhs.isEqual(rhs) }
            if let lhs = lhs as? AnyHashable, let rhs = rhs as? AnyHashable { return lhs == rhs }
            return (lhs as AnyObject) === (rhs as AnyObject)
        default:
            return false
        }
    }
}
