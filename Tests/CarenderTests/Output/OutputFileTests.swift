import Foundation
import QuartzTestSupport
import Testing

/// What a fake ffmpeg does in place of encoding.
enum FakeFFmpeg: String, CaseIterable, CustomTestStringConvertible {
    /// Reads every frame, then fails.
    case failsAfterReading
    /// Reads every frame, writes a cut-off MP4, reports a full disk and exits 0, as ffmpeg does
    /// when the disk fills while it writes the trailer.
    case reportsAFullDiskAndExitsZero
    /// Reads every frame, writes a cut-off MP4 and exits 0 without a word.
    case writesACutOffFileSilently

    var script: String {
        // The output file is ffmpeg's last argument.
        let output = "for last; do :; done"
        return switch self {
        case .failsAfterReading:
            "cat > /dev/null\necho 'Conversion failed! (from the test)' >&2\nexit 1"
        case .reportsAFullDiskAndExitsZero:
            "cat > /dev/null\n\(output)\nprintf 'ftyp' > \"$last\"\n"
                + "echo \"Error writing trailer of $last: No space left on device\" >&2\nexit 0"
        case .writesACutOffFileSilently:
            // A box that says it is 24 bytes long, in 12.
            "cat > /dev/null\n\(output)\nprintf '\\000\\000\\000\\030ftypisom' > \"$last\"\nexit 0"
        }
    }

    /// What carender's error says.
    var message: String {
        switch self {
        case .failsAfterReading: "ffmpeg exited with status 1 while writing"
        case .reportsAFullDiskAndExitsZero: "no space left on device: the disk holding '"
        case .writesACutOffFileSilently: "is incomplete (its last box is cut off)"
        }
    }

    var testDescription: String { rawValue }
}

/// A folder `tmp` in `scratch`, for carender's TMPDIR, where ffmpeg's log would go.
private func makeTemporaryFolder(in scratch: URL) throws -> URL {
    let temporary = scratch.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    return temporary
}

/// Expects no temporary file beside the output in `folder` and no ffmpeg log in `temporary`.
private func expectNothingLeft(in folder: URL, temporary: URL, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(leftovers(in: folder).isEmpty, "\(leftovers(in: folder))", sourceLocation: sourceLocation)
    #expect(
        leftovers(in: temporary).isEmpty, "no ffmpeg log: \(leftovers(in: temporary))", sourceLocation: sourceLocation)
}

/// Issue 11: nothing at `--output` is deleted or damaged unless the run succeeds, and a run
/// that did not write a complete file never reports success.
@Suite("carender never loses a file")
struct OutputFileTests {
    private let small = ["--size", "64x32", "--fps", "10", "--duration", "0.5"]

    @Test func anExistingFolderIsRefusedAsAVideoAndKeptWhole() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("SOME_FOLDER")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = folder.appendingPathComponent("kept.txt")
        try Data("mine".utf8).write(to: kept)
        let result = try carender(["render", "spring", "--format", "mp4", "-o", folder.path] + small)
        #expect(result.status == 1)
        #expect(result.error.contains("cannot write '\(folder.path)': it is a folder"), "\(result.error)")
        #expect(!result.error.trimmingCharacters(in: .newlines).contains("\n"), "one line: \(result.error)")
        #expect(try Data(contentsOf: kept) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.txt"])
    }

    @Test func usageErrorsExitWith64AndFailuresWith1() throws {
        #expect(try carender(["render", "spring", "-o", "x.mp4", "--fps", "0"]).status == 64)
        #expect(try carender(["render", "spring", "--format", "mp4", "-o", "/dev/full"]).status == 1)
    }

    @Test(arguments: ["mp4", "png"])
    func aDeviceIsRefusedAndLeftInPlace(format: String) throws {
        let result = try carender(["render", "spring", "--format", format, "-o", "/dev/full"] + small)
        #expect(result.status == 1)
        #expect(result.error.contains("cannot write '/dev/full': it is a character device"), "\(result.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/full")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test(arguments: FakeFFmpeg.allCases)
    func aFailedEncodingLeavesThePreviousFileAsItWas(fake: FakeFFmpeg) throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = try makeTemporaryFolder(in: scratch)
        try writeFakeFFmpeg(fake.script, in: scratch)
        let video = scratch.appendingPathComponent("x.mp4")
        let sentinel = Data("the user's video".utf8)
        try sentinel.write(to: video)
        let result = try carender(
            ["render", "spring", "-o", video.path] + small,
            environment: ["PATH": scratch.path + ":/usr/bin:/bin", "TMPDIR": temporary.path])
        #expect(result.status == 1)
        #expect(result.error.contains(fake.message), "\(result.error)")
        #expect(!result.output.contains("Wrote"), "no success reported: \(result.output)")
        #expect(try Data(contentsOf: video) == sentinel)
        expectNothingLeft(in: scratch, temporary: temporary)
    }

    @Test func aSuccessfulRenderReplacesTheTargetAndLeavesNoTemporaryFile() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = try makeTemporaryFolder(in: scratch)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        for name in ["x.mp4", "x.gif", "x.png"] {
            let url = scratch.appendingPathComponent(name)
            try Data("old".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
            let result = try carender(["render", "spring", "-o", url.path] + small, environment: environment)
            #expect(result.status == 0, "\(result.error)")
            #expect(fileSize(url) > 3, "\(name)")
            let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
            #expect((permissions as? NSNumber)?.intValue == 0o640, "the replaced file's permissions are kept")
        }
        #expect(file(scratch.appendingPathComponent("x.mp4"), has: Magic.mp4, at: 4))
        #expect(file(scratch.appendingPathComponent("x.gif"), has: Magic.gif))
        #expect(file(scratch.appendingPathComponent("x.png"), has: Magic.png))
        expectNothingLeft(in: scratch, temporary: temporary)
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let real = scratch.appendingPathComponent("real.png")
        try Data("old".utf8).write(to: real)
        let link = scratch.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.png")
        let result = try carender(["render", "spring", "-o", link.path, "--scale", "0.25"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.png")
        #expect(file(real, has: Magic.png))
        #expect(leftovers(in: scratch).isEmpty)
    }

    @Test func aFailedPNGSequenceKeepsTheFramesItDidNotReach() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let frames = scratch.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let name = { (index: Int) in "frame-0000\(index).png" }
        for index in [0, 1, 3, 4] {
            try Data("old \(index)".utf8).write(to: frames.appendingPathComponent(name(index)))
        }
        // A folder where frame 2 goes stops the run there.
        try FileManager.default.createDirectory(
            at: frames.appendingPathComponent(name(2)), withIntermediateDirectories: true)
        let result = try carender(["render", "spring", "-o", frames.path + "/"] + small)
        #expect(result.status == 1)
        #expect(result.error.contains("\(name(2))': it is a folder"), "\(result.error)")
        #expect(file(frames.appendingPathComponent(name(0)), has: Magic.png), "complete frames are kept")
        #expect(file(frames.appendingPathComponent(name(1)), has: Magic.png))
        for index in [3, 4] {
            #expect(try Data(contentsOf: frames.appendingPathComponent(name(index))) == Data("old \(index)".utf8))
        }
        #expect(leftovers(in: frames).isEmpty, "\(leftovers(in: frames))")
    }

    /// A real full disk: a 64 KiB tmpfs with 8 KiB left. Needs root's `mount`; skipped, with
    /// the reason printed, where it cannot mount.
    @Test func aFullDiskSaysSoAndKeepsTheTarget() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let mounted = try run(env, ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
        guard mounted.status == 0 else {
            print("aFullDiskSaysSoAndKeepsTheTarget skipped: cannot mount a tmpfs here (\(mounted.error))")
            return
        }
        defer { _ = try? run(env, ["umount", disk.path]) }
        // tmpfs counts whole 4 KiB pages: two sentinels and 12 pages of filler leave 2 pages
        // for the GIF, about 16 KiB; then 2 more pages of filler leave none for the PNG.
        let gif = disk.appendingPathComponent("x.gif")
        let png = disk.appendingPathComponent("x.png")
        try Data("old gif".utf8).write(to: gif)
        try Data("old png".utf8).write(to: png)
        try Data(count: 12 * 4096).write(to: disk.appendingPathComponent("filler"))
        for url in [gif, png] {
            if url == png {
                _ = FileManager.default.createFile(
                    atPath: disk.appendingPathComponent("more").path, contents: Data(count: 8192))
            }
            let result = try carender(["render", "spring", "-o", url.path, "--fps", "30"])
            #expect(result.status == 1, "\(url.lastPathComponent): \(result.output)")
            #expect(
                result.error.contains("no space left on device: the disk holding '\(disk.path)' is full"),
                "\(result.error)")
            #expect(!result.output.contains("Wrote"))
            #expect(leftovers(in: disk).isEmpty, "\(leftovers(in: disk))")
        }
        #expect(try Data(contentsOf: gif) == Data("old gif".utf8))
        #expect(try Data(contentsOf: png) == Data("old png".utf8))

        // A batch into the full disk: each file's line says so, and the exit status too.
        let lottie = scratch.appendingPathComponent("x.json")
        try Data(LottieCommandTests.slide().utf8).write(to: lottie)
        let batch = try carender(["render", lottie.path, "--output-dir", disk.path, "--format", "gif,png"])
        #expect(batch.status == 1, "\(batch.output)")
        #expect(
            batch.error.contains("✗ \(lottie.path): ") && batch.error.contains("no space left on device"),
            "\(batch.error)")
        #expect(batch.output.contains("Rendered 0 of 1 input into \(disk.path)."), "\(batch.output)")
        #expect(leftovers(in: disk).isEmpty, "\(leftovers(in: disk))")
        #expect(try Data(contentsOf: gif) == Data("old gif".utf8))
        #expect(try Data(contentsOf: png) == Data("old png".utf8))
    }

    /// SIGINT and SIGTERM while ffmpeg blocks: carender kills it, removes its temporary file
    /// and exits with 128 + the signal. The fake ffmpeg never reads, so carender is blocked
    /// writing to it or waiting for it when the signal comes.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsFFmpegAndLeavesTheTargetAsItWas(signal: Int32, status: Int32) throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = try makeTemporaryFolder(in: scratch)
        let video = scratch.appendingPathComponent("x.mp4")
        let sentinel = Data("the user's video".utf8)
        try sentinel.write(to: video)

        let ended = try signalWhenFFmpegWaits(
            ["render", "spring", "-o", video.path, "--fps", "30"], blocking: "*", signal: signal, scratch: scratch,
            temporary: temporary)

        #expect(ended.status == status)
        #expect(try Data(contentsOf: video) == sentinel)
        expectNothingLeft(in: scratch, temporary: temporary)
        #expect(kill(ended.ffmpeg, 0) == -1 && errno == ESRCH, "the fake ffmpeg is gone")
    }

    /// SIGINT in the middle of a batch (issue 27): the file it finished stays whole, the one it
    /// was writing is the user's file as it was, and no temporary file is left. The batch
    /// renders its inputs one after another; ffmpeg is the real one for `a`, a fake that
    /// blocks for `b`.
    @Test func aSignalDuringABatchKeepsTheFinishedFilesWhole() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = try makeTemporaryFolder(in: scratch)
        let output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let inputs = try ["a", "b"].map { name in
            let file = scratch.appendingPathComponent("\(name).json")
            try Data(LottieCommandTests.slide().utf8).write(to: file)
            return file.path
        }
        let sentinel = Data("the user's b.mp4".utf8)
        try sentinel.write(to: output.appendingPathComponent("b.mp4"))

        let ended = try signalWhenFFmpegWaits(
            ["render"] + inputs + ["--output-dir", output.path, "--format", "mp4"], blocking: "*b.mp4*",
            signal: SIGINT, scratch: scratch, temporary: temporary)

        #expect(ended.status == 130)
        let finished = output.appendingPathComponent("a.mp4")
        #expect(file(finished, has: Magic.mp4, at: 4), "a.mp4 is whole")
        let probe = try run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                "-of", "csv=p=0", finished.path,
            ])
        #expect(probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "30", "\(probe.output)\(probe.error)")
        #expect(try Data(contentsOf: output.appendingPathComponent("b.mp4")) == sentinel)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == ["a.mp4", "b.mp4"])
        expectNothingLeft(in: output, temporary: temporary)
    }

    /// Runs carender with `arguments` and a fake ffmpeg in front of the real one: for a command
    /// line matching the shell pattern `blocking`, the fake writes its pid down a FIFO, then
    /// blocks reading another that nobody writes to, until carender kills it; any other command
    /// line runs `/usr/bin/ffmpeg`. Sends `signal` once the fake is waiting and answers how
    /// carender exited and the fake's pid. Every wait is on an event — the pid arriving down
    /// the FIFO, carender's exit — bounded at 60 s, never a sleep.
    private func signalWhenFFmpegWaits(
        _ arguments: [String], blocking: String, signal: Int32, scratch: URL, temporary: URL
    ) throws -> (status: Int32, ffmpeg: pid_t) {
        let marker = scratch.appendingPathComponent("ffmpeg.pid")
        let hold = scratch.appendingPathComponent("hold")
        #expect(mkfifo(marker.path, 0o600) == 0 && mkfifo(hold.path, 0o600) == 0)
        let pidReader = open(marker.path, O_RDONLY | O_NONBLOCK)
        try #require(pidReader >= 0)
        defer { close(pidReader) }
        try writeFakeFFmpeg(
            """
            case "$*" in \(blocking)) echo $$ > "$MARKER"; exec cat "$HOLD" > /dev/null;; esac
            exec /usr/bin/ffmpeg "$@"
            """, in: scratch)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("carender")
        process.arguments = arguments
        process.environment = [
            "PATH": scratch.path + ":/usr/bin:/bin", "TMPDIR": temporary.path, "MARKER": marker.path,
            "HOLD": hold.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        var ready = pollfd(fd: pidReader, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 60_000) == 1, "the fake ffmpeg started within 60 s")
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(pidReader, &bytes, bytes.count)
        let fakePID = try #require(
            pid_t(
                String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        kill(process.processIdentifier, signal)
        if ended.wait(timeout: .now() + 60) == .timedOut {
            Issue.record("carender did not end within 60 s of the signal")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        return (process.terminationStatus, fakePID)
    }
}
