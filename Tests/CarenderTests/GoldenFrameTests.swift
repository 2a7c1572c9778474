import Foundation
import Testing

/// One frame of a scene, at a time when it is mid-animation, and the golden it should match.
struct GoldenFrame: CustomTestStringConvertible, Sendable {
    let scene: String
    let time: Double
    let golden: String

    init(_ scene: String, at time: Double, golden: String? = nil) {
        self.scene = scene
        self.time = time
        self.golden = golden ?? scene
    }

    var testDescription: String { "\(golden) (\(scene) at \(time) s)" }
}

/// A frame of every gallery scene. Transitions are caught half-way (0.4 s + 0.5 of 1 s); the
/// fill modes before the animation begins (backwards and both fill) and after it ends
/// (forwards and both).
let goldenFrames: [GoldenFrame] = [
    GoldenFrame("view-vs-layer", at: 0.55),
    GoldenFrame("nested-transactions", at: 0.4),
    GoldenFrame("pop", at: 0.15),
    GoldenFrame("image-view", at: 0.35),
    GoldenFrame("spring", at: 0.4),
    GoldenFrame("keyframe-circle", at: 0.3),
    GoldenFrame("group", at: 4),
    GoldenFrame("transition-fade", at: 0.9),
    GoldenFrame("transition-move-in", at: 0.9),
    GoldenFrame("transition-push", at: 0.9),
    GoldenFrame("transition-reveal", at: 0.9),
    GoldenFrame("fill-modes", at: 0.3),
    GoldenFrame("fill-modes", at: 2.5, golden: "fill-modes-after"),
    GoldenFrame("additive-blocks", at: 0.75),
    GoldenFrame("emitter-fountain", at: 2.5),
]

@Suite("Gallery scenes against golden frames")
struct GoldenFrameTests {
    @Test(arguments: goldenFrames)
    func frameMatchesItsGolden(_ frame: GoldenFrame) throws {
        let folder = try makeScratchFolder("golden-\(frame.golden)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("\(frame.golden).png")
        let result = try carender(["render", frame.scene, "--output", url.path, "--from", "\(frame.time)"])
        #expect(result.status == 0, "\(result.error)")
        try Goldens.expectMatch(pngAt: url, named: frame.golden)
    }

    @Test func everyGallerySceneHasAGolden() {
        #expect(Set(goldenFrames.map(\.scene)) == Set(galleryScenes))
    }
}
