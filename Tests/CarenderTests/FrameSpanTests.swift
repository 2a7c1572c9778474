import Foundation
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// Issue 11: frame `n` of a render is at `n / fps` from a whole frame number, so a render in
/// parts gives exactly the frames of a whole render.
@Suite("Frame times")
struct FrameSpanTests {
    @Test func framesAreWholeFrameNumbersOverTheRate() {
        let span = CAFrameSpan(from: 0.8, to: 1.6, fps: 10)
        #expect(span.first == 8 && span.count == 8)
        #expect(span.times == (8..<16).map { Double($0) / 10 })
        #expect(span.times[4] == 1.2, "not 0.8 + 0.4 = 1.2000000000000002")
    }

    @Test func fromAndToAreRoundedToTheNearestFrame() {
        let span = CAFrameSpan(from: 0.26, to: 0.94, fps: 10)
        #expect(span.first == 3 && span.count == 6)
        #expect(span.start == 0.3 && span.end == 0.9)
        #expect(CAFrameSpan(from: 1, to: 1.01, fps: 10).count == 1, "at least one frame")
    }

    @Test func anyFiniteStartHasAFrameNumber() {
        let span = CAFrameSpan(from: 1e20, to: 1e20 + 2, fps: 30)
        #expect(span.first == 3e21)
        #expect(span.count == 1, "a frame apart is the same Double out there")
        #expect(span.times == [1e20])
    }

    /// Times far past any scene's length: every scene repeats or holds, and a time of 1e20 s is
    /// more cycles than an integer counts.
    @Test(arguments: galleryScenes)
    func aFrameAtAHugeTimeRenders(scene: String) throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let still = scratch.appendingPathComponent("still.png")
        let frameRun = try carender(["frame", scene, "--time", "1e20", "--scale", "0.25", "-o", still.path])
        #expect(frameRun.status == 0, "\(frameRun.error)")
        let renderRun = try carender(
            ["render", scene, "--from", "1e20", "--fps", "10", "--scale", "0.25", "-o", scratch.path + "/frames/"])
        #expect(renderRun.status == 0, "\(renderRun.error)")
        #expect(FileManager.default.fileExists(atPath: still.path))
    }

    /// Every scene: frames 8 to 15 rendered alone are byte for byte frames 8 to 15 of a render
    /// from the start, and `carender frame --time 1.2` is frame 12.
    @Test(arguments: galleryScenes)
    func aPartRenderedAloneGivesTheFramesOfTheWholeRender(scene: String) throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let whole = scratch.appendingPathComponent("whole")
        let part = scratch.appendingPathComponent("part")
        let still = scratch.appendingPathComponent("still.png")
        let common = ["--format", "png-sequence", "--fps", "10", "--scale", "0.25", "--to", "1.6"]
        let wholeRun = try carender(["render", scene, "-o", whole.path, "--from", "0"] + common)
        #expect(wholeRun.status == 0, "\(wholeRun.error)")
        let partRun = try carender(["render", scene, "-o", part.path, "--from", "0.8"] + common)
        #expect(partRun.status == 0, "\(partRun.error)")
        let frameRun = try carender(["frame", scene, "--time", "1.2", "--scale", "0.25", "-o", still.path])
        #expect(frameRun.status == 0, "\(frameRun.error)")
        let name = { (index: Int) in String(format: "frame-%05d.png", index) }
        for index in 0..<8 {
            let expected = try Data(contentsOf: whole.appendingPathComponent(name(8 + index)))
            #expect(
                try Data(contentsOf: part.appendingPathComponent(name(index))) == expected,
                "\(scene): frame \(8 + index)")
        }
        #expect(
            try readPNG(at: still).rgbaPixels == (try readPNG(at: whole.appendingPathComponent(name(12)))).rgbaPixels,
            "\(scene): frame --time 1.2")
    }
}
