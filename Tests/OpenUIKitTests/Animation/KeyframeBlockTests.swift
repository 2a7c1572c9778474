import OpenUIKit
import QuartzTestSupport
import Testing

/// A view that answers nil where UIView answers NSNull inside a keyframe block, as seed 000
/// says UIKit's views do while recording: the layer's own search then adds an implicit
/// animation, which the keyframe animation must replace.
final class NilAnsweringView: UIView {
    override func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        let answer = super.action(for: layer, forKey: event)
        let recording = UIView.currentAnimationContext is UIViewKeyframeAnimationState
        return recording && answer is NSNull ? nil : answer
    }
}

@MainActor
@Suite("Keyframe block animations", .serialized)
struct KeyframeBlockTests {
    /// A view centred at (0, 0), 100 × 100, committed.
    private func committedView() -> UIView {
        let view = UIView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
        CATransaction.flush()
        return view
    }

    /// UIKit's keyframe options have no curve of their own; the raw bits of
    /// `AnimationOptions.curveLinear` make the whole animation linear, as on Apple's platforms.
    private let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    // easeInEaseOut (0.42, 0, 0.58, 1) solved with mpmath at x = 0.25: 0.12916193.
    private let easedQuarter = 0.129_161_93

    private func keyTimes(_ animation: CAKeyframeAnimation) -> [Double] {
        (animation.keyTimes ?? []).map(\.doubleValue)
    }

    @Test func viewAnswersNoAnimationWhileRecordingKeyframes() {
        withManualClock { _ in
            let view = committedView()
            var contextAnswers: [(any CAAction)?] = []
            var viewAnswers: [(any CAAction)?] = []
            var keysWhileRecording: [String]? = ["not read"]
            UIView.animateKeyframes(withDuration: 1, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                    let context = UIView.currentAnimationContext
                    #expect(context is UIViewKeyframeAnimationState)
                    contextAnswers.append(context?.action(for: view.layer, forKey: "position", oldValue: CGPoint.zero))
                    viewAnswers.append(view.action(for: view.layer, forKey: "position"))
                    view.center.x = 100
                    keysWhileRecording = view.layer.animationKeys()
                }
            }
            #expect(contextAnswers.count == 1 && contextAnswers[0] == nil, "the recording context answers nil")
            // The view answers nil, so the layer's own search goes on to its default action; the
            // keyframe animation replaces that one under the same key once the block has run.
            #expect(keysWhileRecording == ["position"])
            #expect(view.layer.animationKeys() == ["position"])
            #expect(view.layer.animation(forKey: "position") is CAKeyframeAnimation)
            #expect(viewAnswers.count == 1 && viewAnswers[0] == nil, "the view answers nil, as seed 000 observes")
        }
    }

    @Test func keyframeAnimationMatchesUIKitsPrintedOne() throws {
        try withManualClock { _ in
            let view = committedView()
            // The keyframe animation Apple's UIKit prints for this block:
            // keyTimes = (0, 0.1, 1); values = (1, 0, 0); calculationMode = linear;
            // fillMode = both; timingFunction = easeInEaseOut; duration = 10; keyPath = opacity
            UIView.animateKeyframes(withDuration: 10, delay: 0, options: []) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { view.alpha = 0 }
            }
            let fade = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            expectClose(keyTimes(fade), [0, 0.1, 1], within: 1e-12)
            #expect(fade.values?.compactMap { $0 as? Float } == [1, 0, 0])
            #expect(fade.calculationMode == .linear)
            #expect(fade.fillMode == .both)
            #expect(fade.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect(fade.duration == 10)
            #expect(fade.keyPath == "opacity")
            #expect(fade.delegate is UIViewKeyframeAnimationState)
            #expect(!fade.isAdditive)
        }
    }

    @Test func valuesHoldBetweenKeyframesAndMoveWithinThem() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear) {
                UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.2) { view.center.x = 100 }
                UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) { view.center.x = 300 }
            }
            #expect(view.center.x == 300, "the model holds the last value at once")
            let move = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            expectClose(keyTimes(move), [0, 0.2, 0.4, 0.6, 0.8, 1], within: 1e-12)
            #expect(move.values?.compactMap { ($0 as? CGPoint)?.x } == [0, 0, 100, 100, 300, 300])
            let expected: [(time: Double, x: Double)] = [
                (0.1, 0), (0.2, 0), (0.3, 50), (0.4, 100), (0.5, 100), (0.7, 200), (0.8, 300), (0.9, 300),
            ]
            for (time, x) in expected {
                clock.advance(to: time)
                // The linear curve is solved numerically, to within a few billionths.
                expectClose(try #require(view.layer.presentation()).position.x, x, within: 1e-6, "at \(time)")
            }
            clock.advance(to: 1.1)
            #expect(view.layer.animationKeys() == nil, "removed at the end")
            #expect(view.layer.presentation()?.position.x == 300)
        }
    }

    @Test func oneKeyframeAnimationPerKeyPathAndLayer() throws {
        try withManualClock { _ in
            let first = committedView()
            let second = committedView()
            second.backgroundColor = .white
            CATransaction.flush()
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    first.center.y = 40
                    first.alpha = 0.5
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    first.center.y = 80
                    second.backgroundColor = .red
                }
            }
            #expect(first.layer.animationKeys() == ["position", "opacity"])
            #expect(second.layer.animationKeys() == ["backgroundColor"])
            let move = try #require(first.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            expectClose(keyTimes(move), [0, 0.5, 1], within: 1e-12)
            #expect(move.values?.compactMap { ($0 as? CGPoint)?.y } == [0, 40, 80])
            let fade = try #require(first.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            expectClose(keyTimes(fade), [0, 0.5, 1], within: 1e-12)
            #expect(fade.values?.compactMap { $0 as? Float } == [1, 0.5, 0.5], "held after its keyframe")
            let tint = try #require(second.layer.animation(forKey: "backgroundColor") as? CAKeyframeAnimation)
            expectClose(keyTimes(tint), [0, 0.5, 1], within: 1e-12)
            #expect(tint.values?.count == 3)
            #expect(tint.values?.last as? CGColor == UIColor.red.cgColor)
        }
    }

    @Test func propertyWithoutAValueBeforeTheBlockJumps() {
        withManualClock { clock in
            let view = committedView()
            var done: [Bool] = []
            UIView.animateKeyframes(
                withDuration: 1, delay: 0, options: [],
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.backgroundColor = .red }
                }, completion: { done.append($0) })
            #expect(view.layer.animationKeys() == nil, "a keyframe needs a value to start from")
            #expect(view.layer.backgroundColor == UIColor.red.cgColor)
            clock.advance(by: 0)
            #expect(done == [true])
        }
    }

    @Test func defaultCurvePacesTheWholeAnimation() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 100 }
            }
            clock.advance(to: 0.25)
            expectClose(try #require(view.layer.presentation()).position.x, 100 * easedQuarter, within: 1e-6)
        }
    }

    @Test func changesOutsideKeyframesAnimateOverTheWholeDuration() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear) {
                view.center.x = 100
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.alpha = 0 }
            }
            let move = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            expectClose(keyTimes(move), [0, 1], within: 1e-12)
            clock.advance(to: 0.5)
            expectClose(try #require(view.layer.presentation()).position.x, 25, within: 1e-9)
            expectClose(Double(try #require(view.layer.presentation()).opacity), 0, within: 1e-9)
        }
    }

    @Test func discreteModeJumpsWhenEachKeyframeEnds() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear.union(.calculationModeDiscrete)) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.center.x = 100 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.center.x = 200 }
            }
            let move = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(move.calculationMode == .discrete)
            // One key time more than values, as CAKeyframeAnimation asks for discrete.
            expectClose(keyTimes(move), [0, 0.25, 0.5, 0.75, 1, 1], within: 1e-12)
            #expect(move.values?.compactMap { ($0 as? CGPoint)?.x } == [0, 100, 100, 200, 200])
            let expected: [(time: Double, x: Double)] = [(0.1, 0), (0.24, 0), (0.3, 100), (0.7, 100), (0.8, 200)]
            for (time, x) in expected {
                clock.advance(to: time)
                expectClose(try #require(view.layer.presentation()).position.x, x, within: 0, "at \(time)")
            }
        }
    }

    @Test(
        arguments: [
            (UIView.KeyframeAnimationOptions.calculationModeLinear, CAAnimationCalculationMode.linear),
            (.calculationModeDiscrete, .discrete), (.calculationModePaced, .paced), (.calculationModeCubic, .cubic),
            (.calculationModeCubicPaced, .cubicPaced),
        ])
    func calculationModeOptionsMapToCoreAnimationsModes(
        option: UIView.KeyframeAnimationOptions, mode: CAAnimationCalculationMode
    ) throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: option) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 100 }
            }
            let move = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(move.calculationMode == mode)
        }
    }

    @Test func optionsHaveUIKitsBitValues() {
        typealias Options = UIView.KeyframeAnimationOptions
        let bits: [(Options, UInt)] = [
            (.layoutSubviews, 1 << 0), (.allowUserInteraction, 1 << 1), (.beginFromCurrentState, 1 << 2),
            (.repeat, 1 << 3), (.autoreverse, 1 << 4), (.overrideInheritedDuration, 1 << 5),
            (.overrideInheritedOptions, 1 << 9), (.calculationModeLinear, 0), (.calculationModeDiscrete, 1 << 10),
            (.calculationModePaced, 2 << 10), (.calculationModeCubic, 3 << 10), (.calculationModeCubicPaced, 4 << 10),
        ]
        for (option, raw) in bits { #expect(option.rawValue == raw) }
    }

    @Test func delayHoldsTheStartValueThenPlays() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0.5, options: linear) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 100 }
            }
            let move = try #require(view.layer.animation(forKey: "position"))
            expectClose(move.beginTime, 0.5, within: 1e-12)
            clock.advance(to: 0.25)
            expectClose(try #require(view.layer.presentation()).position.x, 0, within: 1e-9, "backwards fill")
            clock.advance(to: 1)
            expectClose(try #require(view.layer.presentation()).position.x, 50, within: 1e-9)
        }
    }

    @Test func repeatAndAutoreverseOptionsShapeTheAnimations() throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.repeat, .autoreverse]) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
            }
            let fade = try #require(view.layer.animation(forKey: "opacity"))
            #expect(fade.repeatCount == .infinity && fade.autoreverses)
        }
    }

    @Test func beginFromCurrentStateStartsFromTheValueShown() throws {
        try withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            clock.advance(to: 0.5)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: .beginFromCurrentState) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            }
            let shown = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            expectClose(Double(try #require(shown.values?.first as? Float)), 0.5, within: 1e-6)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: []) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.2 }
            }
            let model = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            #expect(model.values?.first as? Float == 1, "without the option, the model value before the change")
        }
    }

    @Test func nestedKeyframeBlockInheritsTheEnclosingDurationUnlessTold() throws {
        try withManualClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
                UIView.animateKeyframes(withDuration: 0.5, delay: 0) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 10 }
                }
                UIView.animateKeyframes(withDuration: 0.5, delay: 0, options: .overrideInheritedDuration) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
                }
            }
            let move = try #require(view.layer.animation(forKey: "position"))
            #expect(move.duration == 2)
            #expect(move.timingFunction == CAMediaTimingFunction(name: .linear), "the curve is inherited too")
            #expect(try #require(view.layer.animation(forKey: "opacity")).duration == 0.5)
        }
    }

    @Test func completionRunsOnceWithTrueAtTheEnd() {
        withManualClock { clock in
            let view = committedView()
            var calls: [(Bool, Double)] = []
            UIView.animateKeyframes(
                withDuration: 0.4, delay: 0.1, options: [],
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.y = 30 }
                }, completion: { calls.append(($0, CACurrentMediaTime())) })
            clock.advance(to: 0.45)
            #expect(calls.isEmpty)
            clock.advance(to: 2)
            #expect(calls.count == 1)
            #expect(calls.first?.0 == true)
            expectClose(calls.first?.1 ?? 0, 0.5, within: 1e-9)
            clock.advance(to: 3)
            #expect(calls.count == 1, "once")
        }
    }

    @Test func completionIsFalseWhenAnAnimationIsRemoved() {
        withManualClock { clock in
            let view = committedView()
            var result: [Bool] = []
            UIView.animateKeyframes(
                withDuration: 1, delay: 0, options: [],
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 10 }
                }, completion: { result.append($0) })
            clock.advance(to: 0.5)
            view.layer.removeAllAnimations()
            clock.advance(to: 2)
            #expect(result == [false])
        }
    }

    @Test func completionComesOnTheNextTurnWhenNothingAnimates() {
        withManualClock { clock in
            let view = committedView()
            var unchanged: [Bool] = []
            var instant: [Bool] = []
            UIView.animateKeyframes(withDuration: 1, delay: 0, animations: {}, completion: { unchanged.append($0) })
            UIView.animateKeyframes(
                withDuration: 0, delay: 0,
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 40 }
                }, completion: { instant.append($0) })
            #expect(unchanged.isEmpty && instant.isEmpty, "not from inside the call")
            #expect(view.layer.animationKeys() == nil, "duration 0 animates nothing")
            #expect(view.center.x == 40)
            clock.advance(by: 0)
            #expect(unchanged == [true])
            #expect(instant == [true])
            clock.advance(by: 1)
            #expect(unchanged == [true] && instant == [true], "once")
        }
    }

    @Test func aViewAnsweringNilGetsOnlyTheKeyframeAnimation() throws {
        try withManualClock { clock in
            let view = NilAnsweringView(frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            CATransaction.flush()
            var answer: (any CAAction)? = NSNull()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear) {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    answer = view.action(for: view.layer, forKey: "position")
                    view.center.x = 100
                }
            }
            #expect(answer == nil)
            #expect(view.layer.animationKeys() == ["position"])
            #expect(view.layer.animation(forKey: "position") is CAKeyframeAnimation, "the implicit one is replaced")
            clock.advance(to: 0.25)
            expectClose(try #require(view.layer.presentation()).position.x, 0, within: 1e-9)
            var implicit: CAAnimation?
            UIView.animateKeyframes(withDuration: 0, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
                implicit = view.layer.animation(forKey: "opacity")
            }
            #expect(implicit is CABasicAnimation, "the layer's own search found its default action")
            #expect(view.layer.animation(forKey: "opacity") == nil, "nothing animates with a duration of 0")
        }
    }

    // MARK: Bad input

    @Test func addKeyframeOutsideAKeyframeBlockTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {} }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("must be called inside the animations block of UIView.animateKeyframes"))
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                UIView.animate(withDuration: 1) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}
                }
            }
        }
    }

    @Test func relativeTimesOutsideZeroToOneTrapNamingTheArgument() async throws {
        let start = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                UIView.animateKeyframes(withDuration: 1, delay: 0) {
                    UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 0.5) {}
                }
            }
        }
        #expect(String(decoding: start.standardErrorContent, as: UTF8.self).contains("relativeStartTime"))
        let duration = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                UIView.animateKeyframes(withDuration: 1, delay: 0) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.5) {}
                }
            }
        }
        #expect(String(decoding: duration.standardErrorContent, as: UTF8.self).contains("relativeDuration"))
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                UIView.animateKeyframes(withDuration: 1, delay: 0) {
                    UIView.addKeyframe(withRelativeStartTime: -0.1, relativeDuration: 0.5) {}
                }
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView.animateKeyframes(withDuration: .nan, delay: 0) {} }
        }
    }
}
