import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import Testing

/// Golden-image checks for rendered frames: each frame is compared, pixel by pixel, with
/// `Goldens/<name>.png` next to this file. `RECORD_GOLDENS=1` writes the frames instead (and
/// fails, so that a recording run never passes by accident); look at every recorded picture
/// before committing it.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares the renderer's last frame with the golden `name`: every channel of every pixel
    /// within `tolerance` (of 255), except at most `outliers` pixels (text goldens allow a few:
    /// glyph edges move with the installed font and FreeType versions).
    static func expectMatch(
        _ renderer: CARenderer, named name: String, tolerance: Int = 2, outliers: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name + ".png")
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try renderer.pngData().write(to: url)
            Issue.record(
                "recorded the golden \(url.path); look at it, then run without RECORD_GOLDENS",
                sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record(
                "no golden \(url.path): run with RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let golden = try readPNG(at: url)
        let actual = renderer.image
        #expect(golden.width == actual.width && golden.height == actual.height, sourceLocation: sourceLocation)
        let expected = golden.rgbaPixels
        let got = actual.rgbaPixels
        var differing = 0
        var worst = 0
        for index in stride(from: 0, to: min(expected.count, got.count), by: 4) {
            let difference = (0..<4).map { abs(Int(expected[index + $0]) - Int(got[index + $0])) }.max() ?? 0
            worst = max(worst, difference)
            if difference > tolerance { differing += 1 }
        }
        if differing > outliers {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? renderer.pngData().write(to: failed)
            Issue.record(
                "\(differing) pixels differ from \(name).png by more than \(tolerance) (worst \(worst)); the frame is at \(failed.path)",
                sourceLocation: sourceLocation)
        }
    }
}
