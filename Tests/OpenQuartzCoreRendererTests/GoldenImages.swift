import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import RendererTestSupport
import Testing

/// Golden-image checks for rendered frames: each frame is compared, pixel by pixel, with
/// `Goldens/<name>.png` next to this file (see ``GoldenImages`` for `RECORD_GOLDENS=1`).
enum Goldens {
    static let images = GoldenImages(folder: "Goldens", beside: #filePath)

    /// Compares the renderer's last frame with the golden `name`: every channel of every pixel
    /// within `tolerance` (of 255), except at most `outliers` pixels (text goldens allow a few:
    /// glyph edges move with the installed font and FreeType versions).
    static func expectMatch(
        _ renderer: CARenderer, named name: String, tolerance: Int = 2, outliers: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try images.expectMatch(
            renderer.image, pngData: renderer.pngData, named: name, tolerance: tolerance, outliers: outliers,
            sourceLocation: sourceLocation)
    }
}
