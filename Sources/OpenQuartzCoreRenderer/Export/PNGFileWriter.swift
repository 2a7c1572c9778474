import Foundation
import OpenCoreGraphics

/// Writes each frame it gets to one PNG file: for a single frame. The file is replaced only
/// by a complete PNG (see ``CAOutputFile``).
final class PNGFileWriter: FrameSink {
    let output: CAOutputFile

    init(_ output: CAOutputFile) {
        self.output = output
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        try output.write(frame.pngData(for: output.path))
    }

    func finish() {}
    func abandon() {}
}
