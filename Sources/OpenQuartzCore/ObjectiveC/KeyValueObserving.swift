import Foundation
import Synchronization

/// What a key-value observation reports with each change: Apple's `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The change carries the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 1 << 0)
    /// The change carries the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 1 << 1)
    /// The handler is called once at once, with the current value as the new one.
    public static let initial = NSKeyValueObservingOptions(rawValue: 1 << 2)
    /// Accepted and ignored: a change is reported once it is made.
    public static let prior = NSKeyValueObservingOptions(rawValue: 1 << 3)
}

/// The kind of a change: Apple's `NSKeyValueChange`; a property's change is a setting.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion, removal, replacement
}

/// One change a key-value observation reports: Apple's `NSKeyValueObservedChange`.
public struct NSKeyValueObservedChange<Value> {
    public let kind: NSKeyValueChange
    /// The value after the change, when the observation asked for `.new` (or `.initial`).
    public let newValue: Value?
    /// The value before the change, when the observation asked for `.old`.
    public let oldValue: Value?
    public let indexes: IndexSet? = nil
    public let isPrior = false
}

/// An observation made by `observe(_:options:changeHandler:)`: it lasts until it is
/// invalidated or freed, as Apple's.
public final class NSKeyValueObservation: NSObject, @unchecked Sendable {
    fileprivate let evaluate: (AnyObject) -> Void
    private let owner: ObjectIdentifier

    fileprivate init(owner: AnyObject, evaluate: @escaping (AnyObject) -> Void) {
        self.owner = ObjectIdentifier(owner)
        self.evaluate = evaluate
    }

    /// Stops the observation: the handler is not called again.
    public func invalidate() {
        KeyValueObservations.shared.remove(self, of: owner)
    }

    deinit {
        KeyValueObservations.shared.remove(self, of: owner)
    }
}

/// A key of the change dictionary `observeValue(forKeyPath:of:change:context:)` gets: Apple's
/// `NSKeyValueChangeKey`.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The change's kind, an `NSKeyValueChange` raw value (1, setting, for a property).
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// An object that can observe key paths with `addObserver(_:forKeyPath:options:context:)`:
/// layers, views and view controllers are; a direct `NSObject` subclass that overrides
/// `observeValue(forKeyPath:of:change:context:)` on iOS declares it (the porting step adds
/// the conformance and drops the `override`).
public protocol NSKeyValueObserving: AnyObject {
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?)
}

extension CALayer: NSKeyValueObserving {}

/// Objects whose properties can be observed with key paths: layers and, through their layers,
/// views. The part of Apple's `_KeyValueCodingAndObserving` that animation code uses.
///
/// An observation follows the model: its handler is called when a change made through a
/// property's setter (or `setValue(_:forKey:)`) leaves the observed value different — on the
/// thread that made the change, as Apple's — but not for an animation's presentation values.
public protocol KeyValueObservingObject: AnyObject {
    /// The object whose model changes this object's observations follow: itself for a layer.
    var keyValueObservationSource: AnyObject { get }
    /// The value at a string key path, for `addObserver(_:forKeyPath:options:context:)`.
    func observedValue(forKeyPath keyPath: String) -> Any?
}

extension KeyValueObservingObject {
    /// Calls `changeHandler` with this object and the change each time the value at
    /// `keyPath` changes, until the returned observation is invalidated or freed.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let (observation, lastValue) = watch({ $0[keyPath: keyPath] }) { object, value, previous in
            changeHandler(
                object,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? value : nil,
                    oldValue: options.contains(.old) ? previous : nil))
        }
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? lastValue.value : nil, oldValue: nil))
        }
        return observation
    }
}

extension KeyValueObservingObject {
    /// Tells `observer` of changes to the value at `keyPath` through its
    /// `observeValue(forKeyPath:of:change:context:)`, until ``removeObserver(_:forKeyPath:)``:
    /// Apple's string-keyed observation, which follows model changes as `observe(_:)` does.
    /// The observer is held weakly; it must be an ``NSKeyValueObserving`` (views, view
    /// controllers and layers are).
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) {
        guard let receiver = observer as? NSKeyValueObserving else {
            fatalError(
                "addObserver(_:forKeyPath:): a \(type(of: observer)) cannot receive observeValue(forKeyPath:of:change:context:); declare it NSKeyValueObserving (the porting step does so for a class that overrides it)"
            )
        }
        let observerReference = Weak<AnyObject>(receiver)
        nonisolated(unsafe) let context = context
        let (observation, lastValue) = watch({ $0.observedValue(forKeyPath: keyPath) }) { object, value, previous in
            guard let receiver = observerReference.object as? NSKeyValueObserving else { return }
            receiver.observeValue(
                forKeyPath: keyPath, of: object, change: Self.change(new: value, old: previous, options),
                context: context)
        }
        KeyPathObservers.shared.keep(
            observation, source: keyValueObservationSource, observer: receiver, keyPath: keyPath, context: context)
        if options.contains(.initial) {
            receiver.observeValue(
                forKeyPath: keyPath, of: self,
                change: Self.change(new: lastValue.value, old: nil, options.subtracting(.old)),
                context: context)
        }
    }

    /// Stops telling `observer` of changes to `keyPath` (every registration of the pair).
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        KeyPathObservers.shared.remove(
            source: keyValueObservationSource, observer: observer, keyPath: keyPath, context: nil)
    }

    /// Stops telling `observer` of changes to `keyPath` registered with `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        KeyPathObservers.shared.remove(
            source: keyValueObservationSource, observer: observer, keyPath: keyPath, context: context.map { $0 } ?? nil,
            matchingContext: true)
    }

    /// An observation, registered, that reads `read` of this object at each model change of its
    /// source and calls `report` with the value and the one before when they differ; and the
    /// value it saw last (the current one, at first).
    private func watch<Value>(
        _ read: @escaping (Self) -> Value, report: @escaping (Self, Value, Value) -> Void
    ) -> (NSKeyValueObservation, LastValue<Value>) {
        let lastValue = LastValue(read(self))
        let observation = NSKeyValueObservation(owner: keyValueObservationSource) { [weak self] _ in
            guard let self else { return }
            let value = read(self)
            let previous = lastValue.value
            guard keyValueValuesDiffer(previous as Any, value as Any) else { return }
            lastValue.value = value
            report(self, value, previous)
        }
        KeyValueObservations.shared.add(observation, of: keyValueObservationSource)
        return (observation, lastValue)
    }

    private static func change(new: Any?, old: Any?, _ options: NSKeyValueObservingOptions) -> [NSKeyValueChangeKey:
        Any]
    {
        var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
        if options.contains(.new) { change[.newKey] = new ?? NSNull() }
        if options.contains(.old) { change[.oldKey] = old ?? NSNull() }
        return change
    }
}

extension CALayer: KeyValueObservingObject {
    public var keyValueObservationSource: AnyObject { self }

    public func observedValue(forKeyPath keyPath: String) -> Any? { value(forKeyPath: keyPath) }
}

/// The observations `addObserver(_:forKeyPath:options:context:)` made, kept until removed
/// (there is no token to hold them).
final class KeyPathObservers: @unchecked Sendable {
    static let shared = KeyPathObservers()

    private struct Entry {
        let observation: NSKeyValueObservation
        let source: ObjectIdentifier
        let observer: Weak<AnyObject>
        let keyPath: String
        let context: UnsafeMutableRawPointer?
    }

    // Every access to `entries` holds `lock`.
    private let lock = NSLock()
    private var entries: [Entry] = []

    func keep(
        _ observation: NSKeyValueObservation, source: AnyObject, observer: AnyObject, keyPath: String,
        context: UnsafeMutableRawPointer?
    ) {
        lock.withLock {
            entries.removeAll { $0.observer.object == nil }
            entries.append(
                Entry(
                    observation: observation, source: ObjectIdentifier(source), observer: Weak(observer),
                    keyPath: keyPath, context: context))
        }
    }

    func remove(
        source: AnyObject, observer: AnyObject, keyPath: String, context: UnsafeMutableRawPointer?,
        matchingContext: Bool = false
    ) {
        let removed = lock.withLock {
            let matches = { (entry: Entry) in
                entry.source == ObjectIdentifier(source) && entry.observer.object === observer
                    && entry.keyPath == keyPath
                    && (!matchingContext || entry.context == context)
            }
            defer { entries.removeAll(where: matches) }
            return entries.filter(matches)
        }
        for entry in removed { entry.observation.invalidate() }
    }
}

/// The value an observation saw last.
final class LastValue<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Whether two observed values differ: by `==` when the values are equatable, by identity for
/// objects, and always otherwise.
func keyValueValuesDiffer(_ lhs: Any, _ rhs: Any) -> Bool {
    if let lhs = lhs as? any Equatable { return !lhs.isEqual(to: rhs) }
    if type(of: lhs) is AnyClass, type(of: rhs) is AnyClass { return (lhs as AnyObject) !== (rhs as AnyObject) }
    return true
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Every object's observations. Changes ask first whether anything is observed at all, one
/// atomic read, so unobserved layers pay nothing more.
final class KeyValueObservations: @unchecked Sendable {
    static let shared = KeyValueObservations()

    private let count = Atomic<Int>(0)
    // Every access to `observations` holds `lock`; handlers run outside it. An observation
    // is held weakly: freeing it ends it, as on Apple's platforms.
    private let lock = NSLock()
    private var observations: [ObjectIdentifier: [(id: ObjectIdentifier, observation: Weak<NSKeyValueObservation>)]] =
        [:]

    var isObservingAnything: Bool { count.load(ordering: .relaxed) > 0 }

    func add(_ observation: NSKeyValueObservation, of source: AnyObject) {
        lock.withLock {
            observations[ObjectIdentifier(source), default: []].append(
                (ObjectIdentifier(observation), Weak(observation)))
            count.add(1, ordering: .relaxed)
        }
    }

    func remove(_ observation: NSKeyValueObservation, of source: ObjectIdentifier) {
        lock.withLock {
            guard var list = observations[source],
                let index = list.firstIndex(where: { $0.id == ObjectIdentifier(observation) })
            else { return }
            list.remove(at: index)
            observations[source] = list.isEmpty ? nil : list
            count.subtract(1, ordering: .relaxed)
        }
    }

    /// Tells the observations following `source` that its model changed.
    func sourceDidChange(_ source: AnyObject) {
        let list = lock.withLock { (observations[ObjectIdentifier(source)] ?? []).compactMap(\.observation.object) }
        for observation in list { observation.evaluate(source) }
    }
}
