import Foundation
import OpenQuartzCore

/// A projective map of the plane: a 3 × 3 matrix acting on row vectors `[x y 1]`, as
/// Core Animation's matrices act on `[x y z 1]`.
///
/// A layer's 4 × 4 transform becomes one of these when the layer is flattened into its
/// superlayer's plane: its points have z = 0, and the z of the result is dropped, so the third
/// row and column of the 4 × 4 matrix play no part.
struct PlaneTransform {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The flattening of `t`: the map from its z = 0 plane to its target's plane.
    init(flattening t: CATransform3D) {
        m = (
            Double(t.m11), Double(t.m12), Double(t.m14),
            Double(t.m21), Double(t.m22), Double(t.m24),
            Double(t.m41), Double(t.m42), Double(t.m44)
        )
    }

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) {
        self.m = m
    }

    /// Whether the map is affine: parallel lines stay parallel.
    var isAffine: Bool { m.2 == 0 && m.5 == 0 && m.8 != 0 }

    /// The affine map, when ``isAffine``.
    var affine: CGAffineTransform {
        let w = m.8
        return CGAffineTransform(
            a: m.0 / w, b: m.1 / w, c: m.3 / w, d: m.4 / w, tx: m.6 / w, ty: m.7 / w)
    }

    /// Maps `point`; `w` is the homogeneous weight, not above 0 for points behind the viewer.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = x * m.2 + y * m.5 + m.8
        return ((x * m.0 + y * m.3 + m.6) / w, (x * m.1 + y * m.4 + m.7) / w, w)
    }

    /// This map followed by `other`.
    func concatenating(_ o: PlaneTransform) -> PlaneTransform {
        let a = m
        let b = o.m
        return PlaneTransform(
            m: (
                a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8
            ))
    }

    /// The inverse map, or nil when the map collapses the plane.
    var inverted: PlaneTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h
        let c1 = -(d * i - f * g)
        let c2 = d * h - e * g
        let determinant = a * c0 + b * c1 + c * c2
        guard determinant.isFinite, abs(determinant) > 1e-18 else { return nil }
        let s = 1 / determinant
        return PlaneTransform(
            m: (
                c0 * s, -(b * i - c * h) * s, (b * f - c * e) * s,
                c1 * s, (a * i - c * g) * s, -(a * f - c * d) * s,
                c2 * s, -(a * h - b * g) * s, (a * e - b * d) * s
            ))
    }

    /// Twice the signed area of `rect`'s image, positive when its corners keep their turning
    /// direction (the front of a layer faces the viewer); nil when part of it is behind the
    /// viewer.
    func orientedArea(of rect: CGRect) -> Double? {
        let corners = [
            apply(Double(rect.minX), Double(rect.minY)), apply(Double(rect.maxX), Double(rect.minY)),
            apply(Double(rect.maxX), Double(rect.maxY)), apply(Double(rect.minX), Double(rect.maxY)),
        ]
        guard corners.allSatisfy({ $0.w > 0 }) else { return nil }
        var area = 0.0
        for index in 0..<4 {
            let p = corners[index]
            let q = corners[(index + 1) % 4]
            area += p.x * q.y - q.x * p.y
        }
        return area
    }
}

extension RenderNode {
    /// The 4 × 4 map from the layer's bounds coordinates to its superlayer's: about the anchor
    /// point, through `transform`, to `position` and `zPosition`.
    var transformToSuperlayer3D: CATransform3D {
        CALayer.transformToSuperlayer(
            bounds: drawn.bounds, anchorPoint: drawn.anchorPoint, anchorPointZ: drawn.anchorPointZ,
            transform: drawn.transform,
            position: drawn.position, zPosition: drawn.zPosition)
    }

    /// The map from the sublayers' space into the layer's bounds coordinates: layer
    /// geometry's rule (`CALayer.sublayerSpaceTransform`); nil when it is the identity.
    var sublayerTransformAboutAnchor: CATransform3D? {
        CALayer.sublayerSpaceTransform(
            bounds: drawn.bounds, anchorPoint: drawn.anchorPoint, isGeometryFlipped: drawn.isGeometryFlipped,
            sublayerTransform: drawn.sublayerTransform)
    }
}
