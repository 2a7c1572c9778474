import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@Suite struct CGPathConstructionTests {
    @Test func newPathIsEmpty() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.elements.isEmpty)
        #expect(path.currentPoint == .zero)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
        #expect(!path.contains(.zero))
    }

    @Test func segmentsWithoutACurrentPointAreIgnored() {
        let path = CGMutablePath()
        path.addLine(to: pt(1, 1))
        path.addCurve(to: pt(1, 1), control1: pt(0, 1), control2: pt(1, 0))
        path.closeSubpath()
        #expect(path.isEmpty)
    }

    @Test func linesRecordMovesAndLines() {
        let path = CGMutablePath()
        path.addLines(between: [pt(0, 0), pt(10, 0), pt(10, 5)])
        #expect(path.elements == [.move(to: pt(0, 0)), .line(to: pt(10, 0)), .line(to: pt(10, 5))])
        #expect(path.currentPoint == pt(10, 5))
        #expect(!path.isEmpty)
    }

    @Test func closeReturnsTheCurrentPointToTheSubpathStart() {
        let path = CGMutablePath()
        path.move(to: pt(1, 2))
        path.addQuadCurve(to: pt(5, 2), control: pt(3, 6))
        #expect(path.currentPoint == pt(5, 2))
        path.closeSubpath()
        path.closeSubpath()
        #expect(path.currentPoint == pt(1, 2))
        #expect(path.elements == [.move(to: pt(1, 2)), .quadCurve(to: pt(5, 2), control: pt(3, 6)), .closeSubpath])
    }

    @Test func rectIsMoveThreeLinesAndClose() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        #expect(
            path.elements == [
                .move(to: pt(1, 2)), .line(to: pt(4, 2)), .line(to: pt(4, 6)), .line(to: pt(1, 6)), .closeSubpath,
            ])
        #expect(path.currentPoint == pt(1, 2))
    }

    @Test func rectWithNegativeSizeIsStandardized() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 4, y: 6, width: -3, height: -4))
        #expect(path.elements.first == .move(to: pt(1, 2)))
        #expect(path.elements[1] == .line(to: pt(4, 2)))
    }

    @Test func rectTransformPointerMapsEveryPoint() {
        var t = CGAffineTransform(translationX: 10, y: 20)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(
            path.elements == [
                .move(to: pt(10, 20)), .line(to: pt(11, 20)), .line(to: pt(11, 21)), .line(to: pt(10, 21)),
                .closeSubpath,
            ])
    }

    @Test func ellipseStartsAtTheRightAndSweepsTowardsMaxY() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let kx = 50 * kappa
        let ky = 25 * kappa
        expectElements(
            path.elements,
            [
                .move(to: pt(100, 25)),
                .curve(to: pt(50, 50), control1: pt(100, 25 + ky), control2: pt(50 + kx, 50)),
                .curve(to: pt(0, 25), control1: pt(50 - kx, 50), control2: pt(0, 25 + ky)),
                .curve(to: pt(50, 0), control1: pt(0, 25 - ky), control2: pt(50 - kx, 0)),
                .curve(to: pt(100, 25), control1: pt(50 + kx, 0), control2: pt(100, 25 - ky)),
                .closeSubpath,
            ], within: 1e-9)
    }

    @Test func roundedRectRunsDownTheRightEdgeFirst() {
        let path = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 10, cornerHeight: 20, transform: nil)
        let kx = 10 * kappa
        let ky = 20 * kappa
        expectElements(
            path.elements,
            [
                .move(to: pt(100, 20)),
                .line(to: pt(100, 40)),
                .curve(to: pt(90, 60), control1: pt(100, 40 + ky), control2: pt(90 + kx, 60)),
                .line(to: pt(10, 60)),
                .curve(to: pt(0, 40), control1: pt(10 - kx, 60), control2: pt(0, 40 + ky)),
                .line(to: pt(0, 20)),
                .curve(to: pt(10, 0), control1: pt(0, 20 - ky), control2: pt(10 - kx, 0)),
                .line(to: pt(90, 0)),
                .curve(to: pt(100, 20), control1: pt(90 + kx, 0), control2: pt(100, 20 - ky)),
                .closeSubpath,
            ], within: 1e-9)
        expectClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 60), within: 1e-9)
    }

    @Test func roundedRectWithZeroCornersIsARect() {
        let rect = CGRect(x: 0, y: 0, width: 4, height: 3)
        let rounded = CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 0, transform: nil)
        #expect(rounded == CGPath(rect: rect, transform: nil))
    }

    @Test func addRectsAddsOneSubpathEach() {
        let path = CGMutablePath()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(path.elements.count == 10)
        #expect(path.elements[5] == .move(to: pt(5, 5)))
    }

    @Test func addPathAppendsTransformedElements() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let path = CGMutablePath()
        path.addPath(square, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(path.elements[2] == .line(to: pt(2, 2)))
        path.addPath(path)
        #expect(path.elements.count == 10)
    }

    @Test func copyIsImmutableAndEqual() throws {
        let mutable = CGMutablePath()
        mutable.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        let immutable = try #require(mutable.copy())
        #expect(!(immutable is CGMutablePath))
        #expect(immutable == mutable)
        #expect(immutable.hashValue == mutable.hashValue)
        let copyOfImmutable = try #require(immutable.copy())
        #expect(copyOfImmutable === immutable)
        mutable.addLine(to: pt(0, 0))
        #expect(immutable != mutable)
    }

    @Test func copyUsingTransformMapsEveryPoint() throws {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1), transform: nil)
        var t = CGAffineTransform(rotationAngle: .pi / 2)
        let rotated = try #require(path.copy(using: &t))
        expectElements(
            rotated.elements,
            [.move(to: pt(0, 0)), .line(to: pt(0, 2)), .line(to: pt(-1, 2)), .line(to: pt(-1, 0)), .closeSubpath],
            within: 1e-12)
        #expect(try #require(path.copy(using: nil)) == path)
    }

    @Test func mutableCopyIsIndependent() throws {
        let original = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let copy = try #require(original.mutableCopy())
        copy.addLine(to: pt(3, 3))
        #expect(original.elements.count == 5)
        #expect(copy.elements.count == 6)
        var t = CGAffineTransform(translationX: 1, y: 0)
        let moved = try #require(original.mutableCopy(using: &t))
        #expect(moved.elements.first == .move(to: pt(1, 0)))
    }

    @Test func descriptionListsElements() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(1.5, 2))
        path.addCurve(to: pt(3, 3), control1: pt(1, 1), control2: pt(2, 2))
        path.closeSubpath()
        let lines = path.description.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Path 0x") == true)
        #expect(
            Array(lines.dropFirst())
                == ["  moveto (0, 0)", "    lineto (1.5, 2)", "    curveto (1, 1) (2, 2) (3, 3)", "    closepath"])
    }
}
