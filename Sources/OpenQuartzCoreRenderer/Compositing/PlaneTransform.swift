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

    /// The part of `rect` in front of the viewer, as Core Animation clips a layer at the eye
    /// plane: the convex polygon (in `rect`'s coordinates, corners in order) where the weight
    /// `w` is at least a thousandth of its largest at `rect`'s corners. The whole rectangle's
    /// four corners when it is all in front (`isWhole`); empty when none of it is. Points
    /// nearer the eye plane than that would land over a thousand times further from the centre
    /// than the layer's own size.
    func visiblePart(of rect: CGRect) -> (corners: [(x: Double, y: Double)], isWhole: Bool) {
        let corners = [
            (x: Double(rect.minX), y: Double(rect.minY)), (x: Double(rect.maxX), y: Double(rect.minY)),
            (x: Double(rect.maxX), y: Double(rect.maxY)), (x: Double(rect.minX), y: Double(rect.maxY)),
        ]
        let weights = corners.map { $0.x * m.2 + $0.y * m.5 + m.8 }
        guard let largest = weights.max(), largest > 0, largest.isFinite else { return ([], false) }
        let nearest = largest * 1e-3
        if weights.allSatisfy({ $0 >= nearest }) { return (corners, true) }
        // One edge of Sutherland and Hodgman's clipping: w is affine in x and y, so the part in
        // front is a half-plane, and the rectangle's part in it is convex.
        var polygon: [(x: Double, y: Double)] = []
        for index in 0..<4 {
            let (p, q) = (corners[index], corners[(index + 1) % 4])
            let (wp, wq) = (weights[index], weights[(index + 1) % 4])
            if wp >= nearest { polygon.append(p) }
            if (wp >= nearest) != (wq >= nearest) {
                let t = (nearest - wp) / (wq - wp)
                polygon.append((x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return (polygon, false)
    }

    /// Twice the signed area of the image of `rect`'s part in front of the viewer
    /// (``visiblePart(of:)``), positive when its corners keep their turning direction (the
    /// front of a layer faces the viewer); nil when none of it is in front.
    func orientedArea(of rect: CGRect) -> Double? {
        let part = visiblePart(of: rect).corners
        guard part.count >= 3 else { return nil }
        let corners = part.map { apply($0.x, $0.y) }
        var area = 0.0
        for index in corners.indices {
            let p = corners[index]
            let q = corners[(index + 1) % corners.count]
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
