import Foundation
import OpenCoreGraphics

/// Where rendered frames go, one after another in order.
protocol FrameSink: AnyObject {
    /// The pixel formats the sink reads from the frames it takes.
    var pixelFormats: CAFrameRenderer.PixelFormats { get }
    /// Takes the next frame.
    func write(_ frame: ExportFrame) throws(CAMovieExportError)
    /// Says the last frame was written: an encoder in another process may go on working on
    /// its own until ``finish()``.
    func endInput()
    /// Completes the output after the last frame.
    func finish() throws(CAMovieExportError)
    /// Stops after a failure elsewhere, or a cancellation, without completing the output.
    func abandon()
}

extension FrameSink {
    func endInput() {}
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
