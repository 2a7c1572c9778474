import ArgumentParser
import Foundation
import OpenCAML
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreScenes

/// `carender convert IN OUT`: a CAML document, a wallpaper, a Lottie file or a scene written as
/// CAML.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Writes a CAML document, a Lottie file or a built-in scene as a .caml file, a .ca bundle or a .tendies wallpaper.",
        discussion: """
            IN is a .caml file, a .ca bundle (a folder ending in .ca or holding index.xml), a \
            Lottie file (.json, .lottie) or the name of a scene; OUT's extension says what to write: OUT.caml, one file with its \
            images inline as data: URIs, or OUT.ca, a bundle folder with index.xml, main.caml \
            and the images in assets/.

            A document is written normalised, as Apple's writer lays CAML out: properties that \
            differ from a new layer's as attributes, images as the bytes they were read from, \
            states and transitions with LK… elements. A scene is written as its tree at its \
            start, with its animations; what it draws in code is rendered into images; changes \
            it makes later on its timeline are not in the file (a note says so). A Lottie file is \
            written as the layer tree it makes, with its animations, playing once from time 0: \
            the document draws the animation's frames as the Lottie file does.

            OUT is replaced only once it is complete: a file (.caml, .tendies) through a \
            temporary file, a bundle through a temporary folder beside it. An existing folder is replaced only when it is \
            a .ca bundle or empty.

            With --bake-expressions, IN is a Lottie file and OUT a Lottie JSON file: the file with \
            every After Effects expression replaced by keyframes at every frame it is drawn at, as \
            the complete engine evaluates it, so that players without expressions (lottie-ios, \
            lottie-android, rlottie) show what After Effects shows. An expression that does not \
            evaluate keeps its keyframes, with a warning naming it.

            Examples:
              carender convert Clock.ca Clock.caml
              carender convert wiggly.json baked.json --bake-expressions
              carender convert wallpaper.caml normalised.ca
              carender convert spring spring.ca
              carender convert loader.json loader.ca
              carender convert loader.json Loader.tendies

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
            """)

    @Argument(help: "The .caml file, .ca bundle, .tendies package, Lottie file or scene to convert.")
    var input: String

    @Argument(help: "The .caml file, .ca bundle or .tendies package to write (a .json file with --bake-expressions).")
    var output: String

    @Flag(help: "Write the Lottie file IN as Lottie JSON with its expressions replaced by keyframes.")
    var bakeExpressions = false

    func run() throws {
        if bakeExpressions {
            try bakeLottieExpressions()
            return
        }
        // Checked here rather than in `validate()`, so that a mistake exits with status 1, as
        // every other failure of the conversion does, not with the usage status 64.
        do {
            try validateSceneName(input)
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

    /// `--bake-expressions`: IN's expressions as keyframes, written to OUT in one step.
    private func bakeLottieExpressions() throws {
        guard SceneDefinition.isLottieFile(input) else {
            throw CommandError("--bake-expressions reads a Lottie file (.json, .lottie); got '\(input)'.")
        }
        guard output.lowercased().hasSuffix(".json") else {
            throw CommandError("with --bake-expressions OUT is a Lottie JSON file (.json); got '\(output)'.")
        }
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CommandError(error.description)
        }
        let json: Data
        if animation.hasExpressions {
            let baked = animation.bakingExpressions()
            for warning in baked.warnings {
                FileHandle.standardError.write(Data("carender: warning: \(input): \(warning)\n".utf8))
            }
            json = baked.json
        } else if input.lowercased().hasSuffix(".json"), let original = FileManager.default.contents(atPath: input) {
            json = original
        } else {
            throw CommandError("'\(input)' has no expressions to bake.")
        }
        do {
            try json.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandError("cannot write '\(output)': \(error.localizedDescription)")
        }
        print(
            "Wrote \(output)"
                + (animation.hasExpressions
                    ? ", its expressions baked into keyframes." : ", a copy: the file has no expressions."))
    }
}
