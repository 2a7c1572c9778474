import Dispatch
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import RendererScenes
import WallpaperScenes

// The renderer benchmarks' scenes outside package-benchmark: for running by hand beside the C
// program (CReference/rects), for profiling (valgrind --tool=callgrind, perf), and for looking
// at the frames.
//
//     swift run -c release SceneDriver rects [frames] [--png FILE]
//     swift run -c release SceneDriver compare              # the renderer's frame against the C one
//     swift run -c release SceneDriver stars [frames] [--uncached] [--sliding]
//     swift run -c release SceneDriver export [frames] [--threads N] [--no-encode] [--bgra] [-- ffmpeg options]
//     swift run -c release SceneDriver wallpaper [frames] [--threads N] [--swift] [--png FILE]
//     swift run -c release SceneDriver commit [rounds]     # ImplicitCommit's fresh commit, for callgrind

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func report(_ name: String, _ times: [Double]) {
    let sorted = times.sorted()
    let p50 = sorted[sorted.count / 2]
    let p90 = sorted[sorted.count * 9 / 10]
    print(String(format: "%@: %d frames, p50 %.2f ms/frame, p90 %.2f ms/frame", name, times.count, p50, p90))
}

func render(_ root: CALayer, clock: CAManualClock, frames: Int, cachesContent: Bool = true, step: Double = 0) -> (
    CARenderer, [Double]
) {
    let renderer = CARenderer(width: RectScene.width, height: RectScene.height)
    renderer.layer = root
    renderer.cachesContent = cachesContent
    var times: [Double] = []
    CAClock.$current.withValue(clock) {
        for _ in 0..<frames {
            if step > 0 { clock.advance(by: step) }
            times.append(
                milliseconds {
                    renderer.beginFrame(atTime: clock.now)
                    renderer.render()
                    renderer.endFrame()
                })
        }
    }
    return (renderer, times)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "rects" : arguments.removeFirst()
let frames = arguments.prefix { $0 != "--threads" }.compactMap { Int($0) }.first ?? 20
let png = arguments.firstIndex(of: "--png").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let clock = CAManualClock()

switch command {
case "commit":
    // ImplicitCommit's fresh commit, `frames` rounds of 10,000 new layers each moved in one
    // transaction, then a second on the clock; for callgrind, which cannot run package-benchmark's
    // runner here (`--toggle-collect='*7CALayerC8position*vs'` counts the setter alone).
    CAClock.$current.withValue(clock) {
        for round in 0..<frames {
            let layers = (0..<10_000).map { _ in CALayer() }
            CATransaction.flush()
            CATransaction.begin()
            for layer in layers { layer.position = CGPoint(x: Double(round + 2), y: 1) }
            CATransaction.commit()
            clock.advance(by: 1)
        }
    }
case "rects":
    let root = CAClock.$current.withValue(clock) { RectScene().makeLayerTree() }
    let (renderer, times) = render(root, clock: clock, frames: frames)
    report("renderer", times)
    if let png { try renderer.pngData().write(to: URL(fileURLWithPath: png)) }
case "cairo-c":
    let canvas = CairoReferenceCanvas(scene: RectScene())
    report("cairo-c", (0..<frames).map { _ in milliseconds { canvas.draw() } })
case "compare":
    let scene = RectScene()
    let canvas = CairoReferenceCanvas(scene: scene)
    let root = CAClock.$current.withValue(clock) { scene.makeLayerTree(animated: true) }
    for time in [0.0, 1.5] {
        canvas.draw(at: time)
        let frames = CAFrameRenderer(width: RectScene.width, height: RectScene.height)
        var rendered: [UInt8] = []
        try CAClock.$current.withValue(clock) {
            try frames.render(root, atTimes: [time]) {
                clock.advance(to: $0)
            } deliver: {
                rendered = $0.premultipliedBGRA
            }
        }
        let difference = frameDifference(rendered, canvas.premultipliedBGRA)
        print(
            String(
                format: "t = %.1f s: %.4f%% of the pixels differ by more than 2, by up to %d", time,
                difference.share * 100, difference.largest))
    }
case "stars":
    let motion: StarScene.Motion = arguments.contains("--sliding") ? .sliding : .turning
    let root = CAClock.$current.withValue(clock) { StarScene.makeLayerTree(motion: motion) }
    let cached = !arguments.contains("--uncached")
    let (renderer, times) = render(root, clock: clock, frames: frames, cachesContent: cached, step: 1.0 / 60)
    report("stars \(motion), \(cached ? "cached" : "uncached")", Array(times.dropFirst(2)))
    if let png { try renderer.pngData().write(to: URL(fileURLWithPath: png)) }
case "export":
    // export [frames] [--threads N] [--no-encode] [--bgra] [-- ffmpeg output options…]
    // Frames go to ffmpeg as the renderer's Y′CbCr planes; with --bgra as the drawn BGRA pixels,
    // which ffmpeg converts itself (the export before the renderer converted). Without
    // encoding, the frames are still made in that format, so that the two can be compared.
    let threads = arguments.firstIndex(of: "--threads").flatMap { Int(arguments[$0 + 1]) } ?? 2
    let input: VideoEncoder.Input = arguments.contains("--bgra") ? .bgra : .yuv420p
    let options =
        arguments.firstIndex(of: "--").map { Array(arguments[($0 + 1)...]) } ?? VideoEncoder.defaultOutputOptions
    let positional = arguments.prefix { $0 != "--" }.enumerated().filter {
        $0.offset == 0 || arguments[$0.offset - 1] != "--threads"
    }
    let count = positional.compactMap { Int($0.element) }.first ?? 240
    let encoder =
        arguments.contains("--no-encode")
        ? nil
        : try VideoEncoder(
            width: RectScene.width, height: RectScene.height, frameRate: AnimatedRectScene.frameRate, input: input,
            outputOptions: options)
    let scene = AnimatedRectScene()
    var waiting = 0.0
    let total = try milliseconds {
        let formats: CAFrameRenderer.PixelFormats = input == .yuv420p ? .yCbCr420 : .premultipliedBGRA
        try scene.render(frames: count, threads: threads, pixelFormats: formats) { frame in
            if let encoder { waiting += try milliseconds { try encoder.write(frame) } }
        }
        try encoder?.finish()
    }
    // CPU time per frame: this process's threads, and ffmpeg's (a child).
    func cpuMilliseconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime)) * 1000 / Double(count)
    }
    print(
        String(
            format: "%d frames, %d threads, %@ in, %@: %.2f frames/s end to end; %.1f ms in pipe writes; "
                + "CPU a frame: %.1f ms here, %.1f ms in ffmpeg",
            count, threads, input.rawValue, encoder == nil ? "render only" : options.joined(separator: " "),
            Double(count) / total * 1000, waiting, cpuMilliseconds(RUSAGE_SELF.rawValue),
            cpuMilliseconds(RUSAGE_CHILDREN.rawValue)))
case "wallpaper":
    // wallpaper [frames] [--threads N] [--swift] [--png FILE]: issue 12's package, loaded (or
    // with --swift the same tree built in Swift), rendered from 0 with Unlock at 0.2 s; the
    // CPU time of the whole process, and the last frame to --png.
    let threads = arguments.firstIndex(of: "--threads").flatMap { Int(arguments[$0 + 1]) } ?? 2
    let images = try WallpaperScene.imageData()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wallpaper-driver-\(getpid()).tendies")
    try WallpaperScene.writePackage(to: url, images: images)
    defer { try? FileManager.default.removeItem(at: url) }
    let swift = arguments.contains("--swift")
    let run = swift ? WallpaperRun(swiftTreeWith: images) : try WallpaperRun(loading: url)
    var last: CARenderedFrame?
    let start = processCPUNanoseconds()
    let wall = try milliseconds {
        try run.render(frames: frames, threads: threads, pixelFormats: png == nil ? .yCbCr420 : .premultipliedBGRA) {
            last = $0
        }
    }
    let cpu = Double(processCPUNanoseconds() - start) / 1e6
    print(
        String(
            format: "wallpaper %@: %d frames of 1170×2532, %d threads: %.1f ms wall, %.1f ms CPU (%.2f ms CPU a frame)",
            swift ? "built in Swift" : "loaded", frames, threads, wall, cpu, cpu / Double(frames)))
    if let png, let last { try last.pngData().write(to: URL(fileURLWithPath: png)) }
case "wallpaper-alternate":
    let images = try WallpaperScene.imageData()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wallpaper-driver-\(getpid()).tendies")
    try WallpaperScene.writePackage(to: url, images: images)
    defer { try? FileManager.default.removeItem(at: url) }
    // --same: six rounds of each side in turn (all loaded, then all Swift) instead of alternating.
    let order: [[Bool]] =
        arguments.contains("--same")
        ? [Array(repeating: false, count: 6), Array(repeating: true, count: 6)]
        : Array(repeating: [false, true], count: 6)
    for (round, sides) in order.enumerated() {
        for swift in sides {
            let run = swift ? WallpaperRun(swiftTreeWith: images) : try WallpaperRun(loading: url)
            let start = processCPUNanoseconds()
            var rusage1 = rusage()
            getrusage(RUSAGE_SELF.rawValue, &rusage1)
            let wall = try milliseconds { try run.render(frames: frames, threads: 2) { _ in } }
            var rusage2 = rusage()
            getrusage(RUSAGE_SELF.rawValue, &rusage2)
            let cpu = Double(processCPUNanoseconds() - start) / 1e6
            print(
                String(
                    format: "%d %@: wall %.0f ms, cpu %.0f ms, minor faults %d, vol. switches %d, invol. %d",
                    round, swift ? "swift " : "loaded", wall, cpu, rusage2.ru_minflt - rusage1.ru_minflt,
                    rusage2.ru_nvcsw - rusage1.ru_nvcsw, rusage2.ru_nivcsw - rusage1.ru_nivcsw))
        }
    }
default:
    print(
        "usage: SceneDriver rects|cairo-c|compare|stars|export|wallpaper [frames] [--png FILE] [--uncached] [--sliding]"
    )
    exit(2)
}
