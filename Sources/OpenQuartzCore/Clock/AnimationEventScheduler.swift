import Foundation
import Synchronization

/// Delivers animation events — start, stop, removal on completion, and through them
/// transaction completion blocks — when a clock's time reaches them.
///
/// Each clock has a queue of the next event of every animation committed under it. Event
/// times depend on the layers' timing chains (`beginTime`, `speed`, `timeOffset` of every
/// ancestor), so any change to a layer's timing or place in a tree bumps a global generation
/// and the queues are rebuilt from their layers before they are next read: pausing or
/// resuming a layer reschedules its animations without any bookkeeping.
package final class AnimationEventScheduler: @unchecked Sendable {
    // `schedules` is only touched under `lock`. The layers and animations in it are only used
    // by the thread that advances their clock, as with Core Animation's main-thread callbacks.
    package static let shared = AnimationEventScheduler()

    private let lock = NSLock()
    // Always under `lock`, so the dynamic exclusivity checks would only repeat it.
    @exclusivity(unchecked) private var schedules: [ObjectIdentifier: ClockSchedule] = [:]

    /// Slack for comparing event times computed through timing chains with a target time.
    private let tolerance = 1e-9

    private final class ClockSchedule {
        /// The layers with animations timed by this clock, unretained: a layer's `deinit`
        /// removes it (weak references would slow every retain and release of every layer).
        @exclusivity(unchecked) var layers = LayerRegistry()
        @exclusivity(unchecked) var queue = EventQueue()
        @exclusivity(unchecked) var generation = 0
        /// The queue size at which stale events are swept out next.
        @exclusivity(unchecked) var compactionThreshold = 4096
    }

    /// Schedules the first event of animations that a commit just started.
    package func schedule(_ animations: [(layer: CALayer, animation: AttachedAnimation)], with clock: any CAMediaClock)
    {
        guard !animations.isEmpty else { return }
        let id = ObjectIdentifier(clock)
        var released: [ScheduledEvent] = []
        defer { released.removeAll() }  // outside the lock
        lock.withLock {
            let schedule = schedules[id] ?? ClockSchedule()
            schedules[id] = schedule
            for (layer, animation) in animations where animation.lifecycle.state == .waiting {
                if layer.registeredClock != id {
                    if let previous = layer.registeredClock { schedules[previous]?.layers.remove(layer) }
                    layer.registeredClock = id
                    schedule.layers.insert(layer)
                }
                if schedule.generation == layerTimingGeneration.load(ordering: .relaxed) {
                    Self.enqueueNextEvent(of: animation, on: layer, in: &schedule.queue)
                }
            }
            released = compactIfNeeded(schedule)
        }
        RunLoopEventDelivery.ensureDelivery(for: clock)
    }

    /// Sweeps stale events out of a clock's queue once it has doubled since the last sweep:
    /// animations replaced before their events fire (re-targeting every frame while time
    /// stands still) would otherwise pile up. Returns them, for release outside the lock.
    private func compactIfNeeded(_ schedule: ClockSchedule) -> [ScheduledEvent] {
        guard schedule.queue.count >= schedule.compactionThreshold else { return [] }
        let stale = schedule.queue.compact()
        schedule.compactionThreshold = max(4096, schedule.queue.count * 2)
        return stale
    }

    /// Whether any animation of `clock` is still waiting for an event.
    package func hasPendingEvents(for clock: any CAMediaClock) -> Bool {
        var released: [ScheduledEvent] = []
        defer { released.removeAll() }  // outside the lock: it may run layers' deinit
        return lock.withLock {
            guard let schedule = schedules[ObjectIdentifier(clock)] else { return false }
            released = refresh(schedule)
            return !schedule.queue.isEmpty
        }
    }

    /// Delivers, in time order, every event of `clock`'s animations due up to `target`,
    /// calling `setTime` with each event's time first. Changes made by the callbacks commit
    /// right after each event, as at the end of a run-loop turn.
    package func deliverEvents(of clock: any CAMediaClock, upTo target: Double, setTime: (Double) -> Void) {
        let id = ObjectIdentifier(clock)
        while let event = nextEvent(of: id, notAfter: target) {
            let layer = event.layer
            setTime(min(event.time, target))
            layer.deliver(event)
            if event.isStart {
                lock.withLock {
                    if let schedule = schedules[id],
                        schedule.generation == layerTimingGeneration.load(ordering: .relaxed)
                    {
                        Self.enqueueNextEvent(of: event.animation, on: layer, in: &schedule.queue)
                    }
                }
            }
            TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
        }
    }

    private func nextEvent(of clock: ObjectIdentifier, notAfter target: Double) -> ScheduledEvent? {
        // Stale events are let go of after the lock is released: dropping the last reference
        // to an animation may release its delegate, whose `deinit` may do anything.
        var released: [ScheduledEvent] = []
        defer { released.removeAll() }
        return lock.withLock {
            guard let schedule = schedules[clock] else { return nil }
            released = refresh(schedule)
            while let first = schedule.queue.first, first.time <= target + tolerance {
                released.append(schedule.queue.removeFirst()!)
                if first.isCurrent { return first }
            }
            let nothingWaits = schedule.layers.all { layer in
                !layer.attachedAnimations.contains(where: \.lifecycle.awaitsEvent)
            }
            // A paused layer's animations have no event time but still wait for one.
            if schedule.queue.isEmpty, nothingWaits {
                // Nothing left to deliver: forget the clock's layers so that neither they nor
                // the schedule outlive their animations.
                for layer in schedule.layers.removeAll() { layer.registeredClock = nil }
                schedules[clock] = nil
            }
            return nil
        }
    }

    /// Rebuilds a clock's queue when layer timing changed since it was built; returns the
    /// events it dropped, for the caller to release outside the lock.
    private func refresh(_ schedule: ClockSchedule) -> [ScheduledEvent] {
        let generation = layerTimingGeneration.load(ordering: .relaxed)
        guard schedule.generation != generation else { return [] }
        schedule.generation = generation
        let dropped = schedule.queue.removeAll()
        for layer in schedule.layers.snapshot {
            let waiting = layer.attachedAnimations.filter(\.lifecycle.awaitsEvent)
            if waiting.isEmpty {
                schedule.layers.remove(layer)
                layer.registeredClock = nil
                continue
            }
            for animation in waiting {
                Self.enqueueNextEvent(of: animation, on: layer, in: &schedule.queue)
            }
        }
        return dropped
    }

    /// Drops a layer that is going away.
    package func forget(_ layer: CALayer) {
        guard let clock = layer.registeredClock else { return }
        lock.withLock { schedules[clock]?.layers.remove(layer) }
    }

    private static func enqueueNextEvent(of animation: AttachedAnimation, on layer: CALayer, in queue: inout EventQueue)
    {
        let isStart = animation.lifecycle.state == .waiting
        guard isStart || animation.lifecycle.state == .running else { return }
        let local = isStart ? animation.timing.beginTime : animation.timing.endTimeInParent
        guard local.isFinite else { return }
        queue.insert(time: layer.mediaTime(fromLocalTime: local), layer: layer, animation: animation, isStart: isStart)
    }
}

/// Bumped whenever a layer's timing (`beginTime`, `speed`, `timeOffset`) or its place in a
/// tree changes, which moves the media times of its animations' events.
package let layerTimingGeneration = Atomic<Int>(0)

extension CALayer {
    fileprivate func deliver(_ event: ScheduledEvent) {
        let attached = event.animation
        if event.isStart {
            perform(attached.lifecycle.reachBegin(), for: attached)
        } else {
            perform(
                attached.lifecycle.reachEnd(removedOnCompletion: attached.timing.removedOnCompletion), for: attached)
        }
    }

    /// Tells the event scheduler that this layer's timing chain changed.
    package func timingDidChange() {
        layerTimingGeneration.add(1, ordering: .relaxed)
    }
}

/// The layers registered with a clock, unretained, each knowing its own index so that
/// adding and removing one costs no hashing.
struct LayerRegistry {
    private var layers: [Unmanaged<CALayer>] = []

    mutating func insert(_ layer: CALayer) {
        layer.registryIndex = layers.count
        layers.append(Unmanaged.passUnretained(layer))
    }

    mutating func remove(_ layer: CALayer) {
        let index = layer.registryIndex
        guard index >= 0, index < layers.count, layers[index].toOpaque() == Unmanaged.passUnretained(layer).toOpaque()
        else { return }
        let last = layers.removeLast()
        if index < layers.count {
            layers[index] = last
            last.takeUnretainedValue().registryIndex = index
        }
        layer.registryIndex = -1
    }

    /// The layers, retained for the caller's loop.
    var snapshot: [CALayer] { layers.map { $0.takeUnretainedValue() } }

    func all(_ predicate: (CALayer) -> Bool) -> Bool {
        layers.allSatisfy { predicate($0.takeUnretainedValue()) }
    }

    mutating func removeAll() -> [CALayer] {
        defer { layers.removeAll() }
        return snapshot
    }
}
