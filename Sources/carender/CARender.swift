import ArgumentParser
import OpenQuartzCoreRenderer

@main
struct CARender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carender",
        abstract: "Runs and renders Core Animation layer trees on Linux.",
        subcommands: [
            Experiments.self, GalleryCommand.self, Render.self, Frame.self, Inspect.self, Convert.self, Concat.self,
            Preview.self,
        ],
        defaultSubcommand: Experiments.self
    )

    /// Argument parser's `main()`, with SIGINT and SIGTERM handled from the start (see
    /// ``Interruption``).
    static func main() {
        Interruption.install()
        CABundledFonts.use(besideBinaryIn: CABundledFonts.executableFolder)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // A failure caused by a signal's cleanup (ffmpeg killed under a write) is not
            // reported: the cleanup ends the process with the signal's status.
            Interruption.waitIfStopping()
            exit(withError: error)
        }
    }
}
