import Benchmark
import Foundation
import LottieSamples
import OpenLottie
import OpenQuartzCore

// Reading a Lottie file and making its layer tree: `LottieAnimation(data:name:folder:)`, then
// `makeLayer()`, then the commit that schedules its animations, for the corpus sample of median
// file size (target: within 2 ms) and the largest (338 KB, within 50 ms), release build, one
// core. The file's bytes are read before the measurement; the layer is released after it.

/// A sample's bytes, read once, and the layer the last iteration made.
final class LoadingScene {
    let sample: LottieSample
    let data: Data
    let clock = CAManualClock()
    var layer: LottieAnimationLayer?

    init(_ sample: LottieSample, role: String) {
        self.sample = sample
        data = try! Data(contentsOf: sample.url)
        print("LottieLoading: the \(role) sample is \(sample.name) (\(sample.fileSize) bytes)")
        // Guards against timing a file that fails early: it must read, and make a tree.
        let layer = try! LottieSamples.readAndBuild(data, of: sample, on: clock)
        precondition(!(layer.contentLayer.sublayers ?? []).isEmpty, "\(sample.name) made no layers")
    }
}

enum LottieLoading {
    /// The calling thread's CPU time for one read and tree, in microseconds: what "one core"
    /// means, and what other processes on the shared machine do not inflate as they do the
    /// wall clock (as `CAMLParsing` measures reading a document).
    static let threadCPU = BenchmarkMetric.custom(
        "threadCPUMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    /// The target, checked by `benchmark thresholds check` against
    /// `Thresholds/LottieLoading.<name>.p90.json`: half the target in the file, the other half
    /// as the tolerance, so a p90 up to the target passes.
    static func within(milliseconds: Int) -> [BenchmarkMetric: BenchmarkThresholds] {
        [threadCPU: .init(absolute: [.p90: milliseconds * 500])]
    }

    static func configuration(milliseconds: Int) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, threadCPU, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
            maxDuration: .seconds(8), maxIterations: 400, thresholds: within(milliseconds: milliseconds))
    }

    /// Reads the scene's sample and makes its tree in the measured span; reports the thread's
    /// CPU time for it.
    static func measureReadAndTree(_ benchmark: Benchmark, _ scene: LoadingScene) {
        // The last iteration's tree goes (and the clock turns, so that the scheduler forgets
        // it) before the clock starts.
        scene.layer = nil
        scene.clock.advance(by: 0)
        let start = LottieSamples.threadCPUNanoseconds()
        benchmark.startMeasurement()
        scene.layer = try? LottieSamples.readAndBuild(scene.data, of: scene.sample, on: scene.clock)
        benchmark.stopMeasurement()
        let elapsed = LottieSamples.threadCPUNanoseconds() - start
        benchmark.measurement(threadCPU, Int((Double(elapsed) / 1000).rounded()))
    }
}

let benchmarks: @Sendable () -> Void = {
    let samples = LottieSamples.all()
    if LottieSamples.skipReason(for: "LottieLoading", samples) != nil { return }

    Benchmark("read-tree-median-sample", configuration: LottieLoading.configuration(milliseconds: 2)) {
        benchmark, scene in
        LottieLoading.measureReadAndTree(benchmark, scene)
    } setup: {
        LoadingScene(LottieSamples.median(of: samples), role: "median")
    }

    Benchmark("read-tree-largest-sample", configuration: LottieLoading.configuration(milliseconds: 50)) {
        benchmark, scene in
        LottieLoading.measureReadAndTree(benchmark, scene)
    } setup: {
        LoadingScene(LottieSamples.largest(of: samples), role: "largest")
    }
}
