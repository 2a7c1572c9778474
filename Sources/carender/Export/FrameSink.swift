import OpenCoreGraphics
import Foundation
import OpenQuartzCoreRenderer

/// A rendered frame on its way to a file.
struct ExportFrame {
    let frame: CARenderedFrame

    /// Its position among the frames rendered.
    var index: Int { frame.index }
    /// The size in pixels.
    var width: Int { frame.width }
    var height: Int { frame.height }

    /// The pixels in ffmpeg's pixel format `format`: `yuv420p` (the renderer's Y′CbCr planes)
    /// or `rgba` (straight).
    func pixels(in format: String) -> [UInt8] {
        switch format {
        case "yuv420p": frame.yCbCr420.bytes
        case "rgba": frame.rgba
        default: misuse("frames are not made in ffmpeg's pixel format \(format)")
        }
    }

    /// Encodes the frame as PNG.
    func pngData() throws -> Data { try frame.pngData() }
}

/// Where rendered frames go, one after another in order.
protocol FrameSink: AnyObject {
    /// The pixel formats the sink reads from the frames it takes.
    var pixelFormats: CAFrameRenderer.PixelFormats { get }
    /// Takes the next frame.
    func write(_ frame: ExportFrame) throws
    /// Completes the output after the last frame.
    func finish() throws
    /// Stops after a failure elsewhere, without completing the output.
    func abandon()
}

/// Writes each frame it gets to one PNG file: for a single frame. The file is replaced only
/// by a complete PNG (see ``OutputFile``).
final class PNGFileWriter: FrameSink {
    let output: OutputFile

    init(path: String) throws {
        output = try OutputFile(path)
    }

    init(_ output: OutputFile) {
        self.output = output
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws {
        try output.write(frame.pngData())
    }

    func finish() throws {}
    func abandon() {}
}

/// Writes frames as `frame-00000.png`, `frame-00001.png`, … into a folder, made when missing.
/// Each frame replaces its file only when complete (see ``OutputFile``), so a run that fails
/// leaves the frames it had not reached as they were.
final class PNGSequenceWriter: FrameSink {
    let folder: URL

    init(folder path: String) throws {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        try makeFolder(path, for: "the folder for the frames", advice: "Choose a folder you can write to.")
    }

    /// The file of frame `index`.
    func url(ofFrame index: Int) -> URL {
        folder.appendingPathComponent("frame-" + String(format: "%05d", index) + ".png")
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws {
        try OutputFile(url(ofFrame: frame.index).path).write(frame.pngData())
    }

    func finish() throws {}
    func abandon() {}
}

/// Makes the folder `path` (and the folders it is in), or throws an error that says why it
/// cannot be made and what to do; `what` names the folder's use ("the gallery folder").
func makeFolder(_ path: String, for what: String, advice: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw CommandError("cannot create \(what) '\(path)': \(whyFolderCannotBeMade(path)). \(advice)")
    }
}

/// Why `path` cannot be made into a folder: the nearest existing path on the way is a file, or
/// a folder this process cannot write to.
private func whyFolderCannotBeMade(_ path: String) -> String {
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

/// The system's words for why a file operation failed.
func reason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = Int32(exactly: underlying.code) {
        return String(cString: strerror(code))
    }
    return error.localizedDescription
}
