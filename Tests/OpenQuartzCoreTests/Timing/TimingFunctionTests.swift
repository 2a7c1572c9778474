import Foundation
import Numerics
import QuartzTestSupport
import Testing

@testable import OpenQuartzCore

/// y at x = 0.1, 0.25, 0.5, 0.75, 0.9, from `python3 Scripts/reference/timing_functions.py`
/// (mpmath, 50-digit bisection on x(t) = x with the control points rounded to Float).
private let referenceXs: [Double] = [0.1, 0.25, 0.5, 0.75, 0.9]
private let reference: [(String, (Float, Float, Float, Float), [Double])] = [
    ("linear", (0, 0, 1, 1), [0.1, 0.25, 0.5, 0.75, 0.9]),
    (
        "easeIn", (0.42, 0, 1, 1),
        [0.0170266104913761, 0.0934646540157634, 0.315356818763848, 0.621861874648952, 0.839427848665525]
    ),
    (
        "easeOut", (0, 0, 0.58, 1),
        [0.160572157932336, 0.378138137792098, 0.684643195307309, 0.906535353477279, 0.98297339141729]
    ),
    (
        "easeInEaseOut", (0.42, 0, 0.58, 1),
        [0.019722454785956, 0.12916193876119, 0.500000019268743, 0.870838077756456, 0.980277547964291]
    ),
    (
        "default", (0.25, 0.1, 0.25, 1),
        [0.0947963062040277, 0.408510591993736, 0.80240338786712, 0.960458978411119, 0.994316477493799]
    ),
    (
        "pop1", (1.0, 0.0, 0.8, 1.0),
        [0.00354095948528133, 0.0245199320633242, 0.122166394366948, 0.392779631025748, 0.843749981140717]
    ),
    (
        "pop2", (0.2, 0.0, 0.0, 1.0),
        [0.15624999528518, 0.60722036034729, 0.877833604603938, 0.975480067860969, 0.996459040510909]
    ),
]

private let names: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

/// Curves for the solver's accuracy sweep, including ones whose x(t) is flat somewhere.
private let sweepCurves: [(Float, Float, Float, Float)] = [
    (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (1, 0, 0.8, 1), (0.2, 0, 0, 1),
    (1, 0, 0, 1), (0, 1, 1, 0), (0, 0, 1, 1), (1, 1, 0, 0), (0.5, -0.6, 0.5, 1.6),
]

@Suite("CAMediaTimingFunction")
struct TimingFunctionTests {
    @Test(arguments: 0..<reference.count)
    func curveMatchesMpmathReference(row: Int) {
        let (label, p, expected) = reference[row]
        let function =
            names.first { $0.rawValue == label }.map { CAMediaTimingFunction(name: $0) }
            ?? CAMediaTimingFunction(controlPoints: p.0, p.1, p.2, p.3)
        for (x, y) in zip(referenceXs, expected) {
            expectClose(function.value(at: x), y, within: 1e-6, "\(label) at x = \(x)")
        }
    }

    @Test func namedControlPointsAreApples() {
        var point: [Float] = [0, 0]
        for (label, p, _) in reference.prefix(5) {
            let function = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: label))
            let expected: [[Float]] = [[0, 0], [p.0, p.1], [p.2, p.3], [1, 1]]
            for index in 0...3 {
                function.getControlPoint(at: index, values: &point)
                #expect(point == expected[index], "\(label) point \(index)")
            }
        }
    }

    @Test func customControlPointsAreReturnedExactly() {
        let function = CAMediaTimingFunction(controlPoints: 0.2, -0.3, 0.7, 1.4)
        var point: [Float] = [9, 9]
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [0.2, -0.3])
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [0.7, 1.4])
    }

    @Test(arguments: sweepCurves.indices)
    func endPointsAreExactlyZeroAndOne(curve: Int) {
        let p = sweepCurves[curve]
        let function = CAMediaTimingFunction(controlPoints: p.0, p.1, p.2, p.3)
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
        #expect(function.value(at: -0.5) == 0, "x below 0 clamps")
        #expect(function.value(at: 1.5) == 1, "x above 1 clamps")
    }

    @Test(arguments: names)
    func namedCurvesAreMonotonic(name: CAMediaTimingFunctionName) {
        let function = CAMediaTimingFunction(name: name)
        var previous = 0.0
        for i in 1...1000 {
            let y = function.value(at: Double(i) / 1000)
            #expect(y >= previous - 1e-12, "\(name) decreases at x = \(Double(i) / 1000)")
            previous = y
        }
    }

    @Test(arguments: sweepCurves.indices)
    func solverIsWithin1e7InXOnADenseGrid(curve: Int) {
        let p = sweepCurves[curve]
        let bezier = UnitBezier(x1: Double(p.0), y1: Double(p.1), x2: Double(p.2), y2: Double(p.3))
        var worst = 0.0
        for i in 0...1000 {
            let x = Double(i) / 1000
            let t = bezier.parameter(forX: x)
            #expect((0...1).contains(t))
            worst = max(worst, abs(bezier.sampleX(t) - x))
        }
        #expect(worst <= 1e-7, "curve \(p): worst |x(t) − x| = \(worst)")
    }

    @Test func slopeMatchesAFiniteDifferenceInside() {
        for p in sweepCurves.prefix(4) {
            let bezier = UnitBezier(x1: Double(p.0), y1: Double(p.1), x2: Double(p.2), y2: Double(p.3))
            for x in stride(from: 0.1, through: 0.9, by: 0.1) {
                let h = 1e-5
                let difference = (bezier.solve(x + h) - bezier.solve(x - h)) / (2 * h)
                expectClose(bezier.slope(atX: x), difference, within: 1e-4, "curve \(p) at x = \(x)")
            }
        }
    }

    @Test func slopeAtTheEndsIsTheLimitAlongTheCurve() {
        expectClose(UnitBezier.linear.slope(atX: 0), 1, within: 1e-12)
        expectClose(UnitBezier.linear.slope(atX: 1), 1, within: 1e-12)
        // easeInEaseOut leaves (0, 0) horizontally: dy/dt = 3·0, dx/dt = 3·0.42.
        let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut).curve
        expectClose(easeInOut.slope(atX: 0), 0, within: 1e-12)
        expectClose(easeInOut.slope(atX: 1), 0, within: 1e-12)
        // easeOut: P1 = P0, so the tangent at 0 points at P2 = (0.58, 1).
        let easeOut = CAMediaTimingFunction(name: .easeOut).curve
        expectClose(easeOut.slope(atX: 0), 1 / Double(Float(0.58)), within: 1e-9)
        // (0, 1, 1, 0) leaves (0, 0) straight up.
        #expect(UnitBezier(x1: 0, y1: 1, x2: 1, y2: 0).slope(atX: 0) == .infinity)
    }

    @Test func descriptionPrintsTheNameOrTheControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeInEaseOut).description == "easeInEaseOut")
        #expect(CAMediaTimingFunction(name: .default).description == "default")
        #expect(CAMediaTimingFunction(controlPoints: 0.2, 0, 0, 1).description == "(0.2, 0.0), (0.0, 1.0)")
        #expect(CAMediaTimingFunction(name: .linear).debugDescription == "<CAMediaTimingFunction: linear>")
    }

    @Test func equalityComparesControlPoints() {
        let named = CAMediaTimingFunction(name: .linear)
        let custom = CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)
        #expect(named == custom)
        #expect(named.hashValue == custom.hashValue)
        #expect(named != CAMediaTimingFunction(name: .easeIn))
        #expect(Set([named, custom, CAMediaTimingFunction(name: .easeOut)]).count == 2)
    }

    @Test func namesHaveApplesRawValues() {
        #expect(names.map(\.rawValue) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        #expect(CAMediaTimingFunctionName("easeIn") == .easeIn)
    }

    @Test func badControlPointsAreNamedInTheProblem() {
        let outside = CAMediaTimingFunction.controlPointProblem(1.5, 0, 0, 1)
        #expect(outside?.contains("c1x = 1.5 is outside [0, 1]") == true)
        let negative = CAMediaTimingFunction.controlPointProblem(0, 0, -0.25, 1)
        #expect(negative?.contains("c2x = -0.25") == true)
        let nan = CAMediaTimingFunction.controlPointProblem(0, .nan, 0, 1)
        #expect(nan?.contains("c1y is nan") == true)
        #expect(CAMediaTimingFunction.controlPointProblem(0, -2, 1, 3) == nil, "y may overshoot")
    }

    @Test func controlPointXOutsideTheUnitIntervalTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = CAMediaTimingFunction(controlPoints: 1.5, 0, 0, 1)
        }
        await #expect(processExitsWith: .failure) {
            _ = CAMediaTimingFunction(controlPoints: 0, .nan, 0, 1)
        }
    }
}
