import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes

/// The `--frame` and `--progress` options of `frame` and `inspect`: a Lottie file's moment in
/// its own frame numbers, or as a fraction of its length, instead of `--time`.
struct LottieFrameOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A Lottie file's frame, in its own frame numbers (from ip to op; fractions allowed), instead of --time.",
            valueName: "frame"))
    var frame: Double?

    @Option(
        help: ArgumentHelp(
            "A Lottie file's moment as a fraction of its length, from 0 (frame ip) to 1 (frame op), instead of "
                + "--time.",
            valueName: "0…1"))
    var progress: Double?

    /// Checks that at most one of `--time`, `--frame` and `--progress` is given, that the
    /// number is usable, and that `scene` (the command's argument) is a Lottie file.
    func validate(for scene: String, time: Double?) throws {
        let given = [("--time", time != nil), ("--frame", frame != nil), ("--progress", progress != nil)]
            .filter(\.1).map(\.0)
        guard given.count <= 1 else {
            throw ValidationError(
                "give one of --time, --frame and --progress, not \(given.joined(separator: " and ")): "
                    + "they say the same moment in different units")
        }
        if let frame, !frame.isFinite {
            throw ValidationError("--frame must be a finite frame number; got \(shortNumber(frame))")
        }
        if let progress, !(progress.isFinite && (0...1).contains(progress)) {
            throw ValidationError("--progress must be a number from 0 to 1; got \(shortNumber(progress))")
        }
        guard let option = given.first, option != "--time" else { return }
        guard SceneDefinition.isLottieFile(scene) else {
            let what =
                SceneDefinition.packageType(of: scene) != nil
                ? "the CAML document '\(scene)'" : "the scene '\(scene)'"
            throw ValidationError(
                "\(option) applies to Lottie files (.json, .lottie), not to \(what); give --time in seconds")
        }
    }

    /// The scene time `--frame` or `--progress` names in `scene` (frame N at (N − ip) / fr,
    /// progress p at frame ip + p · (op − ip)); nil when neither is given.
    func time(in scene: SceneDefinition) -> CFTimeInterval? {
        if let frame { return scene.time(atFrame: frame) }
        if let progress, let animation = scene.animation {
            return scene.time(atFrame: animation.frame(atProgress: progress))
        }
        return nil
    }
}
