import Foundation
import OpenQuartzCoreRenderer

#if canImport(Glibc)
    import Glibc
#endif

/// ffmpeg reading raw frames on its standard input and writing an H.264 MP4 into a temporary
/// file: the export the frame-rate benchmarks time.
///
/// By default the frames are the renderer's Y′CbCr 4:2:0 planes, converted on its workers, so
/// that ffmpeg only encodes; `.bgra` pipes the drawn pixels and leaves the conversion to
/// ffmpeg, as before the renderer converted (for comparison).
public final class VideoEncoder {
    /// What goes down the pipe: ffmpeg's name for the pixel format.
    public enum Input: String, Sendable {
        /// ``CARenderedFrame/yCbCr420``, 3 MB a full-HD frame.
        case yuv420p
        /// ``CARenderedFrame/premultipliedBGRA``, 8 MB a full-HD frame.
        case bgra
    }

    /// The encoder's options after the input: H.264 at x264's fastest preset, with carender's
    /// colour tags (BT.709, limited range, sRGB's transfer curve), which say what the
    /// renderer's Y′CbCr is. x264 runs on one thread: the renderer's workers keep both cores
    /// busy, and x264's own threads would only add their synchronisation (measured: 18 % less
    /// of ffmpeg's CPU time on one thread, 13 against 16 ms a full-HD frame).
    public static let defaultOutputOptions = [
        "-c:v", "libx264", "-preset", "ultrafast", "-threads", "1", "-pix_fmt", "yuv420p",
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv",
    ]

    /// The pixel format frames go down the pipe in.
    public let input: Input
    private let process = Process()
    private let pipe = Pipe()
    private let output: URL

    /// The pixel formats ``CAFrameRenderer`` is to deliver for ``write(_:)``.
    public var pixelFormats: CAFrameRenderer.PixelFormats {
        input == .yuv420p ? .yCbCr420 : .premultipliedBGRA
    }

    /// Starts ffmpeg (`$FFMPEG` or /usr/bin/ffmpeg) for frames of `width × height` pixels.
    public init(
        width: Int, height: Int, frameRate: Double, input: Input = .yuv420p,
        outputOptions: [String] = VideoEncoder.defaultOutputOptions
    ) throws {
        self.input = input
        output = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-export-\(UUID()).mp4")
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FFMPEG"] ?? "/usr/bin/ffmpeg")
        process.arguments =
            [
                "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", input.rawValue, "-s", "\(width)x\(height)",
                "-r", "\(Int(frameRate))", "-i", "-",
            ] + outputOptions + [output.path]
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        #if os(Linux)
            // A frame is 3 MB (8 MB in BGRA); through the default 64 KB pipe it takes dozens of
            // wake-ups of each side. 1 MB (Linux's default maximum for a pipe) cuts that
            // sixteenfold.
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, setPipeSize, Int32(1 << 20))
        #endif
        try process.run()
    }

    /// Sends one frame's pixels down the pipe; blocks while ffmpeg is behind. The frame must
    /// carry ``pixelFormats``.
    public func write(_ frame: CARenderedFrame) throws {
        let pixels = input == .yuv420p ? frame.yCbCr420.bytes : frame.premultipliedBGRA
        try pixels.withUnsafeBytes { bytes in
            try pipe.fileHandleForWriting.write(contentsOf: bytes)
        }
    }

    /// Closes the input, waits for ffmpeg, checks that it wrote a video, and removes the file;
    /// returns the video's size in bytes.
    @discardableResult
    public func finish() throws -> Int {
        try pipe.fileHandleForWriting.close()
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
