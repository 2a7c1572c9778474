import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

/// Renders `demo` at `times` (ascending) into `framing`, handing the frames in order to each of
/// `sinks`, then finishes them. One clock and one tree serve every frame: the clock advances to
/// each time and the demo's timeline changes run when their time comes. With a
/// `progressLabel`, shows a progress bar on a terminal. On failure abandons every sink.
@MainActor
func renderDemo(
    _ demo: GalleryDemo, framing: Framing, times: [CFTimeInterval], to sinks: [any FrameSink],
    progressLabel: String? = nil
) throws {
    var progress = ProgressBar(
        label: progressLabel ?? "", total: times.count, isShown: progressLabel != nil && isatty(STDERR_FILENO) != 0)
    defer { progress.finish() }
    let clock = CAManualClock()
    do {
        try CAClock.$current.withValue(clock) {
            let run = DemoRun(demo, on: clock)
            let canvas = run.root.frame
            let renderer = CAFrameRenderer(
                width: framing.pixelWidth, height: framing.pixelHeight, scale: framing.rendererScale(fitting: canvas))
            renderer.bounds = framing.bounds(fitting: canvas)
            // Only what the sinks read: an MP4 alone takes Y′CbCr planes, and no BGRA is copied.
            renderer.pixelFormats = sinks.reduce(into: []) { $0.formUnion($1.pixelFormats) }
            try renderer.render(
                run.root, atTimes: times, prepare: { run.advance(to: $0) },
                deliver: { frame in
                    let exported = ExportFrame(frame: frame)
                    for sink in sinks { try sink.write(exported) }
                    progress.update(done: frame.index + 1)
                })
        }
        for sink in sinks { try sink.finish() }
    } catch {
        for sink in sinks { sink.abandon() }
        throw error
    }
}
