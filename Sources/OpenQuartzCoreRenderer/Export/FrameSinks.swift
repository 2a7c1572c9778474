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

/// Where rendered frames go, one after another in order.
protocol FrameSink: AnyObject {
    /// The pixel formats the sink reads from the frames it takes.
    var pixelFormats: CAFrameRenderer.PixelFormats { get }
    /// Takes the next frame.
    func write(_ frame: ExportFrame) throws(CAMovieExportError)
    /// Completes the output after the last frame.
    func finish() throws(CAMovieExportError)
    /// Stops after a failure elsewhere, or a cancellation, without completing the output.
    func abandon()
}

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

/// Makes the folder `path` (and the folders it is in), or throws an error that says why not.
func makeFolder(_ path: String) throws(CAMovieExportError) {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw .cannotWrite(
            file: path,
            reason:
                "the folder cannot be made: \(CAOutputFile.whyFolderCannotBeMade(path)). Choose a folder you can write to."
        )
    }
}

extension CAOutputFile {
    /// Why `path` cannot be made into a folder: the nearest existing path on the way is a file, or
    /// a folder this process cannot write to.
    public static func whyFolderCannotBeMade(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "'\(url.path)' is a file, not a folder" }
                if !FileManager.default.isWritableFile(atPath: url.path) { return "'\(url.path)' is not writable" }
                break
            }
            url.deleteLastPathComponent()
        }
        return "the system refused"
    }

}

/// The system's words for why a file operation failed.
func systemReason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = Int32(exactly: underlying.code) {
        return String(cString: strerror(code))
    }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    return error.localizedDescription
}
