import ArgumentParser
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes

/// `carender convert IN OUT`: a CAML document, a wallpaper, a Lottie file or a demo written as
/// CAML.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Writes a CAML document, a Lottie file or a built-in demo as a .caml file, a .ca bundle or a .tendies wallpaper.",
        discussion: """
            IN is a .caml file, a .ca bundle (a folder ending in .ca or holding index.xml), a \
            Lottie file (.json, .lottie) or the name of a demo; OUT's extension says what to write: OUT.caml, one file with its \
            images inline as data: URIs, or OUT.ca, a bundle folder with index.xml, main.caml \
            and the images in assets/.

            A document is written normalised, as Apple's writer lays CAML out: properties that \
            differ from a new layer's as attributes, images as the bytes they were read from, \
            states and transitions with LK… elements. A demo is written as its tree at its \
            start, with its animations; what it draws in code is rendered into images; changes \
            it makes later on its timeline are not in the file (a note says so). A Lottie file is \
            written as the layer tree it makes, with its animations, playing once from time 0: \
            the document draws the animation's frames as the Lottie file does.

            OUT is replaced only once it is complete: a file (.caml, .tendies) through a \
            temporary file, a bundle through a temporary folder beside it. An existing folder is replaced only when it is \
            a .ca bundle or empty.

            Examples:
              carender convert Clock.ca Clock.caml
              carender convert wallpaper.caml normalised.ca
              carender convert spring spring.ca
              carender convert loader.json loader.ca
              carender convert loader.json Loader.tendies

            The demos: \(MainActor.assumeIsolated { Demos.nameList }).
            """)

    @Argument(help: "The .caml file, .ca bundle, .tendies package, Lottie file or demo to convert.")
    var input: String

    @Argument(help: "The .caml file, .ca bundle or .tendies package to write.")
    var output: String

    func run() throws {
        // Checked here rather than in `validate()`, so that a mistake exits with status 1, as
        // every other failure of the conversion does, not with the usage status 64.
        do {
            try validateDemoName(input)
        } catch let error as ValidationError {
            throw CommandError("\(error.message).")
        }
        guard CAMLOutputWriter.packageType(of: output) != nil else {
            throw CommandError(
                "OUT must end in .caml (one file), .ca (a bundle folder) or .tendies (a wallpaper package); got '\(output)'."
            )
        }
        try MainActor.assumeIsolated {
            let source = try CAMLSource.named(input)
            let made = try source.package()
            let written = try withExtendedLifetime(made.keep) { try CAMLOutputWriter.write(made.package, to: output) }
            for note in made.notes + written.warnings {
                FileHandle.standardError.write(Data("carender: warning: \(note)\n".utf8))
            }
            let assets =
                written.assets == 0 ? "no images" : written.assets == 1 ? "1 image" : "\(written.assets) images"
            print(
                "Wrote \(output)\(CAMLOutputWriter.packageType(of: output) == kCAPackageTypeCAMLBundle ? " (\(assets) in assets/)" : "")."
            )
        }
    }
}
