import Foundation

/// Ends `carender` on SIGINT or SIGTERM without leaving anything half-written: it kills the
/// ffmpeg processes it started, removes the temporary files being written, and exits with
/// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM). Every output is left as it was
/// before the run, except the frames of a PNG sequence that were already complete.
///
/// The signal handler only writes the signal's number to a pipe; a thread of its own reads it
/// and does the rest. That thread does not wait for the main thread, which may be blocked in a
/// write to ffmpeg's full pipe, waiting for ffmpeg to exit, or waiting for render workers:
/// killing ffmpeg unblocks it, and the process ends while it is still unwinding.
///
/// Temporary files and child processes are registered under the lock that the cleanup takes
/// and never gives back, so each is either registered, and so removed or killed, or not made
/// at all; and a temporary file is renamed over its target under the same lock, so a target is
/// either the complete new file or the old one.
enum Interruption {
    /// What a signal undoes, and the lock the cleanup holds until the process ends.
    private final class Registry: @unchecked Sendable {
        // `@unchecked Sendable`: every property is read and written only with `lock` held.
        let lock = NSLock()
        var files: Set<String> = []
        /// Temporary folders (a `.ca` bundle being written), removed with what is in them.
        var folders: Set<String> = []
        var children: Set<pid_t> = []
    }

    private static let registry = Registry()

    /// Installs the handlers; the first call only does anything.
    static func install() {
        _ = installation
    }

    private static let installation: Void = {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("carender cannot make a pipe for its signal handler: \(errno)") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        signalPipe = ends[1]
        let readEnd = ends[0]
        Thread.detachNewThread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) != 1 {}
            stop(bySignal: Int32(number))
        }
        signal(SIGINT, noteSignal)
        signal(SIGTERM, noteSignal)
        // A parent may start carender with these signals blocked (a test runner does), and the
        // mask is inherited.
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGINT)
        sigaddset(&handled, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }()

    /// Kills the children, removes the files, says so and exits; never returns the lock.
    private static func stop(bySignal number: Int32) -> Never {
        registry.lock.lock()
        for child in registry.children {
            // Its own process group: ffmpeg and anything it started.
            kill(-child, SIGKILL)
            kill(child, SIGKILL)
        }
        for child in registry.children {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        for file in registry.files { unlink(file) }
        for folder in registry.folders { try? FileManager.default.removeItem(atPath: folder) }
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        // A progress bar may be on the line.
        let message =
            (isatty(STDERR_FILENO) != 0 ? "\n" : "")
            + "carender: stopped by \(name); the unfinished output was removed and what was there before is unchanged.\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        // `_exit`, not `exit`: the main thread and the render workers are still running, and
        // `exit`'s clean-up of the runtime under them could crash instead of exiting.
        _exit(128 + number)
    }

    /// Blocks for good when a signal is being handled, so that a failure it caused (ffmpeg
    /// killed under a write) is not reported as an error of its own with another exit status.
    static func waitIfStopping() {
        registry.lock.lock()
        registry.lock.unlock()
    }

    /// Registers `path`, made by `make` under the registry's lock, for removal on a signal.
    static func trackFile<Result>(_ path: String, making make: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.files.insert(path)
        do {
            return try make()
        } catch {
            registry.files.remove(path)
            throw error
        }
    }

    /// Runs `finish` (a rename over the target, or a removal) on a tracked `path` under the
    /// registry's lock, and stops tracking it.
    static func untrackFile<Result>(_ path: String, finishing finish: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        defer { registry.files.remove(path) }
        return try finish()
    }

    /// Registers the folder `path`, made by `make` under the registry's lock, for removal
    /// with everything in it on a signal.
    static func trackFolder<Result>(_ path: String, making make: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.folders.insert(path)
        do {
            return try make()
        } catch {
            registry.folders.remove(path)
            throw error
        }
    }

    /// Runs `finish` (moving the folder into place, or removing it) on a tracked folder under
    /// the registry's lock, and stops tracking it.
    static func untrackFolder<Result>(_ path: String, finishing finish: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        defer { registry.folders.remove(path) }
        return try finish()
    }

    /// Starts a child process with `spawn` under the registry's lock and registers it, so that
    /// a signal kills it.
    static func trackChild(_ spawn: () throws -> pid_t) rethrows -> pid_t {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        let child = try spawn()
        registry.children.insert(child)
        return child
    }

    /// Stops tracking a child that has exited.
    static func untrackChild(_ child: pid_t) {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.children.remove(child)
    }
}

/// The write end of the signal pipe; set once, before the handlers are installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The signal handler: only async-signal-safe work, a one-byte write to the pipe.
private func noteSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipe, &byte, 1)
}
