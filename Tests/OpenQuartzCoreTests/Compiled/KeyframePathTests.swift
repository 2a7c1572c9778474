import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A point following a `CGPath`: every point that is not a move is a keyframe, curves are
/// followed exactly, `paced` is constant speed along the arc length, and `rotationMode` reads
/// the tangent.
@Suite("Keyframe track: paths")
struct KeyframePathTests {
    /// A line, then a cubic curve, then a quadratic one.
    static func curvyPath() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addCurve(to: CGPoint(x: 200, y: 100), control1: CGPoint(x: 150, y: 0), control2: CGPoint(x: 200, y: 50))
        path.addQuadCurve(to: CGPoint(x: 100, y: 200), control: CGPoint(x: 200, y: 200))
        return path
    }

    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x
        let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y
        return CGPoint(x: x, y: y)
    }

    @Test func linearPathGivesEachSegmentAnEqualShareOfTime() {
        let track = KeyframeTrack(path: Self.curvyPath(), keyTimes: nil, timingFunctions: nil, mode: .linear)
        expectClose(keyframePoint(track.value(atFraction: 0)), CGPoint(x: 0, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 1.0 / 6)), CGPoint(x: 50, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 1.0 / 3)), CGPoint(x: 100, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 2.0 / 3)), CGPoint(x: 200, y: 100), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 1)), CGPoint(x: 100, y: 200), within: 1e-9)
    }

    @Test(arguments: [0.1, 0.25, 0.5, 0.9])
    func pointOnACubicCurveFollowsTheBezierFormula(t: Double) {
        let track = KeyframeTrack(path: Self.curvyPath(), keyTimes: nil, timingFunctions: nil, mode: .linear)
        let expected = Self.cubicPoint(
            CGPoint(x: 100, y: 0), CGPoint(x: 150, y: 0), CGPoint(x: 200, y: 50), CGPoint(x: 200, y: 100), CGFloat(t))
        expectClose(keyframePoint(track.value(atFraction: (1 + t) / 3)), expected, within: 1e-9)
    }

    @Test(arguments: [0.2, 0.5, 0.7])
    func pointOnAQuadraticCurveFollowsTheBezierFormula(t: Double) {
        let track = KeyframeTrack(path: Self.curvyPath(), keyTimes: nil, timingFunctions: nil, mode: .linear)
        let (p0, c, p2) = (CGPoint(x: 200, y: 100), CGPoint(x: 200, y: 200), CGPoint(x: 100, y: 200))
        let u = 1 - t
        let expected = CGPoint(
            x: u * u * Double(p0.x) + 2 * u * t * Double(c.x) + t * t * Double(p2.x),
            y: u * u * Double(p0.y) + 2 * u * t * Double(c.y) + t * t * Double(p2.y))
        expectClose(keyframePoint(track.value(atFraction: (2 + t) / 3)), expected, within: 1e-9)
    }

    @Test func pathKeyTimesTimeEachPoint() {
        // Three segments, so four key times: the start point and the end of each segment.
        let track = KeyframeTrack(
            path: Self.curvyPath(), keyTimes: [0, 0.5, 0.75, 1], timingFunctions: nil, mode: .linear)
        expectClose(keyframePoint(track.value(atFraction: 0.25)), CGPoint(x: 50, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.75)), CGPoint(x: 200, y: 100), within: 1e-9)
    }

    @Test func pacedPathMovesAtConstantSpeedAcrossSegmentsOfDifferentLength() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        let track = KeyframeTrack(path: path, keyTimes: [0, 0.9, 1], timingFunctions: nil, mode: .paced)
        expectClose(keyframePoint(track.value(atFraction: 0.125)), CGPoint(x: 50, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.25)), CGPoint(x: 100, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 100, y: 100), within: 1e-9)
    }

    @Test func pacedCurvyPathCoversDistanceInProportionToTime() {
        let track = KeyframeTrack(path: Self.curvyPath(), keyTimes: nil, timingFunctions: nil, mode: .paced)
        // The reference length: the path sampled finely through the linear track, which follows
        // each Bézier exactly.
        let exact = KeyframeTrack(path: Self.curvyPath(), keyTimes: nil, timingFunctions: nil, mode: .linear)
        let fine = 30_000
        var length = 0.0
        var previous = keyframePoint(exact.value(atFraction: 0))
        for k in 1...fine {
            let next = keyframePoint(exact.value(atFraction: Double(k) / Double(fine)))
            length += Double(hypot(next.x - previous.x, next.y - previous.y))
            previous = next
        }
        // Along the paced track, measure the distance travelled up to each fraction.
        let steps = 3000
        var travelled = 0.0
        previous = keyframePoint(track.value(atFraction: 0))
        for k in 1...steps {
            let next = keyframePoint(track.value(atFraction: Double(k) / Double(steps)))
            travelled += Double(hypot(next.x - previous.x, next.y - previous.y))
            previous = next
            if k % 300 == 0 {
                expectClose(travelled, length * Double(k) / Double(steps), within: 1e-3 * length, "at step \(k)")
            }
        }
    }

    /// Core Animation leaves out a path's closing segment at its end, for pacing and for key
    /// times (Apple's pictures of lottie-ios's closed motion paths): the layer ends at the last
    /// point. A close followed by more of the path still goes back to the subpath's start.
    @Test func aTrailingCloseSubpathIsNoSegmentAMiddleOneReturnsToTheStart() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 50))
        path.addLine(to: CGPoint(x: 0, y: 50))
        path.closeSubpath()
        let paced = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .paced)
        expectClose(keyframePoint(paced.value(atFraction: 0.5)), CGPoint(x: 100, y: 25), within: 1e-9)
        expectClose(keyframePoint(paced.value(atFraction: 0.9)), CGPoint(x: 25, y: 50), within: 1e-9)
        expectClose(keyframePoint(paced.value(atFraction: 1)), CGPoint(x: 0, y: 50), within: 1e-9)
        let keyed = KeyframeTrack(path: path, keyTimes: [0, 0.2, 0.6, 1], timingFunctions: nil, mode: .linear)
        expectClose(keyframePoint(keyed.value(atFraction: 0.6)), CGPoint(x: 100, y: 50), within: 1e-9)
        expectClose(keyframePoint(keyed.value(atFraction: 0.8)), CGPoint(x: 50, y: 50), within: 1e-9)

        let twice = CGMutablePath()
        twice.move(to: CGPoint(x: 0, y: 0))
        twice.addLine(to: CGPoint(x: 100, y: 0))
        twice.closeSubpath()
        twice.addLine(to: CGPoint(x: 0, y: 100))
        let middle = KeyframeTrack(path: twice, keyTimes: nil, timingFunctions: nil, mode: .linear)
        expectClose(keyframePoint(middle.value(atFraction: 2.0 / 3)), CGPoint(x: 0, y: 0), within: 1e-9)
        expectClose(keyframePoint(middle.value(atFraction: 1)), CGPoint(x: 0, y: 100), within: 1e-9)
    }

    @Test func moveInsideThePathJumpsToTheNextSubpath() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.move(to: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 10, y: 100))
        let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .linear)
        expectClose(keyframePoint(track.value(atFraction: 0.25)), CGPoint(x: 5, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.75)), CGPoint(x: 5, y: 100), within: 1e-9)
    }

    @Test func discretePathJumpsBetweenItsPoints() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .discrete)
        expectClose(keyframePoint(track.value(atFraction: 0.3)), CGPoint(x: 0, y: 0), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 10, y: 0), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.7)), CGPoint(x: 10, y: 10), within: 0)
    }

    /// lottie-ios's held positions: four points and a close, timed by four key times that do
    /// not reach 0 or 1. The first three points show from their key times; the third holds to
    /// the end, and the fourth never shows (Apple's pictures of TypeFace-Y).
    @Test func discretePathWithAKeyTimeAPointShowsAllButTheLastPoint() {
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10),
        ])
        path.closeSubpath()
        let track = KeyframeTrack(path: path, keyTimes: [0.1, 0.2, 0.4, 0.6], timingFunctions: nil, mode: .discrete)
        expectClose(keyframePoint(track.value(atFraction: 0.05)), CGPoint(x: 0, y: 0), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.15)), CGPoint(x: 0, y: 0), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.25)), CGPoint(x: 10, y: 0), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 10, y: 10), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 0.7)), CGPoint(x: 10, y: 10), within: 0)
        expectClose(keyframePoint(track.value(atFraction: 1)), CGPoint(x: 10, y: 10), within: 0)
    }

    @Test func pathWithOnlyAMoveHoldsThatPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 3, y: 4))
        let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .paced)
        expectClose(keyframePoint(track.value(atFraction: 0.5)), CGPoint(x: 3, y: 4), within: 0)
    }

    @Test func tangentFollowsAHorizontalThenVerticalPath() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        for mode in [KeyframeTrack.CalculationMode.linear, .paced] {
            let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: mode)
            expectClose(track.tangentAngle(atFraction: 0.25), 0, within: 1e-12)
            expectClose(track.tangentAngle(atFraction: 0.75), Double.pi / 2, within: 1e-12)
            // `rotateAutoReverse`: "rotates to match the tangent plus 180 degrees".
            expectClose(track.tangentAngle(atFraction: 0.25, reversed: true), Double.pi, within: 1e-12)
            expectClose(track.tangentAngle(atFraction: 0.75, reversed: true), 3 * Double.pi / 2, within: 1e-12)
        }
    }

    @Test func tangentAtACurveEndWithCoincidentControlPointIsTheLimitDirection() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        // control1 on the start point: the derivative vanishes there, the curve leaves towards
        // control2.
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 0, y: 0), control2: CGPoint(x: 0, y: 100))
        let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .linear)
        expectClose(track.tangentAngle(atFraction: 0), Double.pi / 2, within: 1e-12)
        expectClose(track.tangentAngle(atFraction: 1), 0, within: 1e-12)
    }

    @Test func tangentOfAZeroLengthSegmentIsItsNeighbours() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 50)])
        let track = KeyframeTrack(path: path, keyTimes: nil, timingFunctions: nil, mode: .linear)
        expectClose(track.tangentAngle(atFraction: 0.75), Double.pi / 2, within: 1e-12)
    }
}
