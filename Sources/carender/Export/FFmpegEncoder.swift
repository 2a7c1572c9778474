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
/// to its standard input. Its messages go to a temporary file and are shown only when it
/// fails.
final class FFmpegEncoder: FrameSink {
    /// The file being written.
    let path: String
    private let process = Process()
    private let input: FileHandle
    private let log: URL
    private let pixelFormat: String
    let pixelFormats: CAFrameRenderer.PixelFormats

    /// Starts ffmpeg writing `path` in `format` from `width × height` frames at `fps`.
    init(ffmpeg: URL, format: OutputFormat, output path: String, width: Int, height: Int, fps: Int) throws {
        try checkFolderExists(for: path)
        self.path = path
        pixelFormat = format.ffmpegInputPixelFormat
        pixelFormats = format.rendererPixelFormats
        log = FileManager.default.temporaryDirectory.appendingPathComponent("carender-ffmpeg-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
            let logHandle = try? FileHandle(forWritingTo: log)
        else {
            throw CommandError(
                "cannot create a log file for ffmpeg in '\(log.deletingLastPathComponent().path)'; "
                    + "set TMPDIR to a folder you can write to.")
        }
        defer { try? logHandle.close() }
        let pipe = Pipe()
        process.executableURL = ffmpeg
        process.arguments =
            [
                "-hide_banner", "-nostats", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-",
            ] + format.ffmpegOutputArguments(to: path)
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = logHandle
        // A write to an ffmpeg that has died must fail with EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: log)
            throw CommandError(
                "cannot start ffmpeg at '\(ffmpeg.path)': \(reason(error)). "
                    + "Reinstall it (sudo apt-get install ffmpeg) or put a working one first on PATH.")
        }
        input = pipe.fileHandleForWriting
    }

    func write(_ frame: ExportFrame) throws {
        do {
            try input.write(contentsOf: frame.pixels(in: pixelFormat))
        } catch {
            // ffmpeg has stopped reading: it failed; its messages say why.
            try? input.close()
            process.waitUntilExit()
            throw failure()
        }
    }

    func finish() throws {
        try? input.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw failure() }
        try? FileManager.default.removeItem(at: log)
    }

    func abandon() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The error for a failed ffmpeg, with the end of what it printed; removes the log and the
    /// partial output.
    private func failure() -> CommandError {
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        try? FileManager.default.removeItem(atPath: path)
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: true).suffix(30)
        let how =
            process.terminationReason == .uncaughtSignal
            ? "was killed by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
        return CommandError(
            "ffmpeg \(how) while writing '\(path)'"
                + (lines.isEmpty ? " and printed nothing." : "; it printed:\n" + lines.joined(separator: "\n"))
                + "\nCheck that the folder has room and that this ffmpeg can encode the format "
                + "(ffmpeg -encoders lists libx264, gif and apng), or write PNG frames instead.")
    }
}
