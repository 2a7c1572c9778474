import Foundation
import OpenCoreGraphics

/// What a ``CAMovieExporter`` writes.
public enum CAMovieFormat: Hashable, Sendable {
    /// The encoder settings of an H.264 video.
    public struct H264: Hashable, Sendable {
        /// x264's constant rate factor: 0 is lossless, 51 the worst; 18 looks lossless.
        public var crf: Int
        /// x264's preset (`ultrafast` … `veryslow`), nil for x264's default (`medium`).
        public var preset: String?
        /// More ffmpeg output options, placed before the output file (`["-tune", "animation"]`).
        public var extraArguments: [String]

        public init(crf: Int = 18, preset: String? = nil, extraArguments: [String] = []) {
            self.crf = crf
            self.preset = preset
            self.extraArguments = extraArguments
        }
    }

    /// One frame as a PNG file: the export must have exactly one frame.
    case png
    /// An H.264 video in an MP4 file (yuv420p; an odd width or height is padded by a pixel).
    case mp4(H264 = H264())
    /// A looping GIF with a palette made for the whole clip.
    case gif
    /// A looping animated PNG.
    case apng
    /// Numbered PNG files in a folder (made when missing): `frame-00000.png`, … numbered by
    /// the frame's number from media time 0 (``CAFrameSpan/first`` + its index).
    case pngSequence

    /// Whether ffmpeg makes the file.
    public var needsFFmpeg: Bool {
        switch self {
        case .mp4, .gif, .apng: true
        case .png, .pngSequence: false
        }
    }

    var isMP4: Bool {
        if case .mp4 = self { return true }
        return false
    }

    /// The pixel format frames reach ffmpeg in: Y′CbCr for video, which has no alpha;
    /// straight RGBA for the formats that keep transparency.
    var ffmpegInputPixelFormat: FFmpegPixelFormat {
        isMP4 ? .yuv420p : .rgba
    }

    /// ffmpeg's arguments after the input, up to and including the output file.
    func ffmpegOutputArguments(to path: String) -> [String] {
        switch self {
        case .mp4(let settings):
            // H.264 in yuv420p needs even sizes: pad odd ones by a pixel at the right or bottom.
            // The tags say what the frames are, so that players convert them back right: BT.709
            // matrix and primaries, limited range, and sRGB's transfer curve.
            ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", FFmpegPixelFormat.yuv420p.rawValue]
                + (settings.preset.map { ["-preset", $0] } ?? []) + ["-crf", "\(settings.crf)"]
                + settings.extraArguments + Self.videoColorTags + ["-movflags", "+faststart", "-f", "mp4", path]
        case .gif:
            ["-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", "-f", "gif", path]
        case .apng:
            ["-plays", "0", "-pix_fmt", FFmpegPixelFormat.rgba.rawValue, "-f", "apng", path]
        case .png, .pngSequence:
            misuse("\(self) is written without ffmpeg")
        }
    }

    /// ffmpeg's output options that tag a video made of the renderer's Y′CbCr frames.
    static let videoColorTags = [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv",
    ]
}
