import Benchmark
import Foundation
import OpenQuartzCore

// Issue 13: evaluation of 100,000 layers whose animations share nothing — each its own begin
// time, duration, timing function (its own control points) and key path among position,
// opacity, transform.rotation.z and backgroundColor — standalone and as 10,000 chains of 10.
// Target: p90 ≤ 5 ms a frame, 0 allocations.
//
// The target is for capture + evaluation. The measured span below evaluates the
// RenderTree only: typed render-node capture (helper H1's work) is not in this branch. Where
// it lands, its capture call goes at the marked place inside the measured span.

/// SplitMix64, so that every run builds the same scene.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The committed scene, built once per run outside the measured frames.
final class DistinctScene {
    static let layerCount = 100_000
    static let keyPaths = ["position", "opacity", "transform.rotation.z", "backgroundColor"]

    let clock = CAManualClock()
    let layers: [CALayer]
    let tree: RenderTree
    private var frame = 0

    /// `depth` 1: standalone layers; 10: chains of ten nested layers. `rotationOnly`: every
    /// layer runs the same `transform.rotation.z` animation instead (the 98 ms frame).
    init(depth: Int, rotationOnly: Bool = false) {
        (layers, tree) = CAClock.$current.withValue(clock) {
            var random = SeededGenerator(state: 13)
            var layers: [CALayer] = []
            var roots: [CALayer] = []
            layers.reserveCapacity(Self.layerCount)
            for index in 0..<Self.layerCount {
                let layer = CALayer()
                if index % depth == 0 {
                    roots.append(layer)
                } else {
                    layers[layers.count - 1].addSublayer(layer)
                }
                layers.append(layer)
                if rotationOnly {
                    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                    turn.fromValue = -2.0
                    turn.toValue = 2.0
                    turn.duration = 30
                    turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                    layer.add(turn, forKey: "a")
                } else {
                    layer.add(Self.animation(on: Self.keyPaths[index % 4], &random), forKey: "a")
                }
            }
            CATransaction.flush()
            return (layers, RenderTree(roots: roots))
        }
        checkThatFramesDoWork()
    }

    private static func animation(on keyPath: String, _ random: inout SeededGenerator) -> CAAnimation {
        func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        let animation = CABasicAnimation(keyPath: keyPath)
        switch keyPath {
        case "position":
            animation.fromValue = CGPoint(x: number(0...100), y: number(0...100))
            animation.toValue = CGPoint(x: number(200...300), y: number(200...300))
        case "opacity":
            animation.fromValue = number(0...0.4)
            animation.toValue = number(0.6...1)
        case "transform.rotation.z":
            animation.fromValue = number(-3...(-1))
            animation.toValue = number(1...3)
        default:
            animation.fromValue = CGColor(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: 1)
            animation.toValue = CGColor(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: 0.5)
        }
        animation.beginTime = number(0...1)
        animation.duration = number(20...30)
        animation.timingFunction = CAMediaTimingFunction(
            controlPoints: Float(number(0...1)), Float(number(0...1)), Float(number(0...1)), Float(number(0...1)))
        return animation
    }

    /// Media times 1.001 s … 10.9 s, one millisecond apart, then round again: every animation
    /// has begun (each begins within its first second) and none has ended (each lasts 20 s or more).
    func nextFrameTime() -> CFTimeInterval {
        defer { frame = (frame + 1) % 9_900 }
        return 1.001 + Double(frame) * 0.001
    }

    /// Guards against measuring a no-op: a rotation strictly inside its animation's range mid-way.
    private func checkThatFramesDoWork() {
        // (Which lane each animation takes is checked by RenderTreeComponentLaneTests.)
        precondition(tree.animationCount == Self.layerCount, "\(tree.animationCount) animations")
        tree.evaluate(at: 5)
        let layer = layers[Self.layerCount - 2]  // index % 4 == 2: transform.rotation.z, or all
        guard let angle = tree.presentationValue(of: layer, forKeyPath: "transform.rotation.z") as? CGFloat else {
            preconditionFailure("the render tree gave no number for an animated rotation")
        }
        precondition(angle > -3 && angle < 3 && angle != 0, "rotation \(angle) at t = 5 s is not inside its range")
    }
}

/// Measures one frame of `scene`.
func measureOneFrame(_ benchmark: Benchmark, _ scene: DistinctScene) {
    CAClock.$current.withValue(scene.clock) {
        let time = scene.nextFrameTime()
        benchmark.startMeasurement()
        scene.tree.evaluate(at: time)
        // Capture of typed render nodes goes here once it exists (issue 13, helper H1).
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    for (name, depth) in [("100k-distinct-timings-frame", 1), ("10k-chains-of-10-distinct-timings-frame", 10)] {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, .throughput],
                timeUnits: .microseconds,
                warmupIterations: 10,
                maxDuration: .seconds(5),
                maxIterations: 1_000,
                // Thresholds/DistinctTimings.<name>.p90.json: 2.5 ms ± 2.5 ms, so p90 ≤ 5 ms
                // passes (the check flags both sides), and exactly 0 mallocs.
                thresholds: [
                    .wallClock: .init(absolute: [.p90: 2_500_000]),
                    .mallocCountTotal: .init(absolute: [.p90: 0]),
                ]
            )
        ) { benchmark, scene in
            measureOneFrame(benchmark, scene)
        } setup: {
            DistinctScene(depth: depth)
        }
    }

    // Before/after for issue 13's figure: one shared rotation on 100,000 layers (reported only).
    Benchmark(
        "100k-rotation-z-frame",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .throughput], timeUnits: .microseconds,
            warmupIterations: 10, maxDuration: .seconds(5), maxIterations: 1_000)
    ) { benchmark, scene in
        measureOneFrame(benchmark, scene)
    } setup: {
        DistinctScene(depth: 1, rotationOnly: true)
    }
}
