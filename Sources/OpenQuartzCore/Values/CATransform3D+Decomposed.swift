import Foundation

/// A transform split into the parts Core Animation's `transform.*` key paths and its
/// `transform` interpolation work with.
///
/// With row vectors the matrix, divided by its m44, is the product
///
///     M / m44 = Scale · Skew · Rotation · Translation · Perspective
///
/// (scale applies first). This is the decomposition of the CSS Transforms "unmatrix"
/// algorithm, which WebKit's `TransformationMatrix::decompose4` also follows, written for
/// Core Animation's row-vector layout. Unlike that algorithm it keeps a rotation when a scale
/// factor is zero, so that a layer scaled to nothing still reads and animates its rotation.
package struct DecomposedTransform: Equatable, Sendable {
    /// Translation, the fourth row after dividing by m44.
    package var translation: TransformVector
    /// Scale factors along the rotated x, y and z axes. When the 3×3 part mirrors, one scale
    /// is negative: for a flat transform (x and y apart from z) the x scale when m11 < m22,
    /// else the y scale, as a 2D transform decomposes — so a mirrored layer that is then
    /// turned by `transform.rotation.z` turns as Apple draws it; otherwise the z scale. A
    /// matrix that only negates both flat axes is two negative scales, not a half turn.
    package var scale: TransformVector
    /// Shear of y towards x, z towards x and z towards y, as fractions of the scale.
    package var skewXY: Double
    package var skewXZ: Double
    package var skewYZ: Double
    /// The rotation.
    package var rotation: RotationBasis
    /// Perspective column (q) and corner (w) of the perspective matrix [I q; 0 w].
    package var perspective: TransformVector
    package var perspectiveW: Double

    /// Decomposes `t`, or returns nil when it cannot be: m44 is zero or not finite, an entry
    /// is not finite, or the matrix has perspective and a singular 3×3 part.
    package init?(_ t: CATransform3D) {
        let w = Double(t.m44)
        guard w != 0, w.isFinite else { return nil }
        let n = 1 / w
        let r0 = TransformVector(Double(t.m11), Double(t.m12), Double(t.m13)) * n
        let r1 = TransformVector(Double(t.m21), Double(t.m22), Double(t.m23)) * n
        let r2 = TransformVector(Double(t.m31), Double(t.m32), Double(t.m33)) * n
        let p = TransformVector(Double(t.m14), Double(t.m24), Double(t.m34)) * n
        translation = TransformVector(Double(t.m41), Double(t.m42), Double(t.m43)) * n
        let largest = max(r0.length, r1.length, r2.length)
        guard largest.isFinite, p.length.isFinite, translation.length.isFinite else { return nil }

        // M = N · P with N = [A 0; t 1] and P = [I q; 0 w']: A·q = p and t·q + w' = 1.
        if p == .zero {
            perspective = .zero
            perspectiveW = 1
        } else {
            let (c0, c1, c2) = (r1.cross(r2), r2.cross(r0), r0.cross(r1))
            let determinant = r0.dot(c0)
            guard abs(determinant) > 1e-12 * r0.length * r1.length * r2.length else { return nil }
            perspective = (c0 * p.x + c1 * p.y + c2 * p.z) * (1 / determinant)
            perspectiveW = 1 - translation.dot(perspective)
        }

        // Gram–Schmidt on the rows of A; a row that vanishes (zero scale) is noted and its
        // direction filled in afterwards so the rotation stays defined.
        let tiny = largest * 1e-12
        var sx = r0.length
        let hasX = sx > tiny
        var bx = hasX ? r0 * (1 / sx) : .zero
        if !hasX { sx = 0 }
        var xy = hasX ? bx.dot(r1) : 0
        let v1 = r1 - bx * xy
        var sy = v1.length
        let hasY = sy > tiny
        var by = hasY ? v1 * (1 / sy) : .zero
        if !hasY { (sy, xy) = (0, 0) }
        var xz = hasX ? bx.dot(r2) : 0
        var yz = hasY ? by.dot(r2) : 0
        let v2 = r2 - bx * xz - by * yz
        var sz = v2.length
        let hasZ = sz > tiny
        var bz = hasZ ? v2 * (1 / sz) : .zero
        if !hasZ { (sz, xz, yz) = (0, 0, 0) }

        if hasX && hasY && hasZ {
            if r0.y == 0, r0.z == 0, r1.x == 0, r1.z == 0, r2.x == 0, r2.y == 0, r0.x < 0, r1.y < 0 {
                // Both flat axes negated and nothing else: a scale by two negative factors,
                // not a half turn, so that transform key paths set one after another (scale x,
                // scale y, then a rotation) keep both signs, as Apple draws Lottie's shapes
                // scaled by −100 % on both axes.
                (sx, sy) = (-sx, -sy)
                (bx, by) = (bx * -1, by * -1)
            }
            if bx.dot(by.cross(bz)) < 0 {
                if r0.z == 0, r1.z == 0, r2.x == 0, r2.y == 0, r0.x * r1.y - r0.y * r1.x < 0 {
                    // A mirror within the plane (x and y apart from z) is a negative x or y
                    // scale, as a 2D transform decomposes: x when m11 < m22, else y. A turn
                    // then set on it turns the mirrored layer, as Apple draws it.
                    if r0.x < r1.y {
                        sx = -sx
                        bx = bx * -1
                    } else {
                        sy = -sy
                        by = by * -1
                    }
                    xy = -xy
                } else {
                    sz = -sz
                    bz = bz * -1
                }
            }
            rotation = RotationBasis(x: bx, y: by, z: bz)
        } else {
            rotation = Self.completedBasis(bx, hasX, by, hasY, bz, hasZ)
        }
        scale = TransformVector(sx, sy, sz)
        skewXY = sy != 0 ? xy / sy : 0
        skewXZ = sz != 0 ? xz / sz : 0
        skewYZ = sz != 0 ? yz / sz : 0
    }

    /// The same matrix with its mirror on the flat axis `other` mirrors: a mirror in the
    /// plane is a negative x or y scale, chosen by the matrix's own entries, so two turns of
    /// one mirrored layer can come out one with x negative and the other with y (when the
    /// turn passes a quarter, rounding decides). Interpolated as they are, both scales would
    /// pass through 0 and the layer would shrink to nothing halfway, where Apple turns it
    /// whole; negative x at turn θ is negative y at turn θ + ½, so the one is rewritten as
    /// the other (both scales and the x and y directions negated, the skews towards z too).
    package func mirroring(like other: DecomposedTransform) -> DecomposedTransform {
        let mirroredX = scale.x < 0 && scale.y > 0
        let mirroredY = scale.y < 0 && scale.x > 0
        let otherX = other.scale.x < 0 && other.scale.y > 0
        let otherY = other.scale.y < 0 && other.scale.x > 0
        guard (mirroredX && otherY) || (mirroredY && otherX) else { return self }
        var result = self
        result.scale = TransformVector(-scale.x, -scale.y, scale.z)
        result.rotation = RotationBasis(x: rotation.x * -1, y: rotation.y * -1, z: rotation.z)
        result.skewXZ = -skewXZ
        result.skewYZ = -skewYZ
        return result
    }

    /// The matrix these parts make: the decomposed matrix divided by its m44.
    package var matrix: CATransform3D {
        let (bx, by, bz) = (rotation.x, rotation.y, rotation.z)
        let r0 = bx * scale.x
        let r1 = (by + bx * skewXY) * scale.y
        let r2 = (bz + bx * skewXZ + by * skewYZ) * scale.z
        let t = translation
        let q = perspective
        return CATransform3D(
            m11: CGFloat(r0.x), m12: CGFloat(r0.y), m13: CGFloat(r0.z), m14: CGFloat(r0.dot(q)),
            m21: CGFloat(r1.x), m22: CGFloat(r1.y), m23: CGFloat(r1.z), m24: CGFloat(r1.dot(q)),
            m31: CGFloat(r2.x), m32: CGFloat(r2.y), m33: CGFloat(r2.z), m34: CGFloat(r2.dot(q)),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(t.dot(q) + perspectiveW)
        )
    }

    /// Fills in the basis directions whose rows had zero length, keeping the basis
    /// right-handed and as close to the identity as the surviving directions allow.
    private static func completedBasis(
        _ bx: TransformVector, _ hasX: Bool,
        _ by: TransformVector, _ hasY: Bool,
        _ bz: TransformVector, _ hasZ: Bool
    ) -> RotationBasis {
        switch (hasX, hasY, hasZ) {
        case (false, true, true): return RotationBasis(x: by.cross(bz), y: by, z: bz)
        case (true, false, true): return RotationBasis(x: bx, y: bz.cross(bx), z: bz)
        case (true, true, false): return RotationBasis(x: bx, y: by, z: bx.cross(by))
        case (true, false, false):
            let y = perpendicular(to: bx, preferring: TransformVector(0, 1, 0))
            return RotationBasis(x: bx, y: y, z: bx.cross(y))
        case (false, true, false):
            let z = perpendicular(to: by, preferring: TransformVector(0, 0, 1))
            return RotationBasis(x: by.cross(z), y: by, z: z)
        case (false, false, true):
            let x = perpendicular(to: bz, preferring: TransformVector(1, 0, 0))
            return RotationBasis(x: x, y: bz.cross(x), z: bz)
        default:
            return .identity
        }
    }

    /// The unit vector closest to `axis` (or, if `axis` is nearly parallel to `v`, to the next
    /// coordinate axis) that is perpendicular to the unit vector `v`.
    private static func perpendicular(to v: TransformVector, preferring axis: TransformVector) -> TransformVector {
        var candidate = axis - v * v.dot(axis)
        if candidate.length < 0.1 {
            let next = TransformVector(axis.z, axis.x, axis.y)
            candidate = next - v * v.dot(next)
        }
        return candidate * (1 / candidate.length)
    }
}
