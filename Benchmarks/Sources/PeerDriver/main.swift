import Foundation
import PeerScenes
import RendererScenes

#if canImport(Glibc)
    import Glibc
#endif

// The peer scene (issue 13) outside package-benchmark: by hand and for profilers.
//
//     PeerDriver ours N W H [--frames F]          our export, as the benchmark's child runs it
//     PeerDriver export [--rounds R] [--sizes 100,1000,10000]
//                                                  all five exports, interleaved round by round
//     PeerDriver draw N W H [--frames F]           drawing only, one thread: ours ÷ C + Cairo
//                                                  (interleaved) and ours ÷ Blend2D (each alone)
//     PeerDriver scaling N W H [--frames F] [--pairs P]
//                                                  drawing only: 2 workers ÷ 1 worker (best of
//                                                  1, 2, 2, 1; or the median of P pairs' ratios)
//     PeerDriver loop ours|cairo N W H [--frames F]  one thread drawing F frames (for callgrind)
//     PeerDriver compare N W H [--time T]          ours vs C + Cairo pixels at T

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
func size(at index: Int) -> PeerScene {
    PeerScene(count: Int(arguments[index])!, width: Int(arguments[index + 1])!, height: Int(arguments[index + 2])!)
}
let frames = option("--frames").flatMap(Int.init)
let mode = arguments.count > 1 ? arguments[1] : ""

switch mode {
case "ours":
    try size(at: 2).exportOurs(frames: frames ?? PeerScene.frameCount)
case "export":
    try PeerRunner.prepare()
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let runner = PeerRunner { count, width, height in
        ([executable, "ours", "\(count)", "\(width)", "\(height)"], [:])
    }
    let sizes = (option("--sizes") ?? "100,1000,10000").split(separator: ",").compactMap { Int($0) }
    for (count, width, height) in PeerScene.sizes where sizes.contains(count) {
        let rounds = Int(option("--rounds") ?? "") ?? (count >= 10_000 ? 1 : 2)
        var best: [PeerImplementation: ChildCost] = [:]
        for round in 0..<rounds {
            for (implementation, cost) in try runner.round(round, count: count, width: width, height: height) {
                print(
                    String(
                        format: "N=%d %dx%d round %d %@: wall %.2f s, CPU %.2f s", count, width, height, round,
                        implementation.rawValue, cost.wall, cost.cpu))
                let old = best[implementation] ?? ChildCost(wall: .infinity, cpu: .infinity)
                best[implementation] = ChildCost(wall: min(old.wall, cost.wall), cpu: min(old.cpu, cost.cpu))
            }
        }
        let ours = best[.ours]!
        for peer in [PeerImplementation.thorvg, .rlottie, .cairo, .blend2d] {
            let other = best[peer]!
            print(
                String(
                    format: "N=%d best of %d: ours ÷ %@ wall %.2f (%.2f / %.2f s), CPU %.2f (%.2f / %.2f s)", count,
                    rounds, peer.rawValue, ours.wall / other.wall, ours.wall, other.wall, ours.cpu / other.cpu,
                    ours.cpu, other.cpu))
        }
    }
case "draw":
    let drawer = PeerFrameDrawer(scene: size(at: 2))
    _ = PeerMeasures.drawPerFrame(drawer, frames: 4)
    let (ours, cairo) = PeerMeasures.drawPerFrame(drawer, frames: frames ?? 60, from: 4)
    // A drawer of its own, whose clock can start again from frame 4.
    let alone = try PeerMeasures.blend2DComparison(
        PeerFrameDrawer.warmed(scene: size(at: 2)), frames: frames ?? 60, from: 4)
    print(
        String(
            format:
                "drawing only, one thread: ours %.2f ms and C + Cairo %.2f ms a frame interleaved: ours ÷ C + Cairo "
                + "%.2f×; ours %.2f ms and Blend2D %.2f ms a frame each alone: ours ÷ Blend2D %.2f×", ours, cairo,
            ours / cairo, alone.ours, alone.blend2D, alone.ours / alone.blend2D))
case "scaling":
    if let pairs = option("--pairs").flatMap(Int.init) {
        let ratios = try PeerMeasures.scalingPairs(size(at: 2), frames: frames ?? 60, pairs: pairs).sorted()
        let median =
            ratios.count % 2 == 1
            ? ratios[ratios.count / 2] : (ratios[ratios.count / 2 - 1] + ratios[ratios.count / 2]) / 2
        print(
            String(
                format: "drawing only, 2 workers ÷ 1 worker over %d pairs: median %.3f× (%@)", pairs, median,
                ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
    } else {
        let (one, two) = try PeerMeasures.scaling(size(at: 2), frames: frames ?? 60)
        print(
            String(format: "drawing only: 1 worker %.2f frames/s, 2 workers %.2f frames/s: %.2f×", one, two, two / one))
    }
case "workers":
    // workers N W H THREADS [--frames F]: one drawing-only render with THREADS workers; wall,
    // this process's CPU, and its voluntary context switches (a thread going to sleep: waiting
    // for a lock, a condition or work) per frame.
    let scene = size(at: 2)
    let threads = Int(arguments[5])!
    let count = frames ?? 24
    var before = rusage()
    getrusage(RUSAGE_SELF.rawValue, &before)
    let cpuStart = processCPUNanoseconds()
    let (wall, caller) = try scene.renderFramesMeasured(count, threads: threads)
    let cpu = Double(processCPUNanoseconds() - cpuStart) / 1e9
    // The calling thread's share: building nothing (the tree is built before), but moving
    // the clock, flushing, capturing every frame and taking delivery.
    var after = rusage()
    getrusage(RUSAGE_SELF.rawValue, &after)
    print(
        String(
            format:
                "N=%d, %d workers: %.1f ms wall, %.1f ms CPU a frame (CPU ÷ wall %.2f), of which the calling thread %.1f ms; %.0f voluntary, %.0f involuntary switches a frame",
            scene.count, threads, wall * 1000 / Double(count), cpu * 1000 / Double(count), cpu / wall,
            caller * 1000 / Double(count),
            Double(after.ru_nvcsw - before.ru_nvcsw) / Double(count),
            Double(after.ru_nivcsw - before.ru_nivcsw) / Double(count)))
case "loop":
    let drawer = PeerFrameDrawer(scene: size(at: 3))
    let ours = arguments[2] == "ours"
    for index in 0..<(frames ?? 10) {
        let time = Double(index) / PeerScene.frameRate
        if ours { drawer.drawOurs(at: time) } else { drawer.drawCairo(at: time) }
    }
case "compare":
    let scene = size(at: 2)
    let time = Double(option("--time") ?? "") ?? 2
    let drawer = PeerFrameDrawer(scene: scene)
    drawer.drawCairo(at: time)
    let difference = frameDifference(try PeerFrameDrawer.ourPixels(scene, at: time), drawer.cairoPixels)
    print(
        String(
            format: "ours vs C + Cairo at %.3f s: %.4f%% of pixels differ by more than 2, largest %d", time,
            difference.share * 100, difference.largest))
default:
    print("usage: PeerDriver ours|export|draw|scaling|loop|compare …")
    exit(2)
}
