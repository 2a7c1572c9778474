import Foundation
import OpenCoreGraphics

/// Finding ffmpeg, which encodes the video formats.
public enum CAFFmpeg {
    /// The variable that names the ffmpeg to use instead of one on `PATH` (`carender --ffmpeg`
    /// sets it): for a machine where ffmpeg is not installed, such as the one the
    /// `imageio-ffmpeg` Python package brings.
    public static let environmentVariable = "CARENDER_FFMPEG"

    /// The ffmpeg `CARENDER_FFMPEG` names, else the `ffmpeg` executable in a folder of `PATH`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CAMovieExportError) -> URL {
        if let named = environment[environmentVariable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw .cannotStartFFmpeg(
                    path: named, reason: "\(environmentVariable) names it, but it is not an executable file")
            }
            return URL(fileURLWithPath: named)
        }
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
