import ArgumentParser
import Foundation
import OpenLottie
import OpenQuartzCoreScenes

/// The `--values` option of `frame` and `render`: what a template changes in a Lottie file
/// (value providers by keypath, a picture for every image asset, texts, a viewport), read from
/// a JSON file (``LottieValues``).
struct LottieValuesOption: ParsableArguments {
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

    /// `scene`, after warning on standard error of each setting of `values` that changes
    /// nothing in it (a keypath matching no property, with the closest ones; a value of the
    /// wrong kind).
    static func checked(_ scene: SceneDefinition, values: LottieValues?) -> SceneDefinition {
        guard let values, let animation = scene.animation else { return scene }
        for warning in values.problems(with: animation) {
            FileHandle.standardError.write(Data("carender: warning: \(warning)\n".utf8))
        }
        return scene
    }
}
