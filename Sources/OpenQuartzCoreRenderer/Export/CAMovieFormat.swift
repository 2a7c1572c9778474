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
    /// Numbered PNG files in a folder (made when missing): `frame-00000.png`, … numbered from
    /// ``CAMovieExporter/firstFileNumber`` (0 by default) in the order of the frames.
    case pngSequence
    /// An Apple ProRes 4444 video with alpha in a QuickTime `.mov` file (`yuva444p10le`): what
    /// After Effects, Premiere Pro, Final Cut Pro and DaVinci Resolve take with transparency.
    case proRes4444
    /// A VP9 video with alpha in a WebM file (`yuva420p`, constant quality `crf`, 0 … 63), as
    /// browsers play transparent video. `speed` is libvpx's `-cpu-used` (0, slowest and
    /// smallest, … 5, fastest, in the good-quality mode used here); nil leaves libvpx's own (1).
    case webm(crf: Int = 31, speed: Int? = nil)
    /// A looping animated WebP, lossless, with alpha.
    case webp

    /// Whether ffmpeg makes the file.
    public var needsFFmpeg: Bool {
        switch self {
        case .mp4, .gif, .apng, .proRes4444, .webm, .webp: true
        case .png, .pngSequence: false
        }
    }

    /// The pixels the written file holds.
    public var pixelFormat: CAMoviePixelFormat {
        switch self {
        case .mp4: .yuv420p
        case .gif: .pal8
        case .png, .pngSequence, .apng: .rgba
        case .proRes4444: .yuva444p10le
        case .webm: .yuva420p
        case .webp: .bgra
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

    /// ffmpeg's arguments after the input of `width × height` frames, up to and including the
    /// output file.
    func ffmpegOutputArguments(to path: String, width: Int, height: Int) -> [String] {
        switch self {
        case .mp4(let settings):
            // H.264 in yuv420p needs even sizes: pad odd ones by a pixel at the right or bottom
            // (a filter that copies every frame, so only for them: 1 % of x264's time at 1080p).
            // The tags say what the frames are, so that players convert them back right: BT.709
            // matrix and primaries, limited range, and sRGB's transfer curve.
            (width % 2 == 1 || height % 2 == 1 ? ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] : [])
                + ["-c:v", "libx264", "-pix_fmt", FFmpegPixelFormat.yuv420p.rawValue]
                + (settings.preset.map { ["-preset", $0] } ?? []) + ["-crf", "\(settings.crf)"]
                + settings.extraArguments + Self.videoColorTags + ["-movflags", "+faststart", "-f", "mp4", path]
        case .gif:
            ["-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", "-f", "gif", path]
        case .apng:
            ["-plays", "0", "-pix_fmt", pixelFormat.rawValue, "-f", "apng", path]
        case .proRes4444:
            // Profile 4 is 4444; the alpha plane keeps 16 bits. Y′CbCr by BT.709, tagged so.
            [
                "-vf", Self.videoColorFilter + ":out_range=tv", "-c:v", "prores_ks", "-profile:v", "4", "-alpha_bits",
                "16",
            ]
                + ["-vendor", "apl0", "-pix_fmt", pixelFormat.rawValue] + Self.videoColorTags + ["-f", "mov", path]
        case .webm(let crf, let speed):
            // Constant quality (`-b:v 0`); the alpha goes in a second VP9 stream of the frames.
            ["-vf", Self.videoColorFilter + ":out_range=tv", "-c:v", "libvpx-vp9", "-pix_fmt", pixelFormat.rawValue]
                + ["-crf", "\(crf)", "-b:v", "0", "-row-mt", "1", "-auto-alt-ref", "0"]
                + (speed.map { ["-cpu-used", "\($0)"] } ?? []) + Self.videoColorTags + ["-f", "webm", path]
        case .webp:
            [
                "-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "-pix_fmt", pixelFormat.rawValue, "-f", "webp",
                path,
            ]
        case .png, .pngSequence:
            misuse("\(self) is written without ffmpeg")
        }
    }

    /// ffmpeg's scale filter converting RGBA frames to Y′CbCr by BT.709, as the renderer
    /// converts its own for MP4.
    static let videoColorFilter = "scale=out_color_matrix=bt709"

    /// ffmpeg's output options that tag a video made of the renderer's Y′CbCr frames.
    static let videoColorTags = [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv",
    ]
}

/// The pixels a ``CAMovieFormat`` writes, by ffmpeg's `-pix_fmt` names.
public enum CAMoviePixelFormat: String, Hashable, Sendable {
    /// Y′CbCr 4:2:0, 8 bits: H.264 video, no alpha.
    case yuv420p
    /// Y′CbCr 4:2:0 with a full-resolution alpha plane, 8 bits: VP9 in WebM.
    case yuva420p
    /// Y′CbCr 4:4:4 with alpha, 10 bits (the alpha 16 in the file): ProRes 4444.
    case yuva444p10le
    /// Straight 8-bit RGBA: PNG and APNG.
    case rgba
    /// Straight 8-bit BGRA: lossless WebP.
    case bgra
    /// 8-bit palette indices, one of them transparent: GIF.
    case pal8

    /// Whether the file keeps transparency (GIF's as one transparent palette entry: a pixel is
    /// shown or not).
    public var hasAlpha: Bool { self != .yuv420p }
}
