import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Programmer errors trap with a message that names the problem; Apple's documented
/// behaviour is kept where Apple defines one.
@Suite("Bad input")
struct BadInputTests {
    /// NaN is no number and traps; infinity and negative counts are values Apple accepts
    /// (issue 14), so they are stored.
    @Test func nanAnimationTimingTraps() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CABasicAnimation(keyPath: "opacity").duration = .nan
        }
        await #expect(processExitsWith: .failure) {
            CABasicAnimation(keyPath: "opacity").speed = .nan
        }
        await #expect(processExitsWith: .failure) {
            CABasicAnimation(keyPath: "opacity").repeatCount = .nan
        }
    }

    @Test func infiniteAndNegativeAnimationTimingIsStored() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.speed = .infinity
        animation.beginTime = -.infinity
        animation.repeatCount = -1
        animation.repeatDuration = -.infinity
        #expect(animation.speed == .infinity)
        #expect(animation.beginTime == -.infinity)
        #expect(animation.repeatCount == -1)
        #expect(animation.repeatDuration == -.infinity)
    }

    @Test func nanLayerTimeTraps() async {
        await #expect(processExitsWith: .failure) {
            CALayer().speed = .nan
        }
    }

    @Test func clockCannotGoBackwardsOrBeNonFinite() async {
        await #expect(processExitsWith: .failure) {
            CAManualClock(time: 5).advance(to: 4)
        }
        await #expect(processExitsWith: .failure) {
            CAManualClock().advance(by: .nan)
        }
    }

    @Test func fromValueOfTheWrongTypeHasNoEffectAndWarnsNamingTheKeyPath() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 3, y: 4))
            let warnings = collectingWarnings {
                let animation = CABasicAnimation(keyPath: "position")
                animation.fromValue = "not a point"
                animation.toValue = CGPoint(x: 100, y: 100)
                animation.duration = 1
                layer.add(animation, forKey: "bad")
                CATransaction.flush()
            }
            #expect(warnings == [
                "CABasicAnimation.fromValue for key path 'position' must be a CGPoint, got a value of type String; "
                    + "the animation has no effect on 'position'"
            ])
            clock.advance(by: 0.5)
            let presented = try #require(layer.presentation())
            #expect(presented.position == CGPoint(x: 3, y: 4))
        }
    }

    /// A value that is not finite for each kind of key path, by name.
    static func nonFiniteValue(_ name: String) -> (keyPath: String, value: Any) {
        switch name {
        case "NaN point": ("position", CGPoint(x: CGFloat.nan, y: 0))
        case "infinite point": ("position", CGPoint(x: 0, y: CGFloat.infinity))
        case "infinite rect": ("bounds", CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        case "NaN transform": ("transform", CATransform3DMakeTranslation(.nan, 0, 0))
        case "infinite part": ("position.x", Double.infinity)
        default: ("opacity", Float.nan)
        }
    }

    @Test(arguments: ["NaN point", "infinite point", "infinite rect", "NaN transform", "infinite part", "NaN number"])
    func animationsToNonFiniteValuesAreRefusedAndNeverShowNaN(_ name: String) throws {
        let (keyPath, value) = Self.nonFiniteValue(name)
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 3, y: 4))
            let warnings = collectingWarnings {
                let animation = CABasicAnimation(keyPath: keyPath)
                animation.toValue = value
                animation.duration = 1
                layer.add(animation, forKey: "bad")
                CATransaction.flush()
            }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("toValue for key path '\(keyPath)' is not finite") == true)
            clock.advance(by: 0.5)
            let presented = try #require(layer.presentation())
            #expect(presented.position == CGPoint(x: 3, y: 4))
            #expect(presented.bounds == layer.bounds)
            #expect(presented.opacity == 1)
            #expect(CATransform3DIsIdentity(presented.transform))
        }
    }

    @Test func nanOrInfiniteGeometryIsRefusedNamingThePropertyAndValue() async throws {
        func stderr(_ result: ExitTest.Result) -> String { String(decoding: result.standardErrorContent, as: UTF8.self) }
        var result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().position = CGPoint(x: CGFloat.nan, y: 0)
        }
        #expect(stderr(result).contains("CALayer position contains NaN or infinity: (nan, 0.0)"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        }
        #expect(stderr(result).contains("CALayer bounds contains NaN or infinity: (0.0, 0.0, inf, 1.0)"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        }
        #expect(stderr(result).contains("CALayer frame contains NaN or infinity"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().opacity = .nan
        }
        #expect(stderr(result).contains("CALayer opacity is NaN"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().setValue(CGFloat.nan, forKeyPath: "position.y")
        }
        #expect(stderr(result).contains("CALayer position contains NaN or infinity"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CALayer().setValue(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 0), forKey: "bounds")
        }
        #expect(stderr(result).contains("CALayer bounds contains NaN or infinity"))
    }

    @Test func unknownPartOfAKnownPropertyTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = CALayer().value(forKeyPath: "position.q")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("unknown key path 'position.q'"))
    }

    @Test func makingALayerItsOwnAncestorTrapsNamingBothLayers() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parent = CALayer()
            parent.name = "parent"
            let child = CALayer()
            child.name = "child"
            parent.addSublayer(child)
            child.addSublayer(parent)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("layer 'parent'"))
        #expect(message.contains("layer 'child'"))
    }

    @Test func timingFunctionWithXOutsideTheUnitIntervalTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = CAMediaTimingFunction(controlPoints: 1.5, 0, 0.5, 1)
        }
    }

    /// Issue 14: harmless on Apple, so no trap; one line on standard error.
    @Test func commitWithoutBeginPrintsOneWarningOnStandardError() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            CATransaction.commit()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        let lines = message.split(separator: "\n").filter { $0.contains("CATransaction.commit()") }
        #expect(lines.count == 1, "\(message)")
    }

    @Test func unknownKeysAreCustomPropertiesAsOnApple() throws {
        try withManualClock { clock in
            let layer = CALayer()
            let animation = CABasicAnimation(keyPath: "notAProperty")
            animation.fromValue = 0
            animation.toValue = 10
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(animation, forKey: "custom")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let value = try #require(layer.presentation()?.value(forKey: "notAProperty") as? CGFloat)
            expectClose(value, 5, within: 1e-9)
        }
    }

    @Test func groupContainingItselfTrapsNamingTheGroup() async throws {
        let direct = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let group = CAAnimationGroup()
            group.animations = [CABasicAnimation(keyPath: "opacity"), group]
            CALayer().add(group, forKey: "loop")
        }
        #expect(
            String(decoding: direct.standardErrorContent, as: UTF8.self)
                .contains("contains itself among its animations"))
        await #expect(processExitsWith: .failure) {
            let outer = CAAnimationGroup()
            let inner = CAAnimationGroup()
            inner.animations = [outer]
            outer.animations = [inner]
            _ = outer.copy()
        }
    }
}
