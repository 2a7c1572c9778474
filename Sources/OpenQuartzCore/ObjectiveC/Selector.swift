/// A method to call on an object: what `#selector(…)` names on Apple's platforms.
///
/// Swift on Linux has no Objective-C runtime to look a method up by name, so a selector here
/// carries the method itself, unapplied: `Selector("tapped(_:)", ViewController.tapped(_:))`
/// is what `#selector(tapped(_:))` becomes in a `ViewController` (the porting step writes it;
/// see *Porting iOS code*). The method may take nothing, the sender, or the sender and the
/// event, as an action method may; the target and sender are cast to the method's types when
/// it is performed, and a target of another type traps naming both.
///
/// Two selectors are equal when their names are, as two `#selector`s of one method are.
/// A selector is performed on the thread its run loop or control runs on, as on Apple's
/// platforms: a main-actor method's selector is the caller's to perform on the main thread.
public struct Selector: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The method's name as `#selector` spelled it: `tapped(_:)`.
    public let name: String
    private let invoke: (AnyObject, Any?, Any?) -> Void
    private let accepts: (AnyObject) -> Bool

    /// A selector for a method that takes no arguments.
    public init<Target>(_ name: String, _ method: @escaping (Target) -> () -> Void) {
        self.init(name, Target.self) { target, _, _ in method(Self.cast(target, name))() }
    }

    /// A selector for an action method that takes its sender.
    public init<Target, Sender>(_ name: String, _ method: @escaping (Target) -> (Sender) -> Void) {
        self.init(name, Target.self) { target, sender, _ in
            method(Self.cast(target, name))(Self.argument(sender, name))
        }
    }

    /// A selector for an action method that takes its sender and the event.
    public init<Target, Sender, Event>(
        _ name: String, _ method: @escaping (Target) -> (Sender, Event) -> Void
    ) {
        self.init(name, Target.self) { target, sender, event in
            method(Self.cast(target, name))(Self.argument(sender, name), Self.argument(event, name))
        }
    }

    private init<Target>(_ name: String, _: Target.Type, invoke: @escaping (AnyObject, Any?, Any?) -> Void) {
        self.name = name
        self.invoke = invoke
        accepts = { $0 is Target }
    }

    public var description: String { name }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Whether `target` has the method: it is an instance of the type the method belongs to.
    public func canBePerformed(by target: AnyObject) -> Bool { accepts(target) }

    /// Calls the method on `target`, passing `sender` and `event` as far as it takes them.
    /// A target without the method that forwards messages (``MessageForwarding``) passes the
    /// call on to the object it names, as the Objective-C runtime's fast forwarding does.
    public func perform(on target: AnyObject, sender: Any? = nil, event: Any? = nil) {
        var receiver = target
        var hops = 0
        while !accepts(receiver), let forwarder = receiver as? MessageForwarding {
            guard let next = forwarder.forwardingTarget(for: self) else {
                fatalError("unrecognized selector \(name) sent to a \(type(of: target)), which forwarded it to nothing")
            }
            hops += 1
            if hops > 64 { fatalError("Selector \(name) was forwarded in a loop starting at a \(type(of: target))") }
            receiver = next as AnyObject
        }
        invoke(receiver, sender, event)
    }

    private static func cast<Target>(_ target: AnyObject, _ name: String) -> Target {
        guard let typed = target as? Target else {
            fatalError("Selector \(name) belongs to \(Target.self) and cannot be performed on a \(type(of: target))")
        }
        return typed
    }

    /// An argument as the method's parameter type: nil for an optional parameter, the value
    /// unwrapped for `Any`.
    private static func argument<Parameter>(_ value: Any?, _ name: String) -> Parameter {
        if let value, let typed = value as? Parameter { return typed }
        if let none = Optional<Any>.none as? Parameter, value == nil { return none }
        fatalError(
            "Selector \(name) takes a \(Parameter.self) and was performed with \(value.map { "a \(type(of: $0))" } ?? "nil")"
        )
    }
}

/// An object that passes the messages it has no method for on to another object: what
/// `forwardingTarget(for:)` does on Apple's platforms, where a weak proxy standing between a
/// display link or timer and its real target overrides it. Swift on Linux cannot override a
/// method `NSObject` does not declare, so the porting step drops that `override` and adds this
/// conformance; ``Selector/perform(on:sender:event:)`` asks it when the target lacks the method.
public protocol MessageForwarding: AnyObject {
    /// The object that receives `selector`'s message instead, or nil when none does.
    func forwardingTarget(for selector: Selector!) -> Any?
}
