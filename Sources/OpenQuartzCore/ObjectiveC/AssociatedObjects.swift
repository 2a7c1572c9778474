import Foundation

/// How `objc_setAssociatedObject` keeps a value: Apple's `objc_AssociationPolicy`.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Kept unretained: an object is held weakly here (it reads as nil once freed, where
    /// Apple's would dangle).
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 0o1401
    case OBJC_ASSOCIATION_COPY = 0o1403
}

/// Associates `value` with `object` under `key` (the address of a variable, as on Apple's
/// platforms), or removes the association when `value` is nil. Values are kept as `policy`
/// says (copied with `NSCopying` for the copy policies) for as long as `object` lives.
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    AssociatedObjects.shared.set(value, for: object as AnyObject, key: key, policy: policy)
}

/// The value associated with `object` under `key`, if any.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    AssociatedObjects.shared.value(for: object as AnyObject, key: key)
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociatedObjects.shared.removeAll(for: object as AnyObject)
}

/// The associations of every object, found by the object's identity and checked against a
/// weak reference to it (an identity is reused once its object is freed). Associations of
/// freed objects are let go of as the table grows.
private final class AssociatedObjects: @unchecked Sendable {
    static let shared = AssociatedObjects()

    private enum Stored {
        case strong(Any)
        case weak(Weak<AnyObject>)

        var value: Any? {
            switch self {
            case .strong(let value): value
            case .weak(let reference): reference.object
            }
        }
    }

    private struct Entry {
        let owner: Weak<AnyObject>
        var values: [UnsafeRawPointer: Stored]
    }

    // Every access to `entries` and `sweepThreshold` holds `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepThreshold = 64

    func set(_ value: Any?, for object: AnyObject, key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
        let stored: Stored? = value.map { value in
            switch policy {
            case .OBJC_ASSOCIATION_ASSIGN:
                if type(of: value) is AnyClass { return .weak(Weak(value as AnyObject)) }
                return .strong(value)
            case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
                return .strong((value as? NSCopying)?.copy(with: nil) ?? value)
            case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
                return .strong(value)
            }
        }
        var released: [Entry] = []
        lock.withLock {
            let id = ObjectIdentifier(object)
            var entry = liveEntry(id, object) ?? Entry(owner: Weak(object), values: [:])
            if let previous = entry.values[key] { released.append(Entry(owner: entry.owner, values: [key: previous])) }
            entry.values[key] = stored
            entries[id] = entry.values.isEmpty ? nil : entry
            if entries.count >= sweepThreshold {
                released += entries.values.filter { $0.owner.object == nil }
                entries = entries.filter { $0.value.owner.object != nil }
                sweepThreshold = max(64, entries.count * 2)
            }
        }
        _ = released  // let go of outside the lock: a value's deinit may associate again
    }

    func value(for object: AnyObject, key: UnsafeRawPointer) -> Any? {
        lock.withLock { liveEntry(ObjectIdentifier(object), object)?.values[key]?.value }
    }

    func removeAll(for object: AnyObject) {
        let removed = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(object)) }
        _ = removed
    }

    /// The entry of `object`, unless it belonged to a freed object that had its identity.
    private func liveEntry(_ id: ObjectIdentifier, _ object: AnyObject) -> Entry? {
        guard let entry = entries[id], entry.owner.object === object else { return nil }
        return entry
    }
}
