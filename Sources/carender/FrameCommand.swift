import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// `carender frame DEMO|FILE --time S --output FILE.png`: one frame of a demo or a CAML
/// document as a PNG.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame of a gallery demo or a CAML document to a PNG file.",
        discussion: """
            The same as carender render DEMO --output FILE.png --from TIME --scale S. DEMO may \
            be a .caml file, a .ca bundle or a .tendies package instead, and --states runs its \
            state machine as render's does, so the frame is the same picture as render's frame \
            at that time (see carender render --help).

            The demos: \(MainActor.assumeIsolated { Demos.nameList }).
            """)

    @Argument(help: "The demo to render (see the list below), or a .caml file, .ca bundle or .tendies package.")
    var demo: String

    @OptionGroup var stateOption: StatesOption

    @Option(help: "The media time of the frame, in seconds from the demo's start.")
    var time: Double = 0

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: ArgumentHelp("The picture's size in points (default: the demo's size).", valueName: "WxH"))
    var size: String?

    func validate() throws {
        try validateDemoName(demo)
        try stateOption.validate(for: demo)
        guard time.isFinite, time >= 0 else {
            throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
        }
        try validateScale(scale)
        if let size {
            try Framing(size: Framing.parseSize(size), scale: scale).validate()
        }
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError(
                "--output must be a .png file; got '\(output)' (carender render writes MP4, GIF, APNG and PNG frames)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let demo = try loadScene(self.demo, states: stateOption.timeline())
            let framing = Framing(size: try size.map(Framing.parseSize) ?? demo.size, scale: scale)
            try framing.validate()
            try renderDemo(
                demo, framing: framing, frames: singleFrame(at: time),
                to: [CAMovieExporter.Output(path: output, format: .png)])
        }
    }
}

/// A failure while running a command, printed as `Error: …` without the usage text.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
