import Foundation

/// A pixel format that rendered frames reach ffmpeg in (its `-pix_fmt` names), and what the
/// renderer delivers for it.
enum FFmpegPixelFormat: String {
    /// The renderer's planar Y′CbCr 4:2:0 (BT.709, limited range, converted on the render
    /// workers): video, which has no alpha.
    case yuv420p
    /// Straight RGBA: the formats that keep transparency.
    case rgba

    /// What the renderer makes of each frame for this format.
    var rendererPixelFormats: CAFrameRenderer.PixelFormats {
        switch self {
        case .yuv420p: .yCbCr420
        case .rgba: .premultipliedBGRA
        }
    }

    /// The pixels of `frame` in this format.
    func pixels(of frame: CARenderedFrame) -> [UInt8] {
        switch self {
        case .yuv420p: frame.yCbCr420.bytes
        case .rgba: frame.rgba
        }
    }
}
