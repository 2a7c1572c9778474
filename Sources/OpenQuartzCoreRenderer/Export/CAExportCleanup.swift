import Foundation
import OpenCoreGraphics

/// Every temporary file, temporary folder and ffmpeg process that exports in this process have
/// open, for a program that must end at once (on SIGINT or SIGTERM) without leaving anything
/// half-written.
///
/// Temporary files and child processes are registered under a lock that
/// ``abandonEverything()`` takes and never gives back, so each is either registered, and so
/// removed or killed, or not made at all; and a temporary file is renamed over its target under
/// the same lock, so a target is either the complete new file or the old one.
///
/// A library user that stops an export the ordinary way cancels its task instead (see
/// ``CAMovieExporter``); this is for a signal handler's thread, right before `_exit`.
public enum CAExportCleanup {
    private final class Registry: @unchecked Sendable {
        // `@unchecked Sendable`: every property is read and written only with `lock` held.
        let lock = NSLock()
        var files: Set<String> = []
        var folders: Set<String> = []
        var children: Set<pid_t> = []
    }

    private static let registry = Registry()

    /// Kills every registered child (and its process group), waits for them, removes every
    /// registered temporary file and folder, and keeps the lock: no export commits a file
    /// after this. Call it only when the process is about to end.
    public static func abandonEverything() {
        registry.lock.lock()
        for child in registry.children {
            kill(-child, SIGKILL)
            kill(child, SIGKILL)
        }
        for child in registry.children {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        for file in registry.files { unlink(file) }
        for folder in registry.folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Blocks for good after ``abandonEverything()``, so that a failure it caused (ffmpeg
    /// killed under a write) is not reported as an error of its own; returns at once otherwise.
    public static func waitIfAbandoning() {
        registry.lock.lock()
        registry.lock.unlock()
    }

    /// Registers `path`, made by `make` under the lock, for removal by ``abandonEverything()``.
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
    /// lock, and stops tracking it.
    static func untrackFile<Result>(_ path: String, finishing finish: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        defer { registry.files.remove(path) }
        return try finish()
    }

    /// Registers the temporary folder `path`, made by `make` under the lock, for removal with
    /// everything in it by ``abandonEverything()``.
    public static func trackFolder<Result>(_ path: String, making make: () throws -> Result) rethrows -> Result {
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
    /// the lock, and stops tracking it.
    public static func untrackFolder<Result>(_ path: String, finishing finish: () throws -> Result) rethrows -> Result {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        defer { registry.folders.remove(path) }
        return try finish()
    }

    /// Starts a child process with `spawn` under the lock and registers it.
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
