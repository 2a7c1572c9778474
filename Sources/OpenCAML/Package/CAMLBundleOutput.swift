import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a lone `.caml` file so that a failure leaves the old file as it was.
enum CAMLOutputFiles {
    /// Writes `data` to a temporary file beside `url` and renames it over `url`.
    static func writeFile(_ data: Data, to url: URL) throws(CAMLError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CAMLError(path: url.path, message: "is a folder; write a .caml file to a file path")
        }
        try CAMLBundleOutput.checkParentFolder(of: url)
        do {
            // Foundation's atomic write goes through a temporary file in the same folder.
            try data.write(to: url, options: .atomic)
        } catch {
            throw CAMLError(path: url.path, message: "cannot be written (\(error.localizedDescription))")
        }
    }
}

/// Writes a `.ca` bundle folder as a whole: its files go into a temporary folder beside the
/// target (`.NAME.caml-XXXXXXXX.tmp`, on the same disk), which then takes the target's place
/// — on Linux in one atomic exchange. Until then the target is untouched, and when anything
/// fails it is left as it was.
///
/// An existing folder is replaced only when it is a bundle (it holds `index.xml` or a `.caml`
/// file) or empty, so that a mistyped path cannot wipe an unrelated folder.
package struct CAMLBundleOutput {
    package let target: URL

    /// Checks that a bundle may be written at `target`.
    package init(target: URL) throws(CAMLError) {
        self.target = target.standardizedFileURL
        try Self.checkParentFolder(of: self.target)
        var info = stat()
        guard stat(self.target.path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CAMLError(path: target.path, message: "is a file, not a .ca bundle folder; it is not replaced")
        }
        let contents = Self.names(in: self.target.path)
        let isBundle = contents.isEmpty || contents.contains { $0 == "index.xml" || $0.hasSuffix(".caml") }
        guard isBundle else {
            throw CAMLError(
                path: target.path,
                message: "is a folder that is not a .ca bundle (no index.xml or .caml file in it); it is not replaced")
        }
    }

    /// A path for the temporary folder, beside the target, that does not exist yet.
    package func temporaryFolderCandidate() -> URL {
        let folder = target.deletingLastPathComponent()
        let tag = String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
        return folder.appendingPathComponent(".\(target.lastPathComponent).caml-\(tag).tmp", isDirectory: true)
    }

    /// Makes the (empty) temporary folder at `url`.
    package func makeTemporaryFolder(at url: URL) throws(CAMLError) -> URL {
        guard mkdir(url.path, 0o777) == 0 else { throw failure(errno) }
        return url
    }

    /// Writes `files` (paths relative to the bundle, in folders at most one deep, such as
    /// `assets/`) into `folder`. With the system's calls: Foundation's file writing costs more
    /// than encoding a small document.
    package func fill(_ folder: URL, with files: [CAMLImageAssets.File]) throws(CAMLError) {
        var made: Set<String> = []
        for file in files {
            let path = folder.appendingPathComponent(file.path).path
            let subfolder = (file.path as NSString).deletingLastPathComponent
            if !subfolder.isEmpty, made.insert(subfolder).inserted,
                mkdir(folder.appendingPathComponent(subfolder).path, 0o777) != 0, errno != EEXIST
            {
                throw failure(errno, at: subfolder)
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw failure(errno, at: file.path) }
            var code: Int32 = 0
            file.data.withUnsafeBytes { bytes in
                var done = 0
                while done < bytes.count {
                    let written = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                    if written > 0 {
                        done += written
                    } else if written < 0, errno != EINTR {
                        code = errno
                        return
                    }
                }
            }
            if close(descriptor) != 0, code == 0, errno != EINTR { code = errno }
            guard code == 0 else { throw failure(code, at: file.path) }
        }
    }

    /// Puts the complete `folder` in the target's place and removes what was there.
    package func replaceTarget(with folder: URL) throws(CAMLError) {
        var info = stat()
        if lstat(target.path, &info) != 0 {
            guard rename(folder.path, target.path) == 0 else { throw failure(errno) }
            return
        }
        // One step where the system has it: the old bundle and the new swap places, so the
        // target is never missing.
        if let exchange = Self.renameExchange, exchange(folder.path, target.path) == 0 {
            Self.removeFolder(folder)
            return
        }
        // Where the exchange is not available: move the old bundle aside, the new one in, and
        // the old one back if that fails.
        let aside = temporaryFolderCandidate()
        guard rename(target.path, aside.path) == 0 else { throw failure(errno) }
        guard rename(folder.path, target.path) == 0 else {
            let code = errno
            _ = rename(aside.path, target.path)
            throw failure(code)
        }
        Self.removeFolder(aside)
    }

    /// Linux's `renameat2(…, RENAME_EXCHANGE)`, which swaps two paths atomically (glibc 2.28
    /// and later). Looked up at run time: Swift's Glibc module does not declare it, and an
    /// older system or a file system without it falls back to two renames.
    private static let renameExchange: (@Sendable (String, String) -> Int32)? = {
        #if os(Linux)
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            let function = unsafeBitCast(symbol, to: RenameAt2.self)
            // <fcntl.h> AT_FDCWD and <stdio.h> RENAME_EXCHANGE (1 << 1).
            let currentFolder: Int32 = -100
            let exchange: UInt32 = 2
            return { from, to in function(currentFolder, from, currentFolder, to, exchange) }
        #else
            return nil
        #endif
    }()

    /// Removes a temporary folder and everything in it; errors are ignored. With the system's
    /// calls, and an explicit list rather than recursion.
    package static func removeFolder(_ url: URL) {
        var folders = [url.path]
        var emptied: [String] = []
        while let folder = folders.popLast() {
            emptied.append(folder)
            for name in names(in: folder) {
                let path = folder + "/" + name
                var info = stat()
                if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    folders.append(path)
                } else {
                    unlink(path)
                }
            }
        }
        for folder in emptied.reversed() { rmdir(folder) }
    }

    /// The names in the folder at `path` (not `.` and `..`); none when it cannot be read.
    static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    private func failure(_ code: Int32, at file: String? = nil) -> CAMLError {
        CAMLError(
            path: file.map { target.appendingPathComponent($0).path } ?? target.path,
            message: "cannot be written (\(String(cString: strerror(code))))")
    }

    /// Throws unless the folder `url` goes into exists.
    static func checkParentFolder(of url: URL) throws(CAMLError) {
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw CAMLError(path: url.path, message: "cannot be written: the folder \(folder.path) does not exist")
        }
    }
}
