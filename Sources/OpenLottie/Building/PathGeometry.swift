import Foundation
import OpenCoreGraphics

/// The paths Lottie's shapes draw, built vertex by vertex as lottie-ios builds them (where each
/// path starts and which way it runs decide where trims and dashes fall).
enum PathGeometry {
    /// The magic number of a quarter ellipse's handles, as lottie-ios rounds it.
    static let ellipseHandle = 0.55228
    static let polystarHandle = 0.47829
    static let polygonHandle = 0.25

    /// `shape` as a `CGPath`: straight segments where both handles are zero, curves elsewhere,
    /// and for a closed path a segment back to the first vertex before closing.
    static func cgPath(_ shape: BezierShape) -> CGMutablePath {
        let path = CGMutablePath()
        append(shape, to: path)
        return path
    }

    static func append(_ shape: BezierShape, to path: CGMutablePath) {
        guard let first = shape.vertices.first else { return }
        path.move(to: first.point)
        var previous = first
        func segment(to vertex: BezierShape.Vertex) {
            if previous.outTangent == .zero, vertex.inTangent == .zero {
                path.addLine(to: vertex.point)
            } else {
                path.addCurve(
                    to: vertex.point,
                    control1: CGPoint(
                        x: previous.point.x + previous.outTangent.x, y: previous.point.y + previous.outTangent.y),
                    control2: CGPoint(x: vertex.point.x + vertex.inTangent.x, y: vertex.point.y + vertex.inTangent.y))
            }
            previous = vertex
        }
        for vertex in shape.vertices.dropFirst() { segment(to: vertex) }
        if shape.isClosed {
            if shape.drawsClosingSegment { segment(to: first) }
            path.closeSubpath()
        }
    }

    /// `path` repeated `times` times (trims past 100 % run over the copies).
    static func duplicated(_ path: CGPath, times: Int) -> CGPath {
        guard times > 1 else { return path }
        let result = CGMutablePath()
        for _ in 0..<times { result.addPath(path) }
        return result
    }

    private static func vertex(_ point: CGPoint, in inTangent: CGPoint, out outTangent: CGPoint) -> BezierShape.Vertex {
        // Absolute handles, stored relative.
        BezierShape.Vertex(
            point: point, inTangent: CGPoint(x: inTangent.x - point.x, y: inTangent.y - point.y),
            outTangent: CGPoint(x: outTangent.x - point.x, y: outTangent.y - point.y))
    }

    static func reversed(_ vertices: [BezierShape.Vertex]) -> [BezierShape.Vertex] {
        vertices.reversed().map {
            BezierShape.Vertex(point: $0.point, inTangent: $0.outTangent, outTangent: $0.inTangent)
        }
    }

    /// An ellipse from 12 o'clock, clockwise unless `counterClockwise`.
    static func ellipse(center: CGPoint, size: CGSize, counterClockwise: Bool) -> BezierShape {
        var half = CGSize(width: size.width / 2, height: size.height / 2)
        if counterClockwise { half.width = -half.width }
        let handle = CGSize(width: half.width * ellipseHandle, height: half.height * ellipseHandle)
        let top = CGPoint(x: center.x, y: center.y - half.height)
        let vertices = [
            BezierShape.Vertex(
                point: top, inTangent: CGPoint(x: -handle.width, y: 0), outTangent: CGPoint(x: handle.width, y: 0)),
            BezierShape.Vertex(
                point: CGPoint(x: center.x + half.width, y: center.y), inTangent: CGPoint(x: 0, y: -handle.height),
                outTangent: CGPoint(x: 0, y: handle.height)),
            BezierShape.Vertex(
                point: CGPoint(x: center.x, y: center.y + half.height), inTangent: CGPoint(x: handle.width, y: 0),
                outTangent: CGPoint(x: -handle.width, y: 0)),
            BezierShape.Vertex(
                point: CGPoint(x: center.x - half.width, y: center.y), inTangent: CGPoint(x: 0, y: handle.height),
                outTangent: CGPoint(x: 0, y: -handle.height)),
            BezierShape.Vertex(
                point: top, inTangent: CGPoint(x: -handle.width, y: 0), outTangent: CGPoint(x: handle.width, y: 0)),
        ]
        return BezierShape(vertices: vertices, isClosed: true, drawsClosingSegment: false)
    }

    /// A rectangle centred on `position`, from its top right corner, with corners rounded by
    /// `radius` (at most half the shorter side).
    static func rectangle(position: CGPoint, size: CGSize, radius cornerRadius: Double, counterClockwise: Bool)
        -> BezierShape
    {
        let w = size.width / 2
        let h = size.height / 2
        let r = min(min(cornerRadius, w), h)
        func at(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x + position.x, y: y + position.y) }
        var vertices: [BezierShape.Vertex]
        if r <= 0 {
            vertices = [at(w, -h), at(w, h), at(-w, h), at(-w, -h), at(w, -h)].map {
                BezierShape.Vertex(point: $0, inTangent: .zero, outTangent: .zero)
            }
        } else {
            let c = r * ellipseHandle
            vertices = [
                vertex(at(w, -h + r), in: at(w, -h + r), out: at(w, -h + r)),
                vertex(at(w, h - r), in: at(w, h - r), out: at(w, h - r + c)),
                vertex(at(w - r, h), in: at(w - r + c, h), out: at(w - r, h)),
                vertex(at(-w + r, h), in: at(-w + r, h), out: at(-w + r - c, h)),
                vertex(at(-w, h - r), in: at(-w, h - r + c), out: at(-w, h - r)),
                vertex(at(-w, -h + r), in: at(-w, -h + r), out: at(-w, -h + r - c)),
                vertex(at(-w + r, -h), in: at(-w + r - c, -h), out: at(-w + r, -h)),
                vertex(at(w - r, -h), in: at(w - r, -h), out: at(w - r + c, -h)),
                vertex(at(w, -h + r), in: at(w, -h + r - c), out: at(w, -h + r)),
            ]
        }
        if counterClockwise { vertices = reversed(vertices) }
        return BezierShape(vertices: vertices, isClosed: true, drawsClosingSegment: false)
    }

    /// A star or polygon: `points` outer points from `rotation` degrees past 12 o'clock.
    static func star(
        position: CGPoint, outerRadius: Double, innerRadius: Double, outerRoundness: Double, innerRoundness: Double,
        points numberOfPoints: Double, rotation: Double, isPolygon: Bool, counterClockwise: Bool
    ) -> BezierShape {
        let count = min(max(numberOfPoints, 0), 10_000)
        guard count > 0 else { return BezierShape(vertices: [], isClosed: true, drawsClosingSegment: false) }
        if isPolygon {
            return polygon(
                position: position, radius: outerRadius, roundness: outerRoundness, points: count, rotation: rotation,
                counterClockwise: counterClockwise)
        }
        var angle = (rotation - 90) * .pi / 180
        let anglePerPoint = 2 * Double.pi / count
        let halfAngle = anglePerPoint / 2
        let partial = count - count.rounded(.down)
        let outerRound = outerRoundness * 0.01
        let innerRound = innerRoundness * 0.01
        var point = CGPoint.zero
        var partialRadius = 0.0
        if partial != 0 {
            angle += halfAngle * (1 - partial)
            partialRadius = innerRadius + partial * (outerRadius - innerRadius)
            point = CGPoint(x: partialRadius * cos(angle), y: partialRadius * sin(angle))
            angle += anglePerPoint * partial / 2
        } else {
            point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
            angle += halfAngle
        }
        func shifted(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + position.x, y: p.y + position.y) }
        var vertices = [BezierShape.Vertex(point: shifted(point), inTangent: .zero, outTangent: .zero)]
        var long = false
        let total = Int(count.rounded(.up) * 2)
        for index in 0..<total {
            var radius = long ? outerRadius : innerRadius
            var step = halfAngle
            if partialRadius != 0, index == total - 2 { step = anglePerPoint * partial / 2 }
            if partialRadius != 0, index == total - 1 { radius = partialRadius }
            let previous = point
            point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            if innerRound == 0, outerRound == 0 {
                vertices.append(BezierShape.Vertex(point: shifted(point), inTangent: .zero, outTangent: .zero))
            } else {
                let theta1 = atan2(previous.y, previous.x) - .pi / 2
                let theta2 = atan2(point.y, point.x) - .pi / 2
                let round1 = long ? innerRound : outerRound
                let round2 = long ? outerRound : innerRound
                let radius1 = long ? innerRadius : outerRadius
                let radius2 = long ? outerRadius : innerRadius
                var cp1 = CGPoint(
                    x: radius1 * round1 * polystarHandle * cos(theta1),
                    y: radius1 * round1 * polystarHandle * sin(theta1))
                var cp2 = CGPoint(
                    x: radius2 * round2 * polystarHandle * cos(theta2),
                    y: radius2 * round2 * polystarHandle * sin(theta2))
                if partial != 0 {
                    if index == 0 {
                        cp1 = CGPoint(x: cp1.x * partial, y: cp1.y * partial)
                    } else if index == total - 1 {
                        cp2 = CGPoint(x: cp2.x * partial, y: cp2.y * partial)
                    }
                }
                vertices[vertices.count - 1].outTangent = CGPoint(x: -cp1.x, y: -cp1.y)
                vertices.append(BezierShape.Vertex(point: shifted(point), inTangent: cp2, outTangent: .zero))
            }
            angle += step
            long.toggle()
        }
        if counterClockwise { vertices = reversed(vertices) }
        return BezierShape(vertices: vertices, isClosed: true, drawsClosingSegment: false)
    }

    private static func polygon(
        position: CGPoint, radius: Double, roundness: Double, points count: Double, rotation: Double,
        counterClockwise: Bool
    ) -> BezierShape {
        var angle = (rotation - 90) * .pi / 180
        let anglePerPoint = 2 * Double.pi / count.rounded(.down)
        let round = roundness * 0.01
        var point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
        func shifted(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + position.x, y: p.y + position.y) }
        var vertices = [BezierShape.Vertex(point: shifted(point), inTangent: .zero, outTangent: .zero)]
        angle += anglePerPoint
        let total = Int(count.rounded(.up))
        for _ in 0..<total {
            let previous = point
            point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            if round != 0 {
                let theta1 = atan2(previous.y, previous.x) - .pi / 2
                let theta2 = atan2(point.y, point.x) - .pi / 2
                let handle = radius * round * polygonHandle
                let cp1 = CGPoint(x: handle * cos(theta1), y: handle * sin(theta1))
                let cp2 = CGPoint(x: handle * cos(theta2), y: handle * sin(theta2))
                vertices[vertices.count - 1].outTangent = CGPoint(x: -cp1.x, y: -cp1.y)
                vertices.append(BezierShape.Vertex(point: shifted(point), inTangent: cp2, outTangent: .zero))
            } else {
                vertices.append(BezierShape.Vertex(point: shifted(point), inTangent: .zero, outTangent: .zero))
            }
            angle += anglePerPoint
        }
        if counterClockwise { vertices = reversed(vertices) }
        return BezierShape(vertices: vertices, isClosed: true, drawsClosingSegment: false)
    }
}
