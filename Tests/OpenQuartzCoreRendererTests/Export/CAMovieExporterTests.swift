import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A 64 × 32 scene on its own manual clock: a grey box that turns red at 0.3 s (a scheduled
/// change, without animation), exported at 10 fps.
@MainActor
private func makeExporter(seconds: Double = 0.5) -> (CAMovieExporter, CALayer) {
    let clock = CAManualClock()
    let (root, box) = CAClock.$current.withValue(clock) {
        // Built without implicit animations: the scene is still until the change.
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
        let box = CALayer()
        box.frame = CGRect(x: 16, y: 8, width: 32, height: 16)
        box.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        root.addSublayer(box)
        CATransaction.flush()
        return (root, box)
    }
    let exporter = CAMovieExporter(
        layer: root, clock: clock, frames: CAFrameSpan(from: 0, to: seconds, fps: 10),
        size: CGSize(width: 64, height: 32))
    exporter.threads = 2
    exporter.schedule(at: 0.3) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
    }
    return (exporter, root)
}

private func scratchFolder(_ name: String = #function) throws -> URL {
    try ScratchSpace.makeFolder("movie-exporter-\(name.filter { $0.isLetter })")
}

/// Temporary files an export left beside its outputs.
private func leftovers(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
}

/// The number of video frames ffprobe decodes from `file`.
private func decodedFrameCount(_ file: URL) throws -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames", "-of", "csv=p=0", file.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

private let ffmpegPath = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Issue 13: export is a library API.
@Suite("CAMovieExporter")
@MainActor
struct CAMovieExporterTests {
    @Test func aPNGSequenceHasEveryFrameAndTheScheduledChangeAtItsTime() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exporter, _) = makeExporter()
        var seen: [Int] = []
        let updates = exporter.progressUpdates()
        try await exporter.export(to: folder.appendingPathComponent("frames"), format: .pngSequence) {
            seen.append($0.framesDone)
            #expect($0.frameCount == 5)
        }
        #expect(seen == [1, 2, 3, 4, 5], "one step per frame, in order, ending at the frame count")
        var streamed: [Int] = []
        for await step in updates { streamed.append(step.framesDone) }
        #expect(streamed == [1, 2, 3, 4, 5])
        let frames = try (0..<5).map {
            try Data(contentsOf: folder.appendingPathComponent("frames/frame-0000\($0).png"))
        }
        // Frames 0.0, 0.1, 0.2 are grey; the change at 0.3 s shows in frames 3 and 4.
        #expect(frames[0] == frames[1] && frames[1] == frames[2])
        #expect(frames[3] == frames[4])
        #expect(frames[2] != frames[3])
    }

    @Test func anMP4HasTheFrameCount() async throws {
        guard let ffmpegPath else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (exporter, _) = makeExporter()
        exporter.ffmpeg = URL(fileURLWithPath: ffmpegPath)
        let video = folder.appendingPathComponent("scene.mp4")
        try await exporter.export(to: video, format: .mp4(.init(crf: 23, preset: "veryfast")))
        #expect(try decodedFrameCount(video) == 5)
        #expect(leftovers(in: folder).isEmpty)
    }

    @Test func outputsOpenedBeforeTheSceneIsBuiltGetTheSameVideo() throws {
        guard let ffmpegPath else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ffmpeg = URL(fileURLWithPath: ffmpegPath)
        let format = CAMovieFormat.mp4(.init(crf: 23, preset: "veryfast"))
        let early = folder.appendingPathComponent("early.mp4"), late = folder.appendingPathComponent("late.mp4")
        // Opened (ffmpeg started, a temporary file claimed) before there is a layer.
        let opened = try CAMovieExporter.openOutputs(
            [.init(path: early.path, format: format)], frames: CAFrameSpan(from: 0, to: 0.5, fps: 10),
            size: CGSize(width: 64, height: 32), ffmpeg: ffmpeg)
        #expect(leftovers(in: folder).count == 1, "the output's temporary file is claimed when opened")
        let (exporter, _) = makeExporter()
        try exporter.exportSynchronously(to: opened)
        let (other, _) = makeExporter()
        other.ffmpeg = ffmpeg
        try other.exportSynchronously(to: [.init(path: late.path, format: format)])
        #expect(try decodedFrameCount(early) == 5)
        #expect(try Data(contentsOf: early) == Data(contentsOf: late), "the same frames, encoded the same")
        #expect(leftovers(in: folder).isEmpty)
    }

    @Test func outputsOpenedAndNeverExportedLeaveTheTargetAsItWas() throws {
        guard let ffmpegPath else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("kept.mp4")
        try Data("the user's own file".utf8).write(to: target)
        do {
            let opened = try CAMovieExporter.openOutputs(
                [.init(path: target.path, format: .mp4(.init()))], frames: CAFrameSpan(from: 0, to: 1, fps: 10),
                size: CGSize(width: 64, height: 32), ffmpeg: URL(fileURLWithPath: ffmpegPath))
            #expect(opened.outputs.count == 1)
            #expect(leftovers(in: folder).count == 1)
        }
        // Let go (a scene that failed to build): ffmpeg stopped, the temporary file removed.
        #expect(leftovers(in: folder).isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8) == "the user's own file")
    }

    @Test func framesWrittenWithoutWaitingCompleteTheFilesOnlyWhenFinished() throws {
        guard let ffmpegPath else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ffmpeg = URL(fileURLWithPath: ffmpegPath)
        let format = CAMovieFormat.mp4(.init(crf: 23, preset: "veryfast"))
        let span = CAFrameSpan(from: 0, to: 0.5, fps: 10)
        let size = CGSize(width: 64, height: 32)
        let waited = folder.appendingPathComponent("waited.mp4")
        let finished = folder.appendingPathComponent("finished.mp4")
        let dropped = folder.appendingPathComponent("dropped.gif")
        let users = Data("the user's file".utf8)
        try users.write(to: finished)
        try users.write(to: dropped)
        let (reference, _) = makeExporter()
        reference.ffmpeg = ffmpeg
        try reference.exportSynchronously(to: [.init(path: waited.path, format: format)])

        let (first, _) = makeExporter()
        let finishing = try first.writeFrames(
            to: CAMovieExporter.openOutputs(
                [.init(path: finished.path, format: format)], frames: span, size: size, ffmpeg: ffmpeg))
        // Every frame is written; the encoder may still be at work, and the file is the user's.
        #expect(try Data(contentsOf: finished) == users)
        do {
            let (second, _) = makeExporter()
            _ = try second.writeFrames(
                to: CAMovieExporter.openOutputs(
                    [.init(path: dropped.path, format: .gif)], frames: span, size: size, ffmpeg: ffmpeg))
        }
        // Let go of unfinished: ffmpeg stopped, the temporary file removed, the file as it was.
        #expect(try Data(contentsOf: dropped) == users)
        try finishing.finish()
        #expect(try decodedFrameCount(finished) == 5)
        #expect(try Data(contentsOf: finished) == Data(contentsOf: waited), "the same frames, encoded the same")
        #expect(leftovers(in: folder).isEmpty)
    }

    @Test func cancellationMidWayLeavesTheTargetUntouchedAndNoFile() async throws {
        guard let ffmpegPath else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return
        }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("scene.mp4")
        let fresh = folder.appendingPathComponent("fresh.mp4")
        let sentinel = Data("the user's video".utf8)
        try sentinel.write(to: video)
        let (exporter, _) = makeExporter(seconds: 2)
        exporter.ffmpeg = URL(fileURLWithPath: ffmpegPath)
        let done = FramesDone()
        // The export's own task cancels itself from a change at 0.5 s, before frame 5 is
        // captured (a task of its own: cancelling the test's task would cancel the test).
        exporter.schedule(at: 0.5) { withUnsafeCurrentTask { $0?.cancel() } }
        let outputs: [CAMovieExporter.Output] = [
            .init(path: video.path, format: .mp4()), .init(path: fresh.path, format: .gif),
        ]
        let outcome = await Task { () async -> CAMovieExportError? in
            do throws(CAMovieExportError) {
                try await exporter.export(to: outputs) { done.count = $0.framesDone }
                return nil
            } catch {
                return error
            }
        }.value
        #expect(outcome == .cancelled)
        #expect(done.count < 20, "stopped before the end")
        #expect(try Data(contentsOf: video) == sentinel)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
        #expect(leftovers(in: folder).isEmpty, "\(leftovers(in: folder))")
    }

    @Test func aFailingFFmpegGivesTheTypedErrorAndKeepsTheTarget() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("ffmpeg")
        try writeExecutable(
            "#!/bin/sh\ncat > /dev/null\necho 'Conversion failed! (from the test)' >&2\nexit 3\n", to: fake)
        let video = folder.appendingPathComponent("scene.mp4")
        let sentinel = Data("the user's video".utf8)
        try sentinel.write(to: video)
        let (exporter, _) = makeExporter()
        exporter.ffmpeg = fake
        do {
            try await exporter.export(to: video, format: .mp4())
            Issue.record("the export succeeded")
        } catch {
            guard case .ffmpegFailed(let file, let termination, let lastLines) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == video.path)
            #expect(termination == .exited(3))
            #expect(lastLines.contains("Conversion failed! (from the test)"))
        }
        #expect(try Data(contentsOf: video) == sentinel)
        #expect(leftovers(in: folder).isEmpty, "\(leftovers(in: folder))")
    }

    @Test func aMissingFolderIsATypedErrorNamingTheFile() async throws {
        let (exporter, _) = makeExporter()
        let path = "/nonexistent-\(UUID().uuidString)/scene.png"
        let single = CAMovieExporter(
            layer: exporter.layer, clock: exporter.clock, frames: CAFrameSpan(first: 0, count: 1, fps: 10),
            size: CGSize(width: 64, height: 32))
        do {
            try await single.export(to: URL(fileURLWithPath: path), format: .png)
            Issue.record("the export succeeded")
        } catch {
            guard case .cannotWrite(let file, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == path)
        }
    }

    @Test func shardsSplitTheFramesInOrderWithoutOverlap() {
        let span = CAFrameSpan(from: 0, to: 1, fps: 10)
        let parts = (1...3).compactMap { span.shard($0, of: 3) }
        #expect(parts.map(\.span.count) == [3, 3, 4])
        #expect(parts.map(\.offset) == [0, 3, 6])
        #expect(parts.flatMap(\.span.times) == span.times)
        #expect(CAFrameSpan(first: 0, count: 2, fps: 10).shard(1, of: 3) == nil, "fewer frames than parts")
    }
}

/// Frames reported by an export running in a task of its own.
private final class FramesDone: @unchecked Sendable {
    var count = 0
}

@Suite struct FFmpegLocationTests {
    @Test func theVariableNamesTheFFmpegBeforePATH() throws {
        let found = try CAFFmpeg.locate(environment: ["CARENDER_FFMPEG": "/bin/sh", "PATH": "/usr/bin"])
        #expect(found.path == "/bin/sh")
        #expect(throws: CAMovieExportError.self) {
            try CAFFmpeg.locate(environment: ["CARENDER_FFMPEG": "/nonexistent/ffmpeg", "PATH": "/usr/bin"])
        }
        #expect(throws: CAMovieExportError.self) { try CAFFmpeg.locate(environment: ["PATH": "/nonexistent"]) }
    }
}

@Suite struct GIFPaletteTests {
    @Test func aFewColoursAreKeptAndTheHalfTransparentPixelsAreTheTransparentIndex() throws {
        // Red, green, a see-through pixel and a faint one (alpha 100, under half: not shown).
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0, 10, 20, 30, 100]
        let palette = GIFPalette(rgba: rgba)
        #expect(palette.indices[2] == 255 && palette.indices[3] == 255)
        #expect(palette.colors[Int(palette.indices[0])] == GIFPalette.Color(red: 255, green: 0, blue: 0))
        #expect(palette.colors[Int(palette.indices[1])] == GIFPalette.Color(red: 0, green: 255, blue: 0))
        #expect(palette.colors.count == 256)
    }

    @Test func manyColoursAreCutTo255WithinAFewLevels() throws {
        // A gradient of 4,096 colours: each pixel's colour within 24 levels of its palette entry.
        var rgba: [UInt8] = []
        for red in stride(from: 0, to: 256, by: 16) {
            for green in stride(from: 0, to: 256, by: 16) {
                for blue in stride(from: 0, to: 256, by: 16) { rgba += [UInt8(red), UInt8(green), UInt8(blue), 255] }
            }
        }
        let palette = GIFPalette(rgba: rgba)
        #expect(Set(palette.indices).count == 255 && !palette.indices.contains(255))
        var worst = 0
        for pixel in 0..<(rgba.count / 4) {
            let color = palette.colors[Int(palette.indices[pixel])]
            for (channel, value) in [color.red, color.green, color.blue].enumerated() {
                worst = max(worst, abs(Int(value) - Int(rgba[pixel * 4 + channel])))
            }
        }
        #expect(worst <= 24, "worst channel difference \(worst)")
    }
}
