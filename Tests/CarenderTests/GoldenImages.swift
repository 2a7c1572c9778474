import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import RendererTestSupport
import Testing

/// Golden-image checks for frames `carender` writes: each PNG is compared, pixel by pixel, with
/// `Goldens/<name>.png` next to this file (see ``GoldenImages`` for `RECORD_GOLDENS=1`).
enum Goldens {
    static let images = GoldenImages(folder: "Goldens", beside: #filePath)

    /// Compares the PNG at `url` with the golden `name`: every channel within `tolerance` (of
    /// 255), except for at most `allowedPixels` pixels (anti-aliasing that differs between Cairo
    /// versions).
    static func expectMatch(
        pngAt url: URL, named name: String, tolerance: Int = 2, allowedPixels: Int = 4,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try images.expectMatch(
            readPNG(at: url), pngData: { try Data(contentsOf: url) }, named: name, tolerance: tolerance,
            outliers: allowedPixels, sourceLocation: sourceLocation)
    }
}
