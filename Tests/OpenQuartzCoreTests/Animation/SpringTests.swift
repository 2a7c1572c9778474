import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `CASpringAnimation` and the spring it plays (issue 3).
@Suite("Spring animations")
struct SpringTests {
    private func spring(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, overdamping: Bool = false)
        -> SpringSolver
    {
        SpringSolver(mass: m, stiffness: k, damping: c, initialVelocity: v0, allowsOverdamping: overdamping)
    }

    // MARK: The solver

    /// Issue 3's reference table: Apple's settlingDuration and the fraction travelled.
    @Test(arguments: [
        (
            mkcv: [1.0, 100, 10, 0], settling: 1.4727003346780925,
            progress: [0.340299847, 1.023359580, 1.074590567, 1.002170117]
        ),
        (
            mkcv: [1.0, 100, 20, 0], settling: 0.9999999999999999,
            progress: [0.264241118, 0.712702505, 0.959572318, 0.999500601]
        ),
    ])
    func referenceTableMatchesApple(mkcv: [Double], settling: Double, progress: [Double]) {
        let solver = spring(mkcv[0], mkcv[1], mkcv[2], mkcv[3])
        expectClose(solver.settlingDuration, settling, within: 1e-9)
        for (t, expected) in zip([0.1, 0.25, 0.5, 1.0], progress) {
            expectClose(solver.progress(at: t), expected, within: 1e-6, "p(\(t))")
        }
        let animation = CASpringAnimation()
        (animation.mass, animation.stiffness) = (CGFloat(mkcv[0]), CGFloat(mkcv[1]))
        (animation.damping, animation.initialVelocity) = (CGFloat(mkcv[2]), CGFloat(mkcv[3]))
        expectClose(animation.settlingDuration, settling, within: 1e-9)
    }

    @Test func underdampedClosedFormIsExactlyApplesValue() {
        // ln(1000·(1 + 1/√3)) / 5: envelope (1 + |b|)·e^(−ζω₀t) = 0.001.
        #expect(spring(1, 100, 10, 0).settlingDuration == 1.4727003346780925)
    }

    @Test func progressStartsAtZeroAndSettlesOnOne() {
        for solver in [spring(1, 100, 10, 0), spring(1, 100, 20, 0), spring(1, 100, 30, 0, overdamping: true)] {
            expectClose(solver.progress(at: 0), 0, within: 1e-15)
            expectClose(solver.progress(at: -1), 0, within: 1e-15, "time before the start is the start")
            expectClose(solver.progress(at: 20), 1, within: 1e-9)
        }
    }

    /// m = 1, k = 100, c = 25: ζ = 1.25, roots r = −12.5 ± 7.5 = −5, −20. With x(0) = 1 and
    /// x′(0) = 0: x(t) = (4/3)·e^(−5t) − (1/3)·e^(−20t), p = 1 − x. It first drops below 0.001
    /// between 1.4 s (1.216e-3) and 1.5 s (7.37e-4).
    @Test func overdampedSpringFollowsItsClosedForm() {
        let solver = spring(1, 100, 25, 0, overdamping: true)
        expectClose(solver.dampingRatio, 1.25, within: 1e-12)
        for t in [0.05, 0.1, 0.25, 0.5, 1.0] {
            let expected = 1 - (4.0 / 3) * exp(-5 * t) + (1.0 / 3) * exp(-20 * t)
            expectClose(solver.progress(at: t), expected, within: 1e-12, "p(\(t))")
        }
        expectClose(solver.settlingDuration, 1.5, within: 1e-9)
    }

    @Test func dampingAboveCriticalIsClampedWithoutAllowsOverdamping() {
        let clamped = spring(1, 100, 25, 0)
        let critical = spring(1, 100, 20, 0)
        #expect(clamped.dampingRatio == 1)
        for t in [0.1, 0.25, 0.5, 1.0] {
            expectClose(clamped.progress(at: t), critical.progress(at: t), within: 1e-12)
        }
        expectClose(clamped.settlingDuration, critical.settlingDuration, within: 1e-12)
    }

    @Test func undampedSpringNeverSettles() {
        let solver = spring(1, 100, 0, 0)
        #expect(solver.settlingDuration == .infinity)
        expectClose(solver.progress(at: Double.pi / 10), 2, within: 1e-12, "half a period: full overshoot")
    }

    /// The closed form bounds the motion: nothing after the settling time strays past 0.001.
    @Test(arguments: [[1.0, 100, 10, 0], [2, 300, 5, 3], [1, 50, 2, -4], [0.5, 200, 12, 8]])
    func nothingStraysPastTheThresholdAfterSettling(mkcv: [Double]) {
        let solver = spring(mkcv[0], mkcv[1], mkcv[2], mkcv[3])
        let settled = solver.settlingDuration
        for step in 0..<2000 {
            let t = settled + Double(step) * 0.005
            #expect(abs(1 - solver.progress(at: t)) <= 0.001, "t = \(t)")
        }
    }

    // MARK: Initial velocity

    @Test(arguments: [[1.0, 100, 10], [1, 100, 20], [1, 100, 35]])
    func velocityStartsAtInitialVelocityAndMatchesTheSlope(mkc: [Double]) {
        for v0 in [-5.0, 0, 7] {
            let solver = spring(mkc[0], mkc[1], mkc[2], v0, overdamping: true)
            expectClose(solver.velocity(at: 0), v0, within: 1e-12)
            for t in [0.05, 0.2, 0.6] {
                let h = 1e-6
                let slope = (solver.progress(at: t + h) - solver.progress(at: t - h)) / (2 * h)
                expectClose(solver.velocity(at: t), slope, within: 1e-6, "v(\(t)) with v0 = \(v0)")
            }
        }
    }

    /// m = 1, k = 100, c = 10, v0 = 5 = ζω₀ makes the sine term vanish: x = e^(−5t)·cos(√75·t),
    /// so the envelope is e^(−5t) and the settling time ln(1000)/5.
    @Test func initialVelocityChangesTheUnderdampedMotionAndSettlingTime() {
        let solver = spring(1, 100, 10, 5)
        for t in [0.1, 0.25, 0.5] {
            expectClose(solver.progress(at: t), 1 - exp(-5 * t) * cos(75.0.squareRoot() * t), within: 1e-12)
        }
        expectClose(solver.settlingDuration, log(1000) / 5, within: 1e-12)
    }

    /// Critical damping with v0 = ω₀ = 10: x = (1 + (ω₀ − v0)·t)·e^(−ω₀t) = e^(−10t).
    @Test func initialVelocityChangesTheCriticallyDampedMotion() {
        let solver = spring(1, 100, 20, 10)
        expectClose(solver.progress(at: 0.1), 1 - exp(-1), within: 1e-12)
        expectClose(solver.settlingDuration, 0.7, within: 1e-9, "e^(−7) < 0.001 < e^(−6)")
    }

    @Test func negativeInitialVelocityMovesAwayFirst() {
        let away = spring(1, 100, 20, -10)
        #expect(away.progress(at: 0.01) < 0)
        #expect(spring(1, 100, 20, 10).progress(at: 0.05) > spring(1, 100, 20, 0).progress(at: 0.05))
    }
}

/// The `CASpringAnimation` class: defaults, the perceptual initialiser, copying, description,
/// key-value coding and bad input.
@Suite("Spring animation class")
struct SpringAnimationTests {
    @Test func defaultsMatchApple() {
        let animation = CASpringAnimation(keyPath: "position")
        #expect(animation.mass == 1 && animation.stiffness == 100 && animation.damping == 10)
        #expect(animation.initialVelocity == 0 && animation.allowsOverdamping == false)
        #expect(animation.duration == 0, "Apple does not set duration to settlingDuration")
        expectClose(animation.settlingDuration, 1.4727003346780925, within: 1e-12)
        // SwiftUI's Spring documentation: (1, 100, 10) is duration 0.63, bounce 0.5.
        expectClose(animation.perceptualDuration, 2 * Double.pi / 10, within: 1e-12)
        expectClose(animation.bounce, 0.5, within: 1e-12)
        #expect(animation.solver == SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
    }

    /// SwiftUI's documented example: Spring(duration: 0.5, bounce: 0.3) is (1, 157.9, 17.6).
    @Test func perceptualInitialiserUsesSwiftUIsMapping() {
        let animation = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(animation.mass == 1)
        expectClose(animation.stiffness, pow(4 * Double.pi, 2), within: 1e-9)
        expectClose(animation.damping, 4 * Double.pi * 0.7 / 0.5, within: 1e-9)
        // The iOS 18 header: the initialiser sets allowsOverdamping to true, whatever the bounce.
        #expect(animation.allowsOverdamping)
    }

    /// An undamped spring never settles (`settlingDuration` is infinite); given that as its
    /// duration it still presents numbers: its spring at the seconds it has run, 1 − cos(ω·t).
    @Test func anUndampedSpringRunningForeverPresentsNumbers() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 0, y: 0)
            CATransaction.flush()
            let spring = CASpringAnimation(keyPath: "position.x")
            spring.fromValue = 0
            spring.toValue = 100
            spring.damping = 0
            #expect(spring.settlingDuration == .infinity)
            spring.duration = spring.settlingDuration
            layer.add(spring, forKey: "spring")
            CATransaction.flush()
            let omega = 10.0  // √(stiffness 100 / mass 1)
            for time in [0, 0.1, 0.25, 1.5] {
                clock.advance(to: time)
                let x = Double(layer.presentation()?.position.x ?? .nan)
                #expect(x.isFinite, "at \(time) s")
                expectClose(x, 100 * (1 - cos(omega * time)), within: 1e-6)
            }
        }
    }

    @Test(arguments: [(0.5, 0.3), (0.35, 0), (1.2, 0.8), (0.4, -0.5), (2, 1)])
    func perceptualDurationAndBounceReadBack(duration: Double, bounce: Double) {
        let animation = CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(bounce))
        expectClose(animation.perceptualDuration, duration, within: 1e-12)
        expectClose(animation.bounce, CGFloat(bounce), within: 1e-12)
    }

    /// Negative bounce: ζ = 1/(1 + bounce) = 2, so c = 2√k·2 and the motion is over-damped.
    @Test func negativeBounceGivesAnOverdampedSpring() {
        let animation = CASpringAnimation(perceptualDuration: 0.4, bounce: -0.5)
        #expect(animation.allowsOverdamping)
        expectClose(animation.solver.dampingRatio, 2, within: 1e-12)
        let critical = CASpringAnimation(perceptualDuration: 0.4, bounce: 0)
        #expect(animation.solver.progress(at: 0.2) < critical.solver.progress(at: 0.2))
    }

    @Test func allowsOverdampingChangesTheMotion() {
        let animation = CASpringAnimation()
        animation.damping = 40
        expectClose(animation.bounce, 0, within: 1e-12, "clamped to critical")
        let clamped = animation.solver.progress(at: 0.2)
        animation.allowsOverdamping = true
        expectClose(animation.bounce, 0.5 - 1, within: 1e-12, "ζ = 2")
        #expect(animation.solver.progress(at: 0.2) < clamped - 0.1)
    }

    @Test func copyKeepsEverySpringProperty() throws {
        let animation = CASpringAnimation(keyPath: "position.x")
        animation.mass = 2
        animation.stiffness = 300
        animation.damping = 50
        animation.initialVelocity = -3
        animation.allowsOverdamping = true
        animation.toValue = 100
        animation.duration = 1.5
        let copy = try #require(animation.copy() as? CASpringAnimation)
        #expect(copy !== animation)
        #expect(copy.mass == 2 && copy.stiffness == 300 && copy.damping == 50)
        #expect(copy.initialVelocity == -3 && copy.allowsOverdamping)
        #expect(copy.keyPath == "position.x" && copy.toValue as? Int == 100 && copy.duration == 1.5)
        #expect(copy.solver == animation.solver)
    }

    @Test func debugDescriptionListsTheSpringBeforeTheKeyPath() {
        let animation = CASpringAnimation(keyPath: "position")
        animation.fromValue = NSValue(cgPoint: CGPoint(x: 5, y: 5))
        animation.duration = 2
        let text = animation.debugDescription
        #expect(text.hasPrefix("<CASpringAnimation: 0x"))
        #expect(
            text.hasSuffix(
                "; duration = 2; fromValue = NSPoint: {5, 5}; "
                    + "mass = 1; stiffness = 100; damping = 10; keyPath = position>"
            ), "\(text)")
        animation.initialVelocity = 3
        animation.allowsOverdamping = true
        #expect(
            animation.debugDescription.hasSuffix(
                "; damping = 10; initialVelocity = 3; allowsOverdamping = 1; keyPath = position>"),
            "\(animation.debugDescription)")
        #expect(CASpringAnimation().description.hasPrefix("<CASpringAnimation: 0x"))
    }

    @Test func springPropertiesAreKeyValueCoded() {
        let animation = CASpringAnimation()
        animation.setValue(2, forKey: "mass")
        animation.setValue(NSNumber(value: 200), forKey: "stiffness")
        animation.setValue(CGFloat(4), forKeyPath: "damping")
        animation.setValue(1.5, forKey: "initialVelocity")
        animation.setValue(true, forKey: "allowsOverdamping")
        #expect(animation.mass == 2 && animation.stiffness == 200 && animation.damping == 4)
        #expect(animation.initialVelocity == 1.5 && animation.allowsOverdamping)
        #expect(animation.value(forKey: "mass") as? CGFloat == 2)
        #expect(animation.value(forKeyPath: "stiffness") as? CGFloat == 200)
        #expect(animation.value(forKey: "allowsOverdamping") as? Bool == true)
        let settling = animation.value(forKey: "settlingDuration") as? Double
        #expect(settling == animation.settlingDuration)
        #expect(animation.value(forKey: "bounce") as? CGFloat == animation.bounce)
        animation.setValue(99, forKey: "settlingDuration")
        #expect(animation.value(forKey: "settlingDuration") as? Double == settling, "read-only: the getter wins")
    }

    @Test func badSpringParametersTrapNamingTheProperty() async throws {
        let zeroMass = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CASpringAnimation().mass = 0
        }
        #expect(
            String(decoding: zeroMass.standardErrorContent, as: UTF8.self)
                .contains("CASpringAnimation.mass must be a finite number greater than 0, got 0.0"))
        let negativeDamping = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CASpringAnimation().damping = -1
        }
        #expect(String(decoding: negativeDamping.standardErrorContent, as: UTF8.self).contains("damping"))
        await #expect(processExitsWith: .failure) { CASpringAnimation().stiffness = -100 }
        await #expect(processExitsWith: .failure) { CASpringAnimation().stiffness = .nan }
        await #expect(processExitsWith: .failure) { CASpringAnimation().initialVelocity = .nan }
        await #expect(processExitsWith: .failure) { CASpringAnimation().setValue("heavy", forKey: "mass") }
    }

    @Test func badPerceptualParametersTrap() async {
        await #expect(processExitsWith: .failure) { _ = CASpringAnimation(perceptualDuration: 0, bounce: 0) }
        await #expect(processExitsWith: .failure) { _ = CASpringAnimation(perceptualDuration: 0.5, bounce: -1) }
        await #expect(processExitsWith: .failure) { _ = CASpringAnimation(perceptualDuration: 0.5, bounce: .nan) }
    }
}
