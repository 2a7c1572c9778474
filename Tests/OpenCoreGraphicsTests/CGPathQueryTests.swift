import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@Suite struct CGPathQueryTests {
    @Test func boundingBoxIncludesControlPointsButBoundingBoxOfPathDoesNot() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addCurve(to: pt(10, 0), control1: pt(0, 10), control2: pt(10, 10))
        expectClose(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10), within: 1e-12)
        // The curve peaks at t = 1/2: y = 3·(1/2)(1/4)·10 + 3·(1/4)(1/2)·10 = 7.5.
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5), within: 1e-12)
    }

    @Test func quadCurveBoundsUseItsExtremum() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addQuadCurve(to: pt(10, 0), control: pt(5, 10))
        expectClose(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10), within: 1e-12)
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 5), within: 1e-12)
    }

    @Test func curveOvershootingItsEndsWidensTheTightBox() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addCurve(to: pt(10, 0), control1: pt(-10, 0), control2: pt(20, 0))
        // x(t) = -30t + 120t² - 80t³ has its minimum where 8t² - 8t + 1 = 0: t = 1/2 - √2/4.
        let t = 0.5 - 2.0.squareRoot() / 4
        let minimumX = -30 * t + 120 * t * t - 80 * t * t * t
        let box = path.boundingBoxOfPath
        expectClose(box.minX, minimumX, within: 1e-9)
        expectClose(box.maxX, 10 - minimumX, within: 1e-9)
        expectClose(path.boundingBox, CGRect(x: -10, y: 0, width: 30, height: 0), within: 1e-12)
    }

    /// The tight box is kept as elements are added: it follows a path that keeps growing, and
    /// a curve after a close starts from the subpath's start.
    @Test func theTightBoxFollowsEveryElementAdded() {
        let path = CGMutablePath()
        #expect(path.boundingBoxOfPath == .null)
        path.move(to: pt(0, 0))
        path.addLine(to: pt(4, 0))
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 4, height: 0), within: 1e-12)
        path.addLine(to: pt(4, 4))
        path.closeSubpath()
        // From (0, 0), where the close returned: y(t) = 3t(1−t)²·(−8) + 3t²(1−t)·(−8) = −6 at t = 1/2.
        path.addCurve(to: pt(2, 0), control1: pt(0, -8), control2: pt(2, -8))
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: -6, width: 4, height: 10), within: 1e-12)
        path.move(to: pt(-3, 1))
        expectClose(path.boundingBoxOfPath, CGRect(x: -3, y: -6, width: 7, height: 10), within: 1e-12)
    }

    @Test func circleBoundsAreItsRect() {
        let path = CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 100, height: 100), transform: nil)
        expectClose(path.boundingBoxOfPath, CGRect(x: 10, y: 20, width: 100, height: 100), within: 1e-9)
        expectClose(path.boundingBox, CGRect(x: 10, y: 20, width: 100, height: 100), within: 1e-9)
    }

    @Test func containsUsesTheWindingRule() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(path.contains(pt(5, 5)))
        #expect(path.contains(pt(5, 5), using: .winding))
        #expect(!path.contains(pt(5, 5), using: .evenOdd))
        #expect(path.contains(pt(1, 1), using: .evenOdd))
        #expect(!path.contains(pt(11, 5)))
        #expect(!path.contains(pt(-1, 5), using: .evenOdd))
    }

    @Test func oppositelyWoundHoleIsEmptyUnderBothRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addLines(between: [pt(2, 2), pt(2, 8), pt(8, 8), pt(8, 2)])
        path.closeSubpath()
        #expect(!path.contains(pt(5, 5), using: .winding))
        #expect(!path.contains(pt(5, 5), using: .evenOdd))
        #expect(path.contains(pt(1, 5), using: .winding))
    }

    @Test func containsTransformsThePointFirst() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(!path.contains(pt(-5, 5)))
        #expect(path.contains(pt(-5, 5), transform: CGAffineTransform(translationX: 10, y: 0)))
    }

    @Test func containsFollowsCurvedEdges() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        #expect(circle.contains(pt(99.9, 50)))
        #expect(!circle.contains(pt(100.1, 50)))
        // Along the diagonal the edge is at 50 + 50/√2 ≈ 85.355.
        #expect(circle.contains(pt(85.3, 85.3)))
        #expect(!circle.contains(pt(85.5, 85.5)))
    }

    @Test func openSubpathsCountAsClosedForContainment() {
        let path = CGMutablePath()
        path.addLines(between: [pt(0, 0), pt(10, 0), pt(0, 10)])
        #expect(path.contains(pt(2, 2)))
        #expect(!path.contains(pt(8, 8)))
    }

    @Test func flattenedPathHasOnlyLinesNearTheCurve() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let flat = circle.flattened(threshold: 0.1)
        var lines = 0
        for element in flat.elements {
            switch element {
            case .line(let p):
                lines += 1
                expectClose(Double(hypot(p.x, p.y)), 10, within: 0.1)
            case .move, .closeSubpath: break
            default: Issue.record("unexpected \(element)")
            }
        }
        #expect(lines > 8)
        #expect(flat.elements.last == .closeSubpath)
    }

    @Test func isRectRecognizesRectangles() {
        var rect = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
        expectClose(rect, CGRect(x: 1, y: 2, width: 3, height: 4), within: 0)
        let drawn = CGMutablePath()
        drawn.addLines(between: [pt(0, 0), pt(0, 5), pt(5, 5), pt(5, 0), pt(0, 0)])
        #expect(drawn.isRect(nil))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(nil))
        let open = CGMutablePath()
        open.addLines(between: [pt(0, 0), pt(0, 5), pt(5, 5), pt(5, 0)])
        #expect(!open.isRect(nil))
        let skewed = CGMutablePath()
        skewed.addLines(between: [pt(0, 0), pt(5, 0), pt(6, 5), pt(0, 5)])
        skewed.closeSubpath()
        #expect(!skewed.isRect(nil))
    }

    @Test func applyWithBlockHandsOutApplesPointOrder() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addQuadCurve(to: pt(2, 0), control: pt(1, 1))
        path.addCurve(to: pt(5, 0), control1: pt(3, 1), control2: pt(4, 1))
        path.addLine(to: pt(6, 0))
        path.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        path.applyWithBlock { element in
            let count = [1, 1, 2, 3, 0][Int(element.pointee.type.rawValue)]
            types.append(element.pointee.type)
            points.append(contentsOf: (0..<count).map { element.pointee.points[$0] })
        }
        #expect(types == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .addLineToPoint, .closeSubpath])
        #expect(points == [pt(0, 0), pt(1, 1), pt(2, 0), pt(3, 1), pt(4, 1), pt(5, 0), pt(6, 0)])
    }

    @Test func applyPassesInfoToTheFunction() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            path.apply(info: counter) { info, _ in
                info!.assumingMemoryBound(to: Int.self).pointee += 1
            }
        }
        #expect(count == 5)
    }

    @Test func elementTypesHaveApplesRawValues() {
        let types: [CGPathElementType] = [
            .moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath,
        ]
        #expect(types.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(CGPathFillRule.winding.rawValue == 0)
        #expect(CGPathFillRule.evenOdd.rawValue == 1)
    }
}
