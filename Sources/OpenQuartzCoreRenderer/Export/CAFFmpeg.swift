import Foundation
import OpenCoreGraphics

/// Finding ffmpeg, which encodes the video formats.
public enum CAFFmpeg {
    /// The `ffmpeg` executable in a folder of `PATH`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CAMovieExportError) -> URL {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder), isDirectory: true).appendingPathComponent("ffmpeg")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw .ffmpegNotFound
    }
}
