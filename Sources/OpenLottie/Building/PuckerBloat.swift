import Foundation
import OpenCoreGraphics

/// The "pucker & bloat" shape modifier, as lottie-web applies it to each path: every vertex
/// moves towards the path's centre (the mean of its vertices) by the amount, a fraction of
/// the way (100 % reaches it), and every tangent's end moves as far the other way. Bloating
/// (above 0) draws the vertices in and swings the edges out; puckering (below 0) does the
/// opposite. A rectangle's or polygon's straight edges, whose tangents are nothing, curve.
enum PuckerBloat {
    static func apply(amount: Double, to shape: BezierShape) -> BezierShape {
        guard amount != 0, !shape.vertices.isEmpty else { return shape }
        let fraction = amount / 100
        var counted = shape.vertices[...]
        // Shapes built from rectangles, ellipses and stars repeat their first vertex at the
        // end; lottie-web's have it once.
        if !shape.drawsClosingSegment, counted.count > 1, counted.last?.point == counted.first?.point {
            counted = counted.dropLast()
        }
        let count = Double(counted.count)
        let centre = CGPoint(
            x: counted.reduce(0) { $0 + $1.point.x } / count, y: counted.reduce(0) { $0 + $1.point.y } / count)
        func towards(_ point: CGPoint, _ share: Double) -> CGPoint {
            CGPoint(x: point.x + (centre.x - point.x) * share, y: point.y + (centre.y - point.y) * share)
        }
        var result = shape
        result.vertices = shape.vertices.map { vertex in
            let point = towards(vertex.point, fraction)
            let inEnd = towards(
                CGPoint(x: vertex.point.x + vertex.inTangent.x, y: vertex.point.y + vertex.inTangent.y), -fraction)
            let outEnd = towards(
                CGPoint(x: vertex.point.x + vertex.outTangent.x, y: vertex.point.y + vertex.outTangent.y), -fraction)
            return BezierShape.Vertex(
                point: point, inTangent: CGPoint(x: inEnd.x - point.x, y: inEnd.y - point.y),
                outTangent: CGPoint(x: outEnd.x - point.x, y: outEnd.y - point.y))
        }
        return result
    }
}
