import OpenCoreGraphics
import ArgumentParser
import Foundation
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
        default: return nil
        }
    }

    /// Whether ffmpeg makes the file.
    var needsFFmpeg: Bool {
        switch self {
        case .mp4, .gif, .apng: true
        case .png, .pngSequence: false
        }
    }

    /// The pixel format frames reach ffmpeg in. For video, the renderer's planar Y′CbCr 4:2:0
    /// (BT.709, limited range), which the render workers convert from the drawn pixels beside
    /// the painting, so that ffmpeg only encodes; it is the frame over black, since video has
    /// no alpha. For the formats that keep transparency, straight RGBA.
    var ffmpegInputPixelFormat: String {
        self == .mp4 ? "yuv420p" : "rgba"
    }

    /// The pixel formats the renderer delivers for this output.
    var rendererPixelFormats: CAFrameRenderer.PixelFormats {
        self == .mp4 ? .yCbCr420 : .premultipliedBGRA
    }

    /// ffmpeg's arguments after the input, up to and including the output file.
    func ffmpegOutputArguments(to path: String) -> [String] {
        switch self {
        case .mp4:
            // H.264 in yuv420p needs even sizes: pad odd ones by a pixel at the right or bottom.
            // The tags say what the frames are, so that players convert them back right: BT.709
            // matrix and primaries, limited range, and sRGB's transfer curve, which the colours
            // were given in.
            [
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
            ] + Self.videoColorTags + ["-movflags", "+faststart", "-f", "mp4", path]
        case .gif:
            // One palette for the whole clip, then each frame mapped onto it.
            ["-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", "-f", "gif", path]
        case .apng:
            ["-plays", "0", "-pix_fmt", "rgba", "-f", "apng", path]
        case .png, .pngSequence:
            misuse("\(rawValue) is written without ffmpeg")
        }
    }

    /// ffmpeg's output options that tag a video made of the renderer's Y′CbCr frames.
    static let videoColorTags = [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv",
    ]
}
