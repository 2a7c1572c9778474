import Foundation
import OpenQuartzCoreRenderer
import Testing

/// `carender render … --output-dir OUT`: many inputs in one run, one failing.
@Suite struct BatchRenderTests {
    @Test func aBatchRendersEveryInputAndReportsTheOneThatFails() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let more = folder.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
        try Data(LottieCommandTests.slide(rotation: #"{"a": 0, "k": 30}"#).utf8).write(
            to: more.appendingPathComponent("turned.json"))
        try Data(#"{"v": "5.7.4", "fr": 30, "layers": 7}"#.utf8).write(to: more.appendingPathComponent("broken.json"))
        try Data("not an animation".utf8).write(to: more.appendingPathComponent("notes.txt"))
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // What OUT held before: a file of the failing input's name, and one of nobody's.
        try Data("old".utf8).write(to: out.appendingPathComponent("broken.mp4"))
        try Data("keep".utf8).write(to: out.appendingPathComponent("other.txt"))

        let result = try carender([
            "render", slide.path, more.path, "--output-dir", out.path, "--format", "mp4,webm", "--size", "64x32",
        ])
        #expect(result.status == 1, "one input failed: \(result.output) \(result.error)")
        #expect(result.error.contains("✗ \(more.path)/broken.json: "), "\(result.error)")
        #expect(result.output.contains("✓ \(slide.path) → \(out.path)/slide.mp4, \(out.path)/slide.webm: 30 frames"))
        #expect(result.output.contains("✓ \(more.path)/turned.json → "))
        #expect(result.output.contains("Rendered 2 of 3 inputs into \(out.path)."), "\(result.output)")
        for name in ["slide.mp4", "slide.webm", "turned.mp4", "turned.webm"] {
            #expect(fileSize(out.appendingPathComponent(name)) > 0, "\(name)")
        }
        #expect(try Data(contentsOf: out.appendingPathComponent("broken.mp4")) == Data("old".utf8))
        #expect(try Data(contentsOf: out.appendingPathComponent("other.txt")) == Data("keep".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "no temporary files: \(left)")
    }

    @Test func aBatchWithoutFailuresExitsZeroAndWritesEachFormat() throws {
        let (folder, slide) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("made/here")
        let result = try carender([
            "render", slide.path, "spring", "--output-dir", out.path, "--format", "png,png-sequence", "--fps", "10",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Rendered 2 of 2 inputs"))
        #expect(file(out.appendingPathComponent("slide.png"), has: Magic.png))
        #expect(file(out.appendingPathComponent("spring.png"), has: Magic.png))
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("slide").path)
        #expect(frames.count == 10, "1 s at 10 fps")
    }

    @Test(arguments: [
        (["render", "spring", "-o", "x.mp4", "--output-dir", "out"], "give --output or --output-dir, not both"),
        (["render", "spring", "pop", "-o", "x.mp4"], "several inputs render into a folder"),
        (["render", "spring", "--output-dir", "out", "--format", "mp4,avi"], "--format takes png, mp4"),
        (["render", "spring", "--output-dir", "out", "--shard", "1/2"], "--shard renders one input"),
        (["render", "spring", "-o", "x.mp4", "--format", "mp4,gif"], "one --format for one --output"),
    ])
    func batchOptionsAreChecked(arguments: [String], message: String) throws {
        let result = try carender(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }
}
