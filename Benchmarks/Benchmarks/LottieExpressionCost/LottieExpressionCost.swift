import Benchmark
import Foundation
import LottieSamples
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer

// Lottie files with After Effects expressions, drawn by the complete engine. A made file with
// an expression on every property, exported (read, expressions evaluated, tree made, its 60
// frames drawn at 200 × 200 pixels), against the same file baked (target: within 1.2×); and
// reading and evaluating each corpus sample that carries expressions.

enum ExpressionFile {
    /// 12 shape layers, each with expressions on its position (wiggle), rotation (time), scale
    /// (another layer's), opacity (a loop of its keyframes), and its rectangle's size and fill
    /// colour: 60 frames at 30 fps, 100 × 100 points.
    static func made(layers count: Int = 12) -> Data {
        func expression(_ code: String, _ value: String) -> String {
            #"{"a":0,"k":\#(value),"x":"var $bm_rt;\n$bm_rt = \#(code);"}"#
        }
        let layers = (1...count).map { index in
            let ks = [
                #""p":"# + expression("wiggle(2, 10)", "[\(8 * index),50,0]"),
                #""r":"# + expression("time * \(30 * index)", "0"),
                #""s":"# + expression(index == 1 ? "[100, 100]" : "thisComp.layer(1).transform.scale", "[100,100,100]"),
                #""o":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":15,"s":[100]}],"x":"var $bm_rt;\n$bm_rt = loopOut('pingpong');"}"#,
                #""a":{"a":0,"k":[0,0,0]}"#,
            ].joined(separator: ",")
            let shapes =
                #"[{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":"# + expression("[10 + 5 * Math.sin(time * 3), 10]", "[10,10]")
                + #","r":{"a":0,"k":0}},{"ty":"fl","nm":"Fill","c":"#
                + expression("hslToRgb([\(Double(index) / Double(count)), 0.8, 0.5, 1])", "[1,0,0,1]")
                + #","o":{"a":0,"k":100}}]"#
            return #"{"ty":4,"ind":\#(index),"nm":"L\#(index)","ip":0,"op":60,"st":0,"ks":{\#(ks)},"shapes":\#(shapes)}"#
        }
        return Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
    }
}

/// A file's bytes and the pixels the export draws into.
final class ExportScene {
    let data: Data
    let renderer = CAFrameRenderer(width: 200, height: 200, scale: 2)

    init(_ data: Data) {
        self.data = data
        renderer.threads = 1
        precondition(export() != 0, "the export drew nothing")
    }

    /// Reads the file, evaluates its expressions, makes its tree and draws its 60 frames;
    /// answers a sum of the frames' bytes.
    @discardableResult
    func export() -> Int {
        let clock = CAManualClock()
        var sum = 0
        CAClock.$current.withValue(clock) {
            guard let animation = try? LottieAnimation(data: data) else { return }
            let layer = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
            layer.anchorPoint = .zero
            layer.position = .zero
            for frame in 0..<60 {
                layer.currentFrame = Double(frame)
                try? renderer.render(layer, atTimes: [0]) { _ in
                } deliver: {
                    sum &+= Int($0.rgba[$0.rgba.count / 2])
                }
            }
        }
        return sum
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(10), maxIterations: 20)
    let made = ExpressionFile.made()
    Benchmark("export-expressions-on-every-property", configuration: configuration) { benchmark, scene in
        for _ in benchmark.scaledIterations { blackHole(scene.export()) }
    } setup: {
        ExportScene(made)
    }
    Benchmark("export-the-same-file-baked", configuration: configuration) { (benchmark: Benchmark, scene: ExportScene) in
        for _ in benchmark.scaledIterations { blackHole(scene.export()) }
    } setup: {
        let baked = try! LottieAnimation(data: made).bakingExpressions()
        precondition(baked.warnings.isEmpty, "\(baked.warnings)")
        return ExportScene(baked.json)
    }
    // Reading a corpus sample that carries expressions and evaluating them, per sample.
    let samples = LottieSamples.all() + LottieSamples.extended()
    for sample in samples {
        guard let data = try? Data(contentsOf: sample.url), let animation = try? LottieSamples.read(data, of: sample),
            animation.hasExpressions
        else { continue }
        Benchmark("read-and-evaluate-\(sample.name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? LottieSamples.read(data, of: sample).evaluatingExpressions())
            }
        }
    }
}
