import Foundation
import OpenCoreGraphics

/// A projective map of one layer's plane onto another's: the 3 × 3 matrix that a 4 × 4 layer
/// transform becomes when points enter at z = 0 and the result is flattened (its z dropped),
/// as a layer flattens its sublayers into its own plane. Row vectors, as `CATransform3D`:
/// `[x y 1] · m` gives `[X Y W]`, and the point is `(X / W, Y / W)`.
package struct LayerPlaneMap: Equatable {
    package var m11, m12, m13: Double
    package var m21, m22, m23: Double
    package var m31, m32, m33: Double

    package static let identity = LayerPlaneMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    package init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double,
        m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The map of the plane z = 0 through `t`, flattened: the rows and columns of x, y and w.
    package init(flattening t: CATransform3D) {
        self.init(
            m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
            m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
            m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44))
    }

    /// This map, then `next`.
    package func concatenating(_ next: LayerPlaneMap) -> LayerPlaneMap {
        let a = self
        let b = next
        return LayerPlaneMap(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The inverse map; nil when the plane is seen edge-on (the map has no inverse).
    package var inverted: LayerPlaneMap? {
        let c11 = m22 * m33 - m23 * m32
        let c12 = m23 * m31 - m21 * m33
        let c13 = m21 * m32 - m22 * m31
        let determinant = m11 * c11 + m12 * c12 + m13 * c13
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let s = 1 / determinant
        return LayerPlaneMap(
            m11: c11 * s, m12: (m13 * m32 - m12 * m33) * s, m13: (m12 * m23 - m13 * m22) * s,
            m21: c12 * s, m22: (m11 * m33 - m13 * m31) * s, m23: (m13 * m21 - m11 * m23) * s,
            m31: c13 * s, m32: (m12 * m31 - m11 * m32) * s, m33: (m11 * m22 - m12 * m21) * s)
    }

    /// The image of `point`; a point the map sends to infinity (w = 0) has infinite coordinates.
    package func apply(_ point: CGPoint) -> CGPoint {
        let x = Double(point.x)
        let y = Double(point.y)
        let w = x * m13 + y * m23 + m33
        return CGPoint(x: (x * m11 + y * m21 + m31) / w, y: (x * m12 + y * m22 + m32) / w)
    }

    /// The smallest rectangle holding the images of `rect`'s four corners; a null rectangle
    /// stays null.
    package func boundingBox(of rect: CGRect) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [
            apply(CGPoint(x: rect.minX, y: rect.minY)), apply(CGPoint(x: rect.maxX, y: rect.minY)),
            apply(CGPoint(x: rect.maxX, y: rect.maxY)), apply(CGPoint(x: rect.minX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return rect }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
