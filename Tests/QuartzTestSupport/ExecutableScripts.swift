import Foundation

/// Writes `text` to `url` as a program anyone may run (mode 0755): a stand-in `ffmpeg`.
///
/// The file is opened close-on-exec. Foundation's `Data.write(to:)` opens it without, so a
/// child process another test starts while the file is open inherits it open for writing and
/// keeps it so for as long as that child runs; running the program meanwhile fails with "text
/// file busy".
public func writeExecutable(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count, fchmod(descriptor, 0o755) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
