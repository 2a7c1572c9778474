import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// Lottie files with expressions on the command line: `carender` draws them with the complete
/// engine unless told otherwise, and `convert --bake-expressions` writes them as keyframes that
/// lottie-ios's engines then play as After Effects shows them.
@Suite struct ExpressionCommandTests {
    /// The slide with its rotation given by an expression: 90° from 0.5 s on (frame 15), 0 before.
    static let turning = LottieCommandTests.slide(
        rotation: #"{"a": 0, "k": 0, "x": "var $bm_rt;\n$bm_rt = time >= 0.5 ? 90 : 0;"}"#)

    @Test func frameDrawsExpressionsByDefaultAndAutomaticPlaysTheKeyframes() throws {
        let (folder, file) = try LottieCommandTests.write(Self.turning, as: "turning.json")
        func drawn(_ options: [String]) throws -> CGImage {
            let output = folder.appendingPathComponent("frame\(options.joined()).png")
            let run = try carender(["frame", file.path, "--frame", "20", "-o", output.path] + options)
            #expect(run.status == 0, "\(run.error)")
            return try readPNG(at: output)
        }
        // At frame 20 the 40 × 20 rectangle, centred at x = 58.3, stands upright when turned:
        // (58, 8) is inside it only when turned, (42, 25) only when not.
        let complete = try drawn([])
        #expect(LottieCommandTests.pixel(58, 8, of: complete) == LottieCommandTests.red)
        #expect(LottieCommandTests.pixel(42, 25, of: complete)[3] == 0)
        let automatic = try drawn(["--engine", "automatic"])
        #expect(LottieCommandTests.pixel(58, 8, of: automatic)[3] == 0)
        #expect(LottieCommandTests.pixel(42, 25, of: automatic) == LottieCommandTests.red)
        #expect(largestDifference(complete, try drawn(["--engine", "complete"])) == 0)
    }

    @Test func bakedExpressionsPlayInLottieIOSsEnginesAsTheCompleteEngineDrawsThem() throws {
        let (folder, file) = try LottieCommandTests.write(Self.turning, as: "turning.json")
        let baked = folder.appendingPathComponent("baked.json")
        let run = try carender(["convert", file.path, baked.path, "--bake-expressions"])
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        #expect(run.output == "Wrote \(baked.path), its expressions baked into keyframes.\n")
        #expect(!(try String(contentsOf: baked, encoding: .utf8)).contains("\"x\":\""), "no expression is left")
        for frame in ["10", "14", "15", "29"] {
            let original = folder.appendingPathComponent("original\(frame).png")
            let automatic = folder.appendingPathComponent("automatic\(frame).png")
            _ = try carender(["frame", file.path, "--frame", frame, "-o", original.path])
            _ = try carender(["frame", baked.path, "--frame", frame, "--engine", "automatic", "-o", automatic.path])
            #expect(largestDifference(try readPNG(at: original), try readPNG(at: automatic)) == 0, "frame \(frame)")
        }
    }

    /// Random numbers and wiggle, rendered whole and in two shards (two processes, each
    /// evaluating the expressions anew): the same bytes in every frame.
    @Test func shardsOfAFileWithRandomExpressionsAreTheFramesOfTheWholeRender() throws {
        let shaken = LottieCommandTests.slide(rotation: #"{"a": 0, "k": 0, "x": "wiggle(3, 40) + random(-10, 10)"}"#)
        let (folder, file) = try LottieCommandTests.write(shaken, as: "shaken.json")
        #expect(try carender(["render", file.path, "-o", folder.path + "/whole/", "--frames", "0..12"]).status == 0)
        for part in 1...2 {
            let run = try carender(
                ["render", file.path, "-o", folder.path + "/parts/", "--frames", "0..12", "--shard", "\(part)/2"])
            #expect(run.status == 0, "\(run.error)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/whole").sorted()
        #expect(names.count == 12)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/parts").sorted() == names)
        var pictures = Set<Data>()
        for name in names {
            let whole = try Data(contentsOf: folder.appendingPathComponent("whole/" + name))
            #expect(whole == (try Data(contentsOf: folder.appendingPathComponent("parts/" + name))), "\(name)")
            pictures.insert(whole)
        }
        #expect(pictures.count > 6, "the expressions move the rectangle")
    }

    @Test func bakingRefusesWhatItCannotWriteAndKeepsTheOutputOnFailure() throws {
        let (folder, file) = try LottieCommandTests.write(Self.turning, as: "turning.json")
        let existing = folder.appendingPathComponent("kept.json")
        try Data("kept".utf8).write(to: existing)
        let wrongOutput = try carender(["convert", file.path, folder.appendingPathComponent("x.caml").path, "--bake-expressions"])
        #expect(wrongOutput.status == 1)
        #expect(wrongOutput.error.contains("with --bake-expressions OUT is a Lottie JSON file (.json)"))
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"v\": 1".utf8).write(to: broken)
        let unreadable = try carender(["convert", broken.path, existing.path, "--bake-expressions"])
        #expect(unreadable.status == 1 && unreadable.error.contains("broken.json"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "kept")
    }
}
