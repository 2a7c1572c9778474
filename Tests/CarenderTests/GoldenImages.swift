import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import Testing

/// Golden-image checks for frames `carender` writes: each PNG is compared, pixel by pixel, with
/// `Goldens/<name>.png` next to this file. `RECORD_GOLDENS=1` copies the frames there instead
/// (and fails, so that a recording run never passes by accident); look at every recorded
/// picture before committing it.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares the PNG at `url` with the golden `name`: every channel within `tolerance` (of
    /// 255), except for at most `allowedPixels` pixels (anti-aliasing that differs between Cairo
    /// versions).
    static func expectMatch(
        pngAt url: URL, named name: String, tolerance: Int = 2, allowedPixels: Int = 4,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let golden = directory.appendingPathComponent(name + ".png")
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.copyItem(at: url, to: golden)
            Issue.record(
                "recorded the golden \(golden.path); look at it, then run without RECORD_GOLDENS",
                sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            Issue.record(
                "no golden \(golden.path): run with RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = try readPNG(at: golden)
        let actual = try readPNG(at: url)
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record(
                "\(name): the frame is \(actual.width) × \(actual.height), the golden \(expected.width) × \(expected.height)",
                sourceLocation: sourceLocation)
            return
        }
        let want = expected.rgbaPixels
        let got = actual.rgbaPixels
        var differing = 0
        var worst = 0
        for index in stride(from: 0, to: want.count, by: 4) {
            let difference = (0..<4).map { abs(Int(want[index + $0]) - Int(got[index + $0])) }.max() ?? 0
            worst = max(worst, difference)
            if difference > tolerance { differing += 1 }
        }
        if differing > allowedPixels {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: url, to: kept)
            let message = "\(differing) pixels differ from \(name).png by more than \(tolerance) (worst \(worst)); "
            Issue.record("\(message)the frame is at \(kept.path)", sourceLocation: sourceLocation)
        }
    }
}
