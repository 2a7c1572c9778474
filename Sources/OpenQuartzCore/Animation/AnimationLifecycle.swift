import Foundation

/// Where an animation added to a layer stands: pending until its transaction commits,
/// waiting for its begin time, running, finished.
///
/// Each transition returns what the owner must do, so that the bookkeeping (delegate calls,
/// removal, completion groups) lives in one place.
package struct AnimationLifecycle: Equatable {
    package enum State: Equatable {
        /// Added in a transaction that has not committed yet.
        case pending
        /// Committed; its begin time has not been reached.
        case waiting
        /// Its begin time has been reached (`animationDidStart` delivered).
        case running
        /// Ended or removed (`animationDidStop` delivered).
        case finished
    }

    package enum Effect: Equatable {
        case notifyStart
        case notifyStop(finished: Bool)
        case detach
    }

    package private(set) var state = State.pending

    package mutating func commit() {
        require(state == .pending, "an animation can only be committed once")
        state = .waiting
    }

    /// The begin time has been reached.
    package mutating func reachBegin() -> [Effect] {
        guard state == .waiting else { return [] }
        state = .running
        return [.notifyStart]
    }

    /// The active interval has ended.
    package mutating func reachEnd(removedOnCompletion: Bool) -> [Effect] {
        guard state == .running else { return [] }
        state = .finished
        return (removedOnCompletion ? [.detach] : []) + [.notifyStop(finished: true)]
    }

    /// Removed from the layer (by key, all at once, or replaced).
    package mutating func remove() -> [Effect] {
        defer { state = .finished }
        return state == .finished ? [] : [.notifyStop(finished: false)]
    }

    /// Whether the clock still has an event to deliver for it.
    package var awaitsEvent: Bool { state == .waiting || state == .running }

    /// Whether it takes part in presentation values (its begin time is known).
    package var isCommitted: Bool { state != .pending }
}
