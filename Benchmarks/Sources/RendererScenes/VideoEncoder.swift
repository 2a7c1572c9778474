import Foundation
import OpenQuartzCoreRenderer

#if canImport(Glibc)
    import Glibc
#endif

/// ffmpeg reading raw BGRA frames on its standard input and writing an H.264 MP4 into a
/// temporary file: the export the frame-rate benchmarks time.
public final class VideoEncoder {
    /// The encoder's options after the input, as the issue gives them.
    public static let defaultOutputOptions = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]

    private let process = Process()
    private let input = Pipe()
    private let output: URL

    /// Starts ffmpeg (`$FFMPEG` or /usr/bin/ffmpeg) for frames of `width × height` pixels.
    public init(
        width: Int, height: Int, frameRate: Double, outputOptions: [String] = VideoEncoder.defaultOutputOptions
    ) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-export-\(UUID()).mp4")
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FFMPEG"] ?? "/usr/bin/ffmpeg")
        process.arguments =
            [
                "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)",
                "-r", "\(Int(frameRate))", "-i", "-",
            ] + outputOptions + [output.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        #if os(Linux)
            // A frame is 8 MB; through the default 64 KB pipe it takes over a hundred wake-ups
            // of each side. 1 MB (Linux's default maximum for a pipe) cuts that eightfold.
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
            _ = fcntl(input.fileHandleForWriting.fileDescriptor, setPipeSize, Int32(1 << 20))
        #endif
        try process.run()
    }

    /// Sends one frame's pixels down the pipe; blocks while ffmpeg is behind.
    public func write(_ frame: CARenderedFrame) throws {
        try frame.premultipliedBGRA.withUnsafeBytes { bytes in
            try input.fileHandleForWriting.write(contentsOf: bytes)
        }
    }

    /// Closes the input, waits for ffmpeg, checks that it wrote a video, and removes the file;
    /// returns the video's size in bytes.
    @discardableResult
    public func finish() throws -> Int {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        guard process.terminationStatus == 0, size > 0 else {
            throw EncoderError(status: process.terminationStatus, bytes: size)
        }
        return size
    }

    /// ffmpeg failed, or wrote nothing.
    public struct EncoderError: Error, CustomStringConvertible {
        public let status: Int32
        public let bytes: Int
        public var description: String { "ffmpeg exited with \(status) and wrote \(bytes) bytes" }
    }
}
