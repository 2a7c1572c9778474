import CARenderCommands
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// `FrameSource`, what the Python package's `Animation` holds: frames in memory, each the
/// picture `carender frame` or `carender render` writes for that moment.
@MainActor
@Suite struct FrameSourceTests {
    @Test func framesAreTheCommandsPictures() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--size", "64x32", "--background", "#336699"]
        let still = folder.appendingPathComponent("still.png")
        let made = try carender(["frame", "spring", "--time", "0.25", "-o", still.path] + options)
        #expect(made.status == 0, "\(made.error)")
        let sequence = folder.appendingPathComponent("frames")
        let rendered = try carender(
            ["render", "spring", "-o", sequence.path + "/", "--from", "0.2", "--to", "0.5", "--fps", "10"] + options)
        #expect(rendered.status == 0, "\(rendered.error)")

        let source = try FrameSource(input: "spring", options: options)
        #expect(source.pixelWidth == 64 && source.pixelHeight == 32)
        #expect(source.lottieFrames == nil && source.time(atFrame: 3) == nil)
        #expect(try source.frame(at: 0.25).pngData() == Data(contentsOf: still))
        let stream = source.frames(CAFrameSpan(first: 2, count: 3, fps: 10))
        var delivered: [CARenderedFrame] = []
        while let frame = try stream.next() { delivered.append(frame) }
        #expect(delivered.map(\.index) == [0, 1, 2])
        #expect(try stream.next() == nil)
        // The render's files are numbered from its first frame.
        for (number, frame) in delivered.enumerated() {
            let file = sequence.appendingPathComponent(String(format: "frame-%05d.png", number))
            #expect(try frame.pngData() == Data(contentsOf: file), "frame \(number)")
        }
    }

    @Test func failuresAreInTheCommandsWords() {
        #expect(throws: FrameSource.Failure.self) { try FrameSource(input: "missing.json", options: []) }
        do {
            _ = try FrameSource(input: "spring", options: ["--size", "0x10"])
            Issue.record("a size without pixels loads")
        } catch {
            #expect(error.description.contains("--size must be WIDTHxHEIGHT"), "\(error.description)")
        }
        do {
            _ = try FrameSource(input: "missing.json", options: [])
        } catch {
            #expect(error.description.contains("there is no Lottie file at 'missing.json'"), "\(error.description)")
        }
    }
}
