import Foundation

/// Changes to a tree that fall due at media times, replayed in time order as a manual clock
/// moves: a scene's timeline and a movie exporter's scheduled changes both play through it.
/// Changes at the same time run in the order they were given.
package struct TimelineReplay<Change> {
    private var pending: ArraySlice<(time: CFTimeInterval, change: Change)>

    package init(_ changes: [(time: CFTimeInterval, change: Change)]) {
        pending = changes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)[...]
    }

    /// The times of the changes still to come, in order.
    package var times: [CFTimeInterval] { pending.map(\.time) }

    /// The changes still to come, in order; none are left.
    package mutating func takeAll() -> [(time: CFTimeInterval, change: Change)] {
        defer { pending = [] }
        return Array(pending)
    }

    /// Moves `clock` to `time`, stopping at each change that falls due on the way: the clock at
    /// the change's time, the change made by `run`, the transaction flushed. Times before the
    /// clock's move nothing.
    package mutating func advance(
        _ clock: CAManualClock, to time: CFTimeInterval, running run: (Change) throws -> Void
    ) rethrows {
        while let next = pending.first, next.time <= time {
            pending.removeFirst()
            if next.time > clock.now { clock.advance(to: next.time) }
            try run(next.change)
            CATransaction.flush()
        }
        if time > clock.now { clock.advance(to: time) }
    }
}
