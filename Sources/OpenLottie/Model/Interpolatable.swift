import Foundation
import OpenCoreGraphics

/// A keyframe value that can be blended with the next one: what a ``Keyframe`` holds.
public protocol Interpolatable: Equatable, Sendable {
    /// The value `amount` of the way (0 to 1, or past them for an overshooting easing) from
    /// this one to `other`.
    func interpolated(to other: Self, amount: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to other: Double, amount: Double) -> Double {
        self + (other - self) * amount
    }
}

extension CGFloat: Interpolatable {
    public func interpolated(to other: CGFloat, amount: Double) -> CGFloat {
        self + (other - self) * CGFloat(amount)
    }
}

extension CGPoint: Interpolatable {
    public func interpolated(to other: CGPoint, amount: Double) -> CGPoint {
        blended(to: other, amount)
    }
}

extension CGSize: Interpolatable {
    public func interpolated(to other: CGSize, amount: Double) -> CGSize {
        CGSize(width: width + (other.width - width) * amount, height: height + (other.height - height) * amount)
    }
}

/// A multi-dimensional Lottie value: a position, a scale, a colour (red, green, blue, alpha),
/// a gradient's stops. Missing dimensions read as 0.
struct LottieVector: Interpolatable {
    var components: [Double]

    init(_ components: [Double]) {
        self.components = components
    }

    subscript(index: Int) -> Double {
        index < components.count ? components[index] : 0
    }

    var x: Double { self[0] }
    var y: Double { self[1] }
    var point: CGPoint { CGPoint(x: x, y: y) }

    func interpolated(to other: LottieVector, amount: Double) -> LottieVector {
        let count = max(components.count, other.components.count)
        var result = [Double](repeating: 0, count: count)
        for index in 0..<count {
            result[index] = self[index] + (other[index] - self[index]) * amount
        }
        return LottieVector(result)
    }
}

/// A Bézier path as Lottie stores it: vertices with tangents relative to them, and whether the
/// path closes.
struct BezierShape: Interpolatable {
    struct Vertex: Equatable, Sendable {
        var point: CGPoint
        /// The incoming tangent, relative to `point`.
        var inTangent: CGPoint
        /// The outgoing tangent, relative to `point`.
        var outTangent: CGPoint
    }

    var vertices: [Vertex]
    var isClosed: Bool
    /// Whether a closed path draws a segment back to its first vertex before closing: paths
    /// read from the file do; the shapes built from rectangles, ellipses and stars end on
    /// their first vertex or close with the straight line `closeSubpath` draws.
    var drawsClosingSegment = true

    func interpolated(to other: BezierShape, amount: Double) -> BezierShape {
        // Lottie blends vertex by vertex; extra vertices of the longer path keep their place.
        var result = self
        for index in 0..<min(vertices.count, other.vertices.count) {
            let a = vertices[index]
            let b = other.vertices[index]
            result.vertices[index] = Vertex(
                point: a.point.blended(to: b.point, amount),
                inTangent: a.inTangent.blended(to: b.inTangent, amount),
                outTangent: a.outTangent.blended(to: b.outTangent, amount)
            )
        }
        return result
    }
}

extension CGPoint {
    func blended(to other: CGPoint, _ amount: Double) -> CGPoint {
        CGPoint(x: x + (other.x - x) * amount, y: y + (other.y - y) * amount)
    }
}
