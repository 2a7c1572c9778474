import Foundation

extension CATransform3D {
    /// The transform `fraction` of the way from this one to `other`, as Core Animation
    /// animates a `transform` property.
    ///
    /// Both matrices are decomposed (``DecomposedTransform``); translation, scale, skew and
    /// perspective are interpolated linearly and the rotations along the shorter great-circle
    /// arc of their quaternions, then the parts are multiplied back together. Halfway from the
    /// identity to a quarter turn about z is therefore an eighth turn, not the average of the
    /// two matrices (which would also shrink the layer). When either matrix cannot be
    /// decomposed the entries are interpolated one by one instead.
    ///
    /// Fractions 0 and 1 return the end points exactly; fractions outside [0, 1] (from a
    /// timing curve that overshoots) extrapolate.
    package func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 || self == other { return self }
        if fraction == 1 { return other }
        guard let from = DecomposedTransform(self), var to = DecomposedTransform(other) else {
            return elementwiseInterpolated(to: other, fraction: fraction)
        }
        to = to.mirroring(like: from)
        let f = fraction
        var parts = from
        parts.translation = from.translation.interpolated(to: to.translation, fraction: f)
        parts.scale = from.scale.interpolated(to: to.scale, fraction: f)
        parts.skewXY = from.skewXY + (to.skewXY - from.skewXY) * f
        parts.skewXZ = from.skewXZ + (to.skewXZ - from.skewXZ) * f
        parts.skewYZ = from.skewYZ + (to.skewYZ - from.skewYZ) * f
        parts.perspective = from.perspective.interpolated(to: to.perspective, fraction: f)
        parts.perspectiveW = from.perspectiveW + (to.perspectiveW - from.perspectiveW) * f
        if from.rotation != to.rotation {
            let q = from.rotation.quaternion.slerp(to: to.rotation.quaternion, fraction: f)
            parts.rotation = RotationBasis(q)
        }
        // Decomposition divides by m44; put the (interpolated) homogeneous scale back.
        return parts.matrix.multiplied(by: m44 + (other.m44 - m44) * CGFloat(f))
    }

    /// Each entry `fraction` of the way from this transform's to `other`'s.
    package func elementwiseInterpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        let f = CGFloat(fraction)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * f }
        return CATransform3D(
            m11: mix(m11, other.m11), m12: mix(m12, other.m12), m13: mix(m13, other.m13), m14: mix(m14, other.m14),
            m21: mix(m21, other.m21), m22: mix(m22, other.m22), m23: mix(m23, other.m23), m24: mix(m24, other.m24),
            m31: mix(m31, other.m31), m32: mix(m32, other.m32), m33: mix(m33, other.m33), m34: mix(m34, other.m34),
            m41: mix(m41, other.m41), m42: mix(m42, other.m42), m43: mix(m43, other.m43), m44: mix(m44, other.m44)
        )
    }
}
