import Foundation
import OpenCoreGraphics

extension CAMovieExporter {
    /// Joins the files `parts` — renders of consecutive frame ranges of one scene in `format`,
    /// as ``CAFrameSpan/shard(_:of:)`` splits them — into `output`, with ffmpeg's concat
    /// demuxer, written safely (see ``CAOutputFile``).
    ///
    /// - MP4: the H.264 streams are copied, not encoded again. Each part starts with a
    ///   keyframe, so the result has the frame count and the timestamps (frame n at n / fps) of
    ///   a single render, and each frame decodes to what its part's encoder made of it; x264
    ///   sees only its own part (its rate control and look-ahead stop at the part's edges), so
    ///   the bits differ from one encode of the whole, within the encoder's loss.
    /// - APNG: the parts are decoded, joined by ffmpeg's concat filter and encoded again,
    ///   losslessly: every frame equals the frame of a single render exactly.
    /// - GIF is refused: each part has a palette of its own; join APNG or MP4 parts, or make
    ///   the GIF from the joined APNG.
    public static func concatenate(
        _ parts: [String], into output: String, format: CAMovieFormat, ffmpeg: URL? = nil
    ) throws(CAMovieExportError) {
        let formatArguments: [String]
        switch format {
        case .mp4: formatArguments = ["-c", "copy", "-movflags", "+faststart", "-f", "mp4"]
        case .apng:
            // The concat filter: the APNG demuxer gives the concat demuxer no durations.
            let inputs = (0..<parts.count).map { "[\($0):v]" }.joined()
            formatArguments = [
                "-filter_complex", "\(inputs)concat=n=\(parts.count):v=1:a=0[v]", "-map", "[v]", "-plays", "0",
                "-pix_fmt", format.pixelFormat.rawValue, "-f", "apng",
            ]
        case .gif, .png, .pngSequence, .proRes4444, .webm, .webp:
            throw .cannotWrite(
                file: output,
                reason: "only MP4 and APNG parts are joined (a GIF part has a palette of its own; PNG frames "
                    + "of every part go into one folder already).")
        }
        require(!parts.isEmpty, "CAMovieExporter.concatenate needs at least one part")
        for part in parts where !FileManager.default.isReadableFile(atPath: part) {
            throw .cannotWrite(file: output, reason: "the part '\(part)' cannot be read.")
        }
        let file = try CAOutputFile(output)
        let executable: URL
        if let ffmpeg { executable = ffmpeg } else { executable = try CAFFmpeg.locate() }
        // The demuxer's list: one `file '…'` line per part, quotes escaped as '\''.
        let absoluteParts = parts.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        let list = absoluteParts.map { "file '" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'\n" }.joined()
        let listFile = try CAOutputFile(
            FileManager.default.temporaryDirectory.appendingPathComponent("concat-\(UUID().uuidString).txt").path)
        let listTemporary = try listFile.makeTemporaryFile()
        let written = Data(list.utf8).withUnsafeBytes { writeAll($0, to: listTemporary.descriptor) }
        close(listTemporary.descriptor)
        defer { listFile.discard(listTemporary.path) }
        guard written == 0 else { throw listFile.writeError(written) }
        let log = try FFmpegEncoder.makeLog()
        defer { close(log) }
        let temporary = try file.makeTemporaryFile()
        close(temporary.descriptor)
        let nullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nullDevice) }
        // MP4 through the concat demuxer's list; APNG as one input per part.
        let inputArguments =
            format.isMP4
            ? ["-f", "concat", "-safe", "0", "-i", listTemporary.path] : absoluteParts.flatMap { ["-i", $0] }
        let child: ChildProcess
        do {
            child = try ChildProcess.start(
                executable.path,
                arguments: ["-hide_banner", "-nostats", "-loglevel", "error", "-y"] + inputArguments
                    + formatArguments + [temporary.path],
                standardInput: nullDevice, standardOutput: nullDevice, standardError: log)
        } catch {
            file.discard(temporary.path)
            throw .cannotStartFFmpeg(path: executable.path, reason: systemReason(error))
        }
        let termination = child.wait()
        let printed = FFmpegEncoder.logText(log)
        guard termination == .exited(0) else {
            file.discard(temporary.path)
            throw .ffmpegFailed(file: output, termination: termination, lastLines: printed)
        }
        if let problem = format.incompleteness(ofFileAt: temporary.path) {
            file.discard(temporary.path)
            throw .incompleteFile(file: output, problem: problem, ffmpegOutput: printed)
        }
        try file.commit(temporary.path)
    }
}
