import OpenQuartzCore
import QuartzTestSupport
import Testing

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
private let clearWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 0)

@Suite("CAGradientLayer")
struct SpecializedGradientLayerTests {
    @Test func gradientLayerDefaultsMatchApple() {
        withManualClock { _ in
            let gradient = CAGradientLayer()
            #expect(gradient.colors == nil)
            #expect(gradient.locations == nil)
            #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))
            #expect(gradient.endPoint == CGPoint(x: 0.5, y: 1))
            #expect(gradient.type == .axial)
            #expect([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue) == ["axial", "radial", "conic"])
        }
    }

    @Test func colorsAnimateImplicitlyElementByElement() throws {
        try withManualClock { clock in
            let gradient = CAGradientLayer()
            applyWithoutActions { gradient.colors = [red, blue] }
            gradient.colors = [green, clearWhite]
            CATransaction.flush()
            #expect(gradient.animation(forKey: "colors") is CABasicAnimation)
            clock.advance(by: 0.125)
            let colors = try #require(gradient.presentation()?.colors)
            #expect(colors.count == 2)
            let f = defaultCurveAtHalf
            expectClose(try rgbaComponents(colors[0] as? CGColor), [1 - f, f, 0, 1], within: 1e-6)
            expectClose(try rgbaComponents(colors[1] as? CGColor), [f, f, 1, 1 - f], within: 1e-6)
        }
    }

    @Test func colorsAnimateExplicitlyElementByElement() throws {
        try withManualClock { clock in
            let gradient = CAGradientLayer()
            let animation = CABasicAnimation(keyPath: "colors")
            animation.fromValue = [red, green, blue]
            animation.toValue = [blue, red, green]
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            gradient.add(animation, forKey: "cycle")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let colors = try #require(gradient.presentation()?.colors)
            expectClose(try rgbaComponents(colors[0] as? CGColor), [0.75, 0, 0.25, 1], within: 1e-9)
            expectClose(try rgbaComponents(colors[1] as? CGColor), [0.25, 0.75, 0, 1], within: 1e-9)
            expectClose(try rgbaComponents(colors[2] as? CGColor), [0, 0.25, 0.75, 1], within: 1e-9)
        }
    }

    @Test func colorArraysOfDifferentLengthsSwitchHalfWay() {
        withManualClock { clock in
            let gradient = CAGradientLayer()
            applyWithoutActions { gradient.colors = [red, blue] }
            gradient.colors = [green, green, green]
            CATransaction.flush()
            // The switch comes when the eased fraction reaches 0.5: 29 % of the way through
            // the duration on the default curve.
            clock.advance(by: 0.05)
            #expect(gradient.presentation()?.colors?.count == 2, "the old colours at 20 % (eased 0.30)")
            clock.advance(by: 0.05)
            #expect(gradient.presentation()?.colors?.count == 3, "the new colours at 40 % (eased 0.68)")
        }
    }

    @Test func arraysSetWhereThereWereNoneSwitchHalfWay() {
        withManualClock { clock in
            let gradient = CAGradientLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            gradient.colors = [red, blue]
            CATransaction.flush()
            #expect(gradient.animation(forKey: "colors") != nil, "an animation runs, though nil cannot interpolate")
            clock.advance(by: 0.05)
            #expect(gradient.presentation()?.colors == nil)
            clock.advance(by: 0.05)
            #expect(gradient.presentation()?.colors as? [CGColor] == [red, blue])
        }
    }

    @Test func colorsThatAreNotCGColorsTrap() async {
        await #expect(processExitsWith: .failure) {
            CAGradientLayer().colors = ["red", "blue"]
        }
    }

    @Test func locationsAnimateElementByElement() throws {
        try withManualClock { clock in
            let gradient = CAGradientLayer()
            applyWithoutActions { gradient.locations = [0, 1] }
            gradient.locations = [0.5, 0.75]
            CATransaction.flush()
            clock.advance(by: 0.125)
            let implicit = try #require(gradient.presentation()?.locations).map(\.doubleValue)
            expectClose(implicit, [0.5 * defaultCurveAtHalf, 1 - 0.25 * defaultCurveAtHalf], within: 1e-6)

            let animation = CABasicAnimation(keyPath: "locations")
            animation.fromValue = [0, 0.2, 0.4]
            animation.toValue = [0.6, 0.8, 1]
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            gradient.add(animation, forKey: "slide")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let explicit = try #require(gradient.presentation()?.locations).map(\.doubleValue)
            expectClose(explicit, [0.3, 0.5, 0.7], within: 1e-6)
        }
    }

    @Test func pointsAnimateImplicitly() throws {
        try withManualClock { clock in
            let gradient = CAGradientLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            gradient.startPoint = CGPoint(x: 0, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 0.5)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let presentation = try #require(gradient.presentation())
            let f = defaultCurveAtHalf
            expectClose(presentation.startPoint, CGPoint(x: 0.5 - 0.5 * f, y: 0.5 * f), within: 1e-6)
            expectClose(presentation.endPoint, CGPoint(x: 0.5 + 0.5 * f, y: 1 - 0.5 * f), within: 1e-6)
        }
    }

    @Test func typeChangesAtOnce() {
        withManualClock { _ in
            let gradient = CAGradientLayer()
            gradient.type = .conic
            CATransaction.flush()
            #expect(gradient.animationKeys() == nil)
        }
    }

    @Test func keyValueCodingRoundTrips() {
        withManualClock { _ in
            let gradient = CAGradientLayer()
            gradient.setValue([red, blue], forKey: "colors")
            gradient.setValue([0.25, 0.75], forKey: "locations")
            gradient.setValue(CGPoint(x: 0, y: 0), forKey: "startPoint")
            gradient.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 1)), forKey: "endPoint")
            gradient.setValue("radial", forKey: "type")
            #expect(gradient.colors as? [CGColor] == [red, blue])
            #expect(gradient.value(forKey: "colors") as? [CGColor] == [red, blue])
            #expect(gradient.locations?.map(\.doubleValue) == [0.25, 0.75])
            #expect((gradient.value(forKey: "locations") as? [NSNumber])?.map(\.doubleValue) == [0.25, 0.75])
            #expect(gradient.startPoint == .zero && gradient.value(forKey: "startPoint") as? CGPoint == .zero)
            #expect(gradient.endPoint == CGPoint(x: 1, y: 1))
            #expect(gradient.type == .radial && gradient.value(forKey: "type") as? String == "radial")
            gradient.setValue(nil, forKey: "colors")
            gradient.setValue(nil, forKey: "locations")
            #expect(gradient.colors == nil && gradient.value(forKey: "colors") == nil)
            #expect(gradient.locations == nil && gradient.value(forKey: "locations") == nil)
        }
    }

    @Test func presentationCarriesGradientValues() throws {
        try withManualClock { _ in
            let gradient = CAGradientLayer()
            // Arrays set where there were none switch half-way through their implicit
            // animations, so the values are set without actions.
            applyWithoutActions {
                gradient.colors = [red, blue]
                gradient.locations = [0, 0.3]
                gradient.type = .radial
            }
            let presentation = try #require((gradient as CALayer).presentation() as? CAGradientLayer)
            #expect(presentation.colors as? [CGColor] == [red, blue])
            #expect(presentation.locations?.map(\.doubleValue) == [0, 0.3])
            #expect(presentation.type == .radial)
        }
    }
}
