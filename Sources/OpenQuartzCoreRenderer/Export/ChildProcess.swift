import Foundation
import OpenCoreGraphics

/// A program an export runs (ffmpeg), started with `posix_spawn` in a process group of its
/// own and registered with ``CAExportCleanup``, so that a program ending on a signal kills it.
///
/// Not Foundation's `Process`: that cannot give the child a process group of its own. In its
/// own group, the child does not get the SIGINT a terminal sends to its foreground group when
/// Ctrl-C is pressed; the program alone decides how it ends, and nothing is left running.
struct ChildProcess {
    /// The child's process ID, which is also its process group's.
    let pid: pid_t

    /// How a child ended.
    typealias Termination = CAMovieExportError.Termination

    /// Starts `executable` with `arguments` and this process's environment, its standard
    /// input, output and error on the file descriptors given.
    static func start(
        _ executable: String, arguments: [String], standardInput: Int32, standardOutput: Int32,
        standardError: Int32
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals this process ignores or handles are the child's defaults again: an ignored
        // SIGPIPE would otherwise stay ignored across exec.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        let pid = try CAExportCleanup.trackChild {
            var pid: pid_t = 0
            let error = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
            guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
            return pid
        }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end.
    func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            // Only reaped already, by the cleanup of a signal, which is ending this process.
            guard errno == EINTR else { CAExportCleanup.waitIfAbandoning(); return .killed(bySignal: SIGKILL) }
        }
        CAExportCleanup.untrackChild(pid)
        // The <sys/wait.h> macros, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(bySignal: signal)
    }

    /// Kills the child and everything in its process group, and waits for it.
    func kill() {
        Foundation.kill(-pid, SIGKILL)
        Foundation.kill(pid, SIGKILL)
        _ = wait()
    }
}
