import Benchmark
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer

// An emitter at its particle cap: 5,000 births a second living 2 s, so 10,000 particles alive,
// moving, turning, fading. Measured: working out the particles of one frame (a pure function
// of the time, from the layer's recorded configuration), and a whole 1280 × 720 frame through
// `CARenderer` (capture, the same simulation, and painting every particle).

/// A white disc with a soft rim, `side` pixels wide.
func softDot(side: Int) -> CGImage {
    let radius = Double(side) / 2
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<side {
        for x in 0..<side {
            let dx = Double(x) + 0.5 - radius
            let dy = Double(y) + 0.5 - radius
            let distance = (dx * dx + dy * dy).squareRoot() / radius
            pixels[(y * side + x) * 4 + 3] = UInt8((min(max(1.25 * (1 - distance * distance), 0), 1) * 255).rounded())
        }
    }
    return CGImage(width: side, height: side, rgbaPixels: pixels)!
}

/// The emitter, its canvas and a renderer; each frame is 1/30 s after the last.
final class EmitterScene {
    let clock = CAManualClock()
    let root: CALayer
    let emitter: CAEmitterLayer
    let renderer = CARenderer(width: 1280, height: 720)
    private(set) var time = 3.0

    init() {
        (root, emitter) = CAClock.$current.withValue(clock) {
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
            root.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.1, alpha: 1)
            let cell = CAEmitterCell()
            cell.contents = softDot(side: 16)
            cell.birthRate = 5000
            cell.lifetime = 2
            cell.velocity = 150
            cell.velocityRange = 100
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 40
            cell.spin = 1
            cell.spinRange = 2
            cell.color = CGColor(red: 1, green: 0.6, blue: 0.3, alpha: 1)
            cell.greenRange = 0.4
            cell.alphaSpeed = -0.4
            cell.scaleSpeed = -0.2
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 640, y: 360)
            emitter.emitterShape = .circle
            emitter.emitterSize = CGSize(width: 80, height: 0)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            CATransaction.flush()
            return (root, emitter)
        }
        renderer.layer = root
        precondition(
            emitter.particles(atTime: time).count == CAEmitterLayer.maximumParticleCount,
            "the scene is meant to show the particle cap")
    }

    func nextTime() -> Double {
        time += 1.0 / 30
        return time
    }

    func renderFrame() {
        let time = nextTime()
        CAClock.$current.withValue(clock) {
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 2,
        maxDuration: .seconds(8), maxIterations: 60)

    Benchmark("10k-particles-simulate", configuration: configuration) { benchmark, scene in
        let time = scene.nextTime()
        benchmark.startMeasurement()
        blackHole(scene.emitter.particles(atTime: time))
        benchmark.stopMeasurement()
    } setup: {
        EmitterScene()
    }

    Benchmark("10k-particles-frame-1280x720", configuration: configuration) { benchmark, scene in
        benchmark.startMeasurement()
        scene.renderFrame()
        benchmark.stopMeasurement()
    } setup: {
        EmitterScene()
    }
}
