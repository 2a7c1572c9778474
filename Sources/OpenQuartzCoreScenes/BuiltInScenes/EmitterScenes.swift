import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A CAEmitterLayer fountain: drops rise from a nozzle that sweeps left and right (each drop
/// keeps the place and heading of its birth, so the spray bends into arcs), fall back, fade,
/// and burst into sparks, a sub-cell emitted at the end of each drop's life.
@MainActor
func emitterFountainScene(_ timeline: SceneTimeline) -> CALayer {
    let root = canvas(CGSize(width: 240, height: 240))
    lane(CGRect(x: 30, y: 208, width: 180, height: 12), in: root)
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.contents = softDotImage(diameter: 8)
    spark.birthRate = 80
    spark.lifetime = 0.5
    spark.lifetimeRange = 0.2
    spark.velocity = 30
    spark.velocityRange = 15
    spark.emissionRange = 2 * .pi
    spark.scale = 0.6
    spark.color = accent
    spark.alphaSpeed = -1.6
    // Sparks come in the last tenth of a second of a drop's 1.8 s.
    spark.beginTime = 1.7
    spark.duration = 0.1
    let drop = CAEmitterCell()
    drop.name = "drop"
    drop.contents = softDotImage(diameter: 10)
    drop.birthRate = 24
    drop.lifetime = 1.8
    drop.velocity = 230
    drop.velocityRange = 25
    drop.emissionLongitude = -.pi / 2
    drop.emissionRange = .pi / 10
    drop.yAcceleration = 230
    drop.scale = 0.9
    drop.scaleSpeed = -0.3
    drop.color = ink
    drop.greenRange = 0.2
    drop.alphaSpeed = -0.35
    drop.emitterCells = [spark]
    let emitter = CAEmitterLayer()
    emitter.frame = root.bounds
    emitter.emitterPosition = CGPoint(x: 120, y: 205)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 10, height: 0)
    emitter.renderMode = .oldestFirst
    emitter.emitterCells = [drop]
    root.addSublayer(emitter)
    let sweep = CABasicAnimation(keyPath: "emitterPosition.x")
    sweep.fromValue = 70
    sweep.toValue = 170
    sweep.duration = 1.5
    sweep.autoreverses = true
    sweep.repeatCount = .infinity
    sweep.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    emitter.add(sweep, forKey: "sweep")
    return root
}

/// A white disc `diameter` pixels wide, opaque in the middle and fading to its rim: a
/// particle that cells tint with their colour.
func softDotImage(diameter: Int) -> CGImage {
    let radius = Double(diameter) / 2
    var pixels = [UInt8](repeating: 255, count: diameter * diameter * 4)
    for y in 0..<diameter {
        for x in 0..<diameter {
            let dx = Double(x) + 0.5 - radius
            let dy = Double(y) + 0.5 - radius
            let distance = (dx * dx + dy * dy).squareRoot() / radius
            let alpha = min(max(1.25 * (1 - distance * distance), 0), 1)
            pixels[(y * diameter + x) * 4 + 3] = UInt8((alpha * 255).rounded())
        }
    }
    guard let image = CGImage(width: diameter, height: diameter, rgbaPixels: pixels) else {
        misuse("a \(diameter) × \(diameter) dot always makes an image")
    }
    return image
}
