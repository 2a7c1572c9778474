import ArgumentParser
import Foundation
import OpenQuartzCoreRenderer

/// `--ffmpeg PATH`: the ffmpeg that encodes the video formats, for a machine where none is on
/// `PATH` (the portable release does not bring one). The same as setting `CARENDER_FFMPEG`.
struct FFmpegOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The ffmpeg that encodes MP4, MOV, WebM, GIF, APNG and WebP (default: CARENDER_FFMPEG, else the "
                + "ffmpeg on PATH).",
            valueName: "path"))
    var ffmpeg: String?

    /// Throws a usage error for a path that is not an executable file.
    func validate() throws {
        if let ffmpeg, !FileManager.default.isExecutableFile(atPath: ffmpeg) {
            throw ValidationError("--ffmpeg must name an executable file; '\(ffmpeg)' is not one")
        }
    }

    /// Makes the named ffmpeg the one every encoder of this run starts.
    func apply() {
        if let ffmpeg { setenv(CAFFmpeg.environmentVariable, ffmpeg, 1) }
    }
}
