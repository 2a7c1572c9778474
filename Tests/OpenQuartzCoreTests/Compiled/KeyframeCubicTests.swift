import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `cubic` and `cubicPaced`: the Kochanek–Bartels spline `CAAnimation.h` describes.
@Suite("Keyframe track: cubic")
struct KeyframeCubicTests {
    static let square = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)]

    static func pointTrack(
        _ points: [CGPoint], keyTimes: [Double]? = nil, mode: KeyframeTrack.CalculationMode = .cubic,
        tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil
    ) -> KeyframeTrack {
        KeyframeTrack(
            values: points.map { .point($0) }, keyTimes: keyTimes, timingFunctions: nil, mode: mode,
            tension: tension, continuity: continuity, bias: bias)
    }

    /// The Catmull–Rom point at u in segment i of `points`, end points duplicated, written out
    /// as the standard matrix form 0.5·[2P1 + (−P0 + P2)u + (2P0 − 5P1 + 4P2 − P3)u² +
    /// (−P0 + 3P1 − 3P2 + P3)u³].
    static func catmullRom(_ points: [CGPoint], segment i: Int, at u: Double) -> CGPoint {
        let p0 = points[max(i - 1, 0)]
        let p1 = points[i]
        let p2 = points[i + 1]
        let p3 = points[min(i + 2, points.count - 1)]
        func blend(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
            let u = CGFloat(u)
            return 0.5
                * (2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u * u + (-a + 3 * b - 3 * c + d) * u * u * u)
        }
        return CGPoint(x: blend(p0.x, p1.x, p2.x, p3.x), y: blend(p0.y, p1.y, p2.y, p3.y))
    }

    @Test func cubicPassesThroughEveryValueAtItsKeyTime() {
        let track = Self.pointTrack(Self.square)
        for (index, expected) in Self.square.enumerated() {
            expectClose(keyframePoint(track.value(atFraction: Double(index) / 3)), expected, within: 1e-9)
        }
    }

    @Test func cubicWithoutParametersIsCatmullRom() {
        let track = Self.pointTrack(Self.square)
        // Worked by hand: segment 0 at u = ½ has tangents (50, 0) and (50, 50), so
        // ½·P0 + ⅛·m0 + ½·P1 − ⅛·m1 = (50, −6.25).
        expectClose(keyframePoint(track.value(atFraction: 1.0 / 6)), CGPoint(x: 50, y: -6.25), within: 1e-9)
        for segment in 0..<3 {
            for u in [0.1, 0.3, 0.5, 0.8] {
                let expected = Self.catmullRom(Self.square, segment: segment, at: u)
                expectClose(keyframePoint(track.value(atFraction: (Double(segment) + u) / 3)), expected, within: 1e-9)
            }
        }
    }

    @Test func cubicRespectsUnevenKeyTimes() {
        let track = Self.pointTrack(Self.square, keyTimes: [0, 0.1, 0.6, 1])
        expectClose(keyframePoint(track.value(atFraction: 0.1)), Self.square[1], within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.6)), Self.square[2], within: 1e-9)
        // Half-way between 0.1 and 0.6 is half-way along segment 1.
        expectClose(
            keyframePoint(track.value(atFraction: 0.35)), Self.catmullRom(Self.square, segment: 1, at: 0.5),
            within: 1e-9)
    }

    @Test func fullTensionGivesZeroTangentsAndEasesThroughEachKeyframe() {
        let track = Self.pointTrack(Self.square, tension: [1, 1, 1, 1])
        // Hermite with zero tangents: the smoothstep 3u² − 2u³ along the straight chord.
        expectClose(keyframePoint(track.value(atFraction: 0.25 / 3)), CGPoint(x: 15.625, y: 0), within: 1e-9)
        expectClose(keyframePoint(track.value(atFraction: 0.5 / 3)), CGPoint(x: 50, y: 0), within: 1e-9)
    }

    /// Values 0, 10, 30 with one parameter set on the middle keyframe. Hand-computed from
    /// the Kochanek–Bartels tangents: outgoing(1) = 15, 10, 20 and incoming(1) = 15, 10, 10
    /// for Catmull–Rom, bias 1 and continuity −1; the end tangents are 5 and 10.
    @Test(arguments: [
        ("catmull-rom", 0.0, 0.0, 0.0, 3.75, 20.625),
        ("bias 1", 0, 0, 1, 5.625 - 1.25, 20),
        ("continuity -1", 0, -1, 0, 4.375, 21.25),
        ("tension 0.5", 0.5, 0, 0, 5.625 - 0.125 * 7.5, 20 + 0.125 * 7.5 - 1.25),
    ])
    func tensionContinuityAndBiasShapeTheTangents(
        name: String, tension: Double, continuity: Double, bias: Double, firstMiddle: Double, secondMiddle: Double
    ) {
        let track = KeyframeTrack(
            values: [.number(0), .number(10), .number(30)], keyTimes: nil, timingFunctions: nil, mode: .cubic,
            tension: [0, tension], continuity: [0, continuity], bias: [0, bias])
        expectClose(keyframeNumber(track.value(atFraction: 0.25)), firstMiddle, within: 1e-12, "\(name)")
        expectClose(keyframeNumber(track.value(atFraction: 0.75)), secondMiddle, within: 1e-12, "\(name)")
        expectClose(keyframeNumber(track.value(atFraction: 0.5)), 10, within: 1e-12, "\(name)")
    }

    @Test func cubicColorsAndRectsAreSplinedPerComponent() {
        let colors = [
            ColorComponents(red: 0, green: 0, blue: 0, alpha: 1),
            ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 1),
            ColorComponents(red: 1, green: 1, blue: 1, alpha: 0),
        ]
        let track = KeyframeTrack(
            values: colors.map { .color($0) }, keyTimes: nil, timingFunctions: nil, mode: .cubic,
            tension: nil, continuity: nil, bias: nil)
        guard case .color(let middle?) = track.value(atFraction: 0.5),
            case .color(let quarter?) = track.value(atFraction: 0.25)
        else {
            Issue.record("not a colour")
            return
        }
        expectClose(middle.green, 0.5, within: 1e-12)
        // Green 0, 0.5, 1 is a straight line, which Catmull–Rom keeps except near the ends:
        // the first tangent is 0.25, so at u = ½: ⅛·0.25 + ½·0.5 − ⅛·0.5 = 0.21875.
        expectClose(quarter.green, 0.21875, within: 1e-12)
        let rects = KeyframeTrack(
            values: [
                .rect(CGRect(x: 0, y: 0, width: 10, height: 10)), .rect(CGRect(x: 10, y: 0, width: 20, height: 10)),
            ],
            keyTimes: nil, timingFunctions: nil, mode: .cubic, tension: nil, continuity: nil, bias: nil)
        guard case .rect(let half) = rects.value(atFraction: 0.5) else {
            Issue.record("not a rect")
            return
        }
        expectClose(half, CGRect(x: 5, y: 0, width: 15, height: 10), within: 1e-12)
    }

    @Test func cubicTransformsFallBackToLinear() {
        let values: [AnimatableValue] = [
            .transform(CATransform3DIdentity), .transform(CATransform3DMakeTranslation(100, 0, 0)),
            .transform(CATransform3DMakeTranslation(100, 100, 0)),
        ]
        let cubic = KeyframeTrack(
            values: values, keyTimes: nil, timingFunctions: nil, mode: .cubic, tension: nil, continuity: nil, bias: nil)
        guard case .transform(let t) = cubic.value(atFraction: 0.25) else {
            Issue.record("not a transform")
            return
        }
        expectClose(t.m41, 50, within: 1e-9)
        expectClose(t.m42, 0, within: 1e-9)
    }

    @Test func cubicPacedMovesAtConstantSpeedAlongTheSpline() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 200, y: 100), CGPoint(x: 210, y: 300)]
        let track = Self.pointTrack(points, keyTimes: [0, 0.9, 0.95, 1], mode: .cubicPaced)
        let samples = 2000
        var travelled = [0.0]
        var previous = keyframePoint(track.value(atFraction: 0))
        for k in 1...samples {
            let next = keyframePoint(track.value(atFraction: Double(k) / Double(samples)))
            travelled.append(travelled[k - 1] + Double(hypot(next.x - previous.x, next.y - previous.y)))
            previous = next
        }
        let total = travelled[samples]
        for k in stride(from: 0, through: samples, by: 100) {
            expectClose(travelled[k] / total, Double(k) / Double(samples), within: 1e-3)
        }
        // The curve is the cubic one: it still passes through every value.
        expectClose(keyframePoint(track.value(atFraction: 1)), points[3], within: 1e-9)
        let throughSecond = (0...samples).contains { k in
            let p = keyframePoint(track.value(atFraction: Double(k) / Double(samples)))
            return hypot(p.x - 200, p.y - 100) < total / Double(samples)
        }
        #expect(throughSecond)
    }
}
