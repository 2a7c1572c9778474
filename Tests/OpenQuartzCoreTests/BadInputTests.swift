import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Programmer errors trap with a message that names the problem; Apple's documented
/// behaviour is kept where Apple defines one.
@Suite("Bad input")
struct BadInputTests {
    @Test func nonFiniteAnimationTimingTraps() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CABasicAnimation(keyPath: "opacity").duration = .nan
        }
        await #expect(processExitsWith: .failure) {
            CABasicAnimation(keyPath: "opacity").speed = .infinity
        }
        await #expect(processExitsWith: .failure) {
            CABasicAnimation(keyPath: "opacity").beginTime = -.infinity
        }
        await #expect(processExitsWith: .failure) {
            CABasicAnimation(keyPath: "opacity").repeatCount = -1
        }
    }

    @Test func nonFiniteLayerTimeTraps() async {
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

    @Test func fromValueOfTheWrongTypeTrapsNamingTheKeyPath() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layer = CALayer()
            let animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = "not a point"
            layer.add(animation, forKey: "bad")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("fromValue for key path 'position' must be a CGPoint"))
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

    @Test func commitWithoutBeginTraps() async {
        await #expect(processExitsWith: .failure) {
            CATransaction.commit()
        }
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
