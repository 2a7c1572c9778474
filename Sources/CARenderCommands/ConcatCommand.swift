import ArgumentParser
import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer

/// `carender concat PARTS… -o OUT`: joins the parts of a sharded render
/// (``CAMovieExporter/concatenate(_:into:format:ffmpeg:)``).
struct Concat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Joins the MP4 or APNG parts of a render made with --shard K/N into one file.",
        discussion: """
            The parts are given in order (part 1 first). MP4 parts are copied, not encoded again: \
            the result has the frames and timestamps of a single render; each part's frames are \
            as its own encoder made them. APNG parts are joined losslessly: every frame equals a \
            single render's. PNG frames need no joining: every part writes into the same folder \
            under the frame numbers of the whole render.

            Example:
              carender render spring -o part1.mp4 --shard 1/3   (and 2/3, 3/3, on any machines)
              carender concat part1.mp4 part2.mp4 part3.mp4 -o spring.mp4
            """)

    @Argument(help: "The parts, in order.")
    var parts: [String]

    @Option(name: .shortAndLong, help: "The file to write: .mp4 or .apng.")
    var output: String

    @OptionGroup var ffmpegOption: FFmpegOption

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("give the parts to join, in order") }
        guard OutputFormat(path: output) == .mp4 || OutputFormat(path: output) == .apng else {
            throw ValidationError("--output must end in .mp4 or .apng; got '\(output)'")
        }
    }

    func run() throws {
        guard let format = OutputFormat(path: output) else { misuse("validate() checked the format") }
        ffmpegOption.apply()
        try CAMovieExporter.concatenate(parts, into: output, format: format.movieFormat)
        print("Wrote \(output): \(parts.count) parts joined.")
    }
}
