import CAMLTestSupport
import Foundation
import OpenCoreGraphics
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// `CAEmitterLayer` and `CAEmitterCell` elements (FORMAT.md §6).
@Suite struct CAMLEmitterTests {
    static let document =
        camlHeader + """
            <CALayer bounds="0 0 200 200" position="100 100">
              <sublayers>
                <CAEmitterLayer id="snow" name="Snow" bounds="0 0 200 200" position="100 100"
                    emitterPosition="100 190" emitterSize="150 0" emitterShape="line" emitterMode="outline"
                    renderMode="additive" birthRate="2" lifetime="1.5" seed="5" velocity="2">
                  <emitterCells>
                    <CAEmitterCell id="c1" name="flake" birthRate="10" lifetime="3" lifetimeRange="1" velocity="20"
                        velocityRange="5" emissionLongitude="-1.5707963267948966" emissionRange="0.5" scale="0.5"
                        scaleRange="0.1" scaleSpeed="-0.05" spin="1" spinRange="0.5" color="0.8 0.9 1"
                        alphaSpeed="-0.2" alphaRange="0.1" xAcceleration="3" yAcceleration="-10"
                        contentsRect="0 0 0.5 1" contentsScale="2" enabled="1" mass="1" rotation="0"
                        magnificationFilter="nearest" beginTime="0.5" duration="10">
                      <contents type="CGImage" src="data:image/png;base64,\(CAMLImageTests.pngBase64)"/>
                      <emitterCells>
                        <CAEmitterCell name="glint" birthRate="4" lifetime="0.5">
                          <contents><CGImage src="data:image/png;base64,\(CAMLImageTests.pngBase64)"/></contents>
                        </CAEmitterCell>
                      </emitterCells>
                    </CAEmitterCell>
                    <CAEmitterCell name="off" enabled="0" birthRate="x"/>
                  </emitterCells>
                  <animations>
                    <p key="ramp" type="CABasicAnimation" keyPath="emitterCells.flake.birthRate" fromValue="0"
                        toValue="10" duration="2"/>
                  </animations>
                </CAEmitterLayer>
              </sublayers>
            </CALayer>
            </caml>
            """

    @Test func emitterLayersAndCellsLoadWithTheirProperties() throws {
        let package = try loadCAML(Self.document)
        let emitter = try #require(package.rootLayer.sublayers?.first as? CAEmitterLayer)
        #expect(emitter.name == "Snow")
        #expect(emitter.emitterPosition == CGPoint(x: 100, y: 190))
        #expect(emitter.emitterSize == CGSize(width: 150, height: 0))
        #expect(emitter.emitterShape == .line)
        #expect(emitter.emitterMode == .outline)
        #expect(emitter.renderMode == .additive)
        #expect(emitter.birthRate == 2 && emitter.lifetime == 1.5 && emitter.velocity == 2)
        #expect(emitter.seed == 5)
        let cells = try #require(emitter.emitterCells)
        #expect(cells.map(\.name) == ["flake", "off"])
        let flake = cells[0]
        #expect(flake.birthRate == 10 && flake.lifetime == 3 && flake.lifetimeRange == 1)
        #expect(flake.velocity == 20 && flake.velocityRange == 5)
        expectClose(flake.emissionLongitude, -.pi / 2, within: 1e-12)
        #expect(flake.emissionRange == 0.5)
        #expect(flake.scale == 0.5 && flake.scaleRange == 0.1 && flake.scaleSpeed == -0.05)
        #expect(flake.spin == 1 && flake.spinRange == 0.5)
        #expect(flake.alphaSpeed == -0.2 && flake.alphaRange == 0.1)
        #expect(flake.xAcceleration == 3 && flake.yAcceleration == -10)
        #expect(flake.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(flake.contentsScale == 2)
        #expect(flake.isEnabled)
        #expect(flake.magnificationFilter == "nearest")
        #expect(flake.beginTime == 0.5 && flake.duration == 10)
        let color = try #require(flake.color?.components)
        expectClose(color.map(Double.init), [0.8, 0.9, 1, 1], within: 1e-12)
        let image = try #require(flake.contents as? CGImage)
        #expect(image.rgbaPixels == CAMLImageTests.pngPixels)
        let glint = try #require(flake.emitterCells?.first)
        #expect(glint.name == "glint" && glint.birthRate == 4)
        #expect(glint.contents as? CGImage === image, "one data: URI is decoded once")
        #expect(!cells[1].isEnabled)
        // The key path animation into a cell loads.
        #expect(emitter.animationKeys() == ["ramp"])
    }

    @Test func keysPublicCellsDoNotHaveWarnAndTheDocumentLoads() throws {
        let package = try loadCAML(Self.document)
        let messages = package.warnings.map(\.message)
        #expect(messages.contains { $0.contains("\"mass\"") })
        #expect(messages.contains { $0.contains("\"rotation\"") })
        #expect(messages.contains { $0.contains("\"x\"") && $0.contains("birthRate") })
        #expect(package.warnings.count == 3, "\(package.warnings)")
    }

    @Test func aLoadedEmitterEmitsParticlesWithItsImages() throws {
        try withManualClock { _ in
            let package = try loadCAML(Self.document)
            CATransaction.flush()
            let emitter = try #require(package.rootLayer.sublayers?.first as? CAEmitterLayer)
            #expect(emitter.particles(atTime: 0.4).isEmpty, "the cell begins at 0.5 s")
            let particles = emitter.particles(atTime: 3)
            #expect(!particles.isEmpty)
            #expect(particles.allSatisfy { $0.contents != nil })
            #expect(particles.contains { $0.generation == 1 && $0.cellName == "glint" })
            // Born on the line, 150 wide around x = 100 (the youngest have drifted at most 5).
            for particle in particles where particle.generation == 0 && particle.birthTime > 2.9 {
                #expect(abs(particle.position.x - 100) <= 80)
            }
        }
    }

    @Test func stateValuesAndAnimationsReachCellsByKeyPath() throws {
        let package = try loadCAML(
            camlHeader + """
                <CALayer bounds="0 0 100 100">
                  <sublayers>
                    <CAEmitterLayer id="e" name="E">
                      <emitterCells><CAEmitterCell name="flake" birthRate="1"/></emitterCells>
                    </CAEmitterLayer>
                  </sublayers>
                  <states>
                    <LKState name="Burst">
                      <elements>
                        <LKStateSetValue targetId="e" keyPath="emitterCells.flake.birthRate">
                          <value type="real" value="50"/>
                        </LKStateSetValue>
                      </elements>
                    </LKState>
                  </states>
                </CALayer>
                </caml>
                """)
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        let emitter = try #require(package.rootLayer.sublayers?.first as? CAEmitterLayer)
        withManualClock { _ in
            let controller = CAStateController(layer: package.rootLayer)
            controller.setState(package.rootLayer.state(withName: "Burst"), of: package.rootLayer, transitionSpeed: 0)
            CATransaction.flush()
            #expect(emitter.emitterCells?.first?.birthRate == 50)
        }
    }

    @Test func corpusEmittersLoadAndEmit() throws {
        guard CAMLCorpus.isPresent(for: "CAML corpus: emitters") else { return }
        let folder = CAMLCorpus.folder
        // micasa's image asset is not in the corpus: its cell loads without contents, warned.
        let documents = [
            (folder.appendingPathComponent("openposter__micasa/main.caml"), kCAPackageTypeCAMLFile, 1, false),
            (folder.appendingPathComponent("kirayxa2__Dark__Background.ca"), kCAPackageTypeCAMLBundle, 3, true),
        ]
        for (url, type, cellCount, hasImages) in documents {
            guard FileManager.default.fileExists(atPath: url.path) else {
                print("CAML corpus: \(url.lastPathComponent) is absent; skipped")
                continue
            }
            try withManualClock { _ in
                let package = try CAPackage(contentsOf: url, type: type, options: nil)
                CATransaction.flush()
                var emitters: [CAEmitterLayer] = []
                var pending = [package.rootLayer]
                while let layer = pending.popLast() {
                    if let emitter = layer as? CAEmitterLayer { emitters.append(emitter) }
                    pending += layer.sublayers ?? []
                }
                let emitter = try #require(emitters.first, "\(url.lastPathComponent) has its emitter")
                let cells = try #require(emitter.emitterCells)
                #expect(cells.count == cellCount)
                #expect(cells.allSatisfy { ($0.contents is CGImage) == hasImages }, "\(url.lastPathComponent)")
                if !hasImages {
                    #expect(package.warnings.contains { $0.message.contains("justblack.png") })
                }
                #expect(!emitter.particles(atTime: 2).isEmpty)
            }
        }
    }
}
