import Foundation
import OpenQuartzCoreRenderer

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

    /// Kills ffmpeg, removes the temporary files and folders (``CAExportCleanup``), says so
    /// and exits; the cleanup never returns its lock, so nothing is committed after it.
    private static func stop(bySignal number: Int32) -> Never {
        CAExportCleanup.abandonEverything()
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
        CAExportCleanup.waitIfAbandoning()
    }
}

/// The write end of the signal pipe; set once, before the handlers are installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The signal handler: only async-signal-safe work, a one-byte write to the pipe.
private func noteSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipe, &byte, 1)
}
