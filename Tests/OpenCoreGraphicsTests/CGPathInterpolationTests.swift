import Foundation
import OpenCoreGraphics
import Testing

/// Paths part of the way from one to another, as Core Animation interpolates
/// `CAShapeLayer.path`: end points in straight lines, a cubic curve's handles turned and
/// stretched (the shapes of Apple's pictures of the Lottie corpus's morphs, `TypeFace-J` and
/// `TypeFace-Z` at 50 %, match only so).
@Suite struct CGPathInterpolationTests {
    private func curve(from start: CGPoint, _ c1: CGPoint, _ c2: CGPoint, to end: CGPoint) -> CGPath {
        let path = CGMutablePath()
        path.move(to: start)
        path.addCurve(to: end, control1: c1, control2: c2)
        return path
    }

    private func controls(of path: CGPath?) throws -> (CGPoint, CGPoint, CGPoint) {
        let elements = try #require(path?.elements)
        guard elements.count == 2, case let .curve(end, c1, c2) = elements[1] else {
            Issue.record("not one curve: \(elements)")
            return (.zero, .zero, .zero)
        }
        return (c1, c2, end)
    }

    private func expectClose(
        _ point: CGPoint, _ expected: CGPoint, within tolerance: CGFloat = 1e-9, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(point.x - expected.x) <= tolerance && abs(point.y - expected.y) <= tolerance,
            "\(point) against \(expected)\(comment.map { ": \($0)" } ?? "")", sourceLocation: sourceLocation)
    }

    /// A handle that turns a quarter turn keeps its length half-way, at 45°, where a straight
    /// line between its two positions would shorten it to 0.71 of it.
    @Test func aTurningHandleTurnsAndKeepsItsLength() throws {
        let a = curve(from: .zero, CGPoint(x: 10, y: 0), CGPoint(x: 100, y: -10), to: CGPoint(x: 100, y: 0))
        let b = curve(from: .zero, CGPoint(x: 0, y: 10), CGPoint(x: 90, y: 0), to: CGPoint(x: 100, y: 0))
        let (c1, c2, end) = try controls(of: CGPath.interpolating(a, b, fraction: 0.5))
        let half = 10 / 2.0.squareRoot()
        expectClose(c1, CGPoint(x: half, y: half), "the first handle, from the start")
        expectClose(c2, CGPoint(x: 100 - half, y: -half), "the second handle, from the end")
        expectClose(end, CGPoint(x: 100, y: 0))
    }

    /// Handles grow and shrink in length in a straight line and turn the shorter way round
    /// (here through ±180°, not through 0°); the ends move in straight lines.
    @Test func handlesStretchAndTurnTheShorterWay() throws {
        let a = curve(from: CGPoint(x: 0, y: 0), CGPoint(x: -4, y: 1e-9), CGPoint(x: 50, y: 20), to: CGPoint(x: 50, y: 0))
        let b = curve(from: CGPoint(x: 10, y: 10), CGPoint(x: 2, y: 10 - 1e-9), CGPoint(x: 60, y: 10), to: CGPoint(x: 70, y: 10))
        let (c1, c2, end) = try controls(of: CGPath.interpolating(a, b, fraction: 0.25))
        // The first handle: length 4 → 8, pointing left all the way.
        expectClose(c1, CGPoint(x: 2.5 - 5, y: 2.5), within: 1e-6)
        // The second: length 20 → 10, turning from up (+y) to left by a quarter of 90°.
        let angle = Double.pi / 2 + Double.pi / 2 * 0.25
        expectClose(c2, CGPoint(x: 55 + 17.5 * cos(angle), y: 2.5 + 17.5 * sin(angle)), within: 1e-9)
        expectClose(end, CGPoint(x: 55, y: 2.5))
    }

    /// A handle of no length takes the other's direction and grows along it.
    @Test func aHandleOfNoLengthGrowsInTheOthersDirection() throws {
        let a = curve(from: .zero, .zero, CGPoint(x: 100, y: 0), to: CGPoint(x: 100, y: 0))
        let b = curve(from: .zero, CGPoint(x: 0, y: 20), CGPoint(x: 100, y: 0), to: CGPoint(x: 100, y: 0))
        let (c1, _, _) = try controls(of: CGPath.interpolating(a, b, fraction: 0.5))
        expectClose(c1, CGPoint(x: 0, y: 10))
    }

    /// A line facing a curve is taken as the cubic curve that draws it, its handles a third of
    /// the way along (`TypeFace-Z`'s sides, lines in one keyframe and curves in the next):
    /// Apple morphs it where a path of other elements would jump.
    @Test func aLineMorphsIntoACurve() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 90, y: 0))
        let bent = curve(from: .zero, CGPoint(x: 30, y: 0), CGPoint(x: 60, y: 30), to: CGPoint(x: 90, y: 0))
        let (c1, c2, _) = try controls(of: CGPath.interpolating(line, bent, fraction: 0.5))
        expectClose(c1, CGPoint(x: 30, y: 0), "both handles point along the line: nothing moves")
        // From (−30, 0) to (−30, 30): length 30 → 42.4, turned 45° → half of it.
        let length = (30 + 30 * 2.0.squareRoot()) / 2
        let angle = Double.pi - Double.pi / 8
        expectClose(c2, CGPoint(x: 90 + length * cos(angle), y: length * sin(angle)))
        let (back1, _, _) = try controls(of: CGPath.interpolating(bent, line, fraction: 0.5))
        expectClose(back1, c1, "the same either way round")
        let moved = CGMutablePath()
        moved.move(to: .zero)
        moved.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(CGPath.interpolating(line, moved, fraction: 0.5) == nil, "other elements: no path between")
    }

    /// At the ends the path is each of the two, to rounding; a second subpath's first handle is
    /// measured from its own start.
    @Test func theEndsAreThePathsAndSubpathsStartAfresh() throws {
        func twoLoops(_ lift: CGFloat) -> CGPath {
            let path = CGMutablePath()
            for origin in [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 50)] {
                path.move(to: origin)
                path.addCurve(
                    to: CGPoint(x: origin.x + 20, y: origin.y), control1: CGPoint(x: origin.x, y: origin.y + lift),
                    control2: CGPoint(x: origin.x + 20, y: origin.y + lift))
                path.closeSubpath()
            }
            return path
        }
        let (low, high) = (twoLoops(10), twoLoops(30))
        for (fraction, expected) in [(0.0, low), (1.0, high)] {
            let path = try #require(CGPath.interpolating(low, high, fraction: fraction))
            for (ours, theirs) in zip(path.elements, expected.elements) {
                let points = [ours, theirs].map { element -> [CGPoint] in
                    switch element {
                    case let .move(p), let .line(p): [p]
                    case let .quadCurve(p, c): [p, c]
                    case let .curve(p, c1, c2): [p, c1, c2]
                    case .closeSubpath: []
                    }
                }
                for (p, q) in zip(points[0], points[1]) { expectClose(p, q, within: 1e-9) }
            }
        }
        let middle = try #require(CGPath.interpolating(low, high, fraction: 0.5))
        guard case let .curve(_, c1, _) = middle.elements[4] else {
            Issue.record("the second loop's curve: \(middle.elements)")
            return
        }
        expectClose(c1, CGPoint(x: 50, y: 70), "measured from (50, 50), not from the first loop")
    }
}
