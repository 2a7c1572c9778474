import Benchmark
import Foundation
import PeerScenes
import RendererScenes

// Issue 13's peer scene: N translucent rounded rectangles moving and turning linearly, 240
// frames at 60 fps, H.264 (`-preset veryfast -crf 23`), made by ours, C + Cairo, ThorVG and
// rlottie, each a child process measured with wait4 (wall and CPU seconds, ffmpeg included),
// all four in turn in every iteration. Then drawing only, and 2 render workers against 1.
//
// Ours runs as this executable started again with PEER_SCENE_CHILD="N WIDTH HEIGHT": the
// runner registers the benchmarks after parsing its (empty) arguments, and the registration
// below does the export and exits instead.

enum PeerBenchmarks {
    static let childVariable = "PEER_SCENE_CHILD"

    static func percent(_ name: String, larger: Bool = false) -> BenchmarkMetric {
        .custom(name, polarity: larger ? .prefersLarger : .prefersSmaller, useScalingFactor: false)
    }

    /// Ours ÷ each peer, wall and CPU, in percent; then every implementation's seconds × 100.
    static let ratios: [PeerImplementation: (wall: BenchmarkMetric, cpu: BenchmarkMetric)] = [
        .thorvg: (percent("oursPerThorVGWallPercent"), percent("oursPerThorVGCPUPercent")),
        .rlottie: (percent("oursPerRlottieWallPercent"), percent("oursPerRlottieCPUPercent")),
        .blend2d: (percent("oursPerBlend2DWallPercent"), percent("oursPerBlend2DCPUPercent")),
        .cairo: (percent("oursPerCairoWallPercent"), percent("oursPerCairoCPUPercent")),
    ]
    static let absolute: [PeerImplementation: (wall: BenchmarkMetric, cpu: BenchmarkMetric)] = Dictionary(
        uniqueKeysWithValues: PeerImplementation.allCases.map {
            ($0, (percent("\($0.rawValue)WallCentiseconds"), percent("\($0.rawValue)CPUCentiseconds")))
        })
    static let drawRatio = percent("oursPerCairoPerFramePercent")
    static let blend2DDrawRatio = percent("oursPerBlend2DPerFramePercent")
    static let speedup = percent("twoPerOneWorkerFramesPerSecondPercent", larger: true)

    static func configuration(
        metrics: [BenchmarkMetric], iterations: Int, warmup: Int = 0,
        thresholds: [BenchmarkMetric: BenchmarkThresholds]? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock] + metrics, timeUnits: .milliseconds, warmupIterations: warmup,
            maxDuration: .seconds(900), maxIterations: iterations, thresholds: thresholds)
    }

    static func name(_ count: Int) -> String { count >= 1_000 ? "\(count / 1_000)k" : "\(count)" }

    static let runner = PeerRunner { count, width, height in
        (
            [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path],
            [childVariable: "\(count) \(width) \(height)"]
        )
    }
}

let benchmarks: @Sendable () -> Void = {
    if let child = ProcessInfo.processInfo.environment[PeerBenchmarks.childVariable] {
        let size = child.split(separator: " ").compactMap { Int($0) }
        do {
            try PeerScene(count: size[0], width: size[1], height: size[2]).exportOurs()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("ours failed: \(error)\n".utf8))
            exit(1)
        }
    }

    // Export: every iteration one round of all four (the first to run moves round by round).
    for (count, width, height) in PeerScene.sizes {
        // Targets (issue 13): at N = 1,000 and 10,000 ours ≤ 1.0× ThorVG and rlottie, wall and
        // CPU: 50 ± 50 %, so up to 100 % passes. N = 100 is reported only.
        let targets: [BenchmarkMetric: BenchmarkThresholds]? =
            count < 1_000
            ? nil
            : Dictionary(
                uniqueKeysWithValues: [PeerImplementation.thorvg, .rlottie].flatMap {
                    [PeerBenchmarks.ratios[$0]!.wall, PeerBenchmarks.ratios[$0]!.cpu]
                }.map { ($0, BenchmarkThresholds(absolute: [.p90: 50])) })
        let metrics =
            PeerBenchmarks.ratios.values.flatMap { [$0.wall, $0.cpu] }
            + PeerBenchmarks.absolute.values.flatMap { [$0.wall, $0.cpu] }
        Benchmark(
            "export-\(PeerBenchmarks.name(count))-\(width)x\(height)",
            configuration: PeerBenchmarks.configuration(
                metrics: metrics, iterations: count >= 10_000 ? 1 : 2, thresholds: targets)
        ) { benchmark in
            let round = try PeerBenchmarks.runner.round(
                benchmark.currentIteration, count: count, width: width, height: height)
            let ours = round[.ours]!
            for (implementation, metrics) in PeerBenchmarks.ratios {
                let other = round[implementation]!
                benchmark.measurement(metrics.wall, Int((ours.wall / other.wall * 100).rounded()))
                benchmark.measurement(metrics.cpu, Int((ours.cpu / other.cpu * 100).rounded()))
            }
            for (implementation, metrics) in PeerBenchmarks.absolute {
                benchmark.measurement(metrics.wall, Int((round[implementation]!.wall * 100).rounded()))
                benchmark.measurement(metrics.cpu, Int((round[implementation]!.cpu * 100).rounded()))
            }
        } setup: {
            try PeerRunner.prepare()
        }
    }

    // Drawing only, N = 100 at 1080p, one thread: ours ÷ C + Cairo per frame (thread CPU),
    // 20 frames of each interleaved per iteration. Target ≤ 110 %: 55 ± 55.
    Benchmark(
        "draw-100-1920x1080-ratio",
        configuration: PeerBenchmarks.configuration(
            metrics: [PeerBenchmarks.drawRatio], iterations: 10, warmup: 1,
            thresholds: [PeerBenchmarks.drawRatio: .init(absolute: [.p90: 55])])
    ) { benchmark, drawer in
        let (ours, cairo) = PeerMeasures.drawPerFrame(drawer, frames: 20, from: benchmark.currentIteration * 20)
        benchmark.measurement(PeerBenchmarks.drawRatio, Int((ours / cairo * 100).rounded()))
    } setup: {
        let scene = PeerScene(count: 100, width: 1920, height: 1080)
        let drawer = PeerFrameDrawer(scene: scene)
        drawer.drawCairo(at: 2)
        let difference = frameDifference(try PeerFrameDrawer.ourPixels(scene, at: 2), drawer.cairoPixels)
        // Our spans give edge pixels their exact coverage where Cairo samples 15 sub-rows, so
        // edge pixels differ by up to about 2/15 of the colour: the same picture is fewer than
        // 0.5 % of the pixels off by more than 2 levels, and none by more than 32.
        guard difference.share < 0.005, difference.largest <= 32 else {
            fatalError(
                "ours and C + Cairo differ in \(difference.share * 100)% of the pixels, by up to \(difference.largest)")
        }
        return PeerFrameDrawer(scene: scene)
    }

    // Drawing only, one thread: ours ÷ Blend2D per frame (thread CPU; Blend2D in a child
    // process timing its own loop, ours back to back before and after it), at every N. Target
    // (issue 30) ≤ 100 %: 50 ± 50 at N = 1,000 and 10,000; at N = 100, where runs straddle it
    // (82–126 %), reported with no threshold file.
    for (count, width, height) in PeerScene.sizes {
        Benchmark(
            "draw-\(PeerBenchmarks.name(count))-\(width)x\(height)-blend2d-ratio",
            configuration: PeerBenchmarks.configuration(
                metrics: [PeerBenchmarks.blend2DDrawRatio], iterations: 3,
                thresholds: count >= 1_000 ? [PeerBenchmarks.blend2DDrawRatio: .init(absolute: [.p90: 50])] : nil)
        ) { benchmark, drawer in
            // Three iterations from frame 4 stay within the scene's 240 frames.
            let frames = count >= 10_000 ? 12 : 60
            let (ours, blend2D) = try PeerMeasures.blend2DComparison(
                drawer, frames: frames, from: 4 + benchmark.currentIteration * frames)
            benchmark.measurement(PeerBenchmarks.blend2DDrawRatio, Int((ours / blend2D * 100).rounded()))
        } setup: {
            try PeerRunner.prepare()
            return PeerFrameDrawer.warmed(scene: PeerScene(count: count, width: width, height: height))
        }
    }

    // Parallel scaling, drawing only: frames a second with 2 workers ÷ 1 worker, in percent.
    // Target (issue 13) ≥ 180 %: 240 ± 60, so 180 to 300 % passes.
    for (count, width, height) in PeerScene.sizes {
        Benchmark(
            "scaling-\(PeerBenchmarks.name(count))-\(width)x\(height)",
            configuration: PeerBenchmarks.configuration(
                metrics: [PeerBenchmarks.speedup], iterations: 2,
                thresholds: [PeerBenchmarks.speedup: .init(absolute: [.p90: 60])])
        ) { benchmark, scene in
            let (one, two) = try PeerMeasures.scaling(scene, frames: count >= 10_000 ? 12 : 48)
            benchmark.measurement(PeerBenchmarks.speedup, Int((two / one * 100).rounded()))
        } setup: {
            PeerScene(count: count, width: width, height: height)
        }
    }
}
