import Foundation
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// The example in docs/lottie.md: `CAMovieExporter` takes the tree a Lottie file makes unchanged.
@Suite struct LottieExportTests {
    @Test @MainActor func anExporterTakesALottieTreeUnchanged() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try ScratchSpace.makeFolder("lottie-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = try LottieAnimation(data: Data(KeyTimeTests.fade.utf8), name: "fade.json")

        // As in the README.
        let clock = CAManualClock()
        let layer = CAClock.$current.withValue(clock) {
            let layer = animation.makeLayer()
            layer.bounds = CGRect(origin: .zero, size: animation.size)
            layer.position = CGPoint(x: animation.size.width / 2, y: animation.size.height / 2)
            layer.play()
            CATransaction.flush()
            return layer
        }
        let exporter = CAMovieExporter(
            layer: layer, clock: clock,
            frames: CAFrameSpan(from: 0, to: animation.duration, fps: Int(animation.frameRate.rounded())),
            size: animation.size)
        let movie = folder.appendingPathComponent("fade.mov")
        try await exporter.export(to: movie, format: .proRes4444)

        let size = try #require(try FileManager.default.attributesOfItem(atPath: movie.path)[.size] as? NSNumber)
        #expect(size.intValue > 0)
        // The last frame of the film shows the square at full opacity: the animation played.
        let frames = folder.appendingPathComponent("frames")
        let stills = CAMovieExporter(
            layer: layer, clock: clock, frames: CAFrameSpan(first: 28, count: 1, fps: 25), size: animation.size)
        try await stills.export(to: frames, format: .pngSequence)
        let last = try readPNG(at: frames.appendingPathComponent("frame-00000.png"))
        let centre = (50 * last.width + 50) * 4
        #expect(Array(last.rgbaPixels[centre..<centre + 4]) == [255, 0, 0, 255])
    }
}
