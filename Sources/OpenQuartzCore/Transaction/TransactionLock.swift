import Foundation

/// The lock that guards layer state shared between threads: Core Animation's transaction
/// lock (`CA::Transaction::lock`, one recursive lock per process), which
/// `CATransaction.lock()` takes too.
///
/// Layers may be changed from any thread, each with its own transactions, while the thread
/// that advances a clock delivers the events of every layer timed by it. So model-state
/// changes, attached-animation changes, commits and the state side of event delivery all
/// hold this lock. User code never runs under it: callouts (delegates, completion blocks) and
/// the release of objects whose `deinit` may be user code are handed to it and run on the
/// same thread once its outermost hold is let go, so a callout that waits for another thread
/// that is waiting for the lock cannot deadlock.
package final class TransactionLock: @unchecked Sendable {
    /// The one lock of the process.
    package static let shared = TransactionLock()

    // A pthread mutex, not `NSRecursiveLock`: uncontended it is a few nanoseconds, and every
    // property change takes it.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The three below are only touched while `mutex` is held, which is what the dynamic
    // exclusivity checks would only repeat, on every property change.
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var callouts: [() -> Void] = []
    @exclusivity(unchecked) private var releases: [AnyObject] = []

    private init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        if status != 0 { fatalError("could not create the transaction lock (pthread error \(status))") }
    }

    package func lock() {
        pthread_mutex_lock(mutex)
        depth += 1
    }

    /// Lets go of one hold; the outermost one then runs the deferred callouts, after the lock
    /// is released.
    package func unlock() {
        depth -= 1
        guard depth == 0, !(callouts.isEmpty && releases.isEmpty) else {
            pthread_mutex_unlock(mutex)
            return
        }
        let work = callouts
        callouts = []
        var released = releases
        releases = []
        pthread_mutex_unlock(mutex)
        released.removeAll()
        for item in work { item() }
    }

    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Runs `work` on this thread once the outermost hold is let go. Only while holding the lock.
    package func deferUntilUnlocked(_ work: @escaping () -> Void) {
        callouts.append(work)
    }

    /// Keeps `object` alive until the outermost hold is let go, so that its `deinit` (or that
    /// of what it holds: an animation's delegate) runs outside the lock. Only while holding it.
    package func releaseAfterUnlocking(_ object: AnyObject) {
        releases.append(object)
    }
}
