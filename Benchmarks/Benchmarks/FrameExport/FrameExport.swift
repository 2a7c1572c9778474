import Benchmark
import Dispatch
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import RendererScenes

// 240 frames (8 s at 30 frames a second) of the rectangles scene with every rectangle turning,
// rendered by `CAFrameRenderer` on both cores, converted to Y′CbCr 4:2:0 on the render workers
// and piped to ffmpeg as yuv420p for an H.264 MP4, end to end;
// the same frames rendered without encoding on one thread and on two; and the C program
// drawing them on one thread. Target (issue 5): the export at least 1.6× the C program's frame
// rate.
//
// An iteration renders 240 full-HD frames (15–35 s), so each benchmark runs once, the export
// three times. The frame rates are custom metrics in hundredths of a frame a second.

enum FrameExport {
    static let frameCount = 240

    /// Frames a second, times 100.
    static let frameRate = BenchmarkMetric.custom(
        "framesPerSecondX100", polarity: .prefersLarger, useScalingFactor: false)
    /// The export's frame rate as a percentage of the C program's on one thread, the C program
    /// measured in the same iteration on every fourth frame (each costs about the same): half
    /// of them just before the export and half just after, so that a machine whose speed
    /// drifts (a shared VM) slows both sides alike.
    static let ratio = BenchmarkMetric.custom(
        "exportPerCairoFrameRatePercent", polarity: .prefersLarger, useScalingFactor: false)

    /// The issue's target, checked by `benchmark thresholds check` against
    /// `Thresholds/FrameExport.240-frames-export-mp4.p90.json`: 1,080 ± 920, so 160 % (1.6×)
    /// up to 2,000 % passes.
    static var ratioTolerances: [BenchmarkMetric: BenchmarkThresholds] {
        [ratio: .init(absolute: [.p90: 920])]
    }

    /// `iterations` runs of 240 frames each, no warm-up: one takes 15–35 s.
    static func configuration(
        metrics: [BenchmarkMetric] = [.wallClock, frameRate], iterations: Int = 1,
        thresholds: [BenchmarkMetric: BenchmarkThresholds]? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics,
            timeUnits: .milliseconds,
            warmupIterations: 0,
            // The iteration count is the limit: the run stops at whichever it reaches first.
            maxDuration: .seconds(600),
            maxIterations: iterations,
            thresholds: thresholds
        )
    }

    static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The C reference drawing the animated scene at `times` on this thread: frames a second.
    static func referenceFrameRate(at times: [Double]) -> Double {
        Double(times.count) / referenceSeconds(at: times)
    }

    /// The seconds the C reference takes to draw the animated scene at `times` on this thread.
    static func referenceSeconds(at times: [Double]) -> Double {
        let canvas = CairoReferenceCanvas(scene: RectScene())
        let start = DispatchTime.now().uptimeNanoseconds
        for time in times { canvas.draw(at: time) }
        return seconds(since: start)
    }

    static func record(_ rate: Double, as metric: BenchmarkMetric = frameRate, in benchmark: Benchmark) {
        benchmark.measurement(metric, Int((rate * 100).rounded()))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("240-frames-cairo-c-1-thread", configuration: FrameExport.configuration()) { benchmark in
        let rate = FrameExport.referenceFrameRate(at: AnimatedRectScene.times(count: FrameExport.frameCount))
        FrameExport.record(rate, in: benchmark)
    }

    for threads in [1, 2] {
        let name = "240-frames-render-\(threads)-thread\(threads == 1 ? "" : "s")"
        Benchmark(name, configuration: FrameExport.configuration()) { benchmark in
            let scene = AnimatedRectScene()
            var delivered = 0
            benchmark.startMeasurement()
            let start = DispatchTime.now().uptimeNanoseconds
            try scene.render(frames: FrameExport.frameCount, threads: threads) { _ in delivered += 1 }
            let rate = Double(delivered) / FrameExport.seconds(since: start)
            benchmark.stopMeasurement()
            precondition(delivered == FrameExport.frameCount, "delivered \(delivered) frames")
            FrameExport.record(rate, in: benchmark)
        }
    }

    Benchmark(
        "240-frames-export-mp4",
        configuration: FrameExport.configuration(
            metrics: [.wallClock, FrameExport.frameRate, FrameExport.ratio], iterations: 3,
            thresholds: FrameExport.ratioTolerances)
    ) { benchmark in
        let scene = AnimatedRectScene()
        let times = AnimatedRectScene.times(count: FrameExport.frameCount)
        let referenceBefore = stride(from: 0, to: times.count, by: 8).map { times[$0] }
        let referenceAfter = stride(from: 4, to: times.count, by: 8).map { times[$0] }
        let secondsBefore = FrameExport.referenceSeconds(at: referenceBefore)
        benchmark.startMeasurement()
        let start = DispatchTime.now().uptimeNanoseconds
        let encoder = try VideoEncoder(
            width: RectScene.width, height: RectScene.height, frameRate: AnimatedRectScene.frameRate)
        try scene.render(frames: FrameExport.frameCount, threads: 2, pixelFormats: encoder.pixelFormats) {
            try encoder.write($0)
        }
        try encoder.finish()
        let rate = Double(FrameExport.frameCount) / FrameExport.seconds(since: start)
        benchmark.stopMeasurement()
        let secondsAfter = FrameExport.referenceSeconds(at: referenceAfter)
        let reference = Double(referenceBefore.count + referenceAfter.count) / (secondsBefore + secondsAfter)
        FrameExport.record(rate, in: benchmark)
        FrameExport.record(rate / reference, as: FrameExport.ratio, in: benchmark)
    }
}
