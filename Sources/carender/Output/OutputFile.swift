import Foundation

/// A file `carender` is about to write, and the rule it is written by: the new content goes to
/// a temporary file beside it (`.NAME.carender-XXXXXXXX.tmp`, in the same folder and so on the
/// same disk), which is renamed over it only once complete. Whatever was at the path before is
/// untouched until then, and a failed or interrupted run removes the temporary file.
///
/// Only a regular file, or nothing, may be replaced: a folder, a device (`/dev/full`), a pipe
/// or a socket at the path is refused before anything is rendered. A symbolic link is
/// followed: the file it points to gets the new content, and the link stays a link, as an
/// editor saving through a link does.
struct OutputFile {
    /// The path as the user gave it.
    let path: String
    /// The file that is replaced: `path`, or where the symbolic links at `path` lead.
    let destination: String

    /// The folder the destination is in.
    var folder: String { (destination as NSString).deletingLastPathComponent.nonEmpty ?? "." }

    /// Checks that `path` can be written by this rule; throws an error that says why not and
    /// what to do.
    init(_ path: String) throws {
        self.path = path
        destination = try Self.followingLinks(path)
        try checkFolderExists(for: destination, as: path)
        var info = stat()
        if lstat(destination, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            let kind = Self.kind(of: info.st_mode)
            let advice =
                info.st_mode & S_IFMT == S_IFDIR
                ? "give a file name inside it, or --format png-sequence to write numbered PNG frames into it"
                : "carender replaces only regular files; choose a file name"
            throw CommandError("cannot write '\(path)': it is \(kind), not a file; \(advice).")
        }
    }

    /// Writes `data` to a temporary file and renames it over the destination.
    func write(_ data: Data) throws {
        let temporary = try makeTemporaryFile()
        var error = data.withUnsafeBytes { writeAll($0, to: temporary.descriptor) }
        if close(temporary.descriptor) != 0, error == 0, errno != EINTR { error = errno }
        guard error == 0 else {
            discard(temporary.path)
            throw writeError(error)
        }
        try commit(temporary.path)
    }

    /// A new temporary file beside the destination, open for writing, registered with
    /// ``Interruption`` for removal on a signal; the caller closes `descriptor`.
    struct TemporaryFile {
        let path: String
        let descriptor: Int32
    }

    /// Makes a new, empty temporary file beside the destination.
    func makeTemporaryFile() throws -> TemporaryFile {
        let name = (destination as NSString).lastPathComponent
        while true {
            let tag = String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
            let path = (folder as NSString).appendingPathComponent(".\(name).carender-\(tag).tmp")
            let descriptor = Interruption.trackFile(path) {
                open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
            if descriptor >= 0 { return TemporaryFile(path: path, descriptor: descriptor) }
            let error = errno
            Interruption.untrackFile(path) {}
            guard error == EEXIST else { throw writeError(error) }
        }
    }

    /// Makes the closed temporary file at `temporary` durable, gives it the permissions of the
    /// file it replaces, and renames it over the destination; removes it when any of that fails.
    func commit(_ temporary: String) throws {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            discard(temporary)
            throw writeError(error)
        }
        // A disk that fills up while the system writes the data back says so here.
        let synced = fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        var replaced = stat()
        if synced, stat(destination, &replaced) == 0 {
            fchmod(descriptor, replaced.st_mode & 0o7777)
        }
        close(descriptor)
        guard synced else {
            discard(temporary)
            throw writeError(syncError)
        }
        try Interruption.untrackFile(temporary) {
            guard rename(temporary, destination) == 0 else {
                let error = errno
                unlink(temporary)
                throw writeError(error)
            }
        }
    }

    /// Removes a closed temporary file whose content is not wanted.
    func discard(_ temporary: String) {
        Interruption.untrackFile(temporary) { _ = unlink(temporary) }
    }

    /// The error for a write to this file that failed with `code`, in words that say what to
    /// do: a full disk says that the disk is full.
    func writeError(_ code: Int32) -> CommandError {
        switch code {
        case ENOSPC, EDQUOT:
            CommandError(Self.diskFullMessage(folder: folder, path: path))
        case EACCES, EPERM, EROFS:
            CommandError(
                "cannot write '\(path)': its folder '\(folder)' is not writable (\(String(cString: strerror(code)))). "
                    + "Choose another path.")
        default:
            CommandError("cannot write '\(path)': \(String(cString: strerror(code))).")
        }
    }

    /// What a full disk (ENOSPC, EDQUOT) stops with.
    static func diskFullMessage(folder: String, path: String) -> String {
        "no space left on device: the disk holding '\(folder)' is full, so '\(path)' was not written "
            + "and what was there is unchanged. Free some space or choose another --output."
    }

    /// The path that `path` leads to through symbolic links; throws for a loop of links.
    private static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                target.hasPrefix("/")
                ? target
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        throw CommandError("cannot write '\(path)': it is a symbolic link in a loop of links; choose another path.")
    }

    /// A file type in words, from `stat`'s mode.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

extension String {
    /// The string, or nil when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// Writes all of `bytes` to `descriptor`, through short writes and interruptions; 0, or the
/// `errno` of the write that failed.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var done = 0
    while done < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        if written >= 0 {
            done += written
        } else if errno != EINTR {
            return errno
        }
    }
    return 0
}

/// Throws an error that says what to do when the folder `path` goes into is missing or is not
/// a folder one can write to; `shown` is the path as the user gave it.
func checkFolderExists(for path: String, as shown: String? = nil) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
        FileManager.default.isWritableFile(atPath: folder)
    else {
        throw CommandError(
            "cannot write '\(shown ?? path)': its folder '\(folder)' does not exist or is not writable. "
                + "Create the folder or choose another path.")
    }
}
