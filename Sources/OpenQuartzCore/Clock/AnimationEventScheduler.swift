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
///
/// Everything here runs under the ``TransactionLock``, the lock that layer changes and commits
/// hold on every thread: a clock may be advanced on one thread while others change and free
/// the layers it times. The lock is recursive because a layer freed while it is held (the last
/// reference dropped by a list here) forgets itself in its `deinit`; delegates and completion
/// blocks run after it is let go.
package final class AnimationEventScheduler: @unchecked Sendable {
    // `schedules` is only touched under `lock`.
    package static let shared = AnimationEventScheduler()

    private let lock = TransactionLock.shared
    // Always under `lock`, so the dynamic exclusivity checks would only repeat it.
    @exclusivity(unchecked) private var schedules: [ObjectIdentifier: ClockSchedule] = [:]

    /// Slack for comparing event times computed through timing chains with a target time.
    private let tolerance = TimingParameters.boundaryTolerance

    private final class ClockSchedule {
        /// The clock whose schedule this is. Schedules are found by the clock's identity, and a
        /// clock freed with events still waiting leaves its address to the next clock made:
        /// this tells the two apart.
        weak var clock: (any CAMediaClock)?
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
        lock.withLock {
            let schedule = liveSchedule(of: clock) ?? ClockSchedule()
            schedule.clock = clock
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
            compactIfNeeded(schedule)
        }
        RunLoopEventDelivery.ensureDelivery(for: clock)
    }

    /// Sweeps stale events out of a clock's queue once it has doubled since the last sweep:
    /// animations replaced before their events fire (re-targeting every frame while time
    /// stands still) would otherwise pile up.
    private func compactIfNeeded(_ schedule: ClockSchedule) {
        guard schedule.queue.count >= schedule.compactionThreshold else { return }
        releaseAfterUnlocking(schedule.queue.compact())
        schedule.compactionThreshold = max(4096, schedule.queue.count * 2)
    }

    /// Events taken out of a queue hold the last reference to an animation, whose delegate's
    /// `deinit` may do anything: they are let go of once the lock is.
    private func releaseAfterUnlocking(_ events: [ScheduledEvent]) {
        for event in events { lock.releaseAfterUnlocking(event.animation) }
    }

    /// Whether any animation of `clock` is still waiting for an event.
    package func hasPendingEvents(for clock: any CAMediaClock) -> Bool {
        lock.withLock {
            guard let schedule = liveSchedule(of: clock) else { return false }
            refresh(schedule)
            return !schedule.queue.isEmpty
        }
    }

    /// Delivers, in time order, every event of `clock`'s animations due up to `target`,
    /// calling `setTime` with each event's time first. Changes made by the callbacks commit
    /// right after each event, as at the end of a run-loop turn.
    package func deliverEvents(of clock: any CAMediaClock, upTo target: Double, setTime: (Double) -> Void) {
        let id = ObjectIdentifier(clock)
        // A schedule left at this address by a freed clock is dropped, never delivered.
        lock.withLock { _ = liveSchedule(of: clock) }
        while deliverNextEvent(of: id, notAfter: target, setTime: setTime) {
            TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
        }
    }

    /// Delivers the next event due, if any: its state changes under the lock, in the same hold
    /// that found it — its layer may be freed by another thread as soon as the lock is let go
    /// (the queue holds layers unretained) — and its callouts once the lock is let go.
    private func deliverNextEvent(of clock: ObjectIdentifier, notAfter target: Double, setTime: (Double) -> Void)
        -> Bool
    {
        lock.withLock {
            guard let event = nextEvent(of: clock, notAfter: target) else { return false }
            setTime(min(event.time, target))
            event.layer.deliver(event)
            // The animation's next event, now in the queue, holds it under this lock: the one
            // delivered cannot hold the last reference then. Otherwise it may, and is let go
            // of once the lock is.
            if event.isStart, let schedule = schedules[clock],
                schedule.generation == layerTimingGeneration.load(ordering: .relaxed),
                Self.enqueueNextEvent(of: event.animation, on: event.layer, in: &schedule.queue)
            {
                return true
            }
            lock.releaseAfterUnlocking(event.animation)
            return true
        }
    }

    /// The next current event due; called with the lock held.
    private func nextEvent(of clock: ObjectIdentifier, notAfter target: Double) -> ScheduledEvent? {
        guard let schedule = schedules[clock] else { return nil }
        refresh(schedule)
        while let time = schedule.queue.firstTime, time <= target + tolerance,
            let taken = schedule.queue.removeFirst()
        {
            // A current event is let go of by `deliverNextEvent`, which knows whether it can
            // hold the last reference to its animation.
            if taken.isCurrent { return taken }
            lock.releaseAfterUnlocking(taken.animation)
        }
        let nothingWaits = schedule.layers.all { layer in
            !layer.attachedAnimations.contains(where: \.lifecycle.awaitsEvent)
        }
        // A paused layer's animations have no event time but still wait for one.
        if schedule.queue.isEmpty, nothingWaits {
            // Nothing left to deliver: forget the clock's layers so that neither they nor
            // the schedule outlive their animations.
            schedule.layers.removeAll { $0.registeredClock = nil }
            schedules[clock] = nil
        }
        return nil
    }

    /// `clock`'s schedule, if it has one; called with the lock held. A schedule left by a freed
    /// clock at the same address is dropped first: its layers forget it, and its events and
    /// their animations are let go of once the lock is.
    private func liveSchedule(of clock: any CAMediaClock) -> ClockSchedule? {
        let id = ObjectIdentifier(clock)
        guard let schedule = schedules[id] else { return nil }
        if schedule.clock === clock { return schedule }
        schedule.layers.removeAll { $0.registeredClock = nil }
        schedules[id] = nil
        lock.releaseAfterUnlocking(schedule)
        return nil
    }

    /// Drops the schedule of the clock at `id`, which is going away: its layers forget it, and
    /// its events, with the animations (and their delegates) they hold, are let go of once the
    /// lock is. A clock never advanced again delivers none of them, and without this they
    /// would stay until another clock happened to take the address.
    package func clockWillEnd(_ id: ObjectIdentifier) {
        lock.withLock {
            guard let schedule = schedules[id] else { return }
            schedule.layers.removeAll { $0.registeredClock = nil }
            schedules[id] = nil
            lock.releaseAfterUnlocking(schedule)
        }
    }

    /// Rebuilds a clock's queue when layer timing changed since it was built.
    private func refresh(_ schedule: ClockSchedule) {
        let generation = layerTimingGeneration.load(ordering: .relaxed)
        guard schedule.generation != generation else { return }
        schedule.generation = generation
        releaseAfterUnlocking(schedule.queue.removeAll())
        // Unretained: a layer whose last reference went away on another thread may be waiting
        // in its `deinit` for this lock, and must not be retained past it.
        schedule.layers.forEach { layer in
            var waits = false
            for animation in layer.attachedAnimations where animation.lifecycle.awaitsEvent {
                waits = true
                Self.enqueueNextEvent(of: animation, on: layer, in: &schedule.queue)
            }
            if !waits {
                schedule.layers.remove(layer)
                layer.registeredClock = nil
            }
        }
    }

    /// Drops a layer that is going away.
    package func forget(_ layer: CALayer) {
        lock.withLock {
            guard let clock = layer.registeredClock else { return }
            schedules[clock]?.layers.remove(layer)
            layer.registeredClock = nil
        }
    }

    /// Queues the animation's next event, if it has one at a media time; whether it did.
    @discardableResult
    private static func enqueueNextEvent(of animation: AttachedAnimation, on layer: CALayer, in queue: inout EventQueue)
        -> Bool
    {
        let isStart = animation.lifecycle.state == .waiting
        guard isStart || animation.lifecycle.state == .running else { return false }
        let local = isStart ? animation.timing.beginTime : animation.timing.endTimeInParent
        guard local.isFinite else { return false }
        let media = layer.mediaTime(fromLocalTime: local)
        // Infinite layer timing (allowed, as on Apple) may put the event at no media time at all.
        guard !media.isNaN else { return false }
        return queue.insert(time: media, layer: layer, animation: animation, isStart: isStart)
    }
}

/// Bumped whenever a layer's timing (`beginTime`, `speed`, `timeOffset`) or its place in a
/// tree changes, which moves the media times of its animations' events. A change of timing
/// alone leaves ``layerTreeGeneration`` where it was: a renderer reads the timing of the
/// tree it holds again (`RenderTree.rereadLayerTimings()`) instead of building a new one.
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

    /// Calls `body` with each layer, unretained. `body` may remove the layer it is given.
    func forEach(_ body: (CALayer) -> Void) {
        var index = layers.count - 1
        while index >= 0 {
            if index < layers.count { layers[index]._withUnsafeGuaranteedRef(body) }
            index -= 1
        }
    }

    func all(_ predicate: (CALayer) -> Bool) -> Bool {
        layers.allSatisfy { $0._withUnsafeGuaranteedRef(predicate) }
    }

    /// Empties the registry, calling `body` with each layer it held, unretained.
    mutating func removeAll(_ body: (CALayer) -> Void) {
        for layer in layers {
            layer._withUnsafeGuaranteedRef { $0.registryIndex = -1 }
            layer._withUnsafeGuaranteedRef(body)
        }
        layers.removeAll()
    }
}
