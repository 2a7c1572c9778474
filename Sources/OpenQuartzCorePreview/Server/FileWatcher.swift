import Foundation

/// Notices changes to a file, or to anything inside a folder (a `.ca` bundle), by reading
/// its modification times, sizes and inodes five times a second: simple, the same on every
/// file system, and well within the second a reload may take. Editors that save by writing a
/// new file and renaming it over the old one change the inode.
struct FileWatcher: Sendable {
    let path: String
    /// How often the file is looked at.
    static let interval: Duration = .milliseconds(200)

    /// What the file looks like now; equal fingerprints mean no change seen. Nil when it is
    /// missing.
    func fingerprint() -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        var fingerprint = Self.entry(info)
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return fingerprint }
        // A bundle: every file in it, in a stable order; at most a few thousand.
        let base = URL(fileURLWithPath: path)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        for name in names.sorted().prefix(5000) {
            var child = stat()
            guard stat(base.appendingPathComponent(name).path, &child) == 0 else { continue }
            fingerprint += Self.entry(child) + [Int64(name.hashValue)]
        }
        return fingerprint
    }

    private static func entry(_ info: stat) -> [Int64] {
        [
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_size),
            Int64(bitPattern: UInt64(info.st_ino)),
        ]
    }

    /// Calls `changed` after each change from `baseline` (the fingerprint when the file was
    /// loaded, taken before the task that watches starts, so that an edit made before that
    /// task runs is not missed), until the task is cancelled.
    func watch(from baseline: [Int64]?, _ changed: @Sendable () async -> Void) async {
        var last = baseline
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: Self.interval)
            } catch {
                return
            }
            let now = fingerprint()
            if now != last {
                last = now
                await changed()
            }
        }
    }
}
