import OpenQuartzCore
import QuartzTestSupport
import Testing

/// How far along the `default` timing curve (0.25, 0.1, 0.25, 1) an implicit animation is
/// half-way through its duration (x = 0.5). Timing curves are solved to 1e-7 in x, so values
/// eased by it are compared within 1e-6.
let defaultCurveAtHalf = 0.8024033877399112

/// Makes changes with actions disabled and commits them, so a test starts from a settled
/// layer with no animation on it.
func applyWithoutActions(_ changes: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    changes()
    CATransaction.commit()
    // Layers made before `applyWithoutActions` wait in the implicit transaction; commit them too.
    CATransaction.flush()
}

/// A number read back through key-value coding, which answers in the property's own type.
func numberValue(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
    switch value {
    case let number as CGFloat: return Double(number)
    case let number as Float: return Double(number)
    case let number as Double: return number
    case let number as Int: return Double(number)
    default:
        Issue.record("expected a number, got \(String(describing: value))", sourceLocation: sourceLocation)
        return .nan
    }
}

/// A colour's red, green, blue and alpha, a gray colour's level repeated.
func rgbaComponents(_ color: CGColor?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Double] {
    let components = try #require(color?.components, "expected a colour", sourceLocation: sourceLocation)
        .map(Double.init)
    return components.count == 2 ? [components[0], components[0], components[0], components[1]] : components
}

/// One numeric property of a specialised layer, set through its typed setter.
struct NumberPropertyCase: Sendable, CustomTestStringConvertible {
    let key: String
    let target: Double
    let make: @Sendable () -> CALayer
    let set: @Sendable (CALayer, Double) -> Void
    var testDescription: String { "\(key) → \(target)" }
}

@Suite("Specialised layers: what they share")
struct SpecializedLayerTests {
    static let numberCases: [NumberPropertyCase] = [
        .init(key: "strokeStart", target: 0.5, make: { CAShapeLayer() }) { ($0 as! CAShapeLayer).strokeStart = $1 },
        .init(key: "strokeEnd", target: 0.25, make: { CAShapeLayer() }) { ($0 as! CAShapeLayer).strokeEnd = $1 },
        .init(key: "lineWidth", target: 11, make: { CAShapeLayer() }) { ($0 as! CAShapeLayer).lineWidth = $1 },
        .init(key: "miterLimit", target: 4, make: { CAShapeLayer() }) { ($0 as! CAShapeLayer).miterLimit = $1 },
        .init(key: "lineDashPhase", target: 8, make: { CAShapeLayer() }) { ($0 as! CAShapeLayer).lineDashPhase = $1 },
        .init(key: "fontSize", target: 12, make: { CATextLayer() }) { ($0 as! CATextLayer).fontSize = $1 },
        .init(key: "instanceDelay", target: 0.5, make: { CAReplicatorLayer() }) {
            ($0 as! CAReplicatorLayer).instanceDelay = $1
        },
        .init(key: "instanceRedOffset", target: -0.5, make: { CAReplicatorLayer() }) {
            ($0 as! CAReplicatorLayer).instanceRedOffset = Float($1)
        },
        .init(key: "instanceGreenOffset", target: -0.25, make: { CAReplicatorLayer() }) {
            ($0 as! CAReplicatorLayer).instanceGreenOffset = Float($1)
        },
        .init(key: "instanceBlueOffset", target: 0.75, make: { CAReplicatorLayer() }) {
            ($0 as! CAReplicatorLayer).instanceBlueOffset = Float($1)
        },
        .init(key: "instanceAlphaOffset", target: -1, make: { CAReplicatorLayer() }) {
            ($0 as! CAReplicatorLayer).instanceAlphaOffset = Float($1)
        },
    ]

    @Test(arguments: numberCases)
    func numberPropertyAnimatesImplicitly(_ property: NumberPropertyCase) throws {
        try withManualClock { clock in
            let layer = property.make()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            let start = numberValue(layer.value(forKey: property.key))
            property.set(layer, property.target)
            CATransaction.flush()
            let animation = try #require(layer.animation(forKey: property.key) as? CABasicAnimation)
            #expect(animation.duration == 0.25)
            clock.advance(by: 0.125)
            let halfway = numberValue(try #require(layer.presentation()).value(forKey: property.key))
            // Float properties carry about seven significant digits.
            expectClose(halfway, start + (property.target - start) * defaultCurveAtHalf, within: 1e-6)
            clock.advance(by: 0.125)
            #expect(layer.animationKeys() == nil, "removed on completion")
            expectClose(numberValue(layer.presentation()?.value(forKey: property.key)), property.target, within: 1e-6)
        }
    }

    @Test(arguments: numberCases)
    func numberPropertyRoundTripsThroughKeyValueCoding(_ property: NumberPropertyCase) {
        withManualClock { _ in
            let layer = property.make()
            layer.setValue(property.target, forKey: property.key)
            expectClose(numberValue(layer.value(forKey: property.key)), property.target, within: 1e-6)
        }
    }

    @Test func presentationOfEachSubclassIsThatSubclass() throws {
        try withManualClock { _ in
            let layers: [CALayer] = [
                CAShapeLayer(), CAGradientLayer(), CATextLayer(), CAReplicatorLayer(), CATransformLayer(),
            ]
            CATransaction.flush()
            for layer in layers {
                let presentation = try #require(layer.presentation())
                #expect(type(of: presentation) == type(of: layer))
                #expect(presentation.model() === layer)
            }
        }
    }

    @Test func defaultValueForKeyAnswersTheSubclassDefaults() throws {
        expectClose(numberValue(CAShapeLayer.defaultValue(forKey: "strokeEnd")), 1, within: 0)
        expectClose(numberValue(CAShapeLayer.defaultValue(forKey: "miterLimit")), 10, within: 0)
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? String == "butt")
        #expect(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        expectClose(numberValue(CATextLayer.defaultValue(forKey: "fontSize")), 36, within: 0)
        expectClose(numberValue(CAReplicatorLayer.defaultValue(forKey: "instanceCount")), 1, within: 0)
        #expect(CAShapeLayer.defaultValue(forKey: "position") as? CGPoint == .zero, "inherited keys still answer")
    }

    @Test func transformLayerAnimatesLikeAnyLayer() throws {
        try withManualClock { clock in
            let layer = CATransformLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            layer.transform = CATransform3DMakeTranslation(0, 0, 100)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let presentation = try #require(layer.presentation())
            expectClose(presentation.transform.m43, 100 * defaultCurveAtHalf, within: 1e-6)
            #expect(layer.value(forKey: "strokeEnd") == nil, "it declares no properties of its own")
        }
    }
}
