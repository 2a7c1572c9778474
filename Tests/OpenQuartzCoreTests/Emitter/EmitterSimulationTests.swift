import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// An emitter at (50, 60) with one cell named "dot" that `configure` sets up, committed
/// without animations at the clock's time.
private func makeEmitter(
    layer configureLayer: (CAEmitterLayer) -> Void = { _ in }, _ configure: (CAEmitterCell) -> Void
) -> (CAEmitterLayer, CAEmitterCell) {
    let emitter = CAEmitterLayer()
    let cell = CAEmitterCell()
    cell.name = "dot"
    applyWithoutActions {
        emitter.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        emitter.emitterPosition = CGPoint(x: 50, y: 60)
        configure(cell)
        configureLayer(emitter)
        emitter.emitterCells = [cell]
    }
    return (emitter, cell)
}

/// The particles' birth times, oldest first.
private func births(_ particles: [EmitterParticle]) -> [Double] {
    particles.map(\.birthTime).sorted()
}

@Suite("CAEmitterLayer: the deterministic simulation")
struct EmitterSimulationTests {
    @Test func particlesAreBornEvenlyAndDieAtTheirLifetime() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 2
                cell.lifetime = 1.5
            }
            // Born at 0, 0.5, 1.0 (the one of 1.5 is not born yet at 1.2).
            expectClose(births(emitter.particles(atTime: 1.2)), [0, 0.5, 1], within: 1e-9)
            // At 1.6 the first (age 1.6 ≥ 1.5) has died.
            expectClose(births(emitter.particles(atTime: 1.6)), [0.5, 1, 1.5], within: 1e-9)
            // The first particle is there at once.
            expectClose(births(emitter.particles(atTime: 0)), [0], within: 1e-12)
            #expect(emitter.particles(atTime: -1).isEmpty)
        }
    }

    @Test func particlesMoveWithVelocityAndAcceleration() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter(layer: { $0.velocity = 2 }) { cell in
                cell.birthRate = 1
                cell.lifetime = 10
                cell.velocity = 50  // times the layer's 2
                cell.emissionLongitude = .pi / 2  // along +y
                cell.xAcceleration = 10
                cell.yAcceleration = -20
            }
            let particles = emitter.particles(atTime: 2.5)
            // Born at 0, 1 and 2: ages 2.5, 1.5, 0.5.
            #expect(particles.count == 3)
            for particle in particles {
                let age = 2.5 - particle.birthTime
                expectClose(particle.position.x, 50 + 0.5 * 10 * age * age, within: 1e-9)
                expectClose(particle.position.y, 60 + 100 * age - 0.5 * 20 * age * age, within: 1e-9)
                expectClose(particle.zPosition, 0, within: 1e-12)
            }
        }
    }

    @Test func scaleSpinAndColourChangeWithAge() throws {
        try withManualClock { _ in
            let (emitter, _) = makeEmitter(layer: {
                $0.scale = 2
                $0.spin = 0.5
            }) { cell in
                cell.birthRate = 1
                cell.lifetime = 5
                cell.scale = 1
                cell.scaleSpeed = 0.5
                cell.spin = 2
                cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                cell.redSpeed = -2
                cell.blueSpeed = 0.25
                cell.alphaSpeed = -0.5
            }
            let particle = try #require(emitter.particles(atTime: 0.4).first)
            expectClose(particle.scale, (1 + 0.5 * 0.4) * 2, within: 1e-9)
            expectClose(particle.rotation, 2 * 0.5 * 0.4, within: 1e-9)
            expectClose(particle.red, 1 - 0.8, within: 1e-9)
            expectClose(particle.green, 0.5, within: 1e-9)
            expectClose(particle.blue, 0.1, within: 1e-9)
            expectClose(particle.alpha, 0.8, within: 1e-9)
            // Colour components stay within 0…1.
            let later = try #require(emitter.particles(atTime: 0.9).first { $0.birthTime == 0 })
            expectClose(later.red, 0, within: 1e-12)
            expectClose(later.alpha, 0.55, within: 1e-9)
        }
    }

    @Test func rangesSpreadValuesAroundTheMeanAndTheSeedDecidesThem() {
        withManualClock { _ in
            let setUp: (CAEmitterCell) -> Void = { cell in
                cell.birthRate = 50
                cell.lifetime = 2
                cell.velocity = 100
                cell.velocityRange = 40
                cell.emissionRange = .pi / 2
                cell.scaleRange = 0.5
            }
            let (emitter, _) = makeEmitter(setUp)
            let (twin, _) = makeEmitter(setUp)
            let (other, _) = makeEmitter(layer: { $0.seed = 7 }, setUp)
            let particles = emitter.particles(atTime: 1.5)
            #expect(particles.count == 76)  // born at 0, 0.02 … 1.5
            for particle in particles {
                let age = 1.5 - particle.birthTime
                guard age > 0.1 else { continue }
                let dx = particle.position.x - 50
                let dy = particle.position.y - 60
                let speed = (dx * dx + dy * dy).squareRoot() / age
                #expect(speed >= 80 - 1e-9 && speed <= 120 + 1e-9, "speed \(speed)")
                #expect(abs(atan2(dy, dx)) <= .pi / 4 + 1e-9)
                #expect(particle.scale >= 0.75 - 1e-12 && particle.scale <= 1.25 + 1e-12)
            }
            #expect(particles.map(\.position) == twin.particles(atTime: 1.5).map(\.position))
            #expect(particles.map(\.position) != other.particles(atTime: 1.5).map(\.position))
        }
    }

    @Test func framesAskedInAnyOrderAreTheSame() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 30
                cell.lifetime = 1
                cell.lifetimeRange = 0.5
                cell.velocity = 80
                cell.velocityRange = 20
                cell.emissionRange = 2 * .pi
                cell.yAcceleration = 30
            }
            let times = [0.0, 0.4, 0.9, 1.7, 2.25, 3.5]
            let inOrder = times.map { emitter.particles(atTime: $0).map(\.position) }
            let backwards = times.reversed().map { emitter.particles(atTime: $0).map(\.position) }
            #expect(inOrder == Array(backwards.reversed()))
        }
    }

    @Test func stoppingBirthsLetsLivingParticlesRunOut() {
        withManualClock { clock in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 2
                cell.lifetime = 1.2
                cell.velocity = 10
            }
            clock.advance(to: 2.2)
            applyWithoutActions { emitter.birthRate = 0 }
            // Born at 1.0, 1.5 and 2.0 before the stop, none after.
            expectClose(births(emitter.particles(atTime: 2.6)), [1.5, 2], within: 1e-9)
            expectClose(births(emitter.particles(atTime: 3.1)), [2], within: 1e-9)
            #expect(emitter.particles(atTime: 3.3).isEmpty)
            // The time before the change is drawn as it was.
            expectClose(births(emitter.particles(atTime: 2.1)), [1, 1.5, 2], within: 1e-9)
            clock.advance(to: 4)
            applyWithoutActions { emitter.birthRate = 1 }
            // The count goes on from where it stopped: 4.4 births had accrued by 2.2 s, so
            // particle 5 comes once 0.6 more have, at 2 a second.
            expectClose(births(emitter.particles(atTime: 4.5)), [4.3], within: 1e-9)
        }
    }

    @Test func particlesKeepTheEmitterPositionOfTheirBirth() {
        withManualClock { clock in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 1
                cell.lifetime = 10
            }
            clock.advance(to: 1.5)
            applyWithoutActions { emitter.emitterPosition = CGPoint(x: 10, y: 10) }
            let positions = emitter.particles(atTime: 2.5).sorted { $0.birthTime < $1.birthTime }.map(\.position)
            #expect(positions == [CGPoint(x: 50, y: 60), CGPoint(x: 50, y: 60), CGPoint(x: 10, y: 10)])
        }
    }

    @Test func animatedEmitterPositionLeavesATrail() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 4
                cell.lifetime = 10
            }
            let move = CABasicAnimation(keyPath: "emitterPosition.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 2
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            emitter.add(move, forKey: "move")
            CATransaction.flush()
            let particles = emitter.particles(atTime: 1.9)
            #expect(particles.count == 8)
            for particle in particles {
                expectClose(particle.position.x, 50 * particle.birthTime, within: 1e-6)
            }
            // After the animation is over and removed, the trail stays where it was laid.
            let after = emitter.particles(atTime: 2.1).filter { $0.birthTime < 2 }
            for particle in after {
                expectClose(particle.position.x, 50 * particle.birthTime, within: 1e-6)
            }
        }
    }

    @Test func animatedBirthRateIsIntegratedAlongTheTimeline() {
        withManualClock { clock in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 1
                cell.lifetime = 100
            }
            let ramp = CABasicAnimation(keyPath: "birthRate")
            ramp.fromValue = 0
            ramp.toValue = 10
            ramp.duration = 2
            ramp.timingFunction = CAMediaTimingFunction(name: .linear)
            emitter.add(ramp, forKey: "ramp")
            CATransaction.flush()
            // ∫₀² 5τ dτ = 10 births by t = 2, then one a second; the first is at 0 + …
            let atTwo = emitter.particles(atTime: 2).count
            #expect(abs(atTwo - 10) <= 1, "\(atTwo) births by 2 s")
            // The ramp is over (and removed) at 3 s: the count carries on without a jump.
            clock.advance(to: 3)
            let atThree = emitter.particles(atTime: 3).count
            #expect(abs(atThree - 11) <= 1, "\(atThree) births by 3 s")
            let early = emitter.particles(atTime: 1).map(\.birthTime).sorted()
            // N(τ) = 2.5 τ²: particle k is born at √(k / 2.5).
            for (k, birth) in early.enumerated() where k > 0 {
                expectClose(birth, (Double(k) / 2.5).squareRoot(), within: 0.01)
            }
        }
    }

    @Test func absurdBirthRatesAreCapped() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 1e30
                cell.lifetime = 1e6
            }
            let particles = emitter.particles(atTime: 1000)
            #expect(particles.count == CAEmitterLayer.maximumParticleCount)
            // The newest are the ones kept.
            #expect(particles.allSatisfy { $0.birthTime > 999 })
        }
    }

    @Test func framesAtHugeTimesAreDrawnWithoutTrapping() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 50
                cell.lifetime = 2
                cell.velocity = 10
            }
            // Counts past 2⁵³ no longer step by one: what can be told apart is drawn.
            for time in [1e9, 1e15, 1e20, 1e300] {
                #expect(emitter.particles(atTime: time).count <= 101)
            }
            #expect(emitter.particles(atTime: .infinity).isEmpty)
            #expect(emitter.particles(atTime: 1e9).count == 100)  // the one of 1e9 − 2 s has just died
        }
    }

    @Test(arguments: [
        (CAEmitterLayerEmitterShape.line, CAEmitterLayerEmitterMode.volume),
        (.line, .points), (.rectangle, .surface), (.rectangle, .outline), (.rectangle, .points),
        (.cuboid, .volume), (.cuboid, .surface), (.cuboid, .outline), (.cuboid, .points),
        (.circle, .outline), (.circle, .surface), (.circle, .points), (.sphere, .surface), (.sphere, .volume),
        (.sphere, .outline), (.point, .volume),
    ])
    func particlesAreBornOnTheEmissionShape(shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode) {
        withManualClock { _ in
            let (emitter, _) = makeEmitter(layer: {
                $0.emitterShape = shape
                $0.emitterMode = mode
                $0.emitterSize = CGSize(width: 40, height: 20)
                $0.emitterDepth = 10
                $0.emitterZPosition = 5
            }) { cell in
                cell.birthRate = 200
                cell.lifetime = 1
            }
            let particles = emitter.particles(atTime: 0.99)
            #expect(particles.count == 199)
            for particle in particles {
                let (x, y, z) = (
                    Double(particle.position.x) - 50, Double(particle.position.y) - 60, Double(particle.zPosition) - 5
                )
                let ok: Bool
                let near = { (a: Double, b: Double) in abs(a - b) < 1e-9 }
                switch (shape, mode) {
                case (.line, .points): ok = near(abs(x), 20) && near(y, 0) && near(z, 0)
                case (.line, _): ok = abs(x) <= 20 && near(y, 0) && near(z, 0)
                case (.rectangle, .points): ok = near(abs(x), 20) && near(abs(y), 10) && near(z, 0)
                case (.rectangle, .outline):
                    ok = (near(abs(x), 20) && abs(y) <= 10 || near(abs(y), 10) && abs(x) <= 20) && near(z, 0)
                case (.rectangle, _): ok = abs(x) <= 20 && abs(y) <= 10 && near(z, 0)
                case (.cuboid, .points): ok = near(abs(x), 20) && near(abs(y), 10) && near(abs(z), 5)
                case (.cuboid, .outline):
                    let onFaces = [near(abs(x), 20), near(abs(y), 10), near(abs(z), 5)].filter { $0 }.count
                    ok = onFaces >= 2 && abs(x) <= 20 && abs(y) <= 10 && abs(z) <= 5
                case (.cuboid, .surface):
                    ok =
                        (near(abs(x), 20) || near(abs(y), 10) || near(abs(z), 5)) && abs(x) <= 20 + 1e-9
                        && abs(y) <= 10 + 1e-9 && abs(z) <= 5 + 1e-9
                case (.cuboid, _): ok = abs(x) <= 20 && abs(y) <= 10 && abs(z) <= 5
                case (.circle, .points), (.point, _): ok = near(x, 0) && near(y, 0) && near(z, 0)
                case (.circle, .outline), (.sphere, .outline): ok = near((x * x + y * y).squareRoot(), 40) && near(z, 0)
                case (.circle, _): ok = (x * x + y * y).squareRoot() <= 40 + 1e-9 && near(z, 0)
                case (.sphere, .surface): ok = near((x * x + y * y + z * z).squareRoot(), 40)
                default: ok = (x * x + y * y + z * z).squareRoot() <= 40 + 1e-9
                }
                #expect(ok, "(\(x), \(y), \(z)) is not on the \(mode.rawValue) of the \(shape.rawValue)")
            }
        }
    }

    @Test(arguments: [CAEmitterLayerRenderMode.oldestFirst, .oldestLast, .backToFront, .unordered])
    func renderModeOrdersTheParticles(mode: CAEmitterLayerRenderMode) {
        withManualClock { _ in
            let (emitter, _) = makeEmitter(layer: { $0.renderMode = mode }) { cell in
                cell.birthRate = 10
                cell.lifetime = 2
                cell.zAcceleration = -10  // older particles lie deeper
            }
            let particles = emitter.particles(atTime: 1)
            let birthOrder = particles.map(\.birthTime)
            switch mode {
            case .oldestLast: #expect(birthOrder == birthOrder.sorted(by: >))
            case .backToFront: #expect(particles.map(\.zPosition) == particles.map(\.zPosition).sorted())
            default: #expect(birthOrder == birthOrder.sorted())
            }
        }
    }

    @Test func subCellsAreEmittedFromTheirParticleAlongItsHeading() {
        withManualClock { _ in
            let spark = CAEmitterCell()
            spark.birthRate = 4
            spark.lifetime = 0.5
            spark.velocity = 10
            spark.emissionLongitude = .pi / 2  // a quarter turn from the parent's heading
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 1
                cell.lifetime = 2
                cell.velocity = 50
                cell.emitterCells = [spark]
            }
            let particles = emitter.particles(atTime: 1)
            let parents = particles.filter { $0.generation == 0 }
            let children = particles.filter { $0.generation == 1 }.sorted { $0.birthTime < $1.birthTime }
            expectClose(births(parents), [0, 1], within: 1e-9)
            // The first parent emitted at ages 0.75 and 1 (younger than 0.5 s), the second at 0.
            expectClose(children.map(\.birthTime), [0.75, 1, 1], within: 1e-9)
            // The parents move along +x at 50 a second; a spark leaves along +y at 10: the
            // first parent's at ages 0.75 and 1, the second's at age 0.
            let places = children.map { [Double($0.position.x), Double($0.position.y)] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            expectClose(places[0], [50, 60], within: 1e-9)
            expectClose(places[1], [50 + 37.5, 60 + 2.5], within: 1e-9)
            expectClose(places[2], [100, 60], within: 1e-9)
        }
    }

    @Test func cellTimingGatesItsBirths() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter { cell in
                cell.birthRate = 2
                cell.lifetime = 10
                cell.beginTime = 1
                cell.duration = 1
            }
            expectClose(births(emitter.particles(atTime: 5)), [1, 1.5], within: 1e-9)
            #expect(emitter.particles(atTime: 0.9).isEmpty)
        }
    }

    @Test func cellsChangeOnlyWhenTheLayerCommitsThem() {
        withManualClock { clock in
            let (emitter, cell) = makeEmitter { cell in
                cell.birthRate = 1
                cell.lifetime = 10
                cell.velocity = 10
            }
            clock.advance(to: 1.5)
            cell.velocity = 100
            CATransaction.flush()
            // Not committed through the layer: the recorded cell still moves at 10.
            let before = emitter.particles(atTime: 2.5).sorted { $0.birthTime < $1.birthTime }
            expectClose(before.last!.position.x, 50 + 10 * 0.5, within: 1e-9)
            applyWithoutActions { emitter.emitterCells = emitter.emitterCells }
            let after = emitter.particles(atTime: 2.5).sorted { $0.birthTime < $1.birthTime }
            // The particle born at 2 took the new velocity; the one of 1 kept the old.
            expectClose(after.last!.position.x, 50 + 100 * 0.5, within: 1e-9)
            expectClose(after[1].position.x, 50 + 10 * 1.5, within: 1e-9)
        }
    }

    @Test func layerTimingShiftsAndPausesTheSimulation() {
        withManualClock { _ in
            let (emitter, _) = makeEmitter(layer: { $0.beginTime = 2 }) { cell in
                cell.birthRate = 1
                cell.lifetime = 10
            }
            #expect(emitter.particles(atTime: 1.5).isEmpty)
            expectClose(births(emitter.particles(atTime: 3.5)), [0, 1], within: 1e-9)
            applyWithoutActions {
                emitter.speed = 0
                emitter.timeOffset = 2.5
            }
            // Paused at local time 2.5, whatever the media time.
            #expect(emitter.particles(atTime: 100).count == 3)
        }
    }
}
