import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

/// Checks that every point is inside `outline` under the winding rule.
private func expectInside(
    _ outline: CGPath, _ points: [CGPoint], sourceLocation: SourceLocation = #_sourceLocation
) {
    for point in points {
        #expect(outline.contains(point, using: .winding), "\(point) should be inside", sourceLocation: sourceLocation)
    }
}

/// Checks that every point is outside `outline` under the winding rule.
private func expectOutside(
    _ outline: CGPath, _ points: [CGPoint], sourceLocation: SourceLocation = #_sourceLocation
) {
    for point in points {
        #expect(!outline.contains(point, using: .winding), "\(point) should be outside", sourceLocation: sourceLocation)
    }
}

private func polyline(_ points: [CGPoint], closed: Bool = false) -> CGMutablePath {
    let path = CGMutablePath()
    path.addLines(between: points)
    if closed { path.closeSubpath() }
    return path
}

@Suite struct CGPathStrokingTests {
    @Test func lineStrokeCoversHalfTheWidthEachSide() {
        let outline = polyline([pt(0, 0), pt(100, 0)])
            .copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectInside(outline, [pt(50, 4.9), pt(50, -4.9), pt(0.1, 0), pt(99.9, 4.9)])
        expectOutside(outline, [pt(50, 5.1), pt(50, -5.1), pt(-0.1, 0), pt(100.1, 0)])
    }

    @Test func squareCapReachesHalfTheWidthPastTheEnd() {
        let outline = polyline([pt(0, 0), pt(100, 0)])
            .copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        expectInside(outline, [pt(-4.9, 4.9), pt(-4.9, -4.9), pt(104.9, 4.9), pt(-3.6, 3.6)])
        expectOutside(outline, [pt(-5.1, 0), pt(105.1, 0), pt(-4.9, 5.1)])
    }

    @Test func roundCapIsAHalfCircle() {
        let outline = polyline([pt(0, 0), pt(100, 0)])
            .copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        // (−3.5, 3.5) is 4.95 from the end point, (−3.6, 3.6) is 5.09.
        expectInside(outline, [pt(-4.9, 0), pt(-3.5, 3.5), pt(103.5, -3.5)])
        expectOutside(outline, [pt(-5.1, 0), pt(-3.6, 3.6), pt(103.6, -3.6)])
    }

    /// A right-angle corner at (100, 0): the outer corner of the stroke is at (105, −5).
    private func corner(_ join: CGLineJoin) -> CGPath {
        polyline([pt(0, 0), pt(100, 0), pt(100, 100)])
            .copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: join, miterLimit: 10)
    }

    @Test func miterJoinFillsTheCorner() {
        expectInside(corner(.miter), [pt(104.9, -4.9), pt(95, 4.9)])
        expectOutside(corner(.miter), [pt(105.1, -4.9), pt(104.9, -5.1)])
    }

    @Test func roundJoinRoundsTheCorner() {
        // 4.95 and 5.09 from the corner point.
        expectInside(corner(.round), [pt(103.5, -3.5)])
        expectOutside(corner(.round), [pt(103.6, -3.6), pt(104.9, -4.9)])
    }

    @Test func bevelJoinCutsTheCornerSquareAcross() {
        // The bevel runs from (100, −5) to (105, 0): the line x − y = 105.
        expectInside(corner(.bevel), [pt(102.4, -2.4), pt(104.8, -0.1)])
        expectOutside(corner(.bevel), [pt(102.6, -2.6), pt(104.9, -4.9)])
    }

    @Test func miterBeyondTheLimitBecomesABevel() {
        // The segments meet at φ = atan(0.1); miter length / width = 1/sin(φ/2) ≈ 20.07.
        let ratio = 1 / sin(atan(0.1) / 2)
        expectClose(ratio, 20.0749, within: 1e-3)
        let path = polyline([pt(0, 0), pt(100, 0), pt(0, 10)])
        // 50 out along the outward bisector (0.99876, −0.04981) from the corner: well
        // inside the miter's tip (100.4 out), beyond the bevel (under 5 out).
        let alongBisector = pt(100 + 50 * 0.99876, -50 * 0.04981)
        let withinLimit = path.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: ratio + 0.01)
        let beyondLimit = path.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: ratio - 0.01)
        expectInside(withinLimit, [alongBisector])
        expectOutside(beyondLimit, [alongBisector, pt(105.1, 0)])
        // The bevel is still there: the triangle (100, 0), (100, −5), (100.5, 4.98) holds
        // this point, which neither segment's butt-ended body reaches.
        expectInside(beyondLimit, [pt(100.1, 0)])
    }

    @Test func closedRectangleHasAJoinAtItsStartAndAnEmptyMiddle() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let outline = path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectOutside(outline, [pt(50, 25), pt(50, 1.1), pt(50, -1.1), pt(101.1, 25)])
        expectInside(outline, [pt(50, 0), pt(100, 25), pt(50, 50), pt(0, 25), pt(50, 0.9), pt(-0.9, 25)])
        // The start corner (0, 0) is mitred like the others, not capped.
        expectInside(outline, [pt(-0.9, -0.9), pt(100.9, 50.9)])
    }

    @Test func circleStrokeIsAnAnnulus() {
        let r = 50.0
        let w = 10.0
        let path = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), transform: nil)
        let outline = path.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        for degrees in stride(from: 0.0, to: 360, by: 15) {
            let angle = degrees * .pi / 180
            func at(_ radius: Double) -> CGPoint { pt(radius * cos(angle), radius * sin(angle)) }
            expectInside(outline, [at(r - w / 2 + 0.1), at(r), at(r + w / 2 - 0.1)])
            expectOutside(outline, [at(r - w / 2 - 0.1), at(r + w / 2 + 0.1)])
        }
        expectOutside(outline, [pt(0, 0)])
    }

    @Test func strokeWiderThanTheCircleCoversItsCentre() {
        // Half width 150 around radius 50: the inner edge folds over the centre, so the
        // stroke is the disc of radius 200.
        let path = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let outline = path.copy(strokingWithWidth: 300, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        for degrees in stride(from: 0.0, to: 360, by: 30) {
            let angle = degrees * .pi / 180
            func at(_ radius: Double) -> CGPoint { pt(radius * cos(angle), radius * sin(angle)) }
            expectInside(outline, [at(0), at(20), at(100), at(199.9)])
            expectOutside(outline, [at(200.1)])
        }
    }

    @Test func curveStrokeFollowsTheCurve() {
        // B(1/2) = (50, 50) with a horizontal tangent, so the stroke spans y = 48…52 there.
        let quad = CGMutablePath()
        quad.move(to: pt(0, 0))
        quad.addQuadCurve(to: pt(100, 0), control: pt(50, 100))
        let quadOutline = quad.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectInside(quadOutline, [pt(50, 51.9), pt(50, 48.1)])
        expectOutside(quadOutline, [pt(50, 52.1), pt(50, 47.9), pt(50, 25)])
        // The butt end at (0, 0) is square to the tangent (1, 2)/√5.
        let tangent = pt(1 / 5.0.squareRoot(), 2 / 5.0.squareRoot())
        expectInside(quadOutline, [pt(1.9 * tangent.y, -1.9 * tangent.x).offset(0.1, tangent)])
        expectOutside(quadOutline, [pt(1.9 * tangent.y, -1.9 * tangent.x).offset(-0.1, tangent)])

        // B(1/2) = (50, 75) for this cubic, again with a horizontal tangent.
        let cubic = CGMutablePath()
        cubic.move(to: pt(0, 0))
        cubic.addCurve(to: pt(100, 0), control1: pt(0, 100), control2: pt(100, 100))
        let cubicOutline = cubic.copy(strokingWithWidth: 20, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectInside(cubicOutline, [pt(50, 84.9), pt(50, 65.1)])
        expectOutside(cubicOutline, [pt(50, 85.1), pt(50, 64.9)])
    }

    @Test func zeroLengthSegmentDoesNotBreakTheJoin() {
        let outline = polyline([pt(0, 0), pt(50, 0), pt(50, 0), pt(50, 50)])
            .copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectInside(outline, [pt(54.9, -4.9)])
        expectOutside(outline, [pt(55.1, -4.9)])
    }

    @Test func zeroLengthSubpathIsADotForRoundAndSquareCaps() {
        let lineToSelf = polyline([pt(10, 10), pt(10, 10)])
        let round = lineToSelf.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        expectInside(round, [pt(14.9, 10), pt(10, 5.1), pt(13.5, 13.5)])
        expectOutside(round, [pt(15.1, 10), pt(13.6, 13.6)])
        let square = lineToSelf.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        expectInside(square, [pt(14.9, 14.9), pt(5.1, 5.1)])
        expectOutside(square, [pt(15.1, 10), pt(10, 4.9)])
        #expect(lineToSelf.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)

        let closedPoint = CGMutablePath()
        closedPoint.move(to: pt(10, 10))
        closedPoint.closeSubpath()
        let closedDot = closedPoint.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        expectInside(closedDot, [pt(14.9, 10)])
    }

    @Test func loneMoveAndNonPositiveWidthGiveNothing() {
        let loneMove = CGMutablePath()
        loneMove.move(to: pt(5, 5))
        #expect(loneMove.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let line = polyline([pt(0, 0), pt(100, 0)])
        #expect(line.copy(strokingWithWidth: 0, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        #expect(line.copy(strokingWithWidth: -2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }

    @Test func transformMapsTheOutline() {
        let outline = polyline([pt(0, 0), pt(100, 0)]).copy(
            strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
            transform: CGAffineTransform(scaleX: 2, y: 2))
        expectInside(outline, [pt(100, 9.9), pt(199.9, -9.9)])
        expectOutside(outline, [pt(100, 10.1), pt(200.1, 0)])
    }

    @Test func dashedStrokeLeavesTheGapsEmpty() {
        let dashed = polyline([pt(0, 0), pt(100, 0)]).copy(dashingWithPhase: 0, lengths: [10, 10])
        let outline = dashed.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectInside(outline, [pt(5, 1.9), pt(25, -1.9), pt(9.9, 0)])
        expectOutside(outline, [pt(15, 0), pt(10.1, 0), pt(19.9, 0)])
    }
}

extension CGPoint {
    /// This point moved `distance` along `direction`.
    fileprivate func offset(_ distance: Double, _ direction: CGPoint) -> CGPoint {
        CGPoint(x: x + distance * direction.x, y: y + distance * direction.y)
    }
}

/// The length of a path's drawn segments: lines exactly, curves by summing 4,000 chords.
private func drawnLength(of path: CGPath) -> Double {
    var total = 0.0
    var current = CGPoint.zero
    var start = CGPoint.zero
    func chords(_ point: (Double) -> CGPoint) -> Double {
        var sum = 0.0
        var previous = point(0)
        for index in 1...4000 {
            let next = point(Double(index) / 4000)
            sum += hypot(next.x - previous.x, next.y - previous.y)
            previous = next
        }
        return sum
    }
    for element in path.elements {
        switch element {
        case .move(let to):
            start = to
            current = to
        case .line(let to):
            total += hypot(to.x - current.x, to.y - current.y)
            current = to
        case .quadCurve(let to, let c):
            let p0 = current
            total += chords { t in
                let u = 1 - t
                return pt(u * u * p0.x + 2 * u * t * c.x + t * t * to.x, u * u * p0.y + 2 * u * t * c.y + t * t * to.y)
            }
            current = to
        case .curve(let to, let c1, let c2):
            let p0 = current
            total += chords { t in
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                return pt(a * p0.x + b * c1.x + c * c2.x + d * to.x, a * p0.y + b * c1.y + c * c2.y + d * to.y)
            }
            current = to
        case .closeSubpath:
            total += hypot(start.x - current.x, start.y - current.y)
            current = start
        }
    }
    return total
}

/// The start point of every subpath.
private func dashStarts(_ path: CGPath) -> [CGPoint] {
    path.elements.compactMap { if case .move(let to) = $0 { to } else { nil } }
}

extension CGPathStrokingTests {
    @Suite struct Dashing {
        @Test func lineIsCutIntoTheOnParts() {
            let dashed = polyline([pt(0, 0), pt(100, 0)]).copy(dashingWithPhase: 0, lengths: [10, 5])
            // On at 0–10, 15–25, …, 90–100: seven dashes of 10.
            var expected: [PathElement] = []
            for start in stride(from: 0.0, through: 90, by: 15) {
                expected += [.move(to: pt(start, 0)), .line(to: pt(start + 10, 0))]
            }
            expectElements(dashed.elements, expected, within: 1e-9)
            expectClose(drawnLength(of: dashed), 70, within: 1e-9)
        }

        @Test func phaseStartsPartWayIntoThePattern() {
            let dashed = polyline([pt(0, 0), pt(50, 0)]).copy(dashingWithPhase: 3, lengths: [10, 5])
            // The first dash has 7 left; then 12–22, 27–37, 42–50.
            expectElements(
                dashed.elements,
                [
                    .move(to: pt(0, 0)), .line(to: pt(7, 0)), .move(to: pt(12, 0)), .line(to: pt(22, 0)),
                    .move(to: pt(27, 0)), .line(to: pt(37, 0)), .move(to: pt(42, 0)), .line(to: pt(50, 0)),
                ],
                within: 1e-9)
            // A phase inside the gap starts with the rest of the gap.
            let inGap = polyline([pt(0, 0), pt(50, 0)]).copy(dashingWithPhase: 12, lengths: [10, 5])
            expectClose(dashStarts(inGap).first?.x ?? -1, 3, within: 1e-9)
            // A negative phase counts back from the end of the pattern: −3 is 12.
            let negative = polyline([pt(0, 0), pt(50, 0)]).copy(dashingWithPhase: -3, lengths: [10, 5])
            expectElements(negative.elements, inGap.elements, within: 1e-9)
        }

        @Test func dashesRunAroundCornersAsOneSubpath() {
            let dashed = polyline([pt(0, 0), pt(10, 0), pt(10, 10)]).copy(dashingWithPhase: 0, lengths: [15, 2])
            expectElements(
                dashed.elements,
                [
                    .move(to: pt(0, 0)), .line(to: pt(10, 0)), .line(to: pt(10, 5)), .move(to: pt(10, 7)),
                    .line(to: pt(10, 10)),
                ],
                within: 1e-9)
        }

        @Test func closedSubpathIsDashedAlongItsClosingLine() {
            let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            let dashed = square.copy(dashingWithPhase: 0, lengths: [5, 5])
            // Perimeter 40: on at 0–5, 10–15, 20–25, 30–35; the last runs down the closing line.
            expectElements(
                dashed.elements,
                [
                    .move(to: pt(0, 0)), .line(to: pt(5, 0)), .move(to: pt(10, 0)), .line(to: pt(10, 5)),
                    .move(to: pt(10, 10)), .line(to: pt(5, 10)), .move(to: pt(0, 10)), .line(to: pt(0, 5)),
                ],
                within: 1e-9)
            // A dash longer than the perimeter keeps the square closed.
            let whole = square.copy(dashingWithPhase: 0, lengths: [50, 5])
            #expect(whole.elements.last == .closeSubpath)
            expectClose(drawnLength(of: whole), 40, within: 1e-9)
        }

        @Test func everySubpathRestartsThePattern() {
            let path = CGMutablePath()
            path.addLines(between: [pt(0, 0), pt(20, 0)])
            path.addLines(between: [pt(0, 10), pt(20, 10)])
            let dashed = path.copy(dashingWithPhase: 0, lengths: [15, 10])
            expectElements(
                dashed.elements,
                [.move(to: pt(0, 0)), .line(to: pt(15, 0)), .move(to: pt(0, 10)), .line(to: pt(15, 10))],
                within: 1e-9)
        }

        @Test func oddPatternIsRepeatedOnce() {
            // [10] is 10 on, 10 off.
            let dashed = polyline([pt(0, 0), pt(50, 0)]).copy(dashingWithPhase: 0, lengths: [10])
            expectClose(dashStarts(dashed).map(\.x).map(Double.init), [0, 20, 40], within: 1e-9)
            expectClose(drawnLength(of: dashed), 30, within: 1e-9)
        }

        @Test func zeroOnLengthGivesDots() {
            let dashed = polyline([pt(0, 0), pt(30, 0)]).copy(dashingWithPhase: 0, lengths: [0, 10])
            expectElements(
                dashed.elements,
                [
                    .move(to: pt(0, 0)), .line(to: pt(0, 0)), .move(to: pt(10, 0)), .line(to: pt(10, 0)),
                    .move(to: pt(20, 0)), .line(to: pt(20, 0)), .move(to: pt(30, 0)), .line(to: pt(30, 0)),
                ],
                within: 1e-9)
            let dots = dashed.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
            expectInside(dots, [pt(10, 1.9), pt(11.9, 0)])
            expectOutside(dots, [pt(15, 0), pt(12.1, 0)])
        }

        @Test func curvesAreCutAtTheirArcLength() {
            // A straight cubic that starts and ends slowly: arc length is x, but the parameter
            // is not, so a cut at length 10 lands at (10, 0) only if it is found by length.
            let path = CGMutablePath()
            path.move(to: pt(0, 0))
            path.addCurve(to: pt(30, 0), control1: pt(0, 0), control2: pt(30, 0))
            let dashed = path.copy(dashingWithPhase: 0, lengths: [10, 5])
            let ends = dashed.elements.compactMap { element -> CGPoint? in
                if case .curve(let to, _, _) = element { to } else { nil }
            }
            #expect(dashed.elements.count == 4, "\(dashed.elements)")
            expectClose(ends.map(\.x).map(Double.init), [10, 25], within: 1e-9)
            expectClose(dashStarts(dashed).map(\.x).map(Double.init), [0, 15], within: 1e-9)
        }

        @Test func evenlySpacedCubicSplitsIntoThirds() {
            // Control points at thirds make a uniform-speed line, so its first 10 of 30 is the
            // cubic with controls at 10/3 and 20/3.
            let path = CGMutablePath()
            path.move(to: pt(0, 0))
            path.addCurve(to: pt(30, 0), control1: pt(10, 0), control2: pt(20, 0))
            let dashed = path.copy(dashingWithPhase: 0, lengths: [10, 25])
            expectElements(
                dashed.elements,
                [.move(to: pt(0, 0)), .curve(to: pt(10, 0), control1: pt(10.0 / 3, 0), control2: pt(20.0 / 3, 0))],
                within: 1e-9)
        }

        @Test func circleDashesStayCurvesOfTheRightLength() {
            let r = 50.0
            let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), transform: nil)
            let perimeter = drawnLength(of: circle)
            // Close to 2πr: the four cubics are within 0.03 % of the circle.
            expectClose(perimeter, 2 * .pi * r, within: 0.1)
            let dashed = circle.copy(dashingWithPhase: 0, lengths: [20, 10])
            #expect(
                dashed.elements.allSatisfy { element in
                    if case .line = element { false } else { true }
                })
            // The whole-pattern count, plus what of a last dash fits before the end.
            let repeats = (perimeter / 30).rounded(.down)
            let expected = repeats * 20 + min(perimeter - repeats * 30, 20)
            expectClose(drawnLength(of: dashed), expected, within: 1e-3)
            // Every dash starts on the circle.
            for start in dashStarts(dashed) {
                expectClose(hypot(start.x, start.y), r, within: 0.02)
            }
            // The second dash starts 30 along the arc from (50, 0), at about 30/50 radians.
            let second = dashStarts(dashed)[1]
            expectClose(atan2(second.y, second.x), 30 / r, within: 1e-3)
        }

        @Test func unusablePatternsLeaveThePathUnchanged() {
            let path = polyline([pt(0, 0), pt(100, 0), pt(100, 50)], closed: true)
            #expect(path.copy(dashingWithPhase: 3, lengths: []) == path)
            #expect(path.copy(dashingWithPhase: 3, lengths: [0, 0]) == path)
            #expect(path.copy(dashingWithPhase: 3, lengths: [10, -5]) == path)
            let moved = path.copy(dashingWithPhase: 0, lengths: [], transform: CGAffineTransform(translationX: 1, y: 2))
            expectElements(
                moved.elements,
                [.move(to: pt(1, 2)), .line(to: pt(101, 2)), .line(to: pt(101, 52)), .closeSubpath],
                within: 1e-12)
        }

        @Test func transformMapsTheDashes() {
            let dashed = polyline([pt(0, 0), pt(20, 0)]).copy(
                dashingWithPhase: 0, lengths: [5, 5], transform: CGAffineTransform(scaleX: 2, y: 1))
            expectElements(
                dashed.elements,
                [.move(to: pt(0, 0)), .line(to: pt(10, 0)), .move(to: pt(20, 0)), .line(to: pt(30, 0))],
                within: 1e-9)
        }
    }
}
