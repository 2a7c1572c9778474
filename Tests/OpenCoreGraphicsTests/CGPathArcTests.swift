import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@Suite struct CGPathArcTests {
    private func arc(_ start: Double, _ end: Double, clockwise: Bool) -> [PathElement] {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
        return path.elements
    }

    @Test func counterClockwiseQuarterIsOneCurve() {
        expectElements(
            arc(0, .pi / 2, clockwise: false),
            [.move(to: pt(10, 0)), .curve(to: pt(0, 10), control1: pt(10, 10 * kappa), control2: pt(10 * kappa, 10))],
            within: 1e-9)
    }

    @Test func clockwiseMeansDecreasingAngle() {
        expectElements(
            arc(0, -.pi / 2, clockwise: true),
            [
                .move(to: pt(10, 0)),
                .curve(to: pt(0, -10), control1: pt(10, -10 * kappa), control2: pt(10 * kappa, -10)),
            ],
            within: 1e-9)
    }

    @Test func clockwiseToALargerAngleGoesTheLongWayRound() {
        let k = 10 * kappa
        expectElements(
            arc(0, .pi / 2, clockwise: true),
            [
                .move(to: pt(10, 0)),
                .curve(to: pt(0, -10), control1: pt(10, -k), control2: pt(k, -10)),
                .curve(to: pt(-10, 0), control1: pt(-k, -10), control2: pt(-10, -k)),
                .curve(to: pt(0, 10), control1: pt(-10, k), control2: pt(-k, 10)),
            ], within: 1e-9)
    }

    @Test func fullTurnCounterClockwiseIsFourQuarters() {
        let elements = arc(0, 2 * .pi, clockwise: false)
        #expect(elements.count == 5)
        if case .curve(let end, _, _)? = elements.last {
            expectClose(end, pt(10, 0), within: 1e-9)
        } else {
            Issue.record("last element is not a curve: \(elements)")
        }
    }

    @Test func fullTurnClockwiseFromZeroToTwoPiDrawsNothing() {
        expectElements(arc(0, 2 * .pi, clockwise: true), [.move(to: pt(10, 0))], within: 1e-12)
    }

    @Test func sweepsOverATurnAreClampedToAFullCircle() {
        #expect(arc(0, 5 * .pi, clockwise: false).count == 5)
    }

    @Test func halfTurnIsTwoQuarters() {
        let k = 10 * kappa
        expectElements(
            arc(0, .pi, clockwise: false),
            [
                .move(to: pt(10, 0)),
                .curve(to: pt(0, 10), control1: pt(10, k), control2: pt(k, 10)),
                .curve(to: pt(-10, 0), control1: pt(-k, 10), control2: pt(-10, k)),
            ], within: 1e-9)
    }

    @Test func threeEighthsTurnIsSplitIntoEqualSegments() {
        let elements = arc(0, 3 * .pi / 4, clockwise: false)
        #expect(elements.count == 3)
        let step = 3 * Double.pi / 8
        let handle = 4.0 / 3.0 * tan(step / 4) * 10
        expectElements(
            Array(elements.prefix(2)),
            [
                .move(to: pt(10, 0)),
                .curve(
                    to: pt(10 * cos(step), 10 * sin(step)), control1: pt(10, handle),
                    control2: pt(10 * cos(step) + handle * sin(step), 10 * sin(step) - handle * cos(step))),
            ], within: 1e-9)
    }

    @Test func arcOnANonEmptyPathStartsWithALine() {
        let path = CGMutablePath()
        path.move(to: pt(20, 0))
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements.count == 3)
        #expect(path.elements[1] == .line(to: pt(10, 0)))
        expectClose(path.currentPoint, pt(0, 10), within: 1e-9)
    }

    @Test func arcStartingAtTheCurrentPointAddsNoLine() {
        let path = CGMutablePath()
        path.move(to: pt(10, 0))
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements.count == 2)
    }

    @Test func relativeArcSweepsByDelta() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: .pi / 2, delta: -.pi / 2)
        expectElements(
            path.elements,
            [.move(to: pt(0, 10)), .curve(to: pt(10, 0), control1: pt(10 * kappa, 10), control2: pt(10, 10 * kappa))],
            within: 1e-9)
    }

    @Test func arcTransformMapsTheCurve() {
        let path = CGMutablePath()
        path.addArc(
            center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false,
            transform: CGAffineTransform(translationX: 100, y: 0))
        expectElements(
            path.elements,
            [
                .move(to: pt(110, 0)),
                .curve(to: pt(100, 10), control1: pt(110, 10 * kappa), control2: pt(100 + 10 * kappa, 10)),
            ], within: 1e-9)
    }

    @Test func tangentArcRoundsTheCorner() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 5)
        expectElements(
            path.elements,
            [
                .move(to: pt(0, 0)),
                .line(to: pt(5, 0)),
                .curve(to: pt(10, 5), control1: pt(5 + 5 * kappa, 0), control2: pt(10, 5 - 5 * kappa)),
            ], within: 1e-9)
        expectClose(path.currentPoint, pt(10, 5), within: 1e-9)
    }

    @Test func tangentArcTurningTheOtherWaySweepsBackwards() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, -10), radius: 5)
        expectElements(
            path.elements,
            [
                .move(to: pt(0, 0)),
                .line(to: pt(5, 0)),
                .curve(to: pt(10, -5), control1: pt(5 + 5 * kappa, 0), control2: pt(10, -5 + 5 * kappa)),
            ], within: 1e-9)
    }

    @Test func tangentArcWithTransformUsesUntransformedGeometry() {
        let path = CGMutablePath()
        let t = CGAffineTransform(translationX: 100, y: 100)
        path.move(to: pt(0, 0), transform: t)
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 5, transform: t)
        expectClose(path.currentPoint, pt(110, 105), within: 1e-9)
        #expect(path.elements.count == 3)
    }

    @Test func collinearTangentArcIsALineToTheFirstTangentEnd() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(20, 0), radius: 5)
        #expect(path.elements == [.move(to: pt(0, 0)), .line(to: pt(10, 0))])
    }

    @Test func tangentArcOnAnEmptyPathAddsNothing() {
        let path = CGMutablePath()
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 5)
        #expect(path.isEmpty)
    }
}
