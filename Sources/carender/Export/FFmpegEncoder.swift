import Foundation
import OpenQuartzCoreRenderer

/// Finding ffmpeg, which encodes the video formats.
enum FFmpeg {
    /// What to do without ffmpeg.
    static let missingMessage =
        "ffmpeg was not found on PATH; carender needs it to encode MP4, GIF and APNG. Install it "
        + "(on Debian or Ubuntu: sudo apt-get install ffmpeg; Scripts/install-dependencies.sh does it) "
        + "and run this again. PNG output works without it: --output frame.png for one frame, or "
        + "--output frames/ for numbered PNG frames."

    /// The `ffmpeg` executable in a folder of `PATH`, or an error that says how to install it.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder), isDirectory: true).appendingPathComponent("ffmpeg")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw CommandError(missingMessage)
    }
}

/// Encodes frames into a video file with an `ffmpeg` process: raw frames go down a pipe
/// to its standard input, and ffmpeg writes a temporary file beside the output, which replaces
/// the output only when ffmpeg succeeded, said nothing about a failed write, and the file is
/// complete (see ``OutputFile``). Its messages go to an unlinked temporary file, read back
/// only when it fails, so no log is ever left behind, not even after a SIGKILL.
final class FFmpegEncoder: FrameSink {
    /// The file being written.
    let output: OutputFile
    private let format: OutputFormat
    private let temporary: String
    private let child: ChildProcess
    private var input: Int32
    private let log: Int32
    private let pixelFormat: String
    /// Whether ffmpeg has ended and the log and the temporary file are dealt with.
    private var isEnded = false
    let pixelFormats: CAFrameRenderer.PixelFormats

    /// Starts ffmpeg writing `output` in `format` from `width × height` frames at `fps`.
    init(ffmpeg: URL, format: OutputFormat, output: OutputFile, width: Int, height: Int, fps: Int) throws {
        self.output = output
        self.format = format
        pixelFormat = format.ffmpegInputPixelFormat
        pixelFormats = format.rendererPixelFormats
        // A write to an ffmpeg that has died must fail with EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        log = try Self.makeLog()
        let made: OutputFile.TemporaryFile
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
            throw CommandError("cannot start ffmpeg: \(String(cString: strerror(error))).")
        }
        defer {
            close(pipeEnds[0])
            close(nullDevice)
        }
        let arguments =
            [
                "-hide_banner", "-nostats", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-",
            ] + format.ffmpegOutputArguments(to: temporary)
        do {
            child = try ChildProcess.start(
                ffmpeg.path, arguments: arguments, standardInput: pipeEnds[0], standardOutput: nullDevice,
                standardError: log)
        } catch {
            close(pipeEnds[1])
            close(log)
            output.discard(temporary)
            throw CommandError(
                "cannot start ffmpeg at '\(ffmpeg.path)': \(reason(error)). "
                    + "Reinstall it (sudo apt-get install ffmpeg) or put a working one first on PATH.")
        }
        input = pipeEnds[1]
    }

    /// An unlinked file in the temporary folder for ffmpeg's messages.
    private static func makeLog() throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("carender-ffmpeg-\(UUID().uuidString).log").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandError(
                "cannot create a log file for ffmpeg in '\(folder.path)': \(String(cString: strerror(errno))); "
                    + "set TMPDIR to a folder you can write to.")
        }
        unlink(path)
        return descriptor
    }

    func write(_ frame: ExportFrame) throws {
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

    func finish() throws {
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
            throw CommandError(
                "ffmpeg said it succeeded, but the file it wrote for '\(output.path)' is incomplete (\(problem)), "
                    + "so it was not used and what was there is unchanged."
                    + (printed.isEmpty ? "" : " It printed:\n" + printed))
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
    private func logText() -> String {
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
    private func failure(_ termination: ChildProcess.Termination, printed: String? = nil) -> CommandError {
        let printed = printed ?? logText()
        close(log)
        output.discard(temporary)
        if printed.contains("No space left on device") || printed.contains("Disk quota exceeded") {
            return CommandError(OutputFile.diskFullMessage(folder: output.folder, path: output.path))
        }
        let how =
            switch termination {
            case .exited(0): "reported an error"
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was killed by signal \(signal)"
            }
        return CommandError(
            "ffmpeg \(how) while writing '\(output.path)'"
                + (printed.isEmpty ? " and printed nothing." : "; it printed:\n" + printed)
                + "\nWhat was at '\(output.path)' is unchanged. Check that the folder has room and that this "
                + "ffmpeg can encode the format (ffmpeg -encoders lists libx264, gif and apng), or write PNG frames "
                + "instead.")
    }
}
