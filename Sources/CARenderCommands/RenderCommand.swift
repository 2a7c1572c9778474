import ArgumentParser
import Foundation
import OpenCoreGraphics
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// `carender render SCENE|FILE --output FILE`: a scene, a CAML document or a Lottie file as a
/// PNG, an MP4, a GIF, an APNG or numbered PNG frames.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Renders a gallery scene, a CAML document or a Lottie file to a PNG, MP4, GIF, APNG, ProRes 4444 .mov, "
            + "WebM or WebP file, or to numbered PNG frames.",
        discussion: """
            The format comes from --output: FILE.png is one frame (at --from); FILE.mp4 an H.264 \
            video (yuv420p; an odd width or height is padded by a pixel); FILE.gif a looping GIF \
            with a palette made for it; FILE.apng a looping animated PNG; FILE.mov an Apple ProRes \
            4444 video with alpha (yuva444p10le, for After Effects, Premiere Pro, Final Cut Pro and \
            Resolve); FILE.webm a VP9 video with alpha (yuva420p, as browsers play it); FILE.webp a \
            looping lossless animated WebP; a folder — a path ending in / or an existing folder — \
            gets numbered frames frame-00000.png, frame-00001.png, …. --format overrides the guess.

            --background none (the default) keeps transparency where nothing is drawn in every \
            format that carries it: PNG, PNG frames, APNG, MOV, WebM, WebP, and GIF (one \
            transparent palette entry: a pixel shows or not). MP4 has no alpha: nothing drawn is \
            black there. --background white, black, #rrggbb or #rrggbbaa draws the picture over \
            that colour.

            MP4, GIF, APNG, MOV, WebM and WebP are encoded by ffmpeg: the one --ffmpeg or the \
            CARENDER_FFMPEG variable names, else the one on PATH (Debian and Ubuntu: sudo apt-get \
            install ffmpeg; without root, pip install imageio-ffmpeg brings one). PNG output needs \
            nothing else, and APNG and GIF are written without ffmpeg when there is none.

            SCENE may instead be a CAML document: a .caml file, a .ca bundle (a folder ending in \
            .ca or holding index.xml) or a .tendies wallpaper package (its Background, Floating \
            and Foreground bundles stacked back to front). It is drawn as Apple draws it: y up \
            unless geometryFlipped, the root layer filling the canvas (index.xml's documentWidth × \
            documentHeight, else the root's size). Its length is the end of its longest animation, \
            an endlessly repeating one counted once, else 2 s.

            SCENE may also be a Lottie file (Bodymovin .json, or a dotLottie .lottie package): it \
            plays once from its first frame (time T shows frame ip + T × fr) for its length, \
            (op − ip) / fr, at its own frame rate (rounded to a whole number of frames a second) \
            unless --fps says otherwise, and --size makes it fill the picture, keeping its \
            proportions, centred. --frames A..B renders its frames A up to but not including B \
            (in the file's frame numbers, within its ip and op, instead of --from and --to); --loops N plays it N times \
            in a row. carender frame takes --frame and --progress for it.

            --states runs a document's state machine: --states Locked,Unlock@1.5,Locked@4 starts in \
            Locked (set at 0 s, without a transition), enters Unlock at 1.5 s and Locked again at \
            4 s, each animated by the document's transitions. Unlock@1.5~0.6 enters Unlock \
            following a swipe of 0.6 s, as iOS's unlock swipe moves a wallpaper: every value the \
            states set moves from Locked's to Unlock's in proportion to the swipe's progress, and \
            the transitions run within the swipe. Every layer with states that has the state \
            enters it (in a .tendies package, all three bundles). Without --states the document \
            shows its own values, in no state. With it, the default length runs to a second after \
            the last change's swipe or longest transition.

            The frames are at --from, --from + 1/fps, … up to but not including --to, which is \
            --from plus --duration (by default the scene's own length). For video and PNG frames, \
            --from and --to are rounded to the nearest frame (a multiple of 1/fps), so that a \
            render in parts gives exactly the frames of a whole render. GIF keeps frame delays in \
            hundredths of a second: 25 or 50 fps play at exactly the right speed.

            --size is the picture's size in points: the scene is scaled to fit it, keeping its \
            proportions, and centred (default: the scene's own size). The picture is --size × \
            --scale pixels.

            Examples:
              carender render spring --output spring.mp4
              carender render group --output group.gif --size 120x120 --fps 25
              carender render loader.json --output loader.mov
              carender render loader.json --output loader.webm --background none
              carender render pop --output pop.png --from 0.25 --scale 2
              carender render fill-modes --output frames/ --fps 10
              carender render Clock.ca --output clock.mp4 --duration 4
              carender render Wallpaper.tendies --output unlock.mp4 --scale 3 --states Locked,Unlock@1~0.6

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
            """)

    @Argument(
        help: ArgumentHelp(
            "The scene to render (the list is below), a .caml file, .ca bundle or .tendies package, or a Lottie "
                + ".json or .lottie file; with --output-dir, any number of them and folders of them.",
            valueName: "scene|file|folder"))
    var inputs: [String] = []

    /// The one input of a render to `--output`.
    var scene: String { inputs.first ?? "" }

    @OptionGroup var stateOption: StatesOption

    @OptionGroup var lottieOptions: LottieFileOptions

    @OptionGroup var ffmpegOption: FFmpegOption

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The file or folder to write; its extension sets the format.", valueName: "file|folder/"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Render one Lottie file once for each row of LIST (CSV or JSON lines: an output name and its texts, "
                + "colours, numbers, pictures; docs/lottie.md) into --output-dir.",
            valueName: "list"))
    var variants: String?

    @Option(
        help: ArgumentHelp(
            "Only these rows of --variants' list: N, or N-M, counting its rows from 1 (to split a list over "
                + "machines; a failed row is still reported with its line).",
            valueName: "N[-M]"))
    var rows: String?

    /// `--rows` read: the rows of the list to render, counted from 1; nil for all of them.
    func rowRange() throws -> ClosedRange<Int>? {
        guard let rows else { return nil }
        let parts = rows.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts.last ?? ""),
            first >= 1, last >= first
        else {
            throw ValidationError("--rows must be N or N-M with 1 ≤ N ≤ M, for example 3 or 10-19; got '\(rows)'")
        }
        return first...last
    }

    @Option(
        name: .customLong("output-dir"),
        help: ArgumentHelp(
            "Render every input into this folder (made when missing), each as NAME.EXT for each --format.",
            valueName: "folder"))
    var outputDirectory: String?

    @Option(
        help: ArgumentHelp(
            "The format, when --output's extension does not say it; with --output-dir, one or more, comma-separated "
                + "(default mp4): \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "format[,format…]"))
    var format: String?

    /// `--format` parsed: nil without it.
    func formats() throws -> [OutputFormat]? {
        guard let format else { return nil }
        let names = format.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let formats = try names.map { name in
            guard let chosen = OutputFormat(rawValue: name.lowercased()) else {
                throw ValidationError(
                    "--format takes \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")); got '\(name)'")
            }
            return chosen
        }
        guard Set(formats).count == formats.count else {
            throw ValidationError("--format names '\(format)': each format once")
        }
        return formats
    }

    /// The one format of a render to `--output`: `--format`'s, else the path's.
    func singleFormat() throws -> OutputFormat? {
        if let chosen = try formats() {
            guard chosen.count == 1 else {
                throw ValidationError("one --format for one --output; several go with --output-dir")
            }
            return chosen[0]
        }
        return output.flatMap(OutputFormat.init(path:))
    }

    @Option(
        help: ArgumentHelp(
            "The encoder's constant quality for MP4 (H.264, 0–51, default 18) and WebM (VP9, 0–63, default 31): "
                + "lower is better and larger.",
            valueName: "n"))
    var crf: Int?

    @Option(
        help: ArgumentHelp(
            "The encoder's speed for MP4 and WebM: \(EncoderQuality.presets.joined(separator: ", ")) (default medium; "
                + "faster is larger at the same --crf).",
            valueName: "name"))
    var preset: String?

    /// `--crf` and `--preset`.
    var quality: EncoderQuality { EncoderQuality(crf: crf, preset: preset) }

    /// Checks `--crf` and `--preset` against the formats written: each must apply to one of them.
    func validateQuality(for formats: [OutputFormat]) throws {
        guard crf != nil || preset != nil else { return }
        let encoded = formats.filter { $0 == .mp4 || $0 == .webm }
        guard !encoded.isEmpty else {
            throw ValidationError(
                "--crf and --preset set the MP4 (H.264) and WebM (VP9) encoders; "
                    + "\(formats.map(\.rawValue).joined(separator: ", ")) has none")
        }
        if let preset, !EncoderQuality.presets.contains(preset) {
            throw ValidationError("--preset takes \(EncoderQuality.presets.joined(separator: ", ")); got '\(preset)'")
        }
        if let crf {
            let highest = encoded.contains(.mp4) ? 51 : 63
            guard (0...highest).contains(crf) else {
                throw ValidationError(
                    "--crf must be a whole number from 0 to \(highest)\(encoded.contains(.mp4) ? " (H.264)" : " (VP9)"); "
                        + "got \(crf)")
            }
        }
    }

    @OptionGroup var picture: PictureOptions

    @Option(help: "Frames per second (default: a Lottie file's own frame rate, else 30).")
    var fps: Int?

    @Option(
        help: ArgumentHelp(
            "A Lottie file's frames to render, A up to but not including B, in its own frame numbers "
                + "(instead of --from and --to).",
            valueName: "A..B"))
    var frames: String?

    @Option(help: ArgumentHelp("How many times a Lottie file plays in a row (default 1).", valueName: "N"))
    var loops: Int?

    @Option(help: ArgumentHelp("Seconds to render (default: the scene's length).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The media time of the first frame.", valueName: "seconds"))
    var from: Double = 0

    @Option(help: ArgumentHelp("The media time to stop before (instead of --duration).", valueName: "seconds"))
    var to: Double?

    @Option(
        help: ArgumentHelp(
            "Render only part K of N near-equal frame ranges (K from 1 to N), for a render spread over "
                + "machines; join the parts with carender concat.",
            valueName: "K/N"))
    var shard: String?

    /// The scene `input` names, playing `--loops` times when it is a Lottie file.
    @MainActor
    func scene(_ input: String, states: StateTimeline? = nil) throws -> SceneDefinition {
        let values = try lottieOptions.values(for: input)
        guard let loops else { return try loadScene(input, states: states, values: values, lottie: lottieOptions) }
        let slots = try lottieOptions.slotValues()
        return LottieFileOptions.checked(
            try commandError {
                try SceneDefinition.lottie(
                    at: input, loops: loops, values: values, animationID: lottieOptions.animation,
                    theme: lottieOptions.theme, slots: slots, configuration: lottieOptions.configuration)
            },
            values: values, configuration: lottieOptions.configuration)
    }

    /// The picture `scene` is drawn into: `--size` (or the scene's own) at `--scale`.
    func framing(of scene: SceneDefinition) throws -> Framing {
        let framing = try picture.framing(for: scene.size)
        try framing.validate()
        return framing
    }

    /// The frames of `scene` to render: at `--fps` (a Lottie file's own rate by default, else
    /// 30), from `--from` to `--to` (or for `--duration`, or the scene's length), or a Lottie
    /// file's `--frames A..B`.
    func frameSpan(of scene: SceneDefinition) throws -> FrameSpan {
        let fps = self.fps ?? scene.animation.map { min(max(Int($0.frameRate.rounded()), 1), 240) } ?? 30
        guard let (first, last) = try frameRange(of: scene) else {
            return FrameSpan(from: from, to: to ?? from + (duration ?? scene.duration), fps: fps)
        }
        if let frames, let animation = scene.animation, first < animation.startFrame || last > animation.endFrame {
            throw ValidationError(
                "--frames \(frames) is outside the file's frames \(shortNumber(animation.startFrame))–"
                    + "\(shortNumber(animation.endFrame)) (its ip and op): give frames within them")
        }
        // Frames before ip are ip; those from op on are the last.
        let start = scene.time(atFrame: first) ?? 0
        return FrameSpan(from: start, to: max(scene.time(atFrame: last) ?? 0, start + 1 / Double(fps)), fps: fps)
    }

    /// `--frames A..B` parsed, or `--marker`'s segment in `scene`: nil without them (and for
    /// `--marker` without a scene).
    func frameRange(of scene: SceneDefinition? = nil) throws -> (first: Double, end: Double)? {
        if let scene, let segment = try lottieOptions.markerFrames(in: scene) {
            if segment.end < segment.first {
                throw CommandError(
                    "the marker \"\(lottieOptions.marker ?? "")\" plays backwards, from frame \(shortNumber(segment.first)) "
                        + "to \(shortNumber(segment.end)); --frames \(shortNumber(segment.end))..\(shortNumber(segment.first)) "
                        + "renders those frames forwards")
            }
            guard segment.end > segment.first else {
                throw CommandError(
                    "the marker \"\(lottieOptions.marker ?? "")\" is one moment (frame \(shortNumber(segment.first))), "
                        + "not a segment: carender frame --marker shows it")
            }
            return segment
        }
        guard let frames else { return nil }
        let pieces = frames.components(separatedBy: "..")
        guard pieces.count == 2, let first = Double(pieces[0]), let end = Double(pieces[1]), first.isFinite,
            end.isFinite, end > first
        else {
            throw ValidationError("--frames must be A..B with A before B, for example 0..60; got '\(frames)'")
        }
        return (first, end)
    }

    /// `--shard K/N` parsed: nil without it.
    func shardPart() throws -> (part: Int, of: Int)? {
        guard let shard else { return nil }
        let pieces = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, let part = Int(pieces[0]), let parts = Int(pieces[1]), parts >= 1,
            (1...parts).contains(part)
        else {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, for example 2/4; got '\(shard)'")
        }
        return (part, parts)
    }

    func run() throws {
        ffmpegOption.apply()
        if let outputDirectory {
            try MainActor.assumeIsolated { try BatchRender(command: self, folder: outputDirectory).run() }
            return
        }
        try MainActor.assumeIsolated {
            guard let output, let format = try singleFormat() else { misuse("validate() checked the output") }
            let scene = try scene(self.scene, states: stateOption.timeline())
            let framing = try framing(of: scene)
            var span = try frameSpan(of: scene)
            // A single PNG is at exactly --from (or frame A), not on a frame of the rate.
            let from = try frameRange(of: scene).map { scene.time(atFrame: $0.first) ?? 0 } ?? self.from
            let fps = span.fps
            var firstFileNumber = 0
            if let (part, parts) = try shardPart() {
                guard let shard = span.shard(part, of: parts) else {
                    throw CommandError(
                        "--shard \(part)/\(parts) has no frames: the render has only \(span.count) frames; "
                            + "use at most \(span.count) parts.")
                }
                span = shard.span
                firstFileNumber = shard.offset
            }
            let background = try BackgroundOption.parse(picture.background)
            let pixels = "\(framing.pixelWidth)×\(framing.pixelHeight) pixels"
            switch format {
            case .png:
                try renderScene(
                    scene, framing: framing, frames: singleFrame(at: from),
                    to: [CAMovieExporter.Output(path: output, format: .png)], background: background)
                print("Wrote \(output): \(scene.name) at \(shortNumber(from)) s, \(pixels).")
            case .pngSequence:
                try renderScene(
                    scene, framing: framing, frames: span,
                    to: [CAMovieExporter.Output(path: output, format: .pngSequence)], background: background,
                    progressLabel: scene.name, firstFileNumber: firstFileNumber)
                print("Wrote \(span.count) frames of \(pixels) to \(output) (frame-00000.png …), \(fps) fps.")
            case .mp4, .gif, .apng, .mov, .webm, .webp:
                try renderScene(
                    scene, framing: framing, frames: span,
                    to: [CAMovieExporter.Output(path: output, format: format.movieFormat(quality: quality))],
                    background: background,
                    progressLabel: scene.name)
                let padded =
                    format == .mp4 && (framing.pixelWidth % 2 == 1 || framing.pixelHeight % 2 == 1)
                    ? " (padded to even \(framing.pixelWidth + framing.pixelWidth % 2)×\(framing.pixelHeight + framing.pixelHeight % 2))"
                    : ""
                print(
                    "Wrote \(output): \(span.count) frames of \(pixels)\(padded) at \(fps) fps, "
                        + "\(shortNumber(span.start))–\(shortNumber(span.end)) s.")
            }
        }
    }
}

/// Throws a usage error when `name` is neither a CAML document, a Lottie file nor a scene,
/// listing the scenes.
func validateSceneName(_ name: String) throws {
    if SceneDefinition.packageType(of: name) != nil || SceneDefinition.isLottieFile(name) { return }
    let fileExtension = URL(fileURLWithPath: name).pathExtension.lowercased()
    if SceneDefinition.documentExtensions.contains(fileExtension) {
        throw ValidationError("there is no CAML document at '\(name)'")
    }
    if SceneDefinition.lottieExtensions.contains(fileExtension) {
        throw ValidationError("there is no Lottie file at '\(name)'")
    }
    try MainActor.assumeIsolated {
        do {
            _ = try BuiltInScenes.named(name)
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }
}

/// Runs `body`, turning a ``SceneError`` (a document or a Lottie file that does not load, a
/// state it lacks) into the ``CommandError`` the commands report.
@MainActor
func commandError<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let error as SceneError {
        throw CommandError(error.description)
    }
}

/// Throws a usage error for a `--scale` that is not a number above 0 and at most 16.
func validateScale(_ scale: Double) throws {
    guard scale.isFinite, scale > 0, scale <= 16 else {
        throw ValidationError("--scale must be a number above 0 and at most 16; got \(shortNumber(scale))")
    }
}

/// The scene `argument` names: the CAML document at that path when it is one
/// (`SceneDefinition.packageType(of:)`), running `states` when given, else the Lottie file at
/// that path (`SceneDefinition.isLottieFile(_:)`), else the scene of that name.
@MainActor
func loadScene(
    _ argument: String, states: StateTimeline? = nil, values: LottieValues? = nil, lottie: LottieFileOptions? = nil
) throws -> SceneDefinition {
    if let type = SceneDefinition.packageType(of: argument) {
        return try commandError { try SceneDefinition.document(at: argument, type: type, states: states) }
    }
    if SceneDefinition.isLottieFile(argument) {
        let slots = try lottie?.slotValues()
        let scene = try commandError {
            try SceneDefinition.lottie(
                at: argument, values: values, animationID: lottie?.animation, theme: lottie?.theme, slots: slots,
                configuration: lottie?.configuration ?? LottieFileOptions.defaultConfiguration)
        }
        return LottieFileOptions.checked(
            scene, values: values, configuration: lottie?.configuration ?? LottieFileOptions.defaultConfiguration)
    }
    return try BuiltInScenes.named(argument)
}
