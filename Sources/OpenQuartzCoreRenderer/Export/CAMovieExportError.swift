import Foundation
import OpenCoreGraphics

/// Why a ``CAMovieExporter`` export (or a ``CAOutputFile`` write) failed. Whatever the case,
/// what was at the target before the export is unchanged, and no temporary file is left.
public enum CAMovieExportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// How an ffmpeg process ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status (0 when it reported an error in its output yet exited 0).
        case exited(Int32)
        /// A signal killed it.
        case killed(bySignal: Int32)
    }

    /// No `ffmpeg` executable in a folder of `PATH`; MP4, GIF and APNG need one.
    case ffmpegNotFound
    /// ffmpeg was found at `path` but could not be started.
    case cannotStartFFmpeg(path: String, reason: String)
    /// ffmpeg failed while writing `file`: how it ended, and the last lines it printed (at most 30).
    case ffmpegFailed(file: String, termination: Termination, lastLines: String)
    /// ffmpeg exited 0, but the file it wrote for `file` is cut off (`problem` says where).
    case incompleteFile(file: String, problem: String, ffmpegOutput: String)
    /// The disk holding `folder` filled up while `file` was written.
    case diskFull(file: String, folder: String)
    /// `file` cannot be written; `reason` says why and what to do.
    case cannotWrite(file: String, reason: String)
    /// The export's task was cancelled: ffmpeg was stopped and the temporary files removed.
    case cancelled

    public var description: String {
        switch self {
        case .ffmpegNotFound:
            "ffmpeg was not found on PATH; MP4, MOV, WebM and WebP are encoded by it. Install it "
                + "(on Debian or Ubuntu: sudo apt-get install ffmpeg; Scripts/install-dependencies.sh does it), "
                + "or name one with --ffmpeg PATH or the CARENDER_FFMPEG variable (pip install imageio-ffmpeg "
                + "brings one without root), and run this again. PNG, APNG and GIF output work without it: "
                + "--output frame.png for one frame, --output frames/ for numbered PNG frames, or --output movie.apng "
                + "or movie.gif."
        case .cannotStartFFmpeg(let path, let reason):
            "cannot start ffmpeg at '\(path)': \(reason). "
                + "Reinstall it (sudo apt-get install ffmpeg), put a working one first on PATH, or name one "
                + "with --ffmpeg PATH or CARENDER_FFMPEG."
        case .ffmpegFailed(let file, let termination, let printed):
            "ffmpeg \(Self.words(termination)) while writing '\(file)'"
                + (printed.isEmpty ? " and printed nothing." : "; it printed:\n" + printed)
                + "\nWhat was at '\(file)' is unchanged. Check that the folder has room and that this "
                + "ffmpeg can encode the format (ffmpeg -encoders lists libx264, gif and apng), or write PNG frames "
                + "instead."
        case .incompleteFile(let file, let problem, let printed):
            "ffmpeg said it succeeded, but the file it wrote for '\(file)' is incomplete (\(problem)), "
                + "so it was not used and what was there is unchanged."
                + (printed.isEmpty ? "" : " It printed:\n" + printed)
        case .diskFull(let file, let folder):
            "no space left on device: the disk holding '\(folder)' is full, so '\(file)' was not written "
                + "and what was there is unchanged. Free some space or choose another --output."
        case .cannotWrite(let file, let reason):
            "cannot write '\(file)': \(reason)"
        case .cancelled:
            "the export was cancelled; the unfinished output was removed and what was there before is unchanged."
        }
    }

    private static func words(_ termination: Termination) -> String {
        switch termination {
        case .exited(0): "reported an error"
        case .exited(let status): "exited with status \(status)"
        case .killed(let signal): "was killed by signal \(signal)"
        }
    }
}
