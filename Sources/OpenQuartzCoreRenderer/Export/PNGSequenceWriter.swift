import Foundation
import OpenCoreGraphics

/// Writes frames as `frame-00000.png`, `frame-00001.png`, … into a folder, made when missing,
/// numbered from `firstNumber`. Each frame replaces its file only when complete (see
/// ``CAOutputFile``), so a run that fails leaves the frames it had not reached as they were.
final class PNGSequenceWriter: FrameSink {
    let folder: URL
    let firstNumber: Int

    init(folder path: String, firstNumber: Int) throws(CAMovieExportError) {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        self.firstNumber = firstNumber
        try makeFolder(path)
    }

    /// The file of the frame numbered `number`.
    static func url(ofFrame number: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("frame-" + String(format: "%05d", number) + ".png")
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        let path = Self.url(ofFrame: firstNumber + frame.index, in: folder).path
        try CAOutputFile(path).write(frame.pngData(for: path))
    }

    func finish() {}
    func abandon() {}
}
