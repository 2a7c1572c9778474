import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import Testing

/// A folder of golden PNGs that rendered frames are compared with, pixel by pixel.
/// `RECORD_GOLDENS=1` writes the frames there instead (and fails, so that a recording run never
/// passes by accident); look at every recorded picture before committing it.
public struct GoldenImages: Sendable {
    /// The folder holding `<name>.png` for each golden.
    public let directory: URL

    /// The goldens in the folder `folder` beside the source file `sourceFile` (pass `#filePath`).
    public init(folder: String, beside sourceFile: String) {
        directory = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(folder)
    }

    /// Whether this run records the goldens instead of checking them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares a frame with the golden `name`: every channel of every pixel within `tolerance`
    /// (of 255), except at most `outliers` pixels. On a mismatch the frame is written to the
    /// temporary folder as `<name>-actual.png` and the issue says where.
    ///
    /// - Parameters:
    ///   - image: the frame's pixels; not read when recording.
    ///   - pngData: the frame as a PNG, for recording and for the frame kept on a mismatch.
    public func expectMatch(
        _ image: @autoclosure () throws -> CGImage, pngData: () throws -> Data, named name: String, tolerance: Int,
        outliers: Int, sourceLocation: SourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name + ".png")
        if Self.isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try pngData().write(to: url)
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
        let expected = try readPNG(at: url)
        let actual = try image()
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record(
                "\(name): the frame is \(actual.width) × \(actual.height), the golden \(expected.width) × \(expected.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (differing, worst) = Self.difference(expected, actual, tolerance: tolerance)
        if differing > outliers {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? pngData().write(to: kept)
            let message = "\(differing) pixels differ from \(name).png by more than \(tolerance) (worst \(worst)); "
            Issue.record("\(message)the frame is at \(kept.path)", sourceLocation: sourceLocation)
        }
    }

    /// How many pixels of two images of one size have a channel more than `tolerance` apart, and
    /// the largest difference of any channel.
    static func difference(_ expected: CGImage, _ actual: CGImage, tolerance: Int) -> (differing: Int, worst: Int) {
        let want = expected.rgbaPixels
        let got = actual.rgbaPixels
        var differing = 0
        var worst = 0
        for index in stride(from: 0, to: want.count, by: 4) {
            let difference = (0..<4).map { abs(Int(want[index + $0]) - Int(got[index + $0])) }.max() ?? 0
            worst = max(worst, difference)
            if difference > tolerance { differing += 1 }
        }
        return (differing, worst)
    }
}
