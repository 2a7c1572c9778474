import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

private let allCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
]

/// Points along every segment of `path`, `steps` per curve, ends included.
private func samples(of path: CGPath, steps: Int = 32) -> [CGPoint] {
    var points: [CGPoint] = []
    var current = CGPoint.zero
    var start = CGPoint.zero
    for element in path.elements {
        switch element {
        case .move(let to):
            (current, start) = (to, to)
            points.append(to)
        case .line(let to):
            current = to
            points.append(to)
        case .curve(let to, let c1, let c2):
            for step in 1...steps {
                points.append(cubic(current, c1, c2, to, CGFloat(step) / CGFloat(steps)))
            }
            current = to
        case .quadCurve(let to, _):
            current = to
            points.append(to)
        case .closeSubpath:
            current = start
        }
    }
    return points
}

private func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
    let u = 1 - t
    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

/// The sampled point of the outline's top-left corner closest to the diagonal from the corner.
private func diagonalPoint(of path: CGPath, corner: CGPoint, within reach: CGFloat) -> CGPoint {
    samples(of: path, steps: 400)
        .filter { $0.x - corner.x < reach && $0.y - corner.y < reach && $0.x - corner.x > 0 && $0.y - corner.y > 0 }
        .min { abs(($0.x - corner.x) - ($0.y - corner.y)) < abs(($1.x - corner.x) - ($1.y - corner.y)) }!
}

@Suite("RoundedCorners: the outline of backgrounds, borders and clips")
struct RoundedCornersTests {
    @Test func circularCornersAreQuarterCircles() {
        let rect = CGRect(x: 10, y: 20, width: 64, height: 48)
        let outline = RoundedCorners(rect: rect, radius: 12, corners: allCorners, curve: .circular)
        expectClose(outline.path.boundingBox, rect, within: 1e-9)
        // Every point within 12 of two edges lies 12 from its corner's centre, to the cubic's 0.03 %.
        for point in samples(of: outline.path) {
            let nearLeft = point.x < rect.minX + 12
            let nearTop = point.y < rect.minY + 12
            guard nearLeft || point.x > rect.maxX - 12, nearTop || point.y > rect.maxY - 12 else { continue }
            let centre = CGPoint(
                x: nearLeft ? rect.minX + 12 : rect.maxX - 12, y: nearTop ? rect.minY + 12 : rect.maxY - 12)
            expectClose(hypot(point.x - centre.x, point.y - centre.y), 12, within: 12 * 3e-4, "\(point)")
        }
    }

    @Test func continuousCornersLeaveTheEdgesOneAndAHalfRadiiFromTheCorner() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let outline = RoundedCorners(rect: rect, radius: 10, corners: allCorners, curve: .continuous)
        #expect(outline.smoothing == 1)
        expectClose(outline.cornerExtent, 15.2866483, within: 1e-6)
        let elements = outline.path.elements
        // It starts where the top-left corner meets the top edge, and the straight top edge runs
        // to where the top-right corner starts.
        guard case .move(let start) = elements[0] else { Issue.record("expected a move"); return }
        expectClose(start, CGPoint(x: 15.2866483, y: 0), within: 1e-9)
        guard case .line(let edgeEnd) = elements[1] else { Issue.record("expected the top edge"); return }
        expectClose(edgeEnd, CGPoint(x: 100 - 15.2866483, y: 0), within: 1e-9)
        // The first curve's two controls lie on the edge: the curvature starts from zero there,
        // where a circular corner's jumps to 1 / radius.
        guard case .curve(_, let control1, let control2) = elements[2] else {
            Issue.record("expected the corner's first curve")
            return
        }
        #expect(control1.y == 0 && control2.y == 0)
        expectClose(outline.path.boundingBox, rect, within: 1e-9)
    }

    @Test func continuousCornerMeetsTheCircleOnTheDiagonal() {
        // Apple's curve starts farther out but crosses the diagonal almost where a circle of the
        // same radius does (0.2915 r from the corner against 0.2929 r on each axis).
        let rect = CGRect(x: 0, y: 0, width: 200, height: 200)
        let continuous = RoundedCorners(rect: rect, radius: 40, corners: allCorners, curve: .continuous).path
        let circular = RoundedCorners(rect: rect, radius: 40, corners: allCorners, curve: .circular).path
        let a = diagonalPoint(of: continuous, corner: .zero, within: 40)
        let b = diagonalPoint(of: circular, corner: .zero, within: 40)
        expectClose(b.x, 40 * (1 - 0.5.squareRoot()), within: 0.05)
        expectClose(a.x, b.x, within: 40 * 0.005)
        expectClose(a.y, b.y, within: 40 * 0.005)
    }

    @Test func cornersAreMirrorImagesOfOneAnother() {
        let rect = CGRect(x: 4, y: 6, width: 90, height: 60)
        let path = RoundedCorners(rect: rect, radius: 14, corners: allCorners, curve: .continuous).path
        let points = samples(of: path)
        // Every point, mirrored across either axis of symmetry, lies on the outline too.
        for point in points {
            let mirrors = [
                CGPoint(x: rect.midX * 2 - point.x, y: point.y), CGPoint(x: point.x, y: rect.midY * 2 - point.y),
            ]
            for mirrored in mirrors {
                let nearest = points.map { hypot($0.x - mirrored.x, $0.y - mirrored.y) }.min()!
                #expect(nearest < 1e-6, "\(point) mirrored to \(mirrored) is \(nearest) off the outline")
            }
        }
    }

    @Test func aContinuousCornerWithNoRoomBecomesCircular() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        // Half the shorter side: a capsule with circular ends.
        let capsule = RoundedCorners(rect: rect, radius: 20, corners: allCorners, curve: .continuous)
        #expect(capsule.smoothing == 0)
        #expect(capsule.path == RoundedCorners(rect: rect, radius: 20, corners: allCorners, curve: .circular).path)
        // A radius larger than that is clamped, as cornerRadius is.
        #expect(RoundedCorners(rect: rect, radius: 50, corners: allCorners, curve: .continuous).radius == 20)
        // In between, the corner reaches exactly to the middle of the short side.
        let between = RoundedCorners(rect: rect, radius: 16, corners: allCorners, curve: .continuous)
        expectClose(between.smoothing, (20.0 / 16 - 1) / 0.52866483, within: 1e-9)
        expectClose(between.cornerExtent, 20, within: 1e-9)
        let box = between.path.boundingBox
        expectClose(box, rect, within: 1e-9)
        // Its corner ends on the right edge half-way down: the two right corners meet there.
        let points = samples(of: between.path)
        #expect(points.contains { abs($0.x - 100) < 1e-9 && abs($0.y - 20) < 1e-9 })
        #expect(!points.contains { abs($0.x - 100) < 1e-9 && ($0.y < 19.999 || $0.y > 20.001) })
    }

    @Test func onlyTheMaskedCornersAreRounded() {
        let rect = CGRect(x: 0, y: 0, width: 80, height: 60)
        let outline = RoundedCorners(
            rect: rect, radius: 16, corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner], curve: .circular)
        let points = samples(of: outline.path)
        #expect(points.contains(CGPoint(x: 80, y: 0)), "the top-right corner stays square")
        #expect(points.contains(CGPoint(x: 0, y: 60)), "the bottom-left corner stays square")
        #expect(!points.contains(CGPoint(x: 0, y: 0)))
        #expect(!points.contains(CGPoint(x: 80, y: 60)))
        #expect(outline.path.elements.first == .move(to: CGPoint(x: 16, y: 0)))
        let none = RoundedCorners(rect: rect, radius: 16, corners: [], curve: .continuous)
        #expect(none.path.boundingBox == rect)
        #expect(none.path.elements.count == 6, "a plain rectangle: move, four lines, close")
    }

    @Test func insetOutlinesAreConcentric() {
        let rect = CGRect(x: 0, y: 0, width: 80, height: 60)
        let outline = RoundedCorners(rect: rect, radius: 16, corners: allCorners, curve: .circular).inset(by: 4)
        #expect(outline.rect == CGRect(x: 4, y: 4, width: 72, height: 52))
        #expect(outline.radius == 12)
        // The corner still turns about (16, 16): 12 from it.
        let corner = diagonalPoint(of: outline.path, corner: CGPoint(x: 4, y: 4), within: 12)
        expectClose(hypot(corner.x - 16, corner.y - 16), 12, within: 0.05)
        let continuous = RoundedCorners(rect: rect, radius: 24, corners: allCorners, curve: .continuous)
        #expect(continuous.inset(by: 3).smoothing == continuous.smoothing)
        #expect(RoundedCorners(rect: rect, radius: 2, corners: allCorners, curve: .circular).inset(by: 3).corners == [])
    }

    @Test func radiiThatAreNotNumbersRoundNothing() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        for radius in [CGFloat.nan, .infinity, -4, 0] {
            let outline = RoundedCorners(rect: rect, radius: radius, corners: allCorners, curve: .continuous)
            #expect(outline.path.boundingBox == rect)
            #expect(outline.corners == [])
        }
    }
}
