import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@testable import OpenQuartzCore

@Suite("Curves solved from the last frame's answer agree with a solve from scratch")
struct DistinctTimingLaneTests {
    /// A random curve: x of the control points in [0, 1], y in [−0.5, 1.5].
    static func curve(_ random: inout SplitMix64) -> UnitBezier {
        func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        return UnitBezier(x1: number(0...1), y1: number(-0.5...1.5), x2: number(0...1), y2: number(-0.5...1.5))
    }

    /// Every guess — the answer a frame earlier, a random t, one outside [0, 1], NaN — gives
    /// the same y as `solve`, on 2,000 random curves.
    @Test func anyGuessGivesTheSolveFromScratch() {
        var random = SplitMix64(state: 21)
        var fromNeighbour = 0
        for _ in 0..<2_000 {
            let bezier = Self.curve(&random)
            let x = Double.random(in: 0.001...0.999, using: &random)
            let previous = bezier.parameter(forX: x - 0.0005)
            let guesses = [previous, Double.random(in: 0...1, using: &random), -3, .nan, .infinity]
            if bezier.polynomial.parameter(forX: x, near: previous) != nil { fromNeighbour += 1 }
            for guess in guesses {
                let t = bezier.parameter(forX: x, near: guess)
                #expect(t >= 0 && t <= 1)
                expectClose(bezier.sampleY(t), bezier.solve(x), within: 1e-9, "x \(x), guess \(guess), \(bezier)")
            }
        }
        // The point of the guess: from the last frame's answer Newton nearly always arrives.
        #expect(fromNeighbour > 1_900, "\(fromNeighbour) of 2000")
    }

    /// Four curves solved side by side (`BezierPolynomials4`, what a frame uses) give, lane by
    /// lane, exactly the parameter, the arrival and the y of one curve solved alone — from
    /// near, random, outside and NaN guesses, with the flat (1, 0, 0, 1) among them.
    @Test func fourCurvesSolvedTogetherGiveExactlyWhatEachGivesAlone() {
        var random = SplitMix64(state: 34)
        var arrivals = 0
        for round in 0..<1_000 {
            var polynomials: [BezierPolynomial] = []
            var xs = SIMD4<Double>()
            var guesses = SIMD4<Double>()
            for lane in 0..<4 {
                let bezier = round % 17 == 0 && lane == 2 ? UnitBezier(x1: 1, y1: 0, x2: 0, y2: 1) : Self.curve(&random)
                let x = Double.random(in: 0.001...0.999, using: &random)
                let kind = (round + lane) % 5
                let guess =
                    kind == 0
                    ? Double.random(in: 0...1, using: &random)
                    : kind == 1 ? (round % 2 == 0 ? -3 : .nan) : bezier.parameter(forX: x - 0.0004 * Double(kind))
                polynomials.append(bezier.polynomial)
                xs[lane] = x
                guesses[lane] = guess
            }
            let curves = BezierPolynomials4(polynomials[0], polynomials[1], polynomials[2], polynomials[3])
            let (t, arrived) = curves.parameters(forX: xs, near: guesses)
            let ys = curves.sampleY(t)
            for lane in 0..<4 {
                let alone = polynomials[lane].parameter(forX: xs[lane], near: guesses[lane])
                #expect(arrived[lane] == (alone != nil), "round \(round) lane \(lane)")
                if let alone {
                    arrivals += 1
                    #expect(t[lane].bitPattern == alone.bitPattern, "round \(round) lane \(lane): \(t[lane]) vs \(alone)")
                    #expect(ys[lane].bitPattern == polynomials[lane].sampleY(alone).bitPattern)
                }
            }
        }
        #expect(arrivals > 2_000, "\(arrivals) of 4000 lanes arrived: the comparison must cover most")
    }

    /// A flat stretch (dx/dt = 0 in the middle of (1, 0, 0, 1)) defeats Newton from any guess;
    /// the answer then comes from the solve from scratch, bisection included.
    @Test func aFlatStretchFallsBackToTheFullSolve() {
        let bezier = UnitBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        for x in [0.49, 0.5, 0.51] {
            for guess in [0.5, 0.2, 0.9] {
                expectClose(bezier.sampleY(bezier.parameter(forX: x, near: guess)), bezier.solve(x), within: 1e-9)
            }
        }
    }

    /// 300 layers, each its own begin time, duration, curve and key path, some repeating,
    /// autoreversing or filling: the render tree matches `presentation()` whatever time it
    /// evaluated before — backwards, far, the same — where the last answer is a poor guess.
    @Test func distinctTimingsMatchPresentationWhateverTimeCameBefore() throws {
        try withManualClock { clock in
            var random = SplitMix64(state: 5)
            var layers: [(CALayer, String)] = []
            let paths = ["position", "opacity", "transform.rotation.z", "backgroundColor", "bounds.size.width"]
            for index in 0..<300 {
                let layer = RenderTreeComponentLaneTests.layer(&random)
                let path = paths[index % paths.count]
                let animation = CABasicAnimation(keyPath: path)
                animation.fromValue = RenderTreeComponentLaneTests.value(for: path, &random)
                animation.toValue = RenderTreeComponentLaneTests.value(for: path, &random)
                animation.beginTime = Double.random(in: 0...0.5, using: &random)
                animation.duration = Double.random(in: 0.2...2, using: &random)
                let bezier = Self.curve(&random)
                animation.timingFunction = CAMediaTimingFunction(
                    controlPoints: Float(bezier.x1), Float(bezier.y1), Float(bezier.x2), Float(bezier.y2))
                if index % 7 == 0 { animation.repeatCount = 2 }
                if index % 11 == 0 { animation.autoreverses = true }
                if index % 3 == 0 {
                    animation.fillMode = .both
                    animation.isRemovedOnCompletion = false
                }
                layer.add(animation, forKey: "a")
                layers.append((layer, path))
            }
            CATransaction.flush()
            let tree = RenderTree(roots: layers.map(\.0))
            #expect(tree.laneCounts.vector == layers.count, "\(tree.laneCounts)")
            // Before each time the tree is shown, it evaluates another — earlier, later, far,
            // near, the same — so that its remembered answers are from anywhere.
            let times = [0.02, 0.3, 0.6, 0.601, 0.602, 0.9, 1.1, 1.7, 2.9, 4.5]
            let before = [3.0, 0.29, 0.05, 0.6, 0.6015, 0.2, 4.0, 1.7, 0.9, 0.01]
            for (time, other) in zip(times, before) {
                clock.advance(to: time)
                tree.evaluate(at: other)
                tree.evaluate(at: time)
                for (layer, path) in layers {
                    let shown = try #require(layer.presentation())
                    let expected = RenderTreeComponentLaneTests.numbers(shown.value(forKeyPath: path))
                    let actual = RenderTreeComponentLaneTests.numbers(tree.presentationValue(of: layer, forKeyPath: path))
                    #expect(actual.count == expected.count, "\(path) at \(time)")
                    for (a, e) in zip(actual, expected) {
                        expectClose(a, e, within: 1e-9, "\(path) at \(time): \(actual) vs \(expected)")
                    }
                }
            }
        }
    }
}
