import Foundation
import LottieSamples
import OpenQuartzCore

// The Lottie benchmarks' figures per sample, outside package-benchmark: each corpus sample's
// read + tree (and its parts: the JSON, the layers, the commit) and its five snapshot frames
// (thread CPU, the least of several runs each), to name the samples behind
// `LottieFrames.frame-every-sample`'s slowest frame; and a loop over one sample's frames to
// profile:
//
//     swift run -c release LottieDriver              # the table, slowest frame last
//     swift run -c release LottieDriver --extended --passes 5   # the extended corpus, with values
//     swift run -c release LottieDriver NAME 200     # draw NAME's five frames 200 times
//     swift run -c release LottieDriver NAME 200 --read        # read NAME and make its tree 200 times
//     swift run -c release LottieDriver NAME 10000 --evaluate  # NAME playing: evaluate 10,000 frames
//     swift run -c release LottieDriver NAME 10000 --capture   # … or capture them as the renderer does

var arguments = CommandLine.arguments.dropFirst()
// `--extended` first: the extended corpus's samples, each with its values file.
let isExtended = arguments.first == "--extended"
if isExtended { arguments = arguments.dropFirst() }
let samples = isExtended ? LottieSamples.extended() : LottieSamples.all()
if LottieSamples.skipReason(for: "LottieDriver", samples) != nil { exit(0) }

if arguments.first == "--passes" {
    // The benchmark's passes (`LottieFrames.frame-every-sample`): every sample built first, then
    // `count` passes over all their frames; each pass's slowest frame, and the ten frames whose
    // slowest pass is slowest, last.
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20
    let scenes = samples.compactMap(LottieSnapshotScene.init)
    for scene in scenes { _ = scene.timeFrames() }
    let progresses = LottieSamples.snapshotProgresses
    // runs[scene][frame]: that frame's thread CPU in each pass.
    var runs = scenes.map { _ in progresses.map { _ in [UInt64]() } }
    var worstOfPass: [UInt64] = []
    for _ in 0..<count {
        for (index, scene) in scenes.enumerated() {
            for (frame, time) in scene.timeFrames().enumerated() { runs[index][frame].append(time.cpu) }
        }
        worstOfPass.append(runs.lazy.flatMap { $0 }.map { $0.last! }.max()!)
    }
    let frames = zip(scenes, runs).flatMap { scene, frames in
        zip(progresses, frames).map { (name: scene.sample.name, progress: $0, runs: $1.sorted()) }
    }
    print("slowest\tmedian\tleast\tframe")
    for frame in frames.sorted(by: { $0.runs.last! < $1.runs.last! }).suffix(10) {
        print(
            "\(milliseconds(frame.runs.last!))\t\(milliseconds(frame.runs[frame.runs.count / 2]))\t"
                + "\(milliseconds(frame.runs[0]))\t\(frame.name) at \(Int(frame.progress * 100)) %")
    }
    print("each pass's slowest frame: " + worstOfPass.sorted().map(milliseconds).joined(separator: ", "))
    exit(0)
}

if let name = arguments.first {
    guard let sample = samples.first(where: { $0.name == name }), let scene = LottieSnapshotScene(sample) else {
        FileHandle.standardError.write(Data("no sample called \(name)\n".utf8))
        exit(1)
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
    if arguments.contains("--read") {
        let data = try Data(contentsOf: sample.url)
        for _ in 0..<count {
            let layer = try LottieSamples.readAndBuild(data, of: sample, on: scene.clock)
            withExtendedLifetime(layer) {}
            scene.clock.advance(by: 0)
        }
        exit(0)
    }
    if arguments.contains("--evaluate") || arguments.contains("--capture") {
        let playing = try LottiePlayingScene(sample, captures: arguments.contains("--capture"))
        for _ in 0..<count {
            playing.advance()
            CAClock.$current.withValue(playing.clock) { playing.evaluateFrame() }
        }
        exit(0)
    }
    for _ in 0..<count { _ = scene.timeFrames() }
    exit(0)
}

/// The least of `runs` values `measure` gives.
func least(of runs: Int, _ measure: () -> UInt64) -> UInt64 {
    (0..<runs).map { _ in measure() }.min()!
}

func milliseconds(_ nanoseconds: UInt64) -> String {
    String(format: "%.2f", Double(nanoseconds) / 1e6)
}

print("\(samples.count) samples; milliseconds of thread CPU: read + tree least of 9 runs, each frame least of 3")
print("bytes\tpixels\tread+tree\t(JSON\tlayers\tcommit)\t0%\t25%\t50%\t75%\t100%\tworst\tsample")
var rows: [(sample: LottieSample, read: UInt64, parts: [UInt64], frames: [UInt64], pixels: String)] = []
for sample in samples {
    let data = try Data(contentsOf: sample.url)
    let clock = CAManualClock()
    // Each part of read + tree on its own, the least of 9 runs each: reading the JSON into the
    // model, making the layers, and the commit.
    var parts = [UInt64](repeating: .max, count: 3)
    for _ in 0..<9 {
        CAClock.$current.withValue(clock) {
            var marks = [LottieSamples.threadCPUNanoseconds()]
            let animation = try? LottieSamples.read(data, of: sample)
            marks.append(LottieSamples.threadCPUNanoseconds())
            let layer = animation?.makeLayer()
            marks.append(LottieSamples.threadCPUNanoseconds())
            CATransaction.flush()
            marks.append(LottieSamples.threadCPUNanoseconds())
            withExtendedLifetime(layer) {}
            for index in 0..<3 { parts[index] = min(parts[index], marks[index + 1] - marks[index]) }
        }
        clock.advance(by: 0)
    }
    let read = least(of: 9) {
        let start = LottieSamples.threadCPUNanoseconds()
        let layer = try? LottieSamples.readAndBuild(data, of: sample, on: clock)
        let elapsed = LottieSamples.threadCPUNanoseconds() - start
        withExtendedLifetime(layer) {}
        clock.advance(by: 0)
        return elapsed
    }
    guard let scene = LottieSnapshotScene(sample) else { continue }
    _ = scene.timeFrames()  // the first pass fills the caches
    var best = [UInt64](repeating: .max, count: LottieSamples.snapshotProgresses.count)
    for _ in 0..<3 {
        for (index, frame) in scene.timeFrames().enumerated() { best[index] = min(best[index], frame.cpu) }
    }
    rows.append((sample, read, parts, best, "\(scene.pixelSize.width)x\(scene.pixelSize.height)"))
}
for row in rows.sorted(by: { $0.frames.max()! < $1.frames.max()! }) {
    let frames = row.frames.map(milliseconds).joined(separator: "\t")
    let parts = row.parts.map(milliseconds).joined(separator: "\t")
    print(
        "\(row.sample.fileSize)\t\(row.pixels)\t\(milliseconds(row.read))\t\(parts)\t\(frames)\t\(milliseconds(row.frames.max()!))\t\(row.sample.name)"
    )
}
let median = LottieSamples.median(of: samples)
let largest = LottieSamples.largest(of: samples)
let all = rows.flatMap(\.frames).sorted()
let worst = rows.max { $0.frames.max()! < $1.frames.max()! }!
let over = rows.filter { $0.frames.max()! > 16_700_000 }
print(
    """
    read + tree: median sample \(median.name) \(milliseconds(rows.first { $0.sample.name == median.name }!.read)) ms, \
    largest \(largest.name) \(milliseconds(rows.first { $0.sample.name == largest.name }!.read)) ms
    frames: median \(milliseconds(all[all.count / 2])) ms, worst \(milliseconds(worst.frames.max()!)) ms \
    (\(worst.sample.name)); \(over.count) samples over 16.7 ms\(over.isEmpty ? "" : ": " + over.map(\.sample.name).joined(separator: ", "))
    """)
