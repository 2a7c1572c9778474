import Foundation

/// A source of media time: what `CACurrentMediaTime()` reads.
///
/// This protocol is an OpenQuartzCore addition (Apple's Core Animation has one fixed clock);
/// it lets tests and offline rendering step time by hand with ``CAManualClock``.
public protocol CAMediaClock: AnyObject, Sendable {
    /// The current media time in seconds.
    var now: CFTimeInterval { get }
}

/// The clock that `CACurrentMediaTime()` reads on the current task.
///
/// An OpenQuartzCore addition. The default is the system's monotonic clock; bind a
/// ``CAManualClock`` to make time stand still until you advance it:
///
///     let clock = CAManualClock()
///     CAClock.$current.withValue(clock) {
///         layer.position = CGPoint(x: 100, y: 0)
///         CATransaction.flush()
///         clock.advance(by: 0.125)
///     }
public enum CAClock {
    /// The clock in force for the current task (a task-local value).
    @TaskLocal public static var current: any CAMediaClock = CASystemClock.shared
}

/// Returns the current media time of ``CAClock/current``, in seconds.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAClock.current.now
}

/// The system's monotonic clock: seconds since boot, as Apple's `mach_absolute_time` based
/// media time. Events of animations timed by it are delivered on the committing thread's
/// run loop.
public final class CASystemClock: CAMediaClock {
    /// The one system clock.
    public static let shared = CASystemClock()

    private init() {}

    public var now: CFTimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}

/// A clock that stands still until it is told to move: the deterministic time base for
/// tests and offline rendering. An OpenQuartzCore addition.
///
/// Advancing it delivers every animation event that falls due on the way
/// (`animationDidStart`, `animationDidStop(_:finished:)`, removal of finished animations,
/// transaction completion blocks), in time order, each with `now` set to the time it falls
/// due, and fires the ``CADisplayLink``s added under it at each refresh it passes (whole 60ths
/// of a second); it stands for the run loop turning, so it first commits the calling thread's
/// implicit transaction.
public final class CAManualClock: CAMediaClock {
    private let time: LockedTime
    private let nextTurn = NextTurnQueue()
    /// The display links added under this clock, which it fires as it passes refreshes.
    let displayLinks = DisplayLinkSchedule()
    /// Work to run at a time to come: `perform(_:with:afterDelay:)` under this clock.
    private let delayedWork = DelayedWorkQueue()

    /// Creates a clock that reads `time` until advanced.
    public init(time: CFTimeInterval = 0) {
        require(time.isFinite, "CAManualClock(time:) needs a finite time, got \(time)")
        self.time = LockedTime(time)
    }

    deinit {
        // The events still waiting for this clock never come: they, and the animations they
        // hold, go with it.
        AnimationEventScheduler.shared.clockWillEnd(ObjectIdentifier(self))
    }

    public var now: CFTimeInterval { time.value }

    /// Moves time forward by `seconds` (0 or more), delivering the events that fall due.
    public func advance(by seconds: CFTimeInterval) {
        require(
            seconds.isFinite && seconds >= 0,
            "CAManualClock.advance(by:) needs a finite, non-negative number of seconds, got \(seconds)")
        advance(to: now + seconds)
    }

    /// Moves time forward to `target` (not before `now`), delivering the events that fall due.
    public func advance(to target: CFTimeInterval) {
        require(target.isFinite, "CAManualClock.advance(to:) needs a finite time, got \(target)")
        require(
            target >= now, "CAManualClock.advance(to: \(target)) would move time backwards from \(now)")
        CAClock.$current.withValue(self) {
            TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
            for work in nextTurn.takeAll() {
                work()
                TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
            }
            // Display links fire at the refreshes on the way and delayed work runs when due
            // (before a refresh at the same time), each after the events due by then.
            while true {
                let refresh = displayLinks.nextFireTime(notAfter: target)
                let delayed = delayedWork.nextTime(notAfter: target)
                let due = min(refresh ?? .infinity, delayed ?? .infinity)
                guard due.isFinite else { break }
                AnimationEventScheduler.shared.deliverEvents(of: self, upTo: due) { self.time.value = $0 }
                time.value = max(time.value, due)
                if let delayed, delayed <= due {
                    for work in delayedWork.takeDue(at: delayed) {
                        work()
                        TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
                    }
                } else {
                    displayLinks.fire(at: due)
                    TransactionStack.current.commitImplicitTransactionForRunLoopTurn()
                }
            }
            AnimationEventScheduler.shared.deliverEvents(of: self, upTo: target) { self.time.value = $0 }
            time.value = target
        }
    }
}

extension CAManualClock {
    /// Queues `work` for the clock's next turn: the start of the next `advance`, before any
    /// event, at the time the clock stands at.
    package func performOnNextTurn(_ work: @escaping () -> Void) {
        nextTurn.append(work)
    }

    /// Runs `work` when the clock reaches `time` (at the next advance if it already has),
    /// after the events due by then and before a display link's refresh at the same time.
    package func perform(at time: CFTimeInterval, _ work: @escaping () -> Void) {
        delayedWork.append(work, at: time)
    }
}

/// Runs `work` on the next turn of the run loop of `clock`: for a ``CAManualClock``, when it
/// is next advanced; otherwise on the current thread's run loop. UIKit calls a completion
/// handler this way when a block animated nothing.
package func performOnNextTurn(of clock: any CAMediaClock, _ work: @escaping () -> Void) {
    if let manual = clock as? CAManualClock {
        manual.performOnNextTurn(work)
        return
    }
    nonisolated(unsafe) let unchecked = work  // runs on this thread's run loop, where it was made
    RunLoop.current.perform { unchecked() }
}

/// Work waiting for a manual clock's next turn, behind a lock like the clock's time.
private final class NextTurnQueue: @unchecked Sendable {
    // Every access to `work` holds `lock`; the closures run on the thread that advances.
    private let lock = NSLock()
    private var work: [() -> Void] = []

    func append(_ item: @escaping () -> Void) {
        lock.withLock { work.append(item) }
    }

    func takeAll() -> [() -> Void] {
        lock.withLock {
            defer { work = [] }
            return work
        }
    }
}

/// The manual clock's reading, behind a lock so the clock can be shared between threads.
private final class LockedTime: @unchecked Sendable {
    // Every access to `stored` holds `lock`, which is what makes the class Sendable.
    private let lock = NSLock()
    private var stored: Double

    init(_ value: Double) { stored = value }

    var value: Double {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Work a manual clock runs at given times, in time order and, at one time, in the order it
/// was queued; behind a lock like the clock's time.
private final class DelayedWorkQueue: @unchecked Sendable {
    // Every access to `items` holds `lock`; the closures run on the thread that advances.
    private let lock = NSLock()
    private var items: [(time: CFTimeInterval, order: Int, work: () -> Void)] = []
    private var queued = 0

    func append(_ work: @escaping () -> Void, at time: CFTimeInterval) {
        lock.withLock {
            items.append((time, queued, work))
            queued += 1
        }
    }

    /// The earliest time work is due, if it is at or before `target`.
    func nextTime(notAfter target: CFTimeInterval) -> CFTimeInterval? {
        lock.withLock {
            guard !items.isEmpty else { return nil }
            let time = items.reduce(CFTimeInterval.infinity) { min($0, $1.time) }
            return time <= target + TimingParameters.boundaryTolerance ? time : nil
        }
    }

    /// Takes out the work due at or before `time`, in the order it runs.
    func takeDue(at time: CFTimeInterval) -> [() -> Void] {
        lock.withLock {
            let due = items.filter { $0.time <= time + TimingParameters.boundaryTolerance }
                .sorted { ($0.time, $0.order) < ($1.time, $1.order) }
            items.removeAll { $0.time <= time + TimingParameters.boundaryTolerance }
            return due.map(\.work)
        }
    }
}
