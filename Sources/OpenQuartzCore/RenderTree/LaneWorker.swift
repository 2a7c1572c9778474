import CMemoryHints
import Foundation
import Synchronization

/// A second thread that takes part of a large lane's work while the calling thread does the
/// rest: a render tree of 100,000 animations with distinct timings evaluates in two halves,
/// one per core, in about half the time.
///
/// One worker serves the process. A caller that finds it taken (another tree evaluating on
/// another thread) does all of its work itself. The thread starts on first use. After a piece
/// of work it spins for a short while (``spinTime``) in case the next
/// frame follows at once, then sleeps on a condition: waking a sleeping thread on a virtual
/// machine can take longer than the work. Handing work over and waiting for it allocates
/// nothing.
final class LaneWorker: @unchecked Sendable {
    /// The work: `(context, lower, upper)` does indices `lower..<upper` of what `context`
    /// describes. A C function, so that handing it to the thread boxes nothing.
    typealias Work = @convention(c) (UnsafeRawPointer, Int, Int) -> Void

    /// The process's worker; nil on a machine with one core, where it would only add a hand-off.
    static let shared: LaneWorker? = ProcessInfo.processInfo.activeProcessorCount > 1 ? LaneWorker() : nil

    private enum State: Int {
        /// No work handed over, or its caller has seen it done.
        case idle
        /// Work handed over, not yet done.
        case posted
        /// The work is done; its caller has not yet seen it.
        case done
    }

    /// How long the worker spins for new work before it sleeps.
    private static let spinTime = Duration.microseconds(300)

    /// What the worker is doing, read without the lock by the spinning sides.
    private let state = Atomic<Int>(State.idle.rawValue)
    /// Whether a caller holds the worker: from ``start(_:context:lower:upper:)`` until its
    /// ``wait()`` returns.
    private let isTaken = Atomic<Bool>(false)
    /// Guards the fields below and the worker's sleep.
    private let condition = NSCondition()
    private var thread: Thread?
    private var isAsleep = false
    private var work: Work?
    private var context: UnsafeRawPointer?
    private var bounds = (lower: 0, upper: 0)

    private init() {}

    /// Starts `work(context, lower, upper)` on the worker and returns true, or returns false
    /// when another caller holds it. After true, call ``wait()`` before `context` goes away.
    func start(_ work: Work, context: UnsafeRawPointer, lower: Int, upper: Int) -> Bool {
        guard isTaken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return false
        }
        condition.lock()
        if thread == nil {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "OpenQuartzCore lane worker"
            thread.start()
            self.thread = thread
        }
        self.work = work
        self.context = context
        bounds = (lower, upper)
        state.store(State.posted.rawValue, ordering: .releasing)
        if isAsleep { condition.signal() }
        condition.unlock()
        return true
    }

    /// Waits until the work ``start(_:context:lower:upper:)`` handed over is done, and frees
    /// the worker. Spins, yielding the core at each turn so that on a busy machine the worker
    /// gets it.
    func wait() {
        while state.load(ordering: .acquiring) != State.done.rawValue { sched_yield() }
        state.store(State.idle.rawValue, ordering: .relaxed)
        isTaken.store(false, ordering: .releasing)
    }

    private func serve() {
        while true {
            // Spin a while for the next piece of work, then sleep until one comes.
            let clock = ContinuousClock()
            let deadline = clock.now + Self.spinTime
            var spins = 0
            while state.load(ordering: .acquiring) != State.posted.rawValue {
                oqc_spin_pause()
                spins += 1
                if spins % 64 == 0, clock.now >= deadline { break }
            }
            condition.lock()
            while state.load(ordering: .acquiring) != State.posted.rawValue {
                isAsleep = true
                condition.wait()
                isAsleep = false
            }
            let work = self.work
            let context = self.context
            let bounds = self.bounds
            condition.unlock()
            if let work, let context { work(context, bounds.lower, bounds.upper) }
            state.store(State.done.rawValue, ordering: .releasing)
        }
    }
}
