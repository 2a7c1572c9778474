import ArgumentParser
import Foundation
import OpenLottie
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// `carender render A.json B.lottie DIR … --output-dir OUT --format mp4,webm`: many inputs
/// rendered in one process, one after another, each on all cores (the exporter's workers),
/// under one progress bar for the whole batch, with a line per input. An input that cannot be
/// read or rendered is reported with why, and the others go on; the exit status is 1 when any
/// failed. Every file is written as `render --output` writes one (beside it, then renamed
/// over it whole), so nothing already in `OUT` is lost, and an interrupted batch leaves the
/// files it finished whole and no temporary files.
@MainActor
struct BatchRender {
    let command: Render
    let folder: String

    /// One input, read: what it renders and where.
    private struct Job {
        let input: String
        let scene: SceneDefinition
        let framing: Framing
        let frames: FrameSpan
        /// Written in one pass over ``frames``.
        let outputs: [CAMovieExporter.Output]
        /// A single PNG, at the start exactly: a pass of its own.
        let poster: CAMovieExporter.Output?

        var frameCount: Int { (outputs.isEmpty ? 0 : frames.count) + (poster == nil ? 0 : 1) }
    }

    func run() throws {
        let formats = try command.formats() ?? [.mp4]
        let background = try BackgroundOption.parse(command.picture.background)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the folder '\(folder)': \(error.localizedDescription)")
        }
        var failures: [(input: String, reason: String)] = []
        func fail(_ input: String, _ reason: String) {
            failures.append((input, reason))
            FileHandle.standardError.write(Data("✗ \(input): \(reason)\n".utf8))
        }
        var jobs: [Job] = []
        var stems: [String: String] = [:]
        if let list = command.variants {
            jobs = try variantJobs(list, formats: formats, fail: fail)
        }
        for input in command.variants == nil ? expandedInputs(fail: fail) : [] {
            let stem = Self.stem(of: input)
            if let taken = stems[stem] {
                fail(input, "its files would be named \(stem), as those of '\(taken)' are")
                continue
            }
            stems[stem] = input
            do {
                jobs.append(try job(input, stem: stem, formats: formats))
            } catch {
                fail(input, "\(error)")
            }
        }
        let total = jobs.map(\.frameCount).reduce(0, +)
        var progress = ProgressBar(label: "\(jobs.count) file\(jobs.count == 1 ? "" : "s")", total: total)
        var done = 0
        var rendered = 0
        for job in jobs {
            do {
                if let poster = job.poster {
                    try renderScene(
                        job.scene, framing: job.framing, frames: singleFrame(at: job.frames.start), to: [poster],
                        background: background, framesDone: { progress.update(done: done + $0) })
                }
                let posterFrames = job.poster == nil ? 0 : 1
                if !job.outputs.isEmpty {
                    try renderScene(
                        job.scene, framing: job.framing, frames: job.frames, to: job.outputs, background: background,
                        framesDone: { progress.update(done: done + posterFrames + $0) })
                }
                done += job.frameCount
                rendered += 1
                progress.clear()
                let written = ([job.poster].compactMap { $0 } + job.outputs).map(\.path).joined(separator: ", ")
                let frames =
                    job.outputs.isEmpty
                    ? "one frame" : "\(job.frames.count) frames"
                print(
                    "✓ \(job.input) → \(written): \(frames) of "
                        + "\(job.framing.pixelWidth)×\(job.framing.pixelHeight) pixels"
                        + (job.outputs.isEmpty ? "" : " at \(job.frames.fps) fps"))
            } catch {
                done += job.frameCount
                progress.clear()
                Interruption.waitIfStopping()
                fail(job.input, "\(error)")
            }
            progress.update(done: done)
        }
        progress.finish()
        let count = rendered + failures.count
        print("Rendered \(rendered) of \(count) input\(count == 1 ? "" : "s") into \(folder).")
        if !failures.isEmpty {
            print("\(failures.count) failed:")
            for failure in failures { print("  \(failure.input): \(failure.reason)") }
            throw ExitCode(1)
        }
    }

    /// The inputs as named, a folder (not a CAML bundle) standing for the Lottie files and
    /// CAML documents in it, in name order; what names nothing is reported as failed.
    private func expandedInputs(fail: (String, String) -> Void) -> [String] {
        var inputs: [String] = []
        for input in command.inputs {
            guard isBatchFolder(input) else {
                if SceneDefinition.isLottieFile(input) || SceneDefinition.packageType(of: input) != nil
                    || (try? validateSceneName(input)) != nil
                {
                    inputs.append(input)
                } else {
                    fail(input, "there is no Lottie file, CAML document or scene of that name")
                }
                continue
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []).sorted()
            let found = names.map { (input as NSString).appendingPathComponent($0) }.filter {
                SceneDefinition.isLottieFile($0) || SceneDefinition.packageType(of: $0) != nil
            }
            if found.isEmpty { fail(input, "the folder holds no Lottie file (.json, .lottie) or CAML document") }
            inputs += found
        }
        return inputs
    }

    /// `input` read, with the files it writes in `formats`; throws what reading it says.
    private func job(_ input: String, stem: String, formats: [OutputFormat]) throws -> Job {
        try job(input, scene: try command.scene(input), stem: stem, formats: formats)
    }

    private func job(_ input: String, scene: SceneDefinition, stem: String, formats: [OutputFormat]) throws -> Job {
        let framing = try command.framing(of: scene)
        let frames = try command.frameSpan(of: scene)
        let base = (folder as NSString).appendingPathComponent(stem)
        var outputs: [CAMovieExporter.Output] = []
        var poster: CAMovieExporter.Output?
        for format in formats {
            let path = format.fileExtension.map { base + "." + $0 } ?? base + "/"
            let output = CAMovieExporter.Output(path: path, format: format.movieFormat(quality: command.quality))
            if format == .png { poster = output } else { outputs.append(output) }
        }
        return Job(input: input, scene: scene, framing: framing, frames: frames, outputs: outputs, poster: poster)
    }

    /// A job for each row of the variants list at `list`, the one input read once; a row that
    /// cannot be read, or whose name is taken or not a plain file name, is reported as failed
    /// (its line and why) and the others go on.
    private func variantJobs(_ list: String, formats: [OutputFormat], fail: (String, String) -> Void) throws -> [Job] {
        let input = command.inputs[0]
        let variants: LottieVariants
        let animation: LottieAnimation
        let slots = try command.lottieOptions.slotValues()
        do throws(LottieError) {
            variants = try LottieVariants(contentsOf: URL(fileURLWithPath: list))
            animation = try LottieAnimation(
                contentsOf: URL(fileURLWithPath: input), animationID: command.lottieOptions.animation,
                theme: command.lottieOptions.theme, slots: slots)
        } catch {
            throw CommandError(error.description)
        }
        LottieFileOptions.warnAboutFonts(of: animation, configuration: command.lottieOptions.configuration)
        let base = try command.lottieOptions.values(for: input)
        var jobs: [Job] = []
        var taken: [String: Int] = [:]
        let chosen = try command.rowRange() ?? 1...Int.max
        for (index, row) in variants.rows.enumerated() where chosen.contains(index + 1) {
            let place = "\(list):\(row.line)"
            let values: LottieValues
            switch row.values {
            case .success(let read): values = base.map { $0.adding(read) } ?? read
            case .failure(let error):
                fail(place, (error.path.isEmpty ? "" : error.path + ": ") + error.message)
                continue
            }
            guard let name = row.output, !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                fail(place, "the output name \"\(row.output ?? "")\" is not a file name")
                continue
            }
            if let line = taken[name] {
                fail(place, "its files would be named \(name), as those of line \(line) are")
                continue
            }
            taken[name] = row.line
            // A row that fills slots reads the file again with them (they apply as it is read).
            var rowAnimation = animation
            if let rowSlots = values.slots {
                do throws(LottieError) {
                    rowAnimation = try LottieAnimation(
                        contentsOf: URL(fileURLWithPath: input), animationID: command.lottieOptions.animation,
                        theme: command.lottieOptions.theme, slots: LottieSlots.layered(rowSlots, on: slots))
                } catch {
                    fail(place, error.description)
                    continue
                }
            }
            for warning in values.problems(with: rowAnimation) {
                FileHandle.standardError.write(Data("carender: warning: \(warning)\n".utf8))
            }
            let scene = SceneDefinition.lottie(
                rowAnimation, named: name, path: input, loops: command.loops ?? 1, values: values,
                configuration: command.lottieOptions.configuration)
            jobs.append(try job(place, scene: scene, stem: name, formats: formats))
        }
        return jobs
    }

    /// The name an input's files take: a file's name without its extension, a scene's name.
    static func stem(of input: String) -> String {
        URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    }
}

/// Whether `input` is a folder of inputs for a batch: a folder that is not a CAML bundle.
func isBatchFolder(_ input: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) && isDirectory.boolValue
        && SceneDefinition.packageType(of: input) == nil
}
