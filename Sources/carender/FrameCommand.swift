import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

/// `carender frame DEMO --time S --output FILE.png`: one frame of a demo as a PNG.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame of a gallery demo to a PNG file.",
        discussion: "The demos: \(MainActor.assumeIsolated { Gallery.demos.map(\.name).joined(separator: ", ") }).")

    @Argument(help: "The demo to render (see the list below).")
    var demo: String

    @Option(help: "The media time of the frame, in seconds from the demo's start.")
    var time: Double = 0

    @Option(help: "The PNG file to write.")
    var output: String

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    func validate() throws {
        guard time.isFinite, time >= 0 else {
            throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
        }
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw ValidationError("--scale must be a number above 0 and at most 16; got \(scale)")
        }
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError("--output must be a .png file; got '\(output)'")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let demo = try Gallery.demo(named: self.demo)
            let clock = CAManualClock()
            let root = demo.scene(on: clock, at: time)
            let renderer = CARenderer(
                width: Int((demo.size.width * scale).rounded()), height: Int((demo.size.height * scale).rounded()),
                scale: scale)
            renderer.layer = root
            try CAClock.$current.withValue(clock) {
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
                try writeFile(renderer.pngData(), to: output)
            }
        }
    }
}

/// Writes `data` to `path`, with an error that names the file and says what to do.
func writeFile(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
        try data.write(to: url)
    } catch {
        throw CommandError(
            "cannot write '\(path)': its folder does not exist or is not writable. Create the folder or choose another path."
        )
    }
}

/// A failure while running a command, printed as `Error: …` without the usage text.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
