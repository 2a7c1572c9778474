import Benchmark
import Dispatch
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCorePreview
import OpenQuartzCorePreviewTestSupport
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

// Issue 15: a frame of a 390 × 844 pt wallpaper at scale 2 (780 × 1688 pixels) reaches the
// browser within one frame interval of 60 fps (16.7 ms). Each of the corpus's wallpapers of
// that size is served by `carender preview`'s server, started in this process on a free port,
// and a WebSocket client asks for frames as the page does while playing: one at a time, each
// 1/60 s of scene time after the last, the next asked for when the last has arrived, each
// saying which frame the client has, so that only the changed pixels travel. The metric is
// the time from sending a request to holding the whole picture, the message applied to the
// client's copy of the last one (as the page patches its canvas).

enum PreviewFrames {
    /// Microseconds from a frame request to its frame, one sample per frame.
    static let latency = BenchmarkMetric.custom(
        "frameLatencyMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    /// The frame message's length in kilobytes (a whole frame is 5,274 kB), one sample per
    /// frame.
    static let messageSize = BenchmarkMetric.custom(
        "frameMessageKilobytes", polarity: .prefersSmaller, useScalingFactor: false)

    /// Microseconds to compress a frame to PNG, one sample per wallpaper.
    static let pngEncoding = BenchmarkMetric.custom(
        "pngEncodeMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    /// Microseconds to render a frame alone, as the server's session does (the scene's clock
    /// moved on 1/60 s, then `CARenderer` at 780 × 1688), one sample per frame: the part of
    /// ``latency`` that is the renderer's.
    static let renderOnly = BenchmarkMetric.custom(
        "renderMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

    /// Renders ``framesPerRun`` frames of `url` on the main actor; answers each one's
    /// microseconds.
    @MainActor
    static func renderFrames(_ url: URL) -> [Int] {
        guard let scene = try? SceneDefinition.document(at: url.path, type: kCAPackageTypeCAMLBundle).start() else {
            return []
        }
        var samples: [Int] = []
        let renderer = CARenderer(width: 780, height: 1688, scale: 2)
        renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
        renderer.layer = scene.root
        CAClock.$current.withValue(scene.clock) {
            for index in 0...framesPerRun {
                let start = DispatchTime.now().uptimeNanoseconds
                let time = Double(index) / 60
                scene.advance(to: time)
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                // The first frame fills the content caches, as the tab's first frame does.
                if index > 0 { samples.append(Int(elapsed / 1000)) }
            }
        }
        return samples
    }

    /// Frames asked for per run: a second of playing at 60 fps.
    static let framesPerRun = 60

    /// `../shared/caml-corpus/files` relative to the main package.
    static let corpusFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/caml-corpus/files")

    /// The corpus's `.ca` bundles whose canvas is 390 × 844 points.
    static let wallpapers: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusFolder.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".ca") }.map { corpusFolder.appendingPathComponent($0) }
            .filter { canvasSize(of: $0) == CGSize(width: 390, height: 844) }
    }()

    /// The canvas of the bundle at `url` in points, nil when it does not load.
    static func canvasSize(of url: URL) -> CGSize? {
        CAClock.$current.withValue(CAManualClock()) {
            let package = try? CAPackage(contentsOf: url, type: kCAPackageTypeCAMLBundle, options: nil)
            return package?.makeCanvasLayer().bounds.size
        }
    }

    /// Milliseconds to compress one 780 × 1688 frame of `url` to PNG, as the server would if
    /// it sent PNG: what sending raw pixels saves.
    static func pngMilliseconds(_ url: URL) -> Double {
        CAClock.$current.withValue(CAManualClock()) {
            guard let package = try? CAPackage(contentsOf: url, type: kCAPackageTypeCAMLBundle, options: nil) else {
                return 0
            }
            let canvas = package.makeCanvasLayer()
            let renderer = CARenderer(width: 780, height: 1688, scale: 2)
            renderer.layer = canvas
            renderer.bounds = canvas.frame
            renderer.beginFrame(atTime: 0.5)
            renderer.render()
            renderer.endFrame()
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try? renderer.pngData()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
    }

    static func source(_ url: URL) -> PreviewSource {
        PreviewSource(name: url.lastPathComponent) {
            try SceneDefinition.document(at: url.path, type: kCAPackageTypeCAMLBundle).start()
        }
    }

    /// Plays `url` for ``framesPerRun`` frames, recording each one's latency.
    static func play(_ url: URL, benchmark: Benchmark) async throws {
        let server = try await PreviewServer.start(source: source(url), port: 0, scale: 2)
        try await PreviewClient.connect(port: server.port) { client in
            // The tab's scene is built with its first frame: not measured.
            try await client.requestFrame(at: 0)
            _ = try await client.nextFrame()
            benchmark.startMeasurement()
            for index in 1...framesPerRun {
                let start = DispatchTime.now().uptimeNanoseconds
                try await client.requestFrame(at: Double(index) / 60, request: UInt32(index))
                let frame = try await client.nextFrame()
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                precondition(frame.width == 780 && frame.height == 1688, "a frame of \(frame.width) × \(frame.height)")
                benchmark.measurement(latency, Int(elapsed / 1000))
                benchmark.measurement(messageSize, frame.messageLength / 1000)
            }
            benchmark.stopMeasurement()
        }
        await server.stop()
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [PreviewFrames.latency, PreviewFrames.messageSize],
        timeUnits: .microseconds,
        warmupIterations: 0,
        maxDuration: .seconds(30),
        maxIterations: 1
    )
    if PreviewFrames.wallpapers.isEmpty {
        print("PreviewFrames: skipped, no 390 × 844 wallpaper in \(PreviewFrames.corpusFolder.path)")
    }
    // What PNG would cost instead of raw pixels: one frame compressed, per wallpaper.
    Benchmark(
        "preview-png-encode-780x1688",
        configuration: .init(
            metrics: [PreviewFrames.pngEncoding], timeUnits: .milliseconds, warmupIterations: 0,
            maxDuration: .seconds(60), maxIterations: 1)
    ) { benchmark in
        for url in PreviewFrames.wallpapers.prefix(8) {
            benchmark.measurement(PreviewFrames.pngEncoding, Int(PreviewFrames.pngMilliseconds(url) * 1000))
        }
    }
    for url in PreviewFrames.wallpapers {
        let name = url.deletingPathExtension().lastPathComponent
        Benchmark("preview-frame-\(name)", configuration: configuration) { benchmark in
            try await PreviewFrames.play(url, benchmark: benchmark)
        }
    }
    // The renderer's part of those trips: the same frames rendered alone, every wallpaper's
    // samples together.
    Benchmark(
        "preview-render-only-780x1688",
        configuration: .init(
            metrics: [PreviewFrames.renderOnly], timeUnits: .microseconds, warmupIterations: 0,
            maxDuration: .seconds(120), maxIterations: 1)
    ) { benchmark in
        for url in PreviewFrames.wallpapers {
            let samples = await MainActor.run { PreviewFrames.renderFrames(url) }
            for sample in samples { benchmark.measurement(PreviewFrames.renderOnly, sample) }
        }
    }
}
