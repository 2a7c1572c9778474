import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A white disc `side` pixels wide whose alpha falls off towards its edge: the usual particle.
private func softDot(side: Int = 8) -> CGImage {
    var pixels: [UInt8] = []
    let centre = Double(side) / 2
    for y in 0..<side {
        for x in 0..<side {
            let distance =
                ((Double(x) + 0.5 - centre) * (Double(x) + 0.5 - centre)
                + (Double(y) + 0.5 - centre) * (Double(y) + 0.5 - centre)).squareRoot()
            let alpha = max(0, min(1, (centre - distance) / 2))
            pixels += [255, 255, 255, UInt8((alpha * 255).rounded())]
        }
    }
    return CGImage(width: side, height: side, rgbaPixels: pixels)!
}

/// A square of one opaque colour, `side` pixels wide.
private func solidImage(_ pixel: [Int], side: Int = 4) -> CGImage {
    CGImage(
        width: side, height: side,
        rgbaPixels: Array(repeating: pixel.map(UInt8.init), count: side * side).flatMap { $0 })!
}

/// An emitter covering `parent`, with `cells`.
@discardableResult
private func emitter(in parent: CALayer, cells: [CAEmitterCell], _ configure: (CAEmitterLayer) -> Void = { _ in })
    -> CAEmitterLayer
{
    let layer = CAEmitterLayer()
    layer.frame = parent.bounds
    layer.emitterCells = cells
    configure(layer)
    parent.addSublayer(layer)
    return layer
}

@Suite("CARenderer: CAEmitterLayer particles", .serialized)
struct EmitterRenderingTests {
    @Test func fountainMatchesItsGolden() throws {
        try withManualClock { _ in
            let layer = root()
            let drop = CAEmitterCell()
            drop.contents = softDot()
            drop.birthRate = 40
            drop.lifetime = 1.6
            drop.velocity = 70
            drop.velocityRange = 20
            drop.emissionLongitude = -.pi / 2
            drop.emissionRange = .pi / 3
            drop.yAcceleration = 90
            drop.color = CGColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
            drop.greenRange = 0.3
            drop.alphaSpeed = -0.5
            drop.scale = 1.2
            drop.scaleSpeed = -0.4
            emitter(in: layer, cells: [drop]) { $0.emitterPosition = CGPoint(x: 48, y: 80) }
            try Goldens.expectMatch(render(layer, at: 1.5, scale: 2), named: "emitter-fountain")
        }
    }

    @Test func spinningTintedImagesMatchTheirGolden() throws {
        try withManualClock { _ in
            let layer = root()
            let tile = CAEmitterCell()
            tile.contents = quadrantImage(side: 16)
            tile.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 0.5)  // the red and green half
            tile.contentsScale = 2
            tile.birthRate = 6
            tile.lifetime = 3
            tile.velocity = 25
            tile.emissionRange = 2 * .pi
            tile.spin = 1.5
            tile.spinRange = 2
            tile.color = CGColor(red: 1, green: 0.8, blue: 1, alpha: 1)
            emitter(in: layer, cells: [tile]) {
                $0.emitterPosition = CGPoint(x: 48, y: 48)
                $0.emitterShape = .circle
                $0.emitterMode = .outline
                $0.emitterSize = CGSize(width: 12, height: 0)
                $0.renderMode = .oldestFirst
                $0.seed = 3
            }
            try Goldens.expectMatch(render(layer, at: 2.2, scale: 2), named: "emitter-tinted-tiles")
        }
    }

    @Test func additiveFireworksMatchTheirGolden() throws {
        try withManualClock { _ in
            let layer = root()
            layer.backgroundColor = black
            let spark = CAEmitterCell()
            spark.contents = softDot(side: 6)
            spark.birthRate = 400
            spark.lifetime = 0.6
            spark.velocity = 40
            spark.emissionRange = 2 * .pi
            spark.yAcceleration = 30
            spark.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
            spark.alphaSpeed = -1.2
            spark.beginTime = 0.9
            spark.duration = 0.05
            let rocket = CAEmitterCell()
            rocket.contents = softDot(side: 6)
            rocket.birthRate = 1
            rocket.lifetime = 1
            rocket.velocity = 60
            rocket.emissionLongitude = -.pi / 2
            rocket.yAcceleration = 20
            rocket.color = CGColor(red: 0.6, green: 0.8, blue: 1, alpha: 1)
            rocket.emitterCells = [spark]
            emitter(in: layer, cells: [rocket]) {
                $0.emitterPosition = CGPoint(x: 48, y: 90)
                $0.renderMode = .additive
            }
            try Goldens.expectMatch(render(layer, at: 1.3, scale: 2), named: "emitter-additive-burst")
        }
    }

    @Test func aParticleIsDrawnWhereTheSimulationPutsIt() throws {
        try withManualClock { _ in
            let layer = root()
            let cell = CAEmitterCell()
            cell.contents = solidImage(redPixel)
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 40
            let emitterLayer = emitter(in: layer, cells: [cell]) { $0.emitterPosition = CGPoint(x: 20, y: 30) }
            let image = render(layer, at: 0.5).image
            let particle = try #require(emitterLayer.particles(atTime: 0.5).first)
            expectClose(particle.position.x, 40, within: 1e-9)
            // A 4-pixel square centred on (40, 30).
            #expect(image.pixel(x: 40, y: 30) == redPixel)
            #expect(image.pixel(x: 38, y: 28) == redPixel)
            #expect(image.pixel(x: 43, y: 30) == whitePixel)
            #expect(image.pixel(x: 20, y: 30) == whitePixel, "no particle is left at the emitter")
        }
    }

    @Test func additiveModeAddsOverlappingColours() {
        withManualClock { _ in
            func overlapping(_ mode: CAEmitterLayerRenderMode) -> [Int] {
                let layer = root()
                layer.backgroundColor = black
                let cell = CAEmitterCell()
                cell.contents = solidImage(whitePixel, side: 8)
                cell.color = CGColor(red: 0.5, green: 0.25, blue: 0, alpha: 1)
                cell.birthRate = 10
                cell.lifetime = 0.15  // two particles, at the same place
                emitter(in: layer, cells: [cell]) {
                    $0.emitterPosition = CGPoint(x: 48, y: 48)
                    $0.renderMode = mode
                }
                return render(layer, at: 0.1).image.pixel(x: 48, y: 48)
            }
            let added = overlapping(.additive)
            let layered = overlapping(.unordered)
            #expect(abs(added[0] - 255) <= 1 && abs(added[1] - 128) <= 1, "\(added)")
            #expect(abs(layered[0] - 128) <= 1 && abs(layered[1] - 64) <= 1, "\(layered)")
        }
    }

    @Test func masksToBoundsClipsParticles() {
        withManualClock { _ in
            let layer = root()
            let holder = box(CGRect(x: 0, y: 0, width: 48, height: 96), nil, in: layer)
            holder.masksToBounds = true
            let cell = CAEmitterCell()
            cell.contents = solidImage(redPixel, side: 8)
            cell.birthRate = 1
            cell.lifetime = 10
            emitter(in: holder, cells: [cell]) { $0.emitterPosition = CGPoint(x: 48, y: 48) }
            let image = render(layer, at: 0.2).image
            #expect(image.pixel(x: 46, y: 48) == redPixel)
            #expect(image.pixel(x: 49, y: 48) == whitePixel)
        }
    }

    @Test func framesRenderedOutOfOrderEqualThoseRenderedInOrder() throws {
        try withManualClock { _ in
            let layer = root()
            let drop = CAEmitterCell()
            drop.contents = softDot()
            drop.birthRate = 25
            drop.lifetime = 1.2
            drop.lifetimeRange = 0.6
            drop.velocity = 50
            drop.velocityRange = 30
            drop.emissionRange = 2 * .pi
            drop.spin = 2
            drop.color = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
            drop.alphaSpeed = -0.6
            emitter(in: layer, cells: [drop]) { $0.emitterPosition = CGPoint(x: 48, y: 48) }
            CATransaction.flush()
            let times = [0.1, 0.45, 0.8, 1.25, 1.9, 2.6]
            func frames(at times: [Double]) throws -> [Double: [UInt8]] {
                let renderer = CAFrameRenderer(width: 96, height: 96)
                renderer.threads = 2
                var delivered: [Double: [UInt8]] = [:]
                // The clock stays where it is: the frames' times alone decide the particles.
                try renderer.render(layer, atTimes: times) { _ in
                } deliver: {
                    delivered[$0.time] = $0.rgba
                }
                return delivered
            }
            let inOrder = try frames(at: times)
            let shuffled = try frames(at: [1.9, 0.45, 2.6, 0.1, 1.25, 0.8])
            for time in times {
                #expect(inOrder[time] == shuffled[time], "the frame at \(time) s")
                #expect(render(layer, at: time).image.rgbaPixels == inOrder[time], "a single render at \(time) s")
            }
            #expect(inOrder[0.8] != inOrder[1.25], "the particles move")
        }
    }

    @Test func nextFrameTimeKnowsEmittersChange() {
        withManualClock { _ in
            let layer = root()
            let cell = CAEmitterCell()
            cell.contents = softDot()
            cell.birthRate = 5
            cell.lifetime = 1
            cell.beginTime = 2
            cell.duration = 1
            emitter(in: layer, cells: [cell])
            let renderer = render(layer, at: 0.5)
            #expect(renderer.nextFrameTime() == 2, "the cell starts emitting at 2 s")
            let during = render(layer, at: 2.5, renderer: renderer)
            #expect(during.nextFrameTime() == 2.5, "live particles change every frame")
            let after = render(layer, at: 4.5, renderer: renderer)
            #expect(after.nextFrameTime() == .infinity, "the last particle died at 4 s")
        }
    }
}
