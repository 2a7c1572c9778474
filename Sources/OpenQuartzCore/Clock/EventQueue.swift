import Foundation

/// An animation's next event — reaching its begin or its end — at a media time.
package struct ScheduledEvent {
    package var time: Double
    /// Breaks ties between events at the same time: the one scheduled first goes first.
    package var sequence: Int
    /// Unretained, so that a layer nobody holds any more goes away with its animations, as on
    /// Apple's platforms. Its `deinit` finishes its animations, which makes this event stale
    /// (`isCurrent` is false), and stale events never touch their layer. Only read with the
    /// `TransactionLock` held, which the `deinit` takes first.
    package unowned(unsafe) let layer: CALayer
    package let animation: AttachedAnimation
    package let isStart: Bool

    /// Whether the event still applies: the animation is still waiting for exactly this event (removal or replacement leaves stale entries behind).
    package var isCurrent: Bool {
        animation.lifecycle.state == (isStart ? .waiting : .running)
    }
}

/// A binary min-heap of scheduled events ordered by time, then by scheduling order.
package struct EventQueue {
    private var heap: [ScheduledEvent] = []
    private var nextSequence = 0

    package var isEmpty: Bool { heap.isEmpty }
    package var count: Int { heap.count }

    /// Drops stale events (animations removed or replaced before their event) and restores
    /// the heap order. Removal leaves events in place to keep it cheap; this bounds how many
    /// can pile up when time does not move.
    package mutating func compact() -> [ScheduledEvent] {
        var stale: [ScheduledEvent] = []
        var live: [ScheduledEvent] = []
        live.reserveCapacity(heap.count)
        for event in heap {
            if event.isCurrent { live.append(event) } else { stale.append(event) }
        }
        heap = live
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
        return stale
    }
    /// The time of the first event, read without copying it.
    package var firstTime: Double? { heap.isEmpty ? nil : heap[0].time }

    /// Empties the queue, handing back what it held so the caller can let go of it outside
    /// any lock (releasing the last reference to a layer runs its `deinit`).
    package mutating func removeAll() -> [ScheduledEvent] {
        defer { heap.removeAll(keepingCapacity: true) }
        return heap
    }

    /// Adds an event; whether it did (an event at no finite time never comes).
    @discardableResult
    package mutating func insert(time: Double, layer: CALayer, animation: AttachedAnimation, isStart: Bool) -> Bool {
        guard time.isFinite else { return false }
        heap.append(
            ScheduledEvent(time: time, sequence: nextSequence, layer: layer, animation: animation, isStart: isStart))
        nextSequence += 1
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(child, parent, in: heap) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
        return true
    }

    package mutating func removeFirst() -> ScheduledEvent? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        siftDown(from: 0)
        return first
    }

    /// Moves the event at `start` down to its place. Through the buffer, comparing events
    /// where they lie: a heap of 20,000 events had every comparison retain and release two
    /// animations.
    private mutating func siftDown(from start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var parent = start
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, Self.precedes(left, smallest, in: heap) { smallest = left }
                if right < heap.count, Self.precedes(right, smallest, in: heap) { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    /// Whether the event at `a` goes before the one at `b`.
    @inline(__always)
    private static func precedes(_ a: Int, _ b: Int, in heap: UnsafeMutableBufferPointer<ScheduledEvent>) -> Bool {
        heap[a].time < heap[b].time || (heap[a].time == heap[b].time && heap[a].sequence < heap[b].sequence)
    }
}
