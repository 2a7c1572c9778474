import Benchmark
import Foundation
import IOSPorting

// Issue 69: the porting step on a 1,000-line iOS file within 100 ms (release, one core): the
// cross-file context gathered from it (the `@objc` protocols' optional members) and the file
// rewritten, as the command and the build plugin do for each file.

enum PortingStep {
    /// The main package's iOS fixtures (target–action, selectors, timers, display links, KVO,
    /// `@NSManaged`, `@objc` protocols, IB attributes), whole files one after another until the
    /// text has at least 1,000 lines: real-shaped code with a rewrite every few lines.
    static let source: String = {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/PortedIOSFixtures/iOS")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.hasSuffix(".swift") }.sorted().compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
        guard !files.isEmpty else { fatalError("PortingStep: no iOS fixtures in \(folder.path)") }
        var text = ""
        var lines = 0
        while lines < lineCount {
            for file in files where lines < lineCount {
                text += file.hasSuffix("\n") ? file : file + "\n"
                lines += file.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            }
        }
        return text
    }()

    static let lineCount = 1_000

    /// The calling thread's CPU time for one port, in microseconds (a shared machine's other
    /// processes do not inflate it as they do the wall clock).
    static let threadCPU = BenchmarkMetric.custom(
        "threadCPUMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

let benchmarks: @Sendable () -> Void = {
    let source = PortingStep.source
    Benchmark(
        "port-1000-line-file",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, PortingStep.threadCPU], timeUnits: .milliseconds,
            warmupIterations: 3, maxDuration: .seconds(8), maxIterations: 200,
            // The target, 100 ms: half in the thresholds file, half as the tolerance.
            thresholds: [PortingStep.threadCPU: .init(absolute: [.p90: 50_000])])
    ) { benchmark in
        let start = PortingStep.threadCPUSeconds()
        benchmark.startMeasurement()
        let context = PortingContext(sources: [source])
        let ported = SourcePorter(context: context).port(source, path: "Ported.swift", sourceLocation: true)
        benchmark.stopMeasurement()
        benchmark.measurement(
            PortingStep.threadCPU, Int(((PortingStep.threadCPUSeconds() - start) * 1_000_000).rounded()))
        guard ported.isParsed, ported.isChanged else {
            fatalError("PortingStep: the fixtures did not port: \(ported.diagnostics.prefix(3))")
        }
        blackHole(ported)
    }
}
