import ArgumentParser

@main
struct CARender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carender",
        abstract: "Runs and renders Core Animation layer trees on Linux.",
        subcommands: [Demo.self, GalleryCommand.self, Render.self, Frame.self, Inspect.self],
        defaultSubcommand: Demo.self
    )
}
