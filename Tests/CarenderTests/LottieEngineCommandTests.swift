import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer
import Testing

/// `--engine`: the complete engine unless chosen, or lottie-ios's rendering engine for a
/// Lottie file, and what `inspect` says of it.
@Suite struct LottieEngineCommandTests {
    /// The slide's rectangle trimmed to the first half of its outline (its right side and its
    /// bottom): lottie-ios's Core Animation engine fills the whole rectangle and declines the
    /// file; its Main Thread engine fills the triangle below the diagonal from (45, 15) to (5, 35).
    static let trimmed = LottieCommandTests.slide().replacingOccurrences(
        of: #""r": 1}]}]}"#,
        with: #""r": 1}, {"ty": "tm", "nm": "trim", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "#
            + #""o": {"a": 0, "k": 0}, "m": 1}]}]}"#)

    @Test func theEngineIsCompleteUnlessChosen() throws {
        let (folder, file) = try LottieCommandTests.write(Self.trimmed, as: "trimmed.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let complete = try carender(["inspect", file.path])
        #expect(complete.output.contains("Drawn with the complete engine."), "\(complete.output)")
        let inspect = try carender(["inspect", file.path, "--engine", "automatic"])
        #expect(inspect.status == 0, "\(inspect.error)")
        #expect(
            inspect.output.contains("layers[0].shapes[1]: The Core Animation rendering engine doesn't"),
            "\(inspect.output)")
        #expect(inspect.output.contains("Drawn with the main-thread engine (--engine automatic)."), "\(inspect.output)")
        let chosen = try carender(["inspect", file.path, "--engine", "core-animation"])
        #expect(chosen.output.contains("Drawn with the core-animation engine."), "\(chosen.output)")

        var pictures: [String: CGImage] = [:]
        for engine in ["automatic", "main-thread", "core-animation", "complete"] {
            let output = folder.appendingPathComponent("\(engine).png")
            let result = try carender(["frame", file.path, "--engine", engine, "-o", output.path])
            #expect(result.status == 0, "\(result.error)")
            pictures[engine] = try readPNG(at: output)
        }
        let mainThread = try #require(pictures["main-thread"])
        let coreAnimation = try #require(pictures["core-animation"])
        #expect(try #require(pictures["automatic"]).rgbaPixels == mainThread.rgbaPixels)
        #expect(try #require(pictures["complete"]).rgbaPixels == mainThread.rgbaPixels, "After Effects trims fills")
        let (red, tolerance) = (LottieCommandTests.red, LottieCommandTests.tolerance)
        #expect(
            LottieCommandTests.isClose(LottieCommandTests.pixel(40, 32, of: mainThread), to: red, tolerance: tolerance))
        #expect(LottieCommandTests.pixel(10, 18, of: mainThread)[3] == 0, "cut off by the trim")
        #expect(
            LottieCommandTests.isClose(
                LottieCommandTests.pixel(10, 18, of: coreAnimation), to: red, tolerance: tolerance))
    }

    @Test(arguments: [
        (["frame", "LOTTIE", "--engine", "metal"], "--engine"),
        (["frame", "spring", "--engine", "main-thread"], "--engine applies to Lottie files"),
    ])
    func aBadEngineIsRefused(arguments: [String], message: String) throws {
        let (folder, file) = try LottieCommandTests.write(Self.trimmed, as: "trimmed.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png")
        let result = try carender(arguments.map { $0 == "LOTTIE" ? file.path : $0 } + ["-o", output.path])
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
