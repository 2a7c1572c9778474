import OpenUIKit
import QuartzTestSupport
import Testing

@Suite("UIBezierPath")
struct BezierPathTests {
    @Test func aNewPathIsEmptyWithApplesDefaultStrokeSettings() {
        let path = UIBezierPath()
        #expect(path.isEmpty)
        #expect(path.bounds.isNull)
        #expect(path.currentPoint == .zero)
        #expect(path.lineWidth == 1)
        #expect(path.lineCapStyle == .butt)
        #expect(path.lineJoinStyle == .miter)
        #expect(path.miterLimit == 10)
        expectClose(path.flatness, 0.6, within: 1e-12)
        #expect(!path.usesEvenOddFillRule)
    }

    @Test func aRectPathRunsClockwiseOnScreenFromTheOrigin() {
        let path = UIBezierPath(rect: CGRect(x: 10, y: 20, width: 100, height: 50))
        expectElements(
            path.cgPath.elements,
            [
                .move(to: pt(10, 20)), .line(to: pt(110, 20)), .line(to: pt(110, 70)), .line(to: pt(10, 70)),
                .closeSubpath,
            ])
        #expect(path.bounds == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(path.currentPoint == pt(10, 20), "after a close the current point is the subpath's start")
    }

    @Test func anOvalStartsAtItsRightmostPointAndHasTheRectAsBounds() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
        guard case .move(let start)? = path.cgPath.elements.first else {
            Issue.record("no move first")
            return
        }
        #expect(start == pt(100, 25))
        expectClose(path.bounds, CGRect(x: 0, y: 0, width: 100, height: 50), within: 1e-9)
        #expect(path.cgPath.elements.count == 6)
    }

    @Test func clockwiseArcsSweepTowardsIncreasingAnglesOnAYDownScreen() {
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        expectElements(
            quarter.cgPath.elements,
            [.move(to: pt(10, 0)), .curve(to: pt(0, 10), control1: pt(10, 10 * kappa), control2: pt(10 * kappa, 10))])
        let other = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // Three quarters the other way round, through (0, −10) and (−10, 0).
        #expect(other.cgPath.elements.count == 4)
        expectClose(other.currentPoint, pt(0, 10), within: 1e-9)
    }

    @Test func theBoundsOfAHalfCircleArcHoldItsControlPoints() {
        let below = UIBezierPath(arcCenter: pt(50, 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        expectClose(below.bounds, CGRect(x: 40, y: 50, width: 20, height: 10), within: 1e-9)
        let above = UIBezierPath(arcCenter: pt(50, 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        expectClose(above.bounds, CGRect(x: 40, y: 40, width: 20, height: 10), within: 1e-9)
        // Apple: "including any control points for Bézier and quad curves".
        let hump = UIBezierPath()
        hump.move(to: .zero)
        hump.addQuadCurve(to: pt(10, 0), controlPoint: pt(5, 10))
        #expect(hump.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func reversingDrawsEachSegmentBackwardsFromTheEndPoint() {
        let path = UIBezierPath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(10, 0))
        path.addCurve(to: pt(20, 10), controlPoint1: pt(12, 0), controlPoint2: pt(20, 8))
        path.addQuadCurve(to: pt(30, 10), controlPoint: pt(25, 15))
        path.lineWidth = 4
        let reversed = path.reversing()
        expectElements(
            reversed.cgPath.elements,
            [
                .move(to: pt(30, 10)), .quadCurve(to: pt(20, 10), control: pt(25, 15)),
                .curve(to: pt(10, 0), control1: pt(20, 8), control2: pt(12, 0)), .line(to: pt(0, 0)),
            ])
        #expect(reversed.lineWidth == 4, "the settings are kept")
        expectElements(path.cgPath.elements.prefix(2).map { $0 }, [.move(to: pt(0, 0)), .line(to: pt(10, 0))])
    }

    @Test func reversingAClosedRectStaysClosedAndBeginsAtItsLastCorner() {
        let reversed = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).reversing()
        expectElements(
            reversed.cgPath.elements,
            [.move(to: pt(0, 10)), .line(to: pt(10, 10)), .line(to: pt(10, 0)), .line(to: pt(0, 0)), .closeSubpath])
        let twoParts = UIBezierPath()
        twoParts.move(to: pt(0, 0))
        twoParts.addLine(to: pt(1, 0))
        twoParts.move(to: pt(5, 5))
        twoParts.addLine(to: pt(6, 5))
        expectElements(
            twoParts.reversing().cgPath.elements,
            [.move(to: pt(6, 5)), .line(to: pt(5, 5)), .move(to: pt(1, 0)), .line(to: pt(0, 0))])
    }

    @Test func containsFollowsTheFillRuleForNestedSquares() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        path.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(path.contains(pt(50, 50)), "wound twice the same way: non-zero fills the hole")
        #expect(path.contains(pt(10, 10)))
        #expect(!path.contains(pt(150, 50)))
        path.usesEvenOddFillRule = true
        #expect(!path.contains(pt(50, 50)), "crossed twice: even-odd leaves the hole")
        #expect(path.contains(pt(10, 10)))

        let opposite = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        opposite.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
        #expect(!opposite.contains(pt(50, 50)), "wound both ways: non-zero leaves the hole too")
    }

    @Test func theInsideOfAnOpenSubpathIsNotContained() {
        let open = UIBezierPath()
        open.move(to: pt(0, 0))
        open.addLine(to: pt(100, 0))
        open.addLine(to: pt(100, 100))
        open.addLine(to: pt(0, 100))
        #expect(!open.contains(pt(50, 50)))
        open.close()
        #expect(open.contains(pt(50, 50)))
    }

    @Test func roundedRectCornersAreQuarterCirclesOfTheClampedRadius() {
        let card = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        let elements = card.cgPath.elements
        expectElements(
            Array(elements.prefix(3)),
            [
                .move(to: pt(10, 0)), .line(to: pt(90, 0)),
                .curve(to: pt(100, 10), control1: pt(90 + 10 * kappa, 0), control2: pt(100, 10 - 10 * kappa)),
            ])
        #expect(elements.last == .closeSubpath)
        #expect(card.bounds == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(card.contains(pt(5, 5)), "7.1 from the corner's centre: inside the radius of 10")
        #expect(!card.contains(pt(2, 2)), "11.3 from the corner's centre: cut off")
        #expect(!card.contains(pt(98, 58)))

        let capsule = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 100)
        expectClose(
            capsule.cgPath.elements.first.flatMap { if case .move(let p) = $0 { p } else { nil } } ?? .zero,
            pt(30, 0), within: 1e-9, "the radius is clamped to half the height")
        #expect(capsule.contains(pt(1, 30)))
        #expect(!capsule.contains(pt(3, 5)))

        let square = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0)
        #expect(square.contains(pt(0.5, 0.5)))
    }

    @Test func roundingSomeCornersLeavesTheOthersSquareAndReadsOnlyTheWidth() {
        let tab = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft, .bottomRight],
            cornerRadii: CGSize(width: 10, height: 99))
        #expect(!tab.contains(pt(1, 1)))
        #expect(tab.contains(pt(99, 1)))
        #expect(tab.contains(pt(1, 59)))
        #expect(!tab.contains(pt(99, 59)))
        guard case .move(let start)? = tab.cgPath.elements.first else {
            Issue.record("no move first")
            return
        }
        #expect(start == pt(10, 0))
    }

    @Test func buildingAppendingTransformingAndCopying() {
        let path = UIBezierPath()
        path.addLine(to: pt(5, 5))
        #expect(path.isEmpty, "a line needs a current point")
        path.move(to: pt(1, 1))
        #expect(!path.isEmpty)
        path.addLine(to: pt(3, 1))
        #expect(path.currentPoint == pt(3, 1))
        path.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 2, height: 2)))
        #expect(path.currentPoint == pt(10, 10))
        path.apply(CGAffineTransform(translationX: 1, y: 0).scaledBy(x: 2, y: 2))
        #expect(path.bounds == CGRect(x: 3, y: 2, width: 22, height: 22))

        let copy = path.copy() as? UIBezierPath
        copy?.removeAllPoints()
        #expect(copy?.isEmpty == true && !path.isEmpty, "a copy is independent")

        path.lineWidth = 3
        let shape = UIBezierPath(cgPath: path.cgPath)
        #expect(shape.cgPath == path.cgPath)
        path.cgPath = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(path.lineWidth == 3 && path.bounds == CGRect(x: 0, y: 0, width: 1, height: 1))

        var dashes: [CGFloat] = [4, 2]
        path.setLineDash(&dashes, count: 2, phase: 1)
        var read: [CGFloat] = [0, 0]
        var count = 0
        var phase: CGFloat = 0
        path.getLineDash(&read, count: &count, phase: &phase)
        #expect(read == [4, 2] && count == 2 && phase == 1)
    }

    @Test func aPathFeedsAShapeLayer() {
        let layer = CAShapeLayer()
        layer.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
        expectClose(layer.path?.boundingBoxOfPath ?? .null, CGRect(x: 0, y: 0, width: 20, height: 20), within: 1e-9)
    }
}
