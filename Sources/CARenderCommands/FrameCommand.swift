import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// `carender frame SCENE|FILE --time S --output FILE.png`: one frame of a scene, a CAML document
/// or a Lottie file as a PNG.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame of a gallery scene, a CAML document or a Lottie file to a PNG file.",
        discussion: """
            The same as carender render SCENE --output FILE.png --from TIME --scale S. SCENE may \
            be a .caml file, a .ca bundle or a .tendies package instead, and --states runs its \
            state machine as render's does, so the frame is the same picture as render's frame \
            at that time (see carender render --help). --swipe P holds such a document P of the \
            way through the unlock swipe from its Locked state to its Unlock state, as iOS shows \
            a wallpaper under the finger: every value the states set at Locked + P × (Unlock − \
            Locked).

            SCENE may also be a Lottie file (Bodymovin .json, or a dotLottie .lottie package: the \
            animation its manifest starts with). It plays once from its first frame, so --time T shows frame ip + T × fr; \
            --frame N and --progress P name the moment in its own units instead (frames before \
            ip show ip, frames after op show op). --size WxH makes the animation fill the \
            picture, keeping its proportions, centred: --size 834x1000 --scale 1 is 834 × 1000 \
            pixels.

            The PNG is RGBA with straight (not premultiplied) alpha. --background none, the \
            default, leaves it transparent where nothing is drawn: a Lottie animation has no \
            background of its own, and a scene or a document draws its own; --background COLOR \
            fills the whole picture beneath it, margins included.

            Examples:
              carender frame group --time 4 --output group.png --scale 0.5
              carender frame loader.json --frame 37.5 --size 834x1000 --output loader.png
              carender frame loader.json --progress 0.25 --background white -o loader.png
              carender frame Wallpaper.tendies --swipe 0.71 --scale 3 -o unlocking.png

            The scenes: \(MainActor.assumeIsolated { BuiltInScenes.nameList }).
            """)

    @Argument(
        help:
            "The scene to render (see the list below), a .caml file, .ca bundle or .tendies package, or a Lottie .json or .lottie file."
    )
    var scene: String

    @OptionGroup var stateOption: StatesOption

    @Option(
        help: ArgumentHelp(
            "Holds a CAML document part-way through the unlock swipe from Locked to Unlock: 0 is Locked, 1 is "
                + "Unlock, 0.71 shows every value the states set 71 % of the way (not with --states).",
            valueName: "progress"))
    var swipe: Double?

    @Option(help: "The media time of the frame, in seconds from the scene's start (default: 0).")
    var time: Double?

    @OptionGroup var lottieFrame: LottieFrameOption

    @OptionGroup var lottieOptions: LottieFileOptions

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @OptionGroup var picture: PictureOptions

    func validate() throws {
        try validateSceneName(scene)
        try stateOption.validate(for: scene)
        if let swipe {
            guard stateOption.states == nil else {
                throw ValidationError(
                    "--swipe holds the swipe from Locked to Unlock; it does not go with --states "
                        + "(for a swipe over time, write --states Locked,Unlock@TIME~LENGTH and --time)")
            }
            guard swipe >= 0, swipe <= 1 else {
                throw ValidationError("--swipe is the swipe's progress, from 0 to 1; got \(swipe)")
            }
            try StatesOption.requireDocument(scene, for: "--swipe")
        }
        try lottieFrame.validate(for: scene, time: time)
        try lottieOptions.validate(for: scene)
        if lottieOptions.marker != nil, time != nil || lottieFrame.frame != nil || lottieFrame.progress != nil {
            throw ValidationError("--marker names the moment; give it or --time, --frame and --progress, not both")
        }
        if let time {
            guard time.isFinite, time >= 0 else {
                throw ValidationError("--time must be a number of seconds, 0 or more; got \(time)")
            }
        }
        try validateScale(picture.scale)
        try picture.validateSizeAndBackground()
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError(
                "--output must be a .png file; got '\(output)' (carender render writes MP4, GIF, APNG and PNG frames)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let loaded = try load()
            try renderScene(
                loaded.scene, framing: loaded.framing, frames: singleFrame(at: loaded.time),
                to: [CAMovieExporter.Output(path: output, format: .png)], background: loaded.background)
        }
    }

    /// What the command draws: the scene loaded with its options, the picture, the background
    /// and the moment (`--marker`, `--frame`, `--progress` or `--time`; 0 without them).
    @MainActor
    func load() throws -> (scene: SceneDefinition, framing: Framing, background: CGColor?, time: CFTimeInterval) {
        let held = swipe.map {
            StateTimeline(initial: "Locked", changes: [], held: StateTimeline.HeldSwipe(name: "Unlock", progress: $0))
        }
        let scene = try loadScene(
            self.scene, states: held ?? stateOption.timeline(), values: lottieOptions.values(for: self.scene),
            lottie: lottieOptions)
        let marked = try lottieOptions.markerFrames(in: scene).flatMap { scene.time(atFrame: $0.first) }
        let framing = try picture.framing(for: scene.size)
        try framing.validate()
        return (
            scene, framing, try BackgroundOption.parse(picture.background),
            marked ?? lottieFrame.time(in: scene) ?? time ?? 0
        )
    }
}

/// A failure while running a command, printed as `Error: …` without the usage text.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
