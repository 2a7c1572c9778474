import CAMLTestSupport
import Foundation
import LottieTestSupport
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

@testable import CARenderCommands

/// A frame is the same picture whoever draws it: one worker or two, the whole render or a
/// shard of it. Every sample of the shared corpora (both Lottie corpora and the CAML
/// documents) is rendered as `carender render` renders it (its `renderScene`) — whole with one worker and with
/// two, in two shards with two workers — and its first frame alone, as `carender frame`
/// draws it, and the PNG files are compared byte for byte.
///
/// A long test (minutes of both cores): it runs when `OPENQUARTZCORE_LONG_TESTS=1` is set, as
/// `.ci/run` sets it, and is skipped otherwise.
@Suite(.enabled(if: LongTests.areEnabled, LongTests.skipReason))
struct WorkerDeterminismTests {
    /// Frames per render, spread over the sample's length.
    private static let frameCount = 8
    /// The longer side of the picture, in pixels: the drawing's history matters at any size.
    private static let side = 160.0

    @Test @MainActor func everyCorpusSampleDrawsTheSameBytesWithOneWorkerTwoWorkersAndInShards() throws {
        var inputs: [String] = []
        if LottieCorpus.isPresent(for: "Worker determinism over the Lottie corpus") {
            inputs += try LottieCorpus.samples().map(\.url.path)
        }
        let extended = LottieCorpus.folder.deletingLastPathComponent().appendingPathComponent("lottie-extended/samples")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: extended.path) {
            inputs += names.sorted().map { extended.appendingPathComponent($0).path }
        } else {
            print("Worker determinism over the extended Lottie corpus: skipped, \(extended.path) is absent")
        }
        if CAMLCorpus.isPresent(for: "Worker determinism over the CAML corpus") {
            inputs += CAMLCorpus.documents().map(\.url.path)
        }
        let scratch = try ScratchSpace.makeFolder("worker-determinism")
        var compared = 0
        var differing = 0
        var unread: [String] = []
        for input in inputs {
            guard let definitions = try? loadDefinitions(input) else {
                unread.append(URL(fileURLWithPath: input).lastPathComponent)
                continue
            }
            for (engine, definition) in definitions {
                let folder = scratch.appendingPathComponent("\(compared)")
                let mismatch = try firstMismatch(of: definition, in: folder)
                #expect(mismatch == nil, "\(URL(fileURLWithPath: input).lastPathComponent)\(engine): \(mismatch ?? "")")
                if mismatch != nil { differing += 1 }
                try? FileManager.default.removeItem(at: folder)
                compared += 1
            }
        }
        print(
            "Worker determinism: \(compared - differing) of \(compared) samples the same bytes in every way of drawing; "
                + "not read: \(unread)")
    }

    /// The sample's scene; a Lottie file with expressions twice, the second drawn by the
    /// complete engine, which evaluates them (named " (complete)").
    @MainActor private func loadDefinitions(_ path: String) throws -> [(engine: String, definition: SceneDefinition)] {
        if SceneDefinition.isLottieFile(path) {
            let lottie = try SceneDefinition.lottie(at: path)
            guard lottie.animation?.hasExpressions == true else { return [("", lottie)] }
            let complete = try SceneDefinition.lottie(
                at: path, configuration: LottieConfiguration(renderingEngine: .complete))
            return [("", lottie), (" (complete)", complete)]
        }
        guard let type = SceneDefinition.packageType(of: path) else { throw CocoaError(.fileReadUnknown) }
        return [("", try SceneDefinition.document(at: path, type: type))]
    }

    /// The first way of drawing `definition` whose files differ from the whole render with one
    /// worker, named with the first frame that differs; nil when every way gives its bytes.
    @MainActor private func firstMismatch(of definition: SceneDefinition, in folder: URL) throws -> String? {
        let fit = min(Self.side / definition.size.width, Self.side / definition.size.height, 1)
        let framing = Framing(
            size: CGSize(
                width: (definition.size.width * fit).rounded(), height: (definition.size.height * fit).rounded()),
            scale: 1)
        let fps = max(1, Int((Double(Self.frameCount) / max(definition.duration, 0.01)).rounded(.up)))
        let span = CAFrameSpan(first: 0, count: Self.frameCount, fps: fps)
        func render(_ name: String, threads: Int, parts: Int) throws -> URL {
            let output = folder.appendingPathComponent(name)
            for part in 1...parts {
                let shard = span.shard(part, of: parts)!
                try renderScene(
                    definition, framing: framing, frames: shard.span,
                    to: [CAMovieExporter.Output(path: output.path + "/", format: .pngSequence)],
                    firstFileNumber: shard.offset, threads: threads)
            }
            return output
        }
        let reference = try render("one-worker", threads: 1, parts: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: reference.path).sorted()
        guard names.count == Self.frameCount else { return "\(names.count) frames written, not \(Self.frameCount)" }
        for (name, drawn) in [
            ("two workers", try render("two-workers", threads: 2, parts: 1)),
            ("two shards", try render("two-shards", threads: 2, parts: 2)),
        ] {
            for file in names {
                let expected = try Data(contentsOf: reference.appendingPathComponent(file))
                guard (try? Data(contentsOf: drawn.appendingPathComponent(file))) == expected else {
                    return "\(name): \(file) differs"
                }
            }
        }
        // `carender frame`: the first frame exported alone, drawn as the render's first.
        let alone = folder.appendingPathComponent("alone.png")
        try renderScene(
            definition, framing: framing, frames: span.shard(1, of: Self.frameCount)!.span,
            to: [CAMovieExporter.Output(path: alone.path, format: .png)], threads: 2)
        guard try Data(contentsOf: alone) == Data(contentsOf: reference.appendingPathComponent(names[0])) else {
            return "the first frame drawn alone differs"
        }
        return nil
    }
}
