import Foundation
import OpenLottie
import OpenQuartzCore

/// A Lottie file of the shared corpus that the Lottie benchmarks read and draw.
public struct LottieSample: Sendable {
    /// The name `MANIFEST.tsv` gives it (the file's name without `.json`).
    public let name: String
    public let url: URL
    /// The file's size in bytes.
    public let fileSize: Int
    /// The values file lottie-ios's snapshot configuration sets for it (the extended corpus's
    /// `configs/NAME.json`), nil when there is none.
    public var values: URL? = nil
}

/// The Lottie benchmarks' samples: the 95 animations of the shared corpus
/// (`../shared/lottie-corpus` beside the package; its `SOURCES.md` says where they come from),
/// each named by a line of `MANIFEST.tsv`. Without the corpus there are none, and the
/// benchmarks print why they skip.
public enum LottieSamples {
    /// `../shared/lottie-corpus` relative to the main package.
    public static let corpusFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/lottie-corpus")

    /// The snapshots lottie-ios's tests take of every sample, as fractions of the way from the
    /// first frame (`ip`) to the end (`op`); the manifest lists the same five for each.
    public static let snapshotProgresses: [Double] = [0, 0.25, 0.5, 0.75, 1]

    /// Every sample the manifest names whose file is there, sorted by name; empty when the
    /// corpus is absent.
    public static func all() -> [LottieSample] {
        let manifest = corpusFolder.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> LottieSample? in
            guard !line.hasPrefix("#"), let name = line.split(separator: "\t").first.map(String.init) else {
                return nil
            }
            let url = corpusFolder.appendingPathComponent("samples/\(name).json")
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            guard let size = attributes?[.size] as? Int else { return nil }
            return LottieSample(name: name, url: url, fileSize: size)
        }.sorted { $0.name < $1.name }
    }

    /// `../shared/lottie-extended`: images, packages, value providers, viewports.
    public static var extendedFolder: URL {
        corpusFolder.deletingLastPathComponent().appendingPathComponent("lottie-extended")
    }

    /// Every sample of the extended corpus (its manifest names the file, `.json` or
    /// `.lottie`, and the values file), sorted by name; empty when it is absent.
    public static func extended() -> [LottieSample] {
        let manifest = extendedFolder.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> LottieSample? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard !line.hasPrefix("#"), fields.count > 10 else { return nil }
            let url = extendedFolder.appendingPathComponent("samples/\(fields[1])")
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            guard let size = attributes?[.size] as? Int else { return nil }
            let values = fields[10] == "-" ? nil : extendedFolder.appendingPathComponent("configs/\(fields[10])")
            return LottieSample(name: fields[0], url: url, fileSize: size, values: values)
        }.sorted { $0.name < $1.name }
    }

    /// Why `benchmark` cannot run, printed, when the corpus is absent; nil when it is there.
    public static func skipReason(for benchmark: String, _ samples: [LottieSample]) -> String? {
        guard samples.isEmpty else { return nil }
        let reason = "\(benchmark): skipped, \(corpusFolder.path) is absent"
        print(reason)
        return reason
    }

    /// The sample whose file size is the median of `samples` (the middle one of an odd
    /// count, the upper middle of an even one).
    public static func median(of samples: [LottieSample]) -> LottieSample {
        samples.sorted { ($0.fileSize, $0.name) < ($1.fileSize, $1.name) }[samples.count / 2]
    }

    /// The largest file of `samples`.
    public static func largest(of samples: [LottieSample]) -> LottieSample {
        samples.max { ($0.fileSize, $0.name) < ($1.fileSize, $1.name) }!
    }

    /// Reads `data` (the file of `sample`) as a user reads a file they hold in memory.
    public static func read(_ data: Data, of sample: LottieSample) throws -> LottieAnimation {
        if sample.url.pathExtension == "lottie" { return try LottieAnimation(contentsOf: sample.url) }
        return try LottieAnimation(data: data, name: sample.url.path, folder: sample.url.deletingLastPathComponent())
    }

    /// Reads `data` and makes the animation's layer tree, committed, on `clock`: what a user
    /// pays before the first frame. The layer is returned so that its release can happen
    /// outside a measurement.
    public static func readAndBuild(_ data: Data, of sample: LottieSample, on clock: CAManualClock) throws
        -> LottieAnimationLayer
    {
        try CAClock.$current.withValue(clock) {
            let layer = try read(data, of: sample).makeLayer()
            CATransaction.flush()
            return layer
        }
    }

    /// The size in points of the view lottie-ios's snapshot tests draw `animation` in (the
    /// animation's size, its longer side at most 500 points), and the bitmap's size in pixels
    /// at 2 pixels a point, rounded up (the corpus's `SOURCES.md`).
    public static func snapshotSize(of animation: LottieAnimation) -> (points: CGSize, width: Int, height: Int) {
        let size = animation.size
        let fit = min(1, 500 / max(size.width, size.height))
        let points = CGSize(width: size.width * fit, height: size.height * fit)
        return (points, Int((points.width * 2).rounded(.up)), Int((points.height * 2).rounded(.up)))
    }

    /// The calling thread's CPU time in nanoseconds: a frame drawn on one thread, without the
    /// time other processes take the core.
    public static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The monotonic clock in nanoseconds.
    public static func wallNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
