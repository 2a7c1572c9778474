import Benchmark
import CAMLDocuments
import Foundation
import OpenCAML

// Reading and writing CAML (issue 12): loading every corpus document (the median one within
// 5 ms, the largest within 50 ms, release build, one core), and writing each no slower than
// reading it. Without the corpus, three documents made by CAMLDocuments stand in.

/// The documents, and the median and largest by load time.
final class CAMLScene {
    let documents: [BenchmarkDocument]
    let median: BenchmarkDocument
    let largest: BenchmarkDocument
    let medianPackage: CAPackage
    let largestPackage: CAPackage
    /// The next document of the round-robin benchmark.
    var next = 0

    init() {
        documents = CAMLDocuments.all().documents
        let ordered = CAMLDocuments.byLoadTime(documents)
        median = ordered[ordered.count / 2].document
        largest = ordered[ordered.count - 1].document
        medianPackage = try! CAMLDocuments.load(median)
        largestPackage = try! CAMLDocuments.load(largest)
    }
}

enum CAMLParsing {
    /// Writing's thread CPU time as a percentage of reading's, for one document an iteration.
    static let ratio = BenchmarkMetric.custom("writePerReadPercent", polarity: .prefersSmaller, useScalingFactor: false)

    /// The calling thread's CPU time for one read, in microseconds: what "one core" means,
    /// and what other processes on the shared machine do not inflate as they do the wall
    /// clock (package-benchmark's `cpuTotal` counts in 10 ms ticks, too coarse here).
    static let threadCPU = BenchmarkMetric.custom(
        "threadCPUMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    /// The targets ("release, one core"), checked by `benchmark thresholds check`
    /// against `Thresholds/CAMLParsing.*.p90.json`: half the target in the file, the other
    /// half as the tolerance, so a p90 up to the target passes.
    static func within(milliseconds: Int) -> [BenchmarkMetric: BenchmarkThresholds] {
        [threadCPU: .init(absolute: [.p90: milliseconds * 500])]
    }

    /// Reads `document` in the measured span, and reports the thread's CPU time for it.
    static func measureLoad(of document: BenchmarkDocument, _ benchmark: Benchmark) {
        let start = CAMLDocuments.threadCPUSeconds()
        benchmark.startMeasurement()
        blackHole(try? CAMLDocuments.load(document))
        benchmark.stopMeasurement()
        let elapsed = CAMLDocuments.threadCPUSeconds() - start
        benchmark.measurement(threadCPU, Int((elapsed * 1_000_000).rounded()))
    }

    static func configuration(
        metrics: [BenchmarkMetric] = [.wallClock], thresholds: [BenchmarkMetric: BenchmarkThresholds]? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics, timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(8),
            maxIterations: 400, thresholds: thresholds)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "parse-median-document",
        configuration: CAMLParsing.configuration(
            metrics: [.wallClock, CAMLParsing.threadCPU], thresholds: CAMLParsing.within(milliseconds: 5))
    ) { benchmark, scene in
        CAMLParsing.measureLoad(of: scene.median, benchmark)
    } setup: {
        CAMLScene()
    }

    Benchmark(
        "parse-largest-document",
        configuration: CAMLParsing.configuration(
            metrics: [.wallClock, CAMLParsing.threadCPU], thresholds: CAMLParsing.within(milliseconds: 50))
    ) { benchmark, scene in
        CAMLParsing.measureLoad(of: scene.largest, benchmark)
    } setup: {
        CAMLScene()
    }

    Benchmark("write-median-document", configuration: CAMLParsing.configuration()) { benchmark, scene in
        benchmark.startMeasurement()
        try? CAMLDocuments.write(scene.medianPackage, like: scene.median)
        benchmark.stopMeasurement()
    } setup: {
        CAMLScene()
    }

    Benchmark("write-largest-document", configuration: CAMLParsing.configuration()) { benchmark, scene in
        benchmark.startMeasurement()
        try? CAMLDocuments.write(scene.largestPackage, like: scene.largest)
        benchmark.stopMeasurement()
    } setup: {
        CAMLScene()
    }

    // Each iteration takes the next document in turn, reads it and writes what it read, and
    // reports writing's time as a percentage of reading's (thread CPU time, so that another
    // process taking the core does not count). Target: p90 up to 100 %.
    Benchmark(
        "write-per-read-ratio",
        configuration: CAMLParsing.configuration(
            metrics: [.wallClock, CAMLParsing.ratio], thresholds: [CAMLParsing.ratio: .init(absolute: [.p90: 50])])
    ) { benchmark, scene in
        let document = scene.documents[scene.next % scene.documents.count]
        scene.next += 1
        var package: CAPackage?
        let read = CAMLDocuments.fastest(of: 3) { package = try? CAMLDocuments.load(document) }
        guard let package else { return }
        let write = CAMLDocuments.fastest(of: 3) { try? CAMLDocuments.write(package, like: document) }
        benchmark.measurement(CAMLParsing.ratio, Int((write / read * 100).rounded()))
    } setup: {
        CAMLScene()
    }
}
