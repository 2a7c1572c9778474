import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer
import Testing

/// CAML documents with `CAEmitterLayer`s, rendered by `carender` as a user would.
@Suite struct EmitterDocumentTests {
    /// A 4 × 4 opaque white PNG, written for these tests.
    static let whitePNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAD0lEQVR42mP4jwYYSBcAAHg8P8HhlZXvAAAAAElFTkSuQmCC"

    /// A 100 × 80 black root with an emitter of red 8-point squares at CAML (50, 20): near the
    /// bottom, CAML being y up. One square a second rises at 20 points a second.
    static let document =
        DocumentCommandTests.header + """
            <CALayer name="root" bounds="0 0 100 80" position="50 40" backgroundColor="0 0 0"><sublayers>
              <CAEmitterLayer name="emitter" bounds="0 0 100 80" position="50 40" emitterPosition="50 20">
                <emitterCells>
                  <CAEmitterCell name="square" birthRate="1" lifetime="10" velocity="20"
                      emissionLongitude="1.5707963267948966" scale="2" color="1 0 0">
                    <contents type="CGImage" src="data:image/png;base64,\(whitePNG)"/>
                  </CAEmitterCell>
                </emitterCells>
              </CAEmitterLayer>
            </sublayers></CALayer></caml>
            """

    @Test func emitterParticlesRenderYUpAtTheirTime() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("emitter.caml")
        try DocumentCommandTests.write(Self.document, to: document)
        let output = folder.appendingPathComponent("emitter.png")
        let result = try carender(["frame", document.path, "--time", "1", "--output", output.path])
        #expect(result.status == 0, "\(result.error)")
        // Born at 0 (now 20 points higher, at screen y 40) and at 1 (at the emitter, y 60).
        #expect(try DocumentCommandTests.pixel(50, 40, of: output) == [255, 0, 0, 255])
        #expect(try DocumentCommandTests.pixel(50, 60, of: output) == [255, 0, 0, 255])
        #expect(try DocumentCommandTests.pixel(50, 50, of: output) == [0, 0, 0, 255])
        #expect(try DocumentCommandTests.pixel(50, 20, of: output) == [0, 0, 0, 255])
    }

    @Test func renderingFromALaterStartGivesTheSameFrames() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("emitter.caml")
        try DocumentCommandTests.write(Self.document, to: document)
        let whole = folder.appendingPathComponent("whole")
        let late = folder.appendingPathComponent("late")
        let first = try carender(
            ["render", document.path, "--output", whole.path + "/", "--fps", "4", "--to", "2"])
        #expect(first.status == 0, "\(first.error)")
        let second = try carender(
            ["render", document.path, "--output", late.path + "/", "--fps", "4", "--from", "1.5", "--to", "2"])
        #expect(second.status == 0, "\(second.error)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: whole.path).sorted()
        let lateFrames = try FileManager.default.contentsOfDirectory(atPath: late.path).sorted()
        #expect(frames.count == 8 && lateFrames.count == 2, "\(frames) \(lateFrames)")
        for (offset, name) in lateFrames.enumerated() {
            let a = try readPNG(at: whole.appendingPathComponent(frames[6 + offset])).rgbaPixels
            let b = try readPNG(at: late.appendingPathComponent(name)).rgbaPixels
            #expect(a == b, "the frame at \(1.5 + Double(offset) / 4) s")
        }
    }

    /// The corpus's emitter document (FORMAT.md §6), when the corpus is present: it renders,
    /// and its boxes move.
    @Test func corpusEmitterDocumentRendersMovingParticles() throws {
        let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/caml-corpus/files/kirayxa2__Dark__Background.ca")
        guard FileManager.default.fileExists(atPath: bundle.path) else {
            print("carender emitter corpus: skipped, \(bundle.path) is absent")
            return
        }
        let folder = try makeScratchFolder()
        var pictures: [[UInt8]] = []
        for time in ["1", "4"] {
            let output = folder.appendingPathComponent("dark-\(time).png")
            let result = try carender(
                ["frame", bundle.path, "--time", time, "--output", output.path, "--scale", "0.5"])
            #expect(result.status == 0, "\(result.error)")
            pictures.append(try readPNG(at: output).rgbaPixels)
        }
        #expect(pictures.count == 2 && pictures[0] != pictures[1], "the particles move")
    }
}
