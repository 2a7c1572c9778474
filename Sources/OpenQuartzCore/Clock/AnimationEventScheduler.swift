import Foundation

/// Delivers animation events — start, stop, removal on completion, and through them
/// transaction completion blocks — when a clock's time reaches them.
///
/// Layers register with the clock that was current when their animations committed. Event
/// times are not cached: each is worked out from the layer's timing chain when the clock
/// moves, so pausing or resuming a layer (`speed`, `timeOffset`, `beginTime`) reschedules
/// its animations without any bookkeeping.
package final class AnimationEventScheduler: @unchecked Sendable {
    // `layersByClock` is only touched under `lock`; the layers in it are only used by the
    // thread that advances their clock, as with Core Animation's main-thread callbacks.
    package static let shared = AnimationEventScheduler()

    private let lock = NSLock()
    private var layersByClock: [ObjectIdentifier: [WeakLayer]] = [:]

    /// Slack for comparing event times computed through timing chains with a target time.
    private let tolerance = 1e-9

    package func register(_ layer: CALayer, with clock: any CAMediaClock) {
        let id = ObjectIdentifier(clock)
        if layer.registeredClock == id { return }
        layer.registeredClock = id
        lock.withLock { layersByClock[id, default: []].append(WeakLayer(layer)) }
        RunLoopEventDelivery.ensureDelivery(for: clock)
    }

    /// Whether any layer of `clock` still has an animation waiting for an event.
    package func hasLayers(for clock: any CAMediaClock) -> Bool {
        lock.withLock { !(layersByClock[ObjectIdentifier(clock)] ?? []).isEmpty }
    }

    /// Delivers, in time order, every event of `clock`'s layers due up to `target`, calling
    /// `setTime` with each event's time first. Changes made by the callbacks commit right
    /// after each event, as at the end of a run-loop turn.
    package func deliverEvents(of clock: any CAMediaClock, upTo target: Double, setTime: (Double) -> Void) {
        let id = ObjectIdentifier(clock)
        while let event = nextEvent(of: id, notAfter: target) {
            setTime(min(event.time, target))
            event.layer.deliver(event)
            TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
        }
    }

    private func nextEvent(of clock: ObjectIdentifier, notAfter target: Double) -> AnimationEvent? {
        let layers = lock.withLock { () -> [CALayer] in
            let live = (layersByClock[clock] ?? []).filter { box in
                guard let layer = box.layer else { return false }
                let keep = layer.attachedAnimations.contains { $0.lifecycle.awaitsEvent }
                if !keep { layer.registeredClock = nil }
                return keep
            }
            layersByClock[clock] = live.isEmpty ? nil : live
            return live.compactMap(\.layer)
        }
        var best: AnimationEvent?
        for layer in layers {
            for attached in layer.attachedAnimations where attached.lifecycle.awaitsEvent {
                let isStart = attached.lifecycle.state == .waiting
                let local = isStart ? attached.timing.beginTime : attached.timing.endTimeInParent
                guard local.isFinite else { continue }
                let time = layer.mediaTime(fromLocalTime: local)
                guard time <= target + tolerance else { continue }
                if best == nil || time < best!.time {
                    best = AnimationEvent(time: time, layer: layer, animation: attached, isStart: isStart)
                }
            }
        }
        return best
    }
}

/// One due event: an animation reaching its begin or its end.
package struct AnimationEvent {
    let time: Double
    let layer: CALayer
    let animation: AttachedAnimation
    let isStart: Bool
}

private struct WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}

extension CALayer {
    fileprivate func deliver(_ event: AnimationEvent) {
        let attached = event.animation
        if event.isStart {
            perform(attached.lifecycle.reachBegin(), for: attached)
        } else {
            perform(
                attached.lifecycle.reachEnd(removedOnCompletion: attached.timing.removedOnCompletion), for: attached)
        }
    }
}
