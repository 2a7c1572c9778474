import Foundation

/// A second thread that takes part of a large lane's work while the calling thread does the
/// rest: a render tree of 100,000 animations with distinct timings evaluates in two halves,
/// one per core, in about half the time.
///
/// One worker serves the process. A caller that finds it taken (another tree evaluating on
/// another thread) does all of its work itself. The thread starts on first use and then
/// sleeps between frames; handing work over and waiting for it allocates nothing.
final class LaneWorker: @unchecked Sendable {
    /// The work: `(context, lower, upper)` does indices `lower..<upper` of what `context`
    /// describes. A C function, so that handing it to the thread boxes nothing.
    typealias Work = @convention(c) (UnsafeRawPointer, Int, Int) -> Void

    /// The process's worker; nil on a machine with one core, where it would only add a hand-off.
    static let shared: LaneWorker? = ProcessInfo.processInfo.activeProcessorCount > 1 ? LaneWorker() : nil

    /// Guards every field below; the worker waits on it for work, a caller for the end of it.
    private let condition = NSCondition()
    private var thread: Thread?
    /// Whether a caller holds the worker: from ``start(_:context:lower:upper:)`` until its
    /// ``wait()`` returns.
    private var isTaken = false
    private var work: Work?
    private var context: UnsafeRawPointer?
    private var bounds = (lower: 0, upper: 0)
    private var isDone = true

    private init() {}

    /// Starts `work(context, lower, upper)` on the worker and returns true, or returns false
    /// when another caller holds it. After true, call ``wait()`` before `context` goes away.
    func start(_ work: Work, context: UnsafeRawPointer, lower: Int, upper: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isTaken else { return false }
        if thread == nil {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "OpenQuartzCore lane worker"
            thread.start()
            self.thread = thread
        }
        isTaken = true
        isDone = false
        self.work = work
        self.context = context
        bounds = (lower, upper)
        condition.broadcast()
        return true
    }

    /// Waits until the work ``start(_:context:lower:upper:)`` handed over is done, and frees
    /// the worker.
    func wait() {
        condition.lock()
        while !isDone { condition.wait() }
        isTaken = false
        condition.unlock()
    }

    private func serve() {
        condition.lock()
        while true {
            while work == nil { condition.wait() }
            guard let work, let context else { continue }
            let bounds = self.bounds
            condition.unlock()
            work(context, bounds.lower, bounds.upper)
            condition.lock()
            self.work = nil
            self.context = nil
            isDone = true
            condition.broadcast()
        }
    }
}
