import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// Renders `scene` over `frames` into `framing` with ``CAMovieExporter``, writing every one of
/// `outputs` in one pass: the scene is built on a manual clock (a Lottie animation laid out to
/// fill the framing), and its timeline's changes are scheduled on the exporter. The picture is
/// drawn over `background`, transparent without one. With a `progressLabel`, shows a progress
/// bar on a terminal; `framesDone`, when given, hears of each frame done instead (a batch's
/// one bar). `threads` paints that many frames at once (all cores by default). The outputs are
/// opened first, so that their encoders start while the scene is built.
@MainActor
func renderScene(
    _ scene: SceneDefinition, framing: Framing, frames: CAFrameSpan, to outputs: [CAMovieExporter.Output],
    background: CGColor? = nil, progressLabel: String? = nil, firstFileNumber: Int = 0, threads: Int? = nil,
    framesDone: ((Int) -> Void)? = nil
) throws {
    try startRenderingScene(
        scene, framing: framing, frames: frames, to: outputs, background: background, progressLabel: progressLabel,
        firstFileNumber: firstFileNumber, threads: threads, framesDone: framesDone
    ).finish()
}

/// Renders `scene` as ``renderScene(_:framing:frames:to:background:progressLabel:firstFileNumber:threads:framesDone:)``
/// does, returning once every frame is written: the encoders may still be at work, and the
/// files are complete when the result's `finish()` returns. A caller with several scenes to
/// render starts the next one before finishing this one, so that an encoder's last work (a
/// GIF's palette, the video's last frames) overlaps the next scene's drawing.
@MainActor
func startRenderingScene(
    _ scene: SceneDefinition, framing: Framing, frames: CAFrameSpan, to outputs: [CAMovieExporter.Output],
    background: CGColor? = nil, progressLabel: String? = nil, firstFileNumber: Int = 0, threads: Int? = nil,
    framesDone: ((Int) -> Void)? = nil
) throws -> CAMovieExporter.FinishingOutputs {
    var progress = ProgressBar(
        label: progressLabel ?? "", total: frames.count,
        isShown: framesDone == nil && progressLabel != nil && isatty(STDERR_FILENO) != 0)
    defer { progress.finish() }
    let opened = try CAMovieExporter.openOutputs(
        outputs, frames: frames, size: framing.size, scale: framing.scale, firstFileNumber: firstFileNumber)
    let exporter = sceneExporter(scene, framing: framing, frames: frames, background: background)
    if let threads { exporter.threads = threads }
    return try exporter.writeFrames(to: opened) { step in
        if let framesDone { framesDone(step.framesDone) } else { progress.update(done: step.framesDone) }
    }
}

/// The frames of `scene` over `frames` in `framing`, as ``renderScene(_:framing:frames:to:background:progressLabel:firstFileNumber:threads:framesDone:)``
/// draws them, taken one at a time instead of written to a file, in straight RGBA (converted
/// on the workers): as `carender render` draws its frames with `asSequence`, else as
/// `carender frame` draws its one.
@MainActor
func sceneFrameStream(
    _ scene: SceneDefinition, framing: Framing, frames: CAFrameSpan, background: CGColor?, asSequence: Bool
) -> CAFrameStream {
    sceneExporter(scene, framing: framing, frames: frames, background: background)
        .frameStream(asSequence: asSequence, pixelFormats: .straightRGBA)
}

/// An exporter of `scene` built on a manual clock of its own (a Lottie animation laid out to
/// fill the framing), its timeline's changes scheduled on it.
@MainActor
private func sceneExporter(
    _ scene: SceneDefinition, framing: Framing, frames: CAFrameSpan, background: CGColor?
) -> CAMovieExporter {
    let clock = CAManualClock()
    let run = CAClock.$current.withValue(clock) {
        let run = scene.start(on: clock)
        run.layOut(toFill: framing.size)
        return run
    }
    let exporter = CAMovieExporter(
        layer: run.root, clock: clock, frames: frames, size: framing.size, scale: framing.scale)
    exporter.backgroundColor = background
    for change in run.takePendingChanges() {
        let make = change.change
        exporter.schedule(at: change.time) { MainActor.assumeIsolated { make() } }
    }
    return exporter
}

/// One frame at exactly `time`, whatever the frame rate: a span of one frame at 1 fps.
func singleFrame(at time: CFTimeInterval) -> CAFrameSpan {
    CAFrameSpan(first: time, count: 1, fps: 1)
}
