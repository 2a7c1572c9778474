import ArgumentParser
import Foundation
import OpenLottie
import OpenQuartzCoreScenes

/// The options of `frame` and `render` for Lottie files: `--animation` (which animation of a
/// dotLottie package), `--values` (what a template changes: value providers by keypath, a
/// picture for every image asset, texts, a viewport, read from a JSON file, ``LottieValues``)
/// and `--marker` (a marker's segment, or its first frame).
struct LottieFileOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The animation of a dotLottie package to play, by its id in the manifest (default: the one it starts "
                + "with).",
            valueName: "id"))
    var animation: String?

    @Option(
        help: ArgumentHelp(
            "A dotLottie package's theme, by its id (t/ID.json): its rules fill the animation's slots.",
            valueName: "id"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "Values for the properties a Lottie file marks with slot ids: a JSON slots object ({\"ID\": {\"p\": "
                + "PROPERTY}}) or a dotLottie theme ({\"rules\": […]}).",
            valueName: "file"))
    var slots: String?

    /// `--slots` read, nil without it.
    func slotValues() throws -> LottieSlots? {
        guard let slots else { return nil }
        do {
            return try LottieSlots(contentsOf: URL(fileURLWithPath: slots))
        } catch {
            throw CommandError(error.description)
        }
    }

    @Option(
        help: ArgumentHelp(
            "The engine to draw a Lottie file with: complete (the default: the file as After Effects and "
                + "lottie-web show it, its expressions evaluated), or as lottie-ios draws it: automatic "
                + "(core-animation unless lottie-ios's compatibility check declines the file; inspect says why), "
                + "core-animation or main-thread.",
            valueName: "engine"))
    var engine: RenderingEngineOption?

    @Option(
        help: ArgumentHelp(
            "A folder of font files (.ttf, .otf, .ttc) that the complete engine looks in first for the fonts a "
                + "Lottie file's text names, before the installed fonts (fontconfig's); repeatable.",
            valueName: "folder"))
    var fonts: [String] = []

    /// The configuration `--engine` and `--fonts` ask for.
    var configuration: LottieConfiguration {
        LottieConfiguration(
            renderingEngine: engine ?? Self.defaultConfiguration.renderingEngine,
            fontFolders: fonts.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }

    /// What `carender` draws Lottie files with when not told: the complete engine, the file as
    /// its designer saw it (`LottieConfiguration`'s own default is lottie-ios's `.automatic`).
    static let defaultConfiguration = LottieConfiguration(renderingEngine: .complete)

    @Option(
        help: ArgumentHelp(
            "A Lottie file's marker: render plays its segment (its frame up to its frame plus its duration), frame "
                + "shows its frame.",
            valueName: "name"))
    var marker: String?

    @Option(
        help: ArgumentHelp(
            "A Lottie file's values: colours, numbers, points and gradients by keypath, a picture for every "
                + "image, texts, a viewport (a JSON file; docs/lottie.md says its format).",
            valueName: "file"))
    var values: String?

    /// The values file read, nil without `--values`; a usage error when `input` is not a
    /// Lottie file, the file's error (naming it and the JSON path) when it does not read.
    func values(for input: String) throws -> LottieValues? {
        guard let values else { return nil }
        guard SceneDefinition.isLottieFile(input) else {
            throw ValidationError("--values applies to Lottie files (.json, .lottie), not to '\(input)'")
        }
        do {
            return try LottieValues(contentsOf: URL(fileURLWithPath: values))
        } catch {
            throw CommandError(error.description)
        }
    }

    /// Checks that `--animation` and `--marker` are given only for a Lottie file.
    func validate(for input: String) throws {
        for (option, given) in [
            ("--animation", animation != nil), ("--marker", marker != nil), ("--theme", theme != nil),
            ("--slots", slots != nil), ("--engine", engine != nil), ("--fonts", !fonts.isEmpty),
        ] where given {
            guard SceneDefinition.isLottieFile(input) else {
                throw ValidationError("\(option) applies to Lottie files (.json, .lottie), not to '\(input)'")
            }
        }
        for folder in fonts {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ValidationError("--fonts: there is no folder at '\(folder)'") }
        }
    }

    /// The frames of `--marker` in `scene`: its frame and its frame plus its duration; nil
    /// without `--marker`; an error naming the markers the file has when it has none of that
    /// name.
    func markerFrames(in scene: SceneDefinition) throws -> (first: Double, end: Double)? {
        guard let marker, let animation = scene.animation else { return nil }
        guard let first = animation.frameTime(forMarker: marker) else {
            throw CommandError(
                "the animation has no marker \"\(marker)\"; its markers: "
                    + (animation.markerNames.isEmpty ? "none" : animation.markerNames.joined(separator: ", ")))
        }
        return (first, first + (animation.durationFrameTime(forMarker: marker) ?? 0))
    }

    /// `scene`, after warning on standard error of each setting of `values` that changes
    /// nothing in it (a keypath matching no property, with the closest ones; a value of the
    /// wrong kind), and, when `configuration` is given, of each font its text is not set in
    /// (``LottieAnimation/fontWarnings(configuration:)``).
    static func checked(
        _ scene: SceneDefinition, values: LottieValues?, configuration: LottieConfiguration?
    ) -> SceneDefinition {
        guard let animation = scene.animation else { return scene }
        for warning in values?.problems(with: animation) ?? [] {
            FileHandle.standardError.write(Data("carender: warning: \(warning)\n".utf8))
        }
        if let configuration { warnAboutFonts(of: animation, configuration: configuration) }
        return scene
    }

    /// Writes each of `animation`'s font warnings to standard error.
    static func warnAboutFonts(of animation: LottieAnimation, configuration: LottieConfiguration) {
        for warning in animation.fontWarnings(configuration: configuration) {
            FileHandle.standardError.write(Data("carender: warning: \(warning)\n".utf8))
        }
    }
}

extension RenderingEngineOption: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { ["complete", "automatic", "core-animation", "main-thread"] }
}
