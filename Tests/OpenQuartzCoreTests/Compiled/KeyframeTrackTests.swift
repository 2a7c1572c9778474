import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Reads a number out of a track's value, recording an issue for any other kind.
func keyframeNumber(_ value: AnimatableValue, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
    guard case .number(let n) = value else {
        Issue.record("expected a number, got \(value)", sourceLocation: sourceLocation)
        return .nan
    }
    return n
}

/// Reads a point out of a track's value, recording an issue for any other kind.
func keyframePoint(_ value: AnimatableValue, sourceLocation: SourceLocation = #_sourceLocation) -> CGPoint {
    guard case .point(let p) = value else {
        Issue.record("expected a point, got \(value)", sourceLocation: sourceLocation)
        return CGPoint(x: CGFloat.nan, y: .nan)
    }
    return p
}

/// A track of numbers, the way most tests build one.
func keyframeNumberTrack(
    _ values: [Double], keyTimes: [Double]? = nil, timingFunctions: [UnitBezier]? = nil,
    mode: KeyframeTrack.CalculationMode = .linear
) -> KeyframeTrack {
    KeyframeTrack(
        values: values.map { .number($0) }, keyTimes: keyTimes, timingFunctions: timingFunctions,
        mode: mode, tension: nil, continuity: nil, bias: nil)
}

/// Linear, discrete and paced keyframes over values (`CAKeyframeAnimation.keyTimes`,
/// `timingFunctions` and `calculationMode` in Apple's documentation).
@Suite("Keyframe track: linear, discrete, paced")
struct KeyframeTrackTests {
    @Test(arguments: [(0.0, 0.0), (0.25, 5), (0.5, 10), (0.75, 20), (1, 30)])
    func linearValuesAreEvenlySpacedWithoutKeyTimes(fraction: Double, expected: Double) {
        expectClose(
            keyframeNumber(keyframeNumberTrack([0, 10, 30]).value(atFraction: fraction)), expected, within: 1e-12)
    }

    @Test(arguments: [(0.0, 0.0), (0.1, 5), (0.2, 10), (0.6, 20), (0.8, 25), (1, 30)])
    func linearValuesFollowUnevenKeyTimes(fraction: Double, expected: Double) {
        let track = keyframeNumberTrack([0, 10, 30], keyTimes: [0, 0.2, 1])
        expectClose(keyframeNumber(track.value(atFraction: fraction)), expected, within: 1e-12)
    }

    @Test func linearPointsInterpolateBothCoordinates() {
        let track = KeyframeTrack(
            values: [.point(CGPoint(x: 0, y: 0)), .point(CGPoint(x: 100, y: 50)), .point(CGPoint(x: 100, y: 150))],
            keyTimes: [0, 0.25, 1], timingFunctions: nil, mode: .linear, tension: nil, continuity: nil, bias: nil)
        expectClose(keyframePoint(track.value(atFraction: 0.125)), CGPoint(x: 50, y: 25), within: 1e-12)
        expectClose(keyframePoint(track.value(atFraction: 0.625)), CGPoint(x: 100, y: 100), within: 1e-12)
    }

    @Test func eachSegmentHasItsOwnTimingFunction() {
        let easeIn = CAMediaTimingFunction(name: .easeIn).curve
        let track = keyframeNumberTrack([0, 100, 200], timingFunctions: [easeIn, .linear])
        // Half-way through segment 0 the ease-in curve has covered easeIn(0.5) of it.
        expectClose(keyframeNumber(track.value(atFraction: 0.25)), 100 * easeIn.solve(0.5), within: 1e-9)
        expectClose(keyframeNumber(track.value(atFraction: 0.5)), 100, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 0.75)), 150, within: 1e-12)
        // Apple's popular "pop" animation: easeIn then easeOut around an uneven key time.
        let easeOut = CAMediaTimingFunction(name: .easeOut).curve
        let pop = keyframeNumberTrack([0, 1, 0], keyTimes: [0, 0.35, 1], timingFunctions: [easeIn, easeOut])
        expectClose(keyframeNumber(pop.value(atFraction: 0.175)), easeIn.solve(0.5), within: 1e-9)
        expectClose(keyframeNumber(pop.value(atFraction: 0.675)), 1 - easeOut.solve(0.5), within: 1e-9)
    }

    @Test func missingTimingFunctionsAreLinear() {
        let easeIn = CAMediaTimingFunction(name: .easeIn).curve
        let track = keyframeNumberTrack([0, 100, 200], timingFunctions: [easeIn])
        expectClose(keyframeNumber(track.value(atFraction: 0.75)), 150, within: 1e-12)
    }

    static let invalidKeyTimes: [[Double]] = [
        [0, 1],  // wrong count
        [0, .nan, 0.5, 1],  // not a number
        [0, .infinity, 0.5, 1],  // not finite
    ]

    /// lottie-ios's keyframes before the animation's first frame: key times below 0 and out
    /// of order. Apple's pictures show the segment that reaches past the fraction.
    @Test func keyTimesBelowZeroOrOutOfOrderRiseToTheLargestSoFar() {
        let track = keyframeNumberTrack([0, 0, 100, 100, 50, 50], keyTimes: [0, -4.29, -4, 0.286, 0.571, 1])
        expectClose(keyframeNumber(track.value(atFraction: 0.25)), 100, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 0.4285)), 75, within: 1e-3)
        let decreasing = keyframeNumberTrack([0, 10, 20, 60], keyTimes: [0, 0.7, 0.4, 1])
        // Times [0, 0.7, 0.7, 1]: 0 → 10 over 0…0.7, then 20 → 60 from 0.7.
        expectClose(keyframeNumber(decreasing.value(atFraction: 0.35)), 5, within: 1e-12)
        expectClose(keyframeNumber(decreasing.value(atFraction: 0.85)), 40, within: 1e-12)
        // lottie-ios's last keyframe after the animation's end: [0, 0.3, 1.3] and an appended 1.
        let pastTheEnd = keyframeNumberTrack([0, 0, 100, 100], keyTimes: [0, 0.3, 1.3, 1])
        expectClose(keyframeNumber(pastTheEnd.value(atFraction: 0.8)), 50, within: 1e-12)
        // A keyframe before the start: its segment keeps its timing, half way at 0.
        let before = keyframeNumberTrack([0, 0, 100, 100], keyTimes: [0, -0.5, 0.5, 1])
        expectClose(keyframeNumber(before.value(atFraction: 0)), 50, within: 1e-12)
        expectClose(keyframeNumber(before.value(atFraction: 0.25)), 75, within: 1e-12)
        expectClose(keyframeNumber(before.value(atFraction: 0.75)), 100, within: 1e-12)
        let twoBefore = keyframeNumberTrack([0, 0, 40, 100, 100], keyTimes: [0, -0.6, -0.2, 0.2, 1])
        expectClose(keyframeNumber(twoBefore.value(atFraction: 0)), 70, within: 1e-12)
        // Held values: the one from −0.5 holds until 0.5, as before.
        let steps = keyframeNumberTrack([0, 0, 100], keyTimes: [0, -0.5, 0.5, 1], mode: .discrete)
        expectClose(keyframeNumber(steps.value(atFraction: 0.25)), 0, within: 1e-12)
        expectClose(keyframeNumber(steps.value(atFraction: 0.75)), 100, within: 1e-12)
        let belowZero = keyframeNumberTrack([0, 10, 20, 60], keyTimes: [-0.5, 0, 0.5, 1])
        expectClose(keyframeNumber(belowZero.value(atFraction: 0)), 10, within: 1e-12)
        expectClose(keyframeNumber(belowZero.value(atFraction: 0.25)), 15, within: 1e-12)
    }

    @Test(arguments: invalidKeyTimes)
    func invalidKeyTimesAreIgnoredAndValuesEvenlySpaced(keyTimes: [Double]) {
        let track = keyframeNumberTrack([0, 10, 20, 60], keyTimes: keyTimes)
        let even = keyframeNumberTrack([0, 10, 20, 60])
        for fraction in stride(from: 0.0, through: 1, by: 0.05) {
            expectClose(
                keyframeNumber(track.value(atFraction: fraction)), keyframeNumber(even.value(atFraction: fraction)),
                within: 1e-12)
        }
    }

    @Test func keyTimesThatStopShortHoldTheEndValues() {
        let track = keyframeNumberTrack([10, 20], keyTimes: [0.25, 0.75])
        expectClose(keyframeNumber(track.value(atFraction: 0.1)), 10, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 0.5)), 15, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 0.9)), 20, within: 1e-12)
    }

    @Test func repeatedKeyTimeJumpsToTheLaterValue() {
        let track = keyframeNumberTrack([0, 10, 50, 60], keyTimes: [0, 0.5, 0.5, 1])
        expectClose(keyframeNumber(track.value(atFraction: 0.4999)), 9.998, within: 1e-9)
        expectClose(keyframeNumber(track.value(atFraction: 0.5)), 50, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 0.75)), 55, within: 1e-12)
    }

    @Test func fractionsOutsideTheCycleHoldTheEndValues() {
        let track = keyframeNumberTrack([0, 10, 30])
        expectClose(keyframeNumber(track.value(atFraction: -0.2)), 0, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: 1.3)), 30, within: 1e-12)
        expectClose(keyframeNumber(track.value(atFraction: .nan)), 0, within: 1e-12)
    }

    @Test func singleValueIsConstant() {
        for mode in [KeyframeTrack.CalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced] {
            let track = keyframeNumberTrack([7], mode: mode)
            expectClose(keyframeNumber(track.value(atFraction: 0.3)), 7, within: 0)
        }
    }

    // MARK: Discrete

    /// Apple's example in `CAAnimationCalculationMode.discrete`: the penultimate key time,
    /// 0.75, has the value 60, which stays until the animation completes.
    @Test(arguments: [(0.0, 310.0), (0.2, 310), (0.25, 60), (0.49, 60), (0.5, 120), (0.75, 60), (0.9, 60), (1, 60)])
    func discreteValueHoldsFromItsKeyTimeUntilTheNext(fraction: Double, expected: Double) {
        let track = keyframeNumberTrack([310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete)
        expectClose(keyframeNumber(track.value(atFraction: fraction)), expected, within: 0)
    }

    @Test func discreteImagesWithoutKeyTimesAreEvenlySpaced() throws {
        // The seeds' UIImageView animation: three images on `contents`, discrete, no key times.
        let images = try (0..<3).map { _ in try #require(CGImage(width: 1, height: 1, rgbaPixels: [0, 0, 0, 255])) }
        let track = KeyframeTrack(
            values: images.map { .image($0) }, keyTimes: nil, timingFunctions: nil, mode: .discrete,
            tension: nil, continuity: nil, bias: nil)
        let expectations: [(Double, Int)] = [(0, 0), (0.33, 0), (0.34, 1), (0.66, 1), (0.67, 2), (1, 2)]
        for (fraction, index) in expectations {
            guard case .image(let image) = track.value(atFraction: fraction) else {
                Issue.record("not an image at \(fraction)")
                continue
            }
            #expect(image === images[index], "at \(fraction)")
        }
    }

    @Test func discreteIgnoresKeyTimesWithoutTheExtraEntry() {
        // n key times for n values is the count `linear` wants, not `discrete`: ignored.
        let track = keyframeNumberTrack([1, 2, 3, 4], keyTimes: [0, 0.1, 0.2, 1], mode: .discrete)
        expectClose(keyframeNumber(track.value(atFraction: 0.15)), 1, within: 0)
        expectClose(keyframeNumber(track.value(atFraction: 0.3)), 2, within: 0)
        expectClose(keyframeNumber(track.value(atFraction: 0.8)), 4, within: 0)
    }

    // MARK: Paced

    @Test func pacedNumbersReachEachValueAtItsShareOfTheDistance() {
        // Segments of 10 and 30: the middle value is reached a quarter of the way through.
        let track = keyframeNumberTrack(
            [0, 10, 40], keyTimes: [0, 0.9, 1], timingFunctions: [CAMediaTimingFunction(name: .easeIn).curve],
            mode: .paced)
        expectClose(keyframeNumber(track.value(atFraction: 0.25)), 10, within: 1e-12)
        for fraction in stride(from: 0.0, through: 1, by: 0.1) {
            expectClose(keyframeNumber(track.value(atFraction: fraction)), 40 * fraction, within: 1e-12)
        }
    }

    @Test func pacedPointsMoveAtConstantSpeedAroundACorner() {
        let corner = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 40)]
        let track = KeyframeTrack(
            values: corner.map { .point($0) }, keyTimes: nil, timingFunctions: nil, mode: .paced,
            tension: nil, continuity: nil, bias: nil)
        expectClose(keyframePoint(track.value(atFraction: 30.0 / 70)), corner[1], within: 1e-12)
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 30, y: 5), within: 1e-12)
        expectClose(keyframePoint(track.value(atFraction: 0.2)), CGPoint(x: 14, y: 0), within: 1e-12)
    }

    @Test func pacedColorsMeasureDistanceOverComponents() {
        let black = ColorComponents(red: 0, green: 0, blue: 0, alpha: 1)
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        let white = ColorComponents(red: 1, green: 1, blue: 1, alpha: 1)
        let track = KeyframeTrack(
            values: [.color(black), .color(red), .color(white)], keyTimes: nil, timingFunctions: nil,
            mode: .paced, tension: nil, continuity: nil, bias: nil)
        // 1 to red, √2 on to white.
        let reachesRed = 1 / (1 + 2.0.squareRoot())
        guard case .color(let atRed?) = track.value(atFraction: reachesRed) else {
            Issue.record("not a colour")
            return
        }
        expectClose(atRed.red, 1, within: 1e-12)
        expectClose(atRed.green, 0, within: 1e-12)
    }

    @Test func pacedValuesThatDoNotMoveAreEvenlySpaced() {
        let still = keyframeNumberTrack([5, 5, 5], mode: .paced)
        expectClose(keyframeNumber(still.value(atFraction: 0.7)), 5, within: 0)
        let turns = KeyframeTrack(
            values: [.transform(CATransform3DIdentity), .transform(CATransform3DMakeScale(2, 2, 1))],
            keyTimes: nil, timingFunctions: nil, mode: .paced, tension: nil, continuity: nil, bias: nil)
        guard case .transform(let half) = turns.value(atFraction: 0.5) else {
            Issue.record("not a transform")
            return
        }
        expectClose(half.m11, 1.5, within: 1e-9)
    }
}
