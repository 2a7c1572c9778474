import Foundation
import OpenCoreGraphics

/// Encodes frames into a video file with an `ffmpeg` process: raw frames go down a pipe
/// to its standard input, and ffmpeg writes a temporary file beside the output, which replaces
/// the output only when ffmpeg succeeded, said nothing about a failed write, and the file is
/// complete (see ``CAOutputFile``). Its messages go to an unlinked temporary file, read back
/// only when it fails, so no log is ever left behind, not even after a SIGKILL.
final class FFmpegEncoder: FrameSink {
    /// The file being written.
    let output: CAOutputFile
    private let format: CAMovieFormat
    private let temporary: String
    private let child: ChildProcess
    private var input: Int32
    private let log: Int32
    private let pixelFormat: FFmpegPixelFormat
    /// Whether ffmpeg has ended and the log and the temporary file are dealt with.
    private var isEnded = false
    let pixelFormats: CAFrameRenderer.PixelFormats

    /// Starts ffmpeg writing `output` in `format` from `width × height` frames at `fps`.
    init(ffmpeg: URL, format: CAMovieFormat, output: CAOutputFile, width: Int, height: Int, fps: Int)
        throws(CAMovieExportError)
    {
        self.output = output
        self.format = format
        pixelFormat = format.ffmpegInputPixelFormat
        pixelFormats = format.ffmpegInputPixelFormat.rendererPixelFormats
        // A write to an ffmpeg that has died must fail with EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        log = try Self.makeLog()
        let made: CAOutputFile.TemporaryFile
        do {
            made = try output.makeTemporaryFile()
        } catch {
            close(log)
            throw error
        }
        temporary = made.path
        // ffmpeg opens the file itself; it was made only to claim the name.
        close(made.descriptor)
        var pipeEnds: [Int32] = [0, 0]
        let nullDevice = open("/dev/null", O_WRONLY | O_CLOEXEC)
        // Close-on-exec, so that no other child inherits the pipe and keeps ffmpeg's input open.
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0,
            fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0, nullDevice >= 0
        else {
            let error = errno
            output.discard(temporary)
            close(log)
            throw .cannotStartFFmpeg(path: ffmpeg.path, reason: String(cString: strerror(error)))
        }
        defer {
            close(pipeEnds[0])
            close(nullDevice)
        }
        Self.widen(pipe: pipeEnds[1])
        let arguments =
            [
                "-hide_banner", "-nostats", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", pixelFormat.rawValue, "-s", "\(width)x\(height)", "-r", "\(fps)", "-i",
                "-",
            ] + format.ffmpegOutputArguments(to: temporary, width: width, height: height)
        do {
            child = try ChildProcess.start(
                ffmpeg.path, arguments: arguments, standardInput: pipeEnds[0], standardOutput: nullDevice,
                standardError: log)
        } catch {
            close(pipeEnds[1])
            close(log)
            output.discard(temporary)
            throw .cannotStartFFmpeg(path: ffmpeg.path, reason: systemReason(error))
        }
        input = pipeEnds[1]
    }

    /// Gives the pipe a buffer of a megabyte, where Linux allows it (its default limit for
    /// anyone): with the default 64 KiB, a full-HD frame took 48 writes, each waking ffmpeg
    /// to read 64 KiB. A pipe that cannot grow stays as it was.
    private static func widen(pipe descriptor: Int32) {
        #if os(Linux)
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not bring
            _ = fcntl(descriptor, setPipeSize, 1 << 20)
        #endif
    }

    /// An unlinked file in the temporary folder for ffmpeg's messages.
    static func makeLog() throws(CAMovieExportError) -> Int32 {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("carender-ffmpeg-\(UUID().uuidString).log").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotWrite(
                file: path,
                reason: "cannot create a log file for ffmpeg in '\(folder.path)': \(String(cString: strerror(errno))); "
                    + "set TMPDIR to a folder you can write to.")
        }
        unlink(path)
        return descriptor
    }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        let pixels = frame.pixels(in: pixelFormat)
        let error = pixels.withUnsafeBytes { writeAll($0, to: input) }
        guard error == 0 else {
            // ffmpeg has stopped reading: it failed; its messages say why.
            closeInput()
            let termination = child.wait()
            isEnded = true
            throw failure(termination)
        }
    }

    func finish() throws(CAMovieExportError) {
        closeInput()
        let termination = child.wait()
        isEnded = true
        let printed = logText()
        guard termination == .exited(0), !Self.reportsFailedWrite(printed) else {
            throw failure(termination, printed: printed)
        }
        if let problem = format.incompleteness(ofFileAt: temporary) {
            close(log)
            output.discard(temporary)
            throw .incompleteFile(file: output.path, problem: problem, ffmpegOutput: printed)
        }
        close(log)
        try output.commit(temporary)
    }

    func abandon() {
        closeInput()
        guard !isEnded else { return }
        isEnded = true
        child.kill()
        close(log)
        output.discard(temporary)
    }

    func endInput() {
        closeInput()
    }

    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Whether ffmpeg's messages tell of a write that failed, which it can report and still
    /// exit 0 (a full disk while it writes the trailer).
    private static func reportsFailedWrite(_ printed: String) -> Bool {
        ["Error writing", "No space left on device", "Disk quota exceeded"].contains { printed.contains($0) }
    }

    /// What ffmpeg printed, its last 30 lines.
    func logText() -> String {
        Self.logText(log)
    }

    /// The last 30 lines written to the log file `log`.
    static func logText(_ log: Int32) -> String {
        var text = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = pread(log, &buffer, buffer.count, offset)
            guard count > 0 else { break }
            text.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .suffix(30).joined(separator: "\n")
    }

    /// The error for a failed ffmpeg, with the end of what it printed; removes the log and the
    /// temporary file.
    private func failure(_ termination: ChildProcess.Termination, printed: String? = nil) -> CAMovieExportError {
        let printed = printed ?? logText()
        close(log)
        output.discard(temporary)
        if printed.contains("No space left on device") || printed.contains("Disk quota exceeded") {
            return .diskFull(file: output.path, folder: output.folder)
        }
        return .ffmpegFailed(file: output.path, termination: termination, lastLines: printed)
    }
}
