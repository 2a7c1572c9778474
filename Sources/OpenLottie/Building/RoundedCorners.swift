import Foundation
import OpenCoreGraphics

/// The "round corners" shape modifier: every sharp vertex becomes a curve that starts and ends
/// `radius` along its two edges (at most half of each), as Lottie's players round them.
enum RoundedCorners {
    /// How far a rounded corner's handles reach towards the corner.
    static let handle = 0.5519

    static func apply(radius: Double, to shape: BezierShape) -> BezierShape {
        guard radius > 0, shape.vertices.count > 1 else { return shape }
        let vertices = shape.vertices
        var result: [BezierShape.Vertex] = []
        result.reserveCapacity(vertices.count * 2)
        for (index, vertex) in vertices.enumerated() {
            let isEnd = !shape.isClosed && (index == 0 || index == vertices.count - 1)
            guard !isEnd, vertex.inTangent == .zero, vertex.outTangent == .zero else {
                result.append(vertex)
                continue
            }
            let corner = vertex.point
            let previous = vertices[index == 0 ? vertices.count - 1 : index - 1].point
            let next = vertices[(index + 1) % vertices.count].point
            func along(_ towards: CGPoint) -> CGPoint {
                let dx = towards.x - corner.x
                let dy = towards.y - corner.y
                let distance = (dx * dx + dy * dy).squareRoot()
                let fraction = distance > 0 ? min(distance / 2, radius) / distance : 0
                return CGPoint(x: corner.x + dx * fraction, y: corner.y + dy * fraction)
            }
            let first = along(previous)
            let second = along(next)
            result.append(
                BezierShape.Vertex(
                    point: first, inTangent: .zero,
                    outTangent: CGPoint(x: (corner.x - first.x) * handle, y: (corner.y - first.y) * handle)))
            result.append(
                BezierShape.Vertex(
                    point: second,
                    inTangent: CGPoint(x: (corner.x - second.x) * handle, y: (corner.y - second.y) * handle),
                    outTangent: .zero))
        }
        var rounded = shape
        rounded.vertices = result
        return rounded
    }
}
