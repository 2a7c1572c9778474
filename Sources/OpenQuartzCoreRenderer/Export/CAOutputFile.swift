import Foundation
import OpenCoreGraphics

/// A file an export is about to write, and the rule it is written by: the new content goes to
/// a temporary file beside it (`.NAME.carender-XXXXXXXX.tmp`, in the same folder and so on the
/// same disk), which is renamed over it only once complete. Whatever was at the path before is
/// untouched until then, and a failed or interrupted run removes the temporary file.
///
/// Only a regular file, or nothing, may be replaced: a folder, a device (`/dev/full`), a pipe
/// or a socket at the path is refused before anything is rendered. A symbolic link is
/// followed: the file it points to gets the new content, and the link stays a link, as an
/// editor saving through a link does.
public struct CAOutputFile: Sendable {
    /// The path as the user gave it.
    public let path: String
    /// The file that is replaced: `path`, or where the symbolic links at `path` lead.
    public let destination: String

    /// The folder the destination is in.
    public var folder: String { (destination as NSString).deletingLastPathComponent.nonEmpty ?? "." }

    /// Checks that `path` can be written by this rule; throws an error that says why not and
    /// what to do.
    public init(_ path: String) throws(CAMovieExportError) {
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
            throw .cannotWrite(file: path, reason: "it is \(kind), not a file; \(advice).")
        }
    }

    /// Writes `data` to a temporary file and renames it over the destination.
    public func write(_ data: Data) throws(CAMovieExportError) {
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
    /// ``CAExportCleanup`` for removal on a signal; the caller closes `descriptor`.
    struct TemporaryFile {
        let path: String
        let descriptor: Int32
    }

    /// Makes a new, empty temporary file beside the destination.
    func makeTemporaryFile() throws(CAMovieExportError) -> TemporaryFile {
        let name = (destination as NSString).lastPathComponent
        while true {
            let tag = String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
            let path = (folder as NSString).appendingPathComponent(".\(name).carender-\(tag).tmp")
            let descriptor = CAExportCleanup.trackFile(path) {
                open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
            if descriptor >= 0 { return TemporaryFile(path: path, descriptor: descriptor) }
            let error = errno
            CAExportCleanup.untrackFile(path) {}
            guard error == EEXIST else { throw writeError(error) }
        }
    }

    /// Makes the closed temporary file at `temporary` durable, gives it the permissions of the
    /// file it replaces, and renames it over the destination; removes it when any of that fails.
    func commit(_ temporary: String) throws(CAMovieExportError) {
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
        let renameError = CAExportCleanup.untrackFile(temporary) { () -> Int32 in
            guard rename(temporary, destination) == 0 else {
                let error = errno
                unlink(temporary)
                return error
            }
            return 0
        }
        if renameError != 0 { throw writeError(renameError) }
    }

    /// Removes a closed temporary file whose content is not wanted.
    func discard(_ temporary: String) {
        CAExportCleanup.untrackFile(temporary) { _ = unlink(temporary) }
    }

    /// The error for a write to this file that failed with `code`, in words that say what to
    /// do: a full disk says that the disk is full.
    func writeError(_ code: Int32) -> CAMovieExportError {
        switch code {
        case ENOSPC, EDQUOT:
            .diskFull(file: path, folder: folder)
        case EACCES, EPERM, EROFS:
            .cannotWrite(
                file: path,
                reason: "its folder '\(folder)' is not writable (\(String(cString: strerror(code)))). "
                    + "Choose another path.")
        default:
            .cannotWrite(file: path, reason: "\(String(cString: strerror(code))).")
        }
    }

    /// The path that `path` leads to through symbolic links; throws for a loop of links.
    private static func followingLinks(_ path: String) throws(CAMovieExportError) -> String {
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
        throw .cannotWrite(file: path, reason: "it is a symbolic link in a loop of links; choose another path.")
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
func checkFolderExists(for path: String, as shown: String? = nil) throws(CAMovieExportError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
        FileManager.default.isWritableFile(atPath: folder)
    else {
        throw .cannotWrite(
            file: shown ?? path,
            reason:
                "its folder '\(folder)' does not exist or is not writable. Create the folder or choose another path.")
    }
}
