import ArgumentParser
import Foundation
import OpenCoreGraphics
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// What `carender render` checks before it renders: the options together, a batch, a single
/// input.
extension Render {
    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("give a scene, a CAML document or a Lottie file to render")
        }
        if outputDirectory != nil {
            try validateBatch()
        } else {
            guard variants == nil else {
                throw ValidationError("--variants writes into a folder: give --output-dir FOLDER")
            }
            guard rows == nil else { throw ValidationError("--rows chooses rows of --variants' list") }
            guard inputs.count == 1, output != nil else {
                throw ValidationError(
                    inputs.count == 1
                        ? "give --output FILE (or --output-dir FOLDER)"
                        : "several inputs render into a folder: give --output-dir FOLDER")
            }
            try validateSingle()
        }
        try validateOptions()
    }

    /// What a batch (`--output-dir`) refuses: an `--output`, `--shard`, `--states`, and any
    /// `--frames` or `--loops` when an input named is not a Lottie file.
    func validateBatch() throws {
        guard output == nil else { throw ValidationError("give --output or --output-dir, not both") }
        if lottieOptions.animation != nil || lottieOptions.marker != nil || lottieOptions.theme != nil
            || lottieOptions.slots != nil
        {
            guard inputs.count == 1 else {
                throw ValidationError(
                    "--animation, --marker, --theme and --slots apply to one Lottie file; give one input")
            }
            try lottieOptions.validate(for: inputs[0])
        }
        guard rows == nil || variants != nil else { throw ValidationError("--rows chooses rows of --variants' list") }
        _ = try rowRange()
        if variants != nil {
            guard inputs.count == 1, SceneDefinition.isLottieFile(inputs[0]) else {
                throw ValidationError("--variants renders one Lottie file (.json, .lottie) many times; give one")
            }
        }
        guard shard == nil else { throw ValidationError("--shard renders one input; it does not go with --output-dir") }
        guard stateOption.states == nil else {
            throw ValidationError("--states runs one document; it does not go with --output-dir")
        }
        try validateQuality(for: try formats() ?? [.mp4])
        if frames != nil || loops != nil {
            for input in inputs where !SceneDefinition.isLottieFile(input) && !isBatchFolder(input) {
                throw ValidationError(
                    "--frames and --loops apply to Lottie files (.json, .lottie); '\(input)' is not one")
            }
        }
    }

    func validateSingle() throws {
        try validateSceneName(scene)
        try lottieOptions.validate(for: scene)
        if try shardPart() != nil {
            let chosen = try singleFormat()
            guard chosen == .mp4 || chosen == .apng || chosen == .pngSequence else {
                throw ValidationError(
                    "--shard renders MP4, APNG or PNG frames (a GIF part would have a palette of its own, "
                        + "and a single PNG is one frame)")
            }
        }
        try stateOption.validate(for: scene)
        if frames != nil || loops != nil, !SceneDefinition.isLottieFile(scene) {
            throw ValidationError(
                "--frames and --loops apply to Lottie files (.json, .lottie); give --from and --to in seconds")
        }
        if let chosen = try singleFormat() { try validateQuality(for: [chosen]) }
        guard try singleFormat() != nil else {
            throw ValidationError(
                "cannot tell the format of --output '\(output ?? "")': use a name ending in .png, .mp4, .gif, "
                    + ".apng, .mov, .webm or .webp, a folder ending in / for numbered PNG frames, or give --format")
        }
    }

    /// The options every render checks: scale, frame rate, times, size and background.
    func validateOptions() throws {
        try validateScale(picture.scale)
        if let fps, !(1...240).contains(fps) {
            throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)")
        }
        if let loops, !(1...1000).contains(loops) {
            throw ValidationError("--loops must be a whole number from 1 to 1000; got \(loops)")
        }
        if frames != nil, lottieOptions.marker != nil {
            throw ValidationError("give --frames or --marker, not both")
        }
        if frames != nil || lottieOptions.marker != nil {
            _ = try frameRange()
            guard to == nil, duration == nil, from == 0 else {
                throw ValidationError(
                    "give \(frames != nil ? "--frames" : "--marker") or --from, --to and --duration, not both")
            }
        }
        guard from.isFinite, from >= 0 else {
            throw ValidationError("--from must be a number of seconds, 0 or more; got \(shortNumber(from))")
        }
        if let duration {
            guard duration.isFinite, duration > 0, duration <= 3600 else {
                throw ValidationError(
                    "--duration must be a number of seconds above 0 and at most 3600; got \(shortNumber(duration))")
            }
        }
        if let to {
            guard duration == nil else {
                throw ValidationError("give --to or --duration, not both: --to is --from plus --duration")
            }
            guard to.isFinite, to > from else {
                throw ValidationError(
                    "--to must be a time after --from (\(shortNumber(from)) s); got \(shortNumber(to))")
            }
            guard to - from <= 3600 else {
                throw ValidationError("--to may be at most 3600 s after --from; got \(shortNumber(to))")
            }
        }
        try picture.validateSizeAndBackground()
    }
}
