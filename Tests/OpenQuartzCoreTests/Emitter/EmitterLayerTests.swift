import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("CAEmitterLayer and CAEmitterCell: the API")
struct EmitterLayerTests {
    @Test func emitterLayerDefaultsMatchApple() {
        withManualClock { _ in
            let emitter = CAEmitterLayer()
            #expect(emitter.emitterCells == nil)
            #expect(emitter.birthRate == 1)
            #expect(emitter.lifetime == 1)
            #expect(emitter.emitterPosition == .zero)
            #expect(emitter.emitterZPosition == 0)
            #expect(emitter.emitterSize == .zero)
            #expect(emitter.emitterDepth == 0)
            #expect(emitter.emitterShape == .point)
            #expect(emitter.emitterMode == .volume)
            #expect(emitter.renderMode == .unordered)
            #expect(!emitter.preservesDepth)
            #expect(emitter.velocity == 1)
            #expect(emitter.scale == 1)
            #expect(emitter.spin == 1)
            #expect(emitter.seed == 0)
            #expect(
                [CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue)
                    == ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
            #expect(
                [CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue)
                    == ["points", "outline", "surface", "volume"])
            #expect(
                [CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue)
                    == ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
            #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float == 1)
            #expect(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String == "volume")
        }
    }

    @Test func emitterCellDefaultsMatchApple() throws {
        let cell = CAEmitterCell()
        #expect(cell.name == nil)
        #expect(cell.isEnabled)
        #expect(cell.birthRate == 0)
        #expect(cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        expectClose(try rgbaComponents(cell.color), [1, 1, 1, 1], within: 0)
        #expect([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange] == [0, 0, 0, 0])
        #expect([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed] == [0, 0, 0, 0])
        #expect(cell.contents == nil)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.emitterCells == nil)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") as? Float == 0)
        #expect(CAEmitterCell.defaultValue(forKey: "noSuchKey") == nil)
    }

    @Test func emitterCellKeyValueCodingRoundTrips() {
        let cell = CAEmitterCell()
        cell.setValue(12, forKey: "birthRate")
        cell.setValue(false, forKey: "enabled")
        cell.setValue("spark", forKey: "name")
        cell.setValue(CGRect(x: 0, y: 0, width: 0.5, height: 1), forKey: "contentsRect")
        cell.setValue(0.25, forKeyPath: "contentsRect.origin.x")
        cell.setValue("custom", forKey: "myKey")
        #expect(cell.birthRate == 12)
        #expect(cell.value(forKey: "birthRate") as? Float == 12)
        #expect(!cell.isEnabled)
        #expect(cell.value(forKey: "enabled") as? Bool == false)
        #expect(cell.name == "spark")
        #expect(cell.contentsRect == CGRect(x: 0.25, y: 0, width: 0.5, height: 1))
        #expect(cell.value(forKeyPath: "contentsRect.size.width") as? CGFloat == 0.5)
        #expect(cell.value(forKey: "myKey") as? String == "custom")
        let child = CAEmitterCell()
        child.name = "trail"
        cell.emitterCells = [child]
        cell.setValue(3, forKeyPath: "emitterCells.trail.velocity")
        #expect(child.velocity == 3)
        #expect(cell.value(forKeyPath: "emitterCells.trail.velocity") as? CGFloat == 3)
    }

    @Test func layerKeyPathsReachCellsByName() {
        withManualClock { _ in
            let emitter = CAEmitterLayer()
            let fire = CAEmitterCell()
            fire.name = "fire"
            fire.birthRate = 5
            let spark = CAEmitterCell()
            spark.name = "spark"
            fire.emitterCells = [spark]
            emitter.emitterCells = [fire]
            #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 5)
            emitter.setValue(20, forKeyPath: "emitterCells.fire.birthRate")
            emitter.setValue(7, forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")
            #expect(fire.birthRate == 20)
            #expect(spark.velocity == 7)
            #expect(emitter.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity") as? CGFloat == 7)
            let warnings = collectingWarnings {
                emitter.setValue(1, forKeyPath: "emitterCells.smoke.birthRate")
            }
            #expect(warnings.count == 1)
            #expect(emitter.value(forKeyPath: "emitterCells.smoke.birthRate") == nil)
        }
    }

    @Test func cellKeyPathsAnimateThroughTheLayer() throws {
        try withManualClock { clock in
            let emitter = CAEmitterLayer()
            let fire = CAEmitterCell()
            fire.name = "fire"
            fire.birthRate = 10
            emitter.emitterCells = [fire]
            CATransaction.flush()
            let animation = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
            animation.fromValue = 0
            animation.toValue = 40
            animation.duration = 2
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            emitter.add(animation, forKey: "ramp")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let presented = try #require(emitter.presentation())
            expectClose(numberValue(presented.value(forKeyPath: "emitterCells.fire.birthRate")), 10, within: 1e-9)
            #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 10)
        }
    }

    @Test func layerEmitterPropertiesAnimateImplicitlyOnAStandaloneLayer() throws {
        try withManualClock { clock in
            let emitter = CAEmitterLayer()
            CATransaction.flush()
            emitter.emitterPosition = CGPoint(x: 100, y: 0)
            emitter.birthRate = 3
            emitter.emitterShape = .circle
            CATransaction.flush()
            #expect(emitter.animation(forKey: "emitterPosition") is CABasicAnimation)
            #expect(emitter.animation(forKey: "birthRate") is CABasicAnimation)
            #expect(emitter.animation(forKey: "emitterShape") == nil)
            clock.advance(by: 0.125)
            let presented = try #require(emitter.presentation())
            expectClose(presented.emitterPosition.x, 100 * defaultCurveAtHalf, within: 1e-6)
            expectClose(Double(presented.birthRate), 1 + 2 * defaultCurveAtHalf, within: 1e-6)
            #expect(presented.emitterShape == .circle)
        }
    }

    @Test func presentationCopyCarriesEmitterProperties() throws {
        try withManualClock { _ in
            let emitter = CAEmitterLayer()
            applyWithoutActions {
                emitter.emitterCells = [CAEmitterCell()]
                emitter.emitterSize = CGSize(width: 30, height: 40)
                emitter.renderMode = .additive
                emitter.seed = 42
            }
            let presented = try #require(emitter.presentation())
            #expect(presented.emitterCells?.count == 1)
            #expect(presented.emitterSize == CGSize(width: 30, height: 40))
            #expect(presented.renderMode == .additive)
            #expect(presented.seed == 42)
            #expect(emitter.value(forKey: "seed") as? UInt32 == 42)
        }
    }

    @Test func emitterKeyValueCodingTakesRawStrings() {
        withManualClock { _ in
            let emitter = CAEmitterLayer()
            emitter.setValue("line", forKey: "emitterShape")
            emitter.setValue("outline", forKey: "emitterMode")
            emitter.setValue("oldestFirst", forKey: "renderMode")
            emitter.setValue(CGSize(width: 5, height: 6), forKey: "emitterSize")
            #expect(emitter.emitterShape == .line)
            #expect(emitter.emitterMode == .outline)
            #expect(emitter.renderMode == .oldestFirst)
            #expect(emitter.value(forKey: "emitterShape") as? String == "line")
            #expect(emitter.emitterSize == CGSize(width: 5, height: 6))
        }
    }
}
