import Foundation
import OpenCoreGraphics

/// Writes the frame it gets to one PNG file: for a single frame. The frame is encoded when
/// written and the file replaced when the export finishes, only by a complete PNG (see
/// ``CAOutputFile``).
final class PNGFileWriter: FrameSink {
    let output: CAOutputFile
    private var encoded: Data?

    init(_ output: CAOutputFile) {
        self.output = output
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        encoded = try frame.pngData(for: output.path)
    }

    func finish() throws(CAMovieExportError) {
        guard let encoded else { return }
        self.encoded = nil
        try output.write(encoded)
    }

    func abandon() {
        encoded = nil
    }
}
