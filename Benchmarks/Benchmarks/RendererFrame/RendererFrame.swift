import Benchmark
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import RendererScenes

// One 1920 × 1080 frame of 1,000 overlapping half-transparent rounded rectangles, each rotated
// and scaled: drawn by `CARenderer` from a layer tree, and by a C program that makes the same
// Cairo calls directly (Sources/CairoReference). Target (issue 5): the renderer within 1.1×
// the C program's time.

/// The scene on both sides, and the renderer that draws the layer tree.
final class RectFrameScene {
    let clock = CAManualClock()
    let root: CALayer
    let renderer = CARenderer(width: RectScene.width, height: RectScene.height)
    let reference: CairoReferenceCanvas

    /// `count` rectangles; with `spans` false every shape is drawn by Cairo, as before the
    /// span rasteriser.
    init(count: Int = RectScene.count, spans: Bool = true) {
        let scene = RectScene(count: count)
        reference = CairoReferenceCanvas(scene: scene)
        root = CAClock.$current.withValue(clock) { scene.makeLayerTree() }
        renderer.layer = root
        renderer.drawsWithSpans = spans
        checkThatBothDrawTheSameFrame()
    }

    /// One frame through `CARenderer`: the tree captured and painted.
    func renderFrame() {
        CAClock.$current.withValue(clock) {
            renderer.beginFrame(atTime: clock.now)
            renderer.render()
            renderer.endFrame()
        }
    }

    /// Guards against timing two different pictures: the renderer's frame and the C program's
    /// must agree but for antialiasing noise.
    private func checkThatBothDrawTheSameFrame() {
        reference.draw()
        let frames = CAFrameRenderer(width: RectScene.width, height: RectScene.height)
        frames.threads = 1
        var rendered: [UInt8] = []
        CAClock.$current.withValue(clock) {
            try? frames.render(root, atTimes: [clock.now]) { _ in
            } deliver: {
                rendered = $0.premultipliedBGRA
            }
        }
        // Our spans give edge pixels their exact coverage, Cairo samples 15 sub-rows a pixel:
        // they differ there by up to 2/15 of a colour (SpanFillTests), by nothing elsewhere.
        let difference = frameDifference(rendered, reference.premultipliedBGRA, tolerance: 36)
        precondition(
            difference.share < 0.001,
            "the renderer and the C reference differ in \(difference.share * 100)% of the pixels")
    }
}

enum RendererFrame {
    /// The renderer's time as a percentage of the C program's, each iteration timing two frames
    /// of each, interleaved.
    static let ratio = BenchmarkMetric.custom(
        "rendererPerCairoPercent", polarity: .prefersSmaller, useScalingFactor: false)

    /// The target, checked by `benchmark thresholds check` against
    /// `Thresholds/RendererFrame.1k-rects-frame-ratio.p90.json`: 55 ± 55, so a p90 up to 110 %
    /// passes. A ratio rather than a time: the machine's speed drops out.
    static var ratioTolerances: [BenchmarkMetric: BenchmarkThresholds] {
        [ratio: .init(absolute: [.p90: 55])]
    }

    /// Issue 13's target for N = 100 at 1080p, one thread: ≤ 1.1× C + Cairo, checked against
    /// `Thresholds/RendererFrame.100-rounded-rects-1080p-draw-ratio.p90.json` as above.
    static var hundredTolerances: [BenchmarkMetric: BenchmarkThresholds] {
        [ratio: .init(absolute: [.p90: 55])]
    }

    /// Our frame's thread CPU time over the C program's, as a percentage: each iteration
    /// times both, interleaved renderer, C, C, renderer.
    static func interleavedRatio(_ scene: RectFrameScene) -> Int {
        var renderer: UInt64 = 0
        var reference: UInt64 = 0
        for side in [0, 1, 1, 0] {
            let start = threadCPUNanoseconds()
            if side == 0 { scene.renderFrame() } else { scene.reference.draw() }
            let elapsed = threadCPUNanoseconds() - start
            if side == 0 { renderer += elapsed } else { reference += elapsed }
        }
        return Int((Double(renderer) / Double(reference) * 100).rounded())
    }

    static func configuration(
        metrics: [BenchmarkMetric] = [.wallClock], thresholds: [BenchmarkMetric: BenchmarkThresholds]? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics,
            timeUnits: .milliseconds,
            warmupIterations: 2,
            maxDuration: .seconds(8),
            maxIterations: 40,
            thresholds: thresholds
        )
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("1k-rects-frame-renderer", configuration: RendererFrame.configuration()) { benchmark, scene in
        benchmark.startMeasurement()
        scene.renderFrame()
        benchmark.stopMeasurement()
    } setup: {
        RectFrameScene()
    }

    Benchmark("1k-rects-frame-cairo-c", configuration: RendererFrame.configuration()) { benchmark, scene in
        benchmark.startMeasurement()
        scene.reference.draw()
        benchmark.stopMeasurement()
    } setup: {
        RectFrameScene()
    }

    // Both sides in each iteration, in the order renderer, C, C, renderer, so that a drift in
    // the machine's speed falls on both alike; each side's time is the calling thread's CPU
    // time (both draw on it alone), so that another process taking the core does not count.
    // Its wall clock is the four frames'.
    Benchmark(
        "1k-rects-frame-ratio",
        configuration: RendererFrame.configuration(
            metrics: [.wallClock, RendererFrame.ratio], thresholds: RendererFrame.ratioTolerances)
    ) { benchmark, scene in
        benchmark.measurement(RendererFrame.ratio, RendererFrame.interleavedRatio(scene))
    } setup: {
        RectFrameScene()
    }

    // Issue 13: drawing only, one thread, N rounded rectangles at 1080p, ours ÷ C + Cairo, with
    // our spans and (`-cairo`) with Cairo drawing every shape as before them.
    for (count, name) in [(100, "100"), (1_000, "1k"), (10_000, "10k")] {
        for spans in [true, false] {
            let label = "\(name)-rounded-rects-1080p-draw-ratio" + (spans ? "" : "-cairo")
            let thresholds = count == 100 && spans ? RendererFrame.hundredTolerances : nil
            Benchmark(
                label,
                configuration: RendererFrame.configuration(
                    metrics: [.wallClock, RendererFrame.ratio], thresholds: thresholds)
            ) { benchmark, scene in
                benchmark.measurement(RendererFrame.ratio, RendererFrame.interleavedRatio(scene))
            } setup: {
                RectFrameScene(count: count, spans: spans)
            }
        }
    }
}
