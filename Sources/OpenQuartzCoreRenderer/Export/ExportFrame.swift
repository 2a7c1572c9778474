import Foundation
import OpenCoreGraphics

/// A rendered frame on its way to a file.
struct ExportFrame {
    let frame: CARenderedFrame

    /// Its position among the frames rendered.
    var index: Int { frame.index }

    /// The pixels in ffmpeg's pixel format `format`.
    func pixels(in format: FFmpegPixelFormat) -> [UInt8] {
        format.pixels(of: frame)
    }

    /// Encodes the frame as PNG.
    func pngData(for file: String) throws(CAMovieExportError) -> Data {
        do {
            return try frame.pngData()
        } catch {
            throw .cannotWrite(file: file, reason: "the frame could not be encoded as PNG: \(error).")
        }
    }
}
