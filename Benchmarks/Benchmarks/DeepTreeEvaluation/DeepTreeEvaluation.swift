import Benchmark
import Foundation
import OpenQuartzCore

// The PresentationEvaluation frame with depth: the same 100,000 layers and animations, as
// 10,000 chains of 10 nested layers, so each layer's time is converted through its parents.
// Reported only; the issue sets no target for it.

/// The committed scene, built once per run outside the measured frames.
final class DeepScene {
    static let chainCount = 10_000
    static let depth = 10
    static let from = CGPoint(x: 0, y: 0)
    static let to = CGPoint(x: 100, y: 200)

    let clock = CAManualClock()
    let roots: [CALayer]
    let deepest: CALayer
    let tree: RenderTree
    private var frame = 0

    init() {
        (roots, deepest, tree) = CAClock.$current.withValue(clock) {
            var roots: [CALayer] = []
            var deepest = CALayer()
            for _ in 0..<Self.chainCount {
                let root = CALayer()
                roots.append(root)
                var parent = root
                Self.animate(root)
                for _ in 1..<Self.depth {
                    let child = CALayer()
                    parent.addSublayer(child)
                    Self.animate(child)
                    parent = child
                }
                deepest = parent
            }
            CATransaction.flush()
            return (roots, deepest, RenderTree(roots: roots))
        }
        checkThatFramesDoWork()
    }

    private static func animate(_ layer: CALayer) {
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 10
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(animation, forKey: "move")
    }

    /// Media times 0.001 s … 9.9 s, one millisecond apart, then round again.
    func nextFrameTime() -> CFTimeInterval {
        defer { frame = (frame + 1) % 9_900 }
        return 0.001 + Double(frame) * 0.001
    }

    /// Guards against measuring a no-op: half-way through, the deepest layer of the last
    /// chain must be strictly between the animation's end points.
    private func checkThatFramesDoWork() {
        let layerCount = Self.chainCount * Self.depth
        precondition(tree.layerCount == layerCount && tree.animationCount == layerCount)
        tree.evaluate(at: 5)
        guard let point = tree.presentationValue(of: deepest, forKeyPath: "position") as? CGPoint else {
            preconditionFailure("the render tree gave no CGPoint for an animated position")
        }
        precondition(
            point.x > Self.from.x && point.x < Self.to.x && point.y > Self.from.y && point.y < Self.to.y,
            "presentation position \(point) at t = 5 s is not strictly between \(Self.from) and \(Self.to)")
    }
}

/// Measures one frame of `scene`: evaluating its render tree at the next frame time.
func measureOneFrame(_ benchmark: Benchmark, _ scene: DeepScene) {
    CAClock.$current.withValue(scene.clock) {
        let time = scene.nextFrameTime()
        benchmark.startMeasurement()
        scene.tree.evaluate(at: time)
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "10k-chains-of-10-frame",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .throughput],
            timeUnits: .microseconds,
            warmupIterations: 10,
            maxDuration: .seconds(5),
            maxIterations: 1_000
        )
    ) { benchmark, scene in
        measureOneFrame(benchmark, scene)
    } setup: {
        DeepScene()
    }

    // CPU time and resident memory come from /proc, and package-benchmark reads them inside
    // the span it counts mallocs in (16 per iteration for the CPU time, about four every 5 ms
    // from the thread sampling memory), so they are measured apart from the frames whose
    // allocations must be zero.
    Benchmark(
        "10k-chains-of-10-frame-cpu-memory",
        configuration: .init(
            metrics: [.cpuTotal, .peakMemoryResident],
            timeUnits: .microseconds,
            warmupIterations: 10,
            maxDuration: .seconds(5),
            maxIterations: 1_000
        )
    ) { benchmark, scene in
        measureOneFrame(benchmark, scene)
    } setup: {
        DeepScene()
    }
}
