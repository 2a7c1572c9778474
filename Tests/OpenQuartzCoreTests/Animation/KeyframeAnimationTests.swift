import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `CAKeyframeAnimation` itself: its properties, copying, description and key-value coding,
/// and how `KeyframeTrack.make(for:kind:keyPath:)` compiles it, bad input included.
@Suite("Keyframe animation")
struct KeyframeAnimationTests {
    @Test func defaultsAreApples() {
        let animation = CAKeyframeAnimation(keyPath: "position")
        #expect(animation.calculationMode == .linear)
        #expect(animation.rotationMode == nil)
        #expect(animation.values == nil && animation.path == nil && animation.keyTimes == nil)
        #expect(kCAAnimationCubicPaced.rawValue == "cubicPaced")
        #expect(kCAAnimationRotateAutoReverse.rawValue == "autoReverse")
        #expect(CAAnimationRotationMode.rotateAuto.rawValue == "auto")
    }

    @Test func copyCarriesEveryKeyframeProperty() throws {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 10, y: 10)])
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]
        animation.path = path
        animation.keyTimes = [0, 1]
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        animation.calculationMode = .cubic
        animation.rotationMode = .rotateAutoReverse
        animation.tensionValues = [0.5]
        animation.continuityValues = [-0.5]
        animation.biasValues = [1]
        let copy = try #require(animation.copy() as? CAKeyframeAnimation)
        #expect(copy !== animation)
        #expect(copy.values?.count == 2)
        #expect(copy.path == path)
        #expect(copy.keyTimes == [0, 1])
        #expect(copy.timingFunctions == [CAMediaTimingFunction(name: .easeIn)])
        #expect(copy.calculationMode == .cubic)
        #expect(copy.rotationMode == .rotateAutoReverse)
        #expect(copy.tensionValues == [0.5] && copy.continuityValues == [-0.5] && copy.biasValues == [1])
        #expect(copy.keyPath == "position")
    }

    @Test func pathIsCopiedOnAssignment() {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 10, y: 0)])
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        path.addLine(to: CGPoint(x: 20, y: 20))
        #expect(animation.path?.elements.count == 2)
    }

    @Test func debugDescriptionMatchesTheSeedsImageViewAnimation() throws {
        let image = try #require(CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 255]))
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.isRemovedOnCompletion = false
        animation.duration = 2.5
        animation.repeatCount = 2_147_483_648
        animation.calculationMode = .discrete
        animation.values = [image, image, image]
        let text = animation.debugDescription
        #expect(text.hasPrefix("<CAKeyframeAnimation: 0x"))
        #expect(text.contains("; removedOnCompletion = 0; duration = 2.5; repeatCount = 2.14748e+09; "))
        #expect(text.contains("; calculationMode = discrete; values = (\"<CGImage 0x"))
        #expect(text.hasSuffix(">\"); keyPath = contents>"))
        #expect(!CAKeyframeAnimation(keyPath: "opacity").debugDescription.contains("calculationMode"))
    }

    @Test func keyValueCodingReachesKeyframeProperties() {
        let animation = CAKeyframeAnimation()
        animation.setValue("paced", forKey: "calculationMode")
        animation.setValue([0, 0.25, 1], forKey: "keyTimes")
        animation.setValue(kCAAnimationRotateAuto, forKey: "rotationMode")
        animation.setValue([1.0, 2.0], forKey: "values")
        #expect(animation.calculationMode == .paced)
        #expect(animation.keyTimes == [0, 0.25, 1])
        #expect(animation.rotationMode == .rotateAuto)
        #expect(animation.values?.count == 2)
        #expect(animation.value(forKey: "calculationMode") as? String == "paced")
        #expect(animation.value(forKey: "rotationMode") as? String == "auto")
        #expect((animation.value(forKey: "keyTimes") as? [NSNumber])?.count == 3)
    }

    // MARK: Compiling

    @Test func makeConvertsBoxedValuesOnce() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [NSValue(cgPoint: .zero), CGPoint(x: 100, y: 0), NSValue(cgPoint: CGPoint(x: 100, y: 100))]
        animation.keyTimes = [0, 0.5, 1]
        let track = try #require(KeyframeTrack.make(for: animation, kind: .point, keyPath: "position"))
        expectClose(keyframePoint(track.value(atFraction: 0.75)), CGPoint(x: 100, y: 50), within: 1e-12)
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [NSNumber(value: 0), 1, CGFloat(0.5)]
        let fade = try #require(KeyframeTrack.make(for: opacity, kind: .number, keyPath: "opacity"))
        expectClose(keyframeNumber(fade.value(atFraction: 0.75)), 0.75, within: 1e-12)
    }

    @Test func emptyOrMissingValuesAreNoAnimation() {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        #expect(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity") == nil)
        animation.values = []
        #expect(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity") == nil)
    }

    @Test func keyTimesOfAnotherLengthAreIgnoredAndOutOfOrderOnesRise() throws {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0, 1, 0]
        animation.keyTimes = [0, 0.1, 0.2, 1]
        let mismatched = try #require(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity"))
        expectClose(keyframeNumber(mismatched.value(atFraction: 0.25)), 0.5, within: 1e-12)
        // [0, 0.8, 0.3] rises to [0, 0.8, 0.8]: 0 → 1 over 0…0.8 (KeyframeTrackTests).
        animation.keyTimes = [0, 0.8, 0.3]
        let unordered = try #require(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity"))
        expectClose(keyframeNumber(unordered.value(atFraction: 0.25)), 0.3125, within: 1e-12)
    }

    @Test func pathOverridesValues() throws {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 80)])
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 500, y: 500), CGPoint(x: 600, y: 600)]
        animation.path = path
        animation.calculationMode = .paced
        let track = try #require(KeyframeTrack.make(for: animation, kind: .point, keyPath: "position"))
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 0, y: 40), within: 1e-9)
    }

    @Test func unknownCalculationModeAnimatesLinearly() throws {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0, 1]
        animation.calculationMode = CAAnimationCalculationMode(rawValue: "bouncy")
        let track = try #require(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity"))
        #expect(track.mode == .linear)
        expectClose(keyframeNumber(track.value(atFraction: 0.3)), 0.3, within: 1e-12)
    }

    // MARK: Bad input

    @Test func valueOfTheWrongTypeHasNoEffectAndWarnsNamingKeyPathAndIndex() throws {
        let warnings = collectingWarnings {
            let animation = CAKeyframeAnimation(keyPath: "position")
            animation.values = [CGPoint.zero, "not a point"]
            #expect(KeyframeTrack.make(for: animation, kind: .point, keyPath: "position") == nil)
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("values[1] for key path 'position' must be a CGPoint") == true)
    }

    @Test func nanValueHasNoEffectAndWarnsNamingKeyPathAndIndex() throws {
        let warnings = collectingWarnings {
            let animation = CAKeyframeAnimation(keyPath: "opacity")
            animation.values = [0, Double.nan, 1]
            #expect(KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity") == nil)
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("values[1] for key path 'opacity' is not finite") == true)
    }

    @Test func keyframesToAnInfinitePointLeaveTheModelValueShowing() throws {
        try withManualClock { clock in
            let layer = committedLayer(position: CGPoint(x: 5, y: 5))
            let recorder = AnimationDelegateRecorder()
            let warnings = collectingWarnings {
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.values = [CGPoint.zero, CGPoint(x: CGFloat.infinity, y: 0)]
                animation.duration = 1
                animation.delegate = recorder
                layer.add(animation, forKey: "bad")
                CATransaction.flush()
            }
            #expect(warnings.count == 1)
            clock.advance(by: 0.5)
            let presented = try #require(layer.presentation())
            #expect(presented.position == CGPoint(x: 5, y: 5))
            clock.advance(by: 1)
            // It still runs its course: its delegate hears it start and finish.
            #expect(recorder.events.count == 2)
        }
    }

    @Test func nanKeyTimeTrapsNamingKeyPath() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animation = CAKeyframeAnimation(keyPath: "opacity")
            animation.values = [0, 1]
            animation.keyTimes = [0, NSNumber(value: Double.nan)]
            _ = KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("keyTimes[1] for key path 'opacity' is nan"))
    }

    @Test func pathWithNoPointsTrapsNamingKeyPath() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animation = CAKeyframeAnimation(keyPath: "position")
            animation.path = CGMutablePath()
            _ = KeyframeTrack.make(for: animation, kind: .point, keyPath: "position")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("key path 'position': the path has no points"))
    }

    @Test func pathOnAPropertyThatIsNotAPointTraps() async {
        await #expect(processExitsWith: .failure) {
            let path = CGMutablePath()
            path.addLines(between: [.zero, CGPoint(x: 1, y: 1)])
            let animation = CAKeyframeAnimation(keyPath: "opacity")
            animation.path = path
            _ = KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity")
        }
    }

    @Test func nanCubicParameterTraps() async {
        await #expect(processExitsWith: .failure) {
            let animation = CAKeyframeAnimation(keyPath: "opacity")
            animation.values = [0, 1]
            animation.calculationMode = .cubic
            animation.tensionValues = [0, NSNumber(value: Double.nan)]
            _ = KeyframeTrack.make(for: animation, kind: .number, keyPath: "opacity")
        }
    }
}
