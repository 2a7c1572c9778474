import Foundation

/// Delivers the events of animations timed by a clock nobody advances by hand (the system
/// clock, or a client's own) on the run loop of the thread that committed them, as Core
/// Animation delivers its callbacks on the main run loop.
///
/// A timer polls at display rate while such a clock has animations waiting for an event and
/// stops when none is left. Manual clocks never use it: advancing them delivers events.
enum RunLoopEventDelivery {
    /// One timer per thread and clock is enough: it serves every layer of that clock.
    nonisolated(unsafe) private static var activeClocks: Set<ObjectIdentifier> = []
    private static let lock = NSLock()

    /// Seconds between polls: one frame at 60 Hz.
    static let interval: TimeInterval = 1.0 / 60

    static func ensureDelivery(for clock: any CAMediaClock) {
        guard !(clock is CAManualClock) else { return }
        let id = ObjectIdentifier(clock)
        let isNew = lock.withLock { activeClocks.insert(id).inserted }
        guard isNew else { return }
        let timer = Timer(timeInterval: interval, repeats: true) { timer in
            let pending = CAClock.$current.withValue(clock) {
                AnimationEventScheduler.shared.deliverEvents(of: clock, upTo: clock.now) { _ in }
                return AnimationEventScheduler.shared.hasPendingEvents(for: clock)
            }
            if !pending {
                timer.invalidate()
                _ = lock.withLock { activeClocks.remove(id) }
            }
        }
        RunLoop.current.add(timer, forMode: .default)
    }
}
