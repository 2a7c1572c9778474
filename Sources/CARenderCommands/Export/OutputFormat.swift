import ArgumentParser
import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer

/// What `render` writes.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// One frame as a PNG file.
    case png
    /// An H.264 video in an MP4 file (yuv420p, for every browser and player).
    case mp4
    /// A looping GIF with a palette made for it.
    case gif
    /// A looping animated PNG.
    case apng
    /// Numbered PNG files in a folder: `frame-00000.png`, `frame-00001.png`, ….
    case pngSequence = "png-sequence"
    /// An Apple ProRes 4444 video with alpha in a QuickTime file.
    case mov
    /// A VP9 video with alpha in a WebM file.
    case webm
    /// A looping lossless animated WebP.
    case webp

    /// The format a path asks for: by its extension, or numbered frames for a path ending in
    /// `/` or naming an existing folder; nil when it says nothing we know.
    init?(path: String) {
        var isFolder: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        {
            self = .pngSequence
            return
        }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": self = .png
        case "mp4", "m4v": self = .mp4
        case "gif": self = .gif
        case "apng": self = .apng
        case "mov": self = .mov
        case "webm": self = .webm
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The extension of the file a batch writes in this format; nil for numbered frames, which
    /// go into a folder.
    var fileExtension: String? {
        switch self {
        case .pngSequence: nil
        default: rawValue
        }
    }

    /// The library's format for this choice.
    var movieFormat: CAMovieFormat { movieFormat(quality: EncoderQuality()) }

    /// The format with `quality`'s encoder settings (H.264's and VP9's; the others have none).
    func movieFormat(quality: EncoderQuality) -> CAMovieFormat {
        switch self {
        case .png: .png
        case .mp4: .mp4(.init(crf: quality.crf ?? 18, preset: quality.preset))
        case .gif: .gif
        case .apng: .apng
        case .pngSequence: .pngSequence
        case .mov: .proRes4444
        case .webm: .webm(crf: quality.crf ?? 31, speed: quality.preset.flatMap { EncoderQuality.vp9Speed[$0] ?? nil })
        case .webp: .webp
        }
    }
}

/// `--crf` and `--preset`: the quality and speed of the H.264 (MP4) and VP9 (WebM) encoders;
/// nil keeps the defaults (crf 18 and x264's `medium`; crf 31 and libvpx's own speed).
struct EncoderQuality: Equatable {
    var crf: Int?
    var preset: String?

    /// x264's presets, fastest first.
    static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow",
    ]

    /// The same names as libvpx's `-cpu-used` for VP9 (0 to 5 in its good-quality mode, which
    /// takes nothing faster): nil for `medium`, libvpx's default (1).
    static let vp9Speed: [String: Int?] = [
        "ultrafast": 5, "superfast": 5, "veryfast": 4, "faster": 3, "fast": 2, "medium": nil, "slow": 0,
        "slower": 0, "veryslow": 0,
    ]
}
