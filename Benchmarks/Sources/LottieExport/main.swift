import Foundation
import LottieSamples
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import PeerScenes

// Every corpus sample exported to H.264 by ours, ThorVG and rlottie, as a server turns Lottie
// files into videos: each sample at its own size and frame rate, all its frames, x264
// `-preset veryfast -crf 23`, each export a child process measured by `wait4` (its CPU time
// and that of its ffmpeg), the three tools interleaved sample by sample, the order turning.
//
//     swift run -c release LottieExport                  the table and the totals
//     swift run -c release LottieExport --only NAME,…    some samples
//     swift run -c release LottieExport --frames-alone   the frames drawn on one thread, no
//                                                        encoding, per frame: ours ÷ the faster player
//     swift run -c release LottieExport --command-line   as users run it: `carender render FILE -o
//                                                        OUT.mp4` (built with `swift build -c release
//                                                        --product carender` in the project) at its
//                                                        default settings, x264 `medium`, crf 18,
//                                                        against the players at the same settings
//     LottieExport ours FILE                             our export alone, as the child runs it
//     LottieExport ours-frames FILE [ROUNDS]             our frames alone for one file (for perf),
//                                                        printing ms a frame
//
// The players come from `Scripts/peer-setup.sh` (thorvg-python, rlottie-python).

let arguments = CommandLine.arguments

/// The sample's picture and frames: its own size, rounded down to even pixels (x264's 4:2:0
/// needs them, and the players' ffmpeg gets no padding), its frame rate rounded, frames ip up
/// to op.
func exportShape(of animation: LottieAnimation) -> (width: Int, height: Int, fps: Int, frames: Int) {
    let fps = max(1, Int(animation.frameRate.rounded()))
    let frames = max(1, Int((animation.endFrame - animation.startFrame).rounded()))
    let even = { (side: CGFloat) in max(2, Int(side.rounded()) / 2 * 2) }
    return (even(animation.size.width), even(animation.size.height), fps, frames)
}

/// `animation` filling a picture of `shape`, playing once from frame ip on a clock of its own.
func playingLayer(
    _ animation: LottieAnimation, _ shape: (width: Int, height: Int, fps: Int, frames: Int)
) -> (CALayer, CAManualClock) {
    let clock = CAManualClock()
    let layer = CAClock.$current.withValue(clock) {
        let layer = animation.makeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: shape.width, height: shape.height)
        layer.position = CGPoint(x: Double(shape.width) / 2, y: Double(shape.height) / 2)
        layer.play(loopMode: .playOnce)
        CATransaction.flush()
        return layer
    }
    return (layer, clock)
}

if arguments.count >= 3, arguments[1] == "ours" {
    let url = URL(fileURLWithPath: arguments[2])
    let animation = try LottieAnimation(contentsOf: url)
    let shape = exportShape(of: animation)
    let (layer, clock) = playingLayer(animation, shape)
    let exporter = CAMovieExporter(
        layer: layer, clock: clock, frames: CAFrameSpan(first: 0, count: shape.frames, fps: shape.fps),
        size: CGSize(width: shape.width, height: shape.height))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-ours-\(getpid()).mp4")
    defer { try? FileManager.default.removeItem(at: output) }
    try exporter.exportSynchronously(
        to: [.init(path: output.path, format: .mp4(.init(crf: 23, preset: "veryfast")))])
    exit(0)
}

/// The CPU seconds our renderer takes to draw `sample`'s frames on this thread, as the export
/// draws them (a frame at each `k / fps`), without encoding.
func ourFramesAlone(_ animation: LottieAnimation) -> Double {
    let shape = exportShape(of: animation)
    let (layer, clock) = playingLayer(animation, shape)
    let renderer = CARenderer(width: shape.width, height: shape.height)
    renderer.layer = layer
    let start = LottieSamples.threadCPUNanoseconds()
    CAClock.$current.withValue(clock) {
        for frame in 0..<shape.frames {
            let time = Double(frame) / Double(shape.fps)
            clock.advance(to: time)
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
        }
    }
    return Double(LottieSamples.threadCPUNanoseconds() - start) / 1e9
}

if arguments.count >= 3, arguments[1] == "ours-frames" {
    let animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: arguments[2]))
    let rounds = arguments.count >= 4 ? max(1, Int(arguments[3]) ?? 1) : 1
    let frames = exportShape(of: animation).frames
    for _ in 0..<rounds {
        print(String(format: "%.3f ms a frame", ourFramesAlone(animation) * 1000 / Double(frames)))
    }
    exit(0)
}

/// The players' script (`Scripts/peer_lottie.py`).
let script = PeerRunner.benchmarksDirectory.appendingPathComponent("Scripts/peer_lottie.py").path

/// The CPU seconds `player` takes to draw `sample`'s frames on one thread (its own measure).
func playerFramesAlone(_ player: String, _ sample: LottieSample, _ animation: LottieAnimation) throws -> Double {
    let shape = exportShape(of: animation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", script, "time-file", player, sample.url.path, "\(shape.width)", "\(shape.height)",
        "\(shape.frames)",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let seconds = Double(text) else {
        throw PeerError("\(player) could not draw \(sample.name)")
    }
    return seconds
}

let samples = LottieSamples.all()
if LottieSamples.skipReason(for: "LottieExport", samples) != nil { exit(0) }
let only = arguments.firstIndex(of: "--only").map { Set(arguments[$0 + 1].split(separator: ",").map(String.init)) }
if arguments.contains("--frames-alone") {
    var totals = (ours: 0.0, faster: 0.0, frames: 0)
    var ahead = 0
    var measured = 0
    print("sample\tframes\tours ms/frame\tThorVG ms/frame\trlottie ms/frame")
    for sample in samples where only?.contains(sample.name) ?? true {
        guard let animation = try? LottieAnimation(contentsOf: sample.url),
            let thorvg = try? playerFramesAlone("thorvg", sample, animation),
            let rlottie = try? playerFramesAlone("rlottie", sample, animation)
        else { continue }
        let frames = exportShape(of: animation).frames
        let ours = ourFramesAlone(animation)
        measured += 1
        totals.ours += ours
        totals.faster += min(thorvg, rlottie)
        totals.frames += frames
        if ours <= min(thorvg, rlottie) { ahead += 1 }
        print(
            String(
                format: "%@\t%d\t%.3f\t%.3f\t%.3f", sample.name, frames, ours * 1000 / Double(frames),
                thorvg * 1000 / Double(frames), rlottie * 1000 / Double(frames)))
    }
    print(
        String(
            format: "\n%d samples, %d frames: ours %.3f ms a frame, the faster player %.3f: %.2f×; "
                + "ours no slower on %d", measured, totals.frames, totals.ours * 1000 / Double(totals.frames),
            totals.faster * 1000 / Double(totals.frames), totals.ours / totals.faster, ahead))
    exit(0)
}
try PeerRunner.prepare()
let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let commandLine = arguments.contains("--command-line")
/// The project's release `carender`, for `--command-line`.
let carender = PeerRunner.benchmarksDirectory.deletingLastPathComponent().appendingPathComponent(".build/release/carender").path
if commandLine, !FileManager.default.isExecutableFile(atPath: carender) {
    print("LottieExport --command-line needs \(carender): run `swift build -c release --product carender` in the project")
    exit(1)
}
/// Where ours writes its video under `--command-line` (removed after each sample).
let commandLineOutput = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-carender-\(getpid()).mp4").path
/// The players' encoder settings: carender's defaults under `--command-line`.
let playerEncoder = commandLine ? ["--preset", "medium", "--crf", "18"] : []
let tools = ["ours", "thorvg", "rlottie"]
var totals: [String: ChildCost] = Dictionary(uniqueKeysWithValues: tools.map { ($0, ChildCost(wall: 0, cpu: 0)) })
var oursAhead = (cpu: [String: Int](), wall: [String: Int]())
var measured = 0
var failures: [String] = []
print("sample\tW×H\tfps\tframes\t" + tools.map { "\($0) CPU s\t\($0) wall s" }.joined(separator: "\t"))
for (index, sample) in samples.enumerated() where only?.contains(sample.name) ?? true {
    guard let animation = try? LottieAnimation(contentsOf: sample.url) else {
        failures.append("\(sample.name): does not read")
        continue
    }
    let shape = exportShape(of: animation)
    var costs: [String: ChildCost] = [:]
    do {
        for offset in 0..<tools.count {
            let tool = tools[(index + offset) % tools.count]
            let command =
                tool == "ours"
                ? (commandLine
                    ? [carender, "render", sample.url.path, "-o", commandLineOutput]
                    : [executable, "ours", sample.url.path])
                : ["/usr/bin/env", "python3", script, "export-file", tool, sample.url.path]
                    + ["\(shape.width)", "\(shape.height)", "\(shape.fps)", "\(shape.frames)"] + playerEncoder
            costs[tool] = try PeerRunner.run(command, environment: [:])
            try? FileManager.default.removeItem(atPath: commandLineOutput)
        }
    } catch {
        failures.append("\(sample.name): \(error)")
        continue
    }
    measured += 1
    for tool in tools {
        totals[tool]!.cpu += costs[tool]!.cpu
        totals[tool]!.wall += costs[tool]!.wall
    }
    for peer in tools.dropFirst() {
        if costs["ours"]!.cpu <= costs[peer]!.cpu { oursAhead.cpu[peer, default: 0] += 1 }
        if costs["ours"]!.wall <= costs[peer]!.wall { oursAhead.wall[peer, default: 0] += 1 }
    }
    print(
        "\(sample.name)\t\(shape.width)×\(shape.height)\t\(shape.fps)\t\(shape.frames)\t"
            + tools.map { String(format: "%.2f\t%.2f", costs[$0]!.cpu, costs[$0]!.wall) }.joined(separator: "\t"))
}
print("\n\(measured) samples exported by all three")
for tool in tools {
    print(String(format: "%@: CPU %.1f s, wall %.1f s", tool, totals[tool]!.cpu, totals[tool]!.wall))
}
for peer in tools.dropFirst() {
    print(
        String(
            format: "ours ÷ %@: CPU %.2f×, wall %.2f×; ours no slower on %d (CPU) and %d (wall) of %d samples", peer,
            totals["ours"]!.cpu / totals[peer]!.cpu, totals["ours"]!.wall / totals[peer]!.wall,
            oursAhead.cpu[peer, default: 0], oursAhead.wall[peer, default: 0], measured))
}
for failure in failures { print("failed: \(failure)") }
