import ArgumentParser
import Foundation
import OpenQuartzCoreRenderer

/// `carender`: the command line, run by the `carender` executable and, in a child process, by
/// the Python package through the C library (`oqc_carender_main`).
public struct CARender: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "carender",
        abstract: "Runs and renders Core Animation layer trees on Linux.",
        subcommands: [
            Experiments.self, GalleryCommand.self, Render.self, Frame.self, Inspect.self, Convert.self, Concat.self,
            Preview.self,
        ],
        defaultSubcommand: Experiments.self
    )

    public init() {}

    /// Argument parser's `main()`, with SIGINT and SIGTERM handled from the start (see
    /// ``Interruption``).
    public static func main() {
        main(nil, fontsBesideBinaryIn: CABundledFonts.executableFolder)
    }

    /// Runs the command line `arguments` (the process's own when nil) and exits, with the
    /// portable release's fonts when the binary in `folder` is in one (``CABundledFonts``).
    public static func main(_ arguments: [String]?, fontsBesideBinaryIn folder: URL) -> Never {
        Interruption.install()
        CABundledFonts.use(besideBinaryIn: folder)
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            // A failure caused by a signal's cleanup (ffmpeg killed under a write) is not
            // reported: the cleanup ends the process with the signal's status.
            Interruption.waitIfStopping()
            exit(withError: error)
        }
        Foundation.exit(0)
    }
}
