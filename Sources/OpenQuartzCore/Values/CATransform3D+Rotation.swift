import Foundation

/// Three `Double`s: a translation, a set of scale factors, or one row of a 3×3 matrix.
package struct TransformVector: Equatable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double

    @inlinable
    package init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    package static let zero = TransformVector(0, 0, 0)

    @inlinable
    package static func + (a: TransformVector, b: TransformVector) -> TransformVector {
        TransformVector(a.x + b.x, a.y + b.y, a.z + b.z)
    }

    @inlinable
    package static func - (a: TransformVector, b: TransformVector) -> TransformVector {
        TransformVector(a.x - b.x, a.y - b.y, a.z - b.z)
    }

    @inlinable
    package static func * (v: TransformVector, s: Double) -> TransformVector {
        TransformVector(v.x * s, v.y * s, v.z * s)
    }

    @inlinable
    package func dot(_ other: TransformVector) -> Double { x * other.x + y * other.y + z * other.z }

    @inlinable
    package func cross(_ o: TransformVector) -> TransformVector {
        TransformVector(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    @inlinable
    package var length: Double { dot(self).squareRoot() }

    /// `a + (b − a)·fraction`.
    @inlinable
    package func interpolated(to b: TransformVector, fraction: Double) -> TransformVector {
        self + (b - self) * fraction
    }
}

/// A rotation as the three rows of an orthonormal, right-handed 3×3 matrix (row vectors, so
/// row 1 is where the x axis goes).
package struct RotationBasis: Equatable, Sendable {
    package var x: TransformVector
    package var y: TransformVector
    package var z: TransformVector

    package static let identity = RotationBasis(
        x: TransformVector(1, 0, 0), y: TransformVector(0, 1, 0), z: TransformVector(0, 0, 1)
    )

    package init(x: TransformVector, y: TransformVector, z: TransformVector) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The rotation Rz(z) · Ry(y) · Rx(x): with row vectors the z rotation (in the layer's own
    /// plane) applies first, then y, then x. Each single-axis rotation matches
    /// `CATransform3DMakeRotation` about that axis.
    package init(eulerX a: Double, eulerY b: Double, eulerZ g: Double) {
        let (sa, ca) = (sin(a), cos(a))
        let (sb, cb) = (sin(b), cos(b))
        let (sg, cg) = (sin(g), cos(g))
        x = TransformVector(cg * cb, sg * ca + cg * sb * sa, sg * sa - cg * sb * ca)
        y = TransformVector(-sg * cb, cg * ca - sg * sb * sa, cg * sa + sg * sb * ca)
        z = TransformVector(sb, -cb * sa, cb * ca)
    }

    /// The Euler angles of ``init(eulerX:eulerY:eulerZ:)``, each in [−π, π].
    ///
    /// Every rotation has two such triples, (x, y, z) and (x + π, π − y, z + π); this picks the
    /// one with the smaller |x| + |z|, so that a rotation about a single axis reads back as that
    /// axis alone for any angle (a y rotation of 2π/3 reads as y = 2π/3, not as x = π,
    /// y = π/3, z = π).
    package var eulerAngles: (x: Double, y: Double, z: Double) {
        let sinB = min(max(z.x, -1), 1)
        let cosB = (z.y * z.y + z.z * z.z).squareRoot()
        if cosB < 1e-9 {
            // Gimbal lock: y = ±π/2 and only x − z (or x + z) is defined; put it all in x.
            return (atan2(y.z, y.y), asin(sinB), 0)
        }
        let first = (x: atan2(-z.y, z.z), y: atan2(sinB, cosB), z: atan2(-y.x, x.x))
        let second = (
            x: Self.wrapped(first.x + .pi), y: Self.wrapped(.pi - first.y), z: Self.wrapped(first.z + .pi)
        )
        let firstCost = abs(first.x) + abs(first.z)
        let secondCost = abs(second.x) + abs(second.z)
        return secondCost < firstCost - 1e-12 ? second : first
    }

    /// `angle` moved into [−π, π] by whole turns.
    private static func wrapped(_ angle: Double) -> Double {
        angle - 2 * .pi * (angle / (2 * .pi)).rounded()
    }

    /// The rotation of a unit quaternion.
    package init(_ q: Quaternion) {
        let (qx, qy, qz, qw) = (q.x, q.y, q.z, q.w)
        // The usual column-vector matrix, transposed for row vectors.
        x = TransformVector(1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy + qz * qw), 2 * (qx * qz - qy * qw))
        y = TransformVector(2 * (qx * qy - qz * qw), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz + qx * qw))
        z = TransformVector(2 * (qx * qz + qy * qw), 2 * (qy * qz - qx * qw), 1 - 2 * (qx * qx + qy * qy))
    }

    /// The unit quaternion of this rotation (Shepperd's method: divide by the largest of the
    /// four candidate square roots, so that no branch loses precision).
    package var quaternion: Quaternion {
        // c(i, j) is entry (i, j) of the column-vector matrix, the transpose of these rows.
        let (c00, c01, c02) = (x.x, y.x, z.x)
        let (c10, c11, c12) = (x.y, y.y, z.y)
        let (c20, c21, c22) = (x.z, y.z, z.z)
        let trace = c00 + c11 + c22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            return Quaternion(x: (c21 - c12) / s, y: (c02 - c20) / s, z: (c10 - c01) / s, w: s / 4)
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            return Quaternion(x: s / 4, y: (c01 + c10) / s, z: (c02 + c20) / s, w: (c21 - c12) / s)
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            return Quaternion(x: (c01 + c10) / s, y: s / 4, z: (c12 + c21) / s, w: (c02 - c20) / s)
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            return Quaternion(x: (c02 + c20) / s, y: (c12 + c21) / s, z: s / 4, w: (c10 - c01) / s)
        }
    }
}

/// A rotation quaternion (x, y, z) · sin(θ/2), w = cos(θ/2).
package struct Quaternion: Equatable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double
    package var w: Double

    package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// Spherical interpolation along the shorter arc: a quarter turn and a three-quarter turn
    /// about z meet at the eighth turn between them going backwards, the way Core Animation
    /// animates `transform` (a whole turn is the identity and does not animate at all).
    /// Fractions outside [0, 1] extrapolate along the same great circle.
    package func slerp(to other: Quaternion, fraction: Double) -> Quaternion {
        var b = other
        var cosine = x * b.x + y * b.y + z * b.z + w * b.w
        if cosine < 0 {
            b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
            cosine = -cosine
        }
        let wa: Double
        let wb: Double
        if cosine > 0.9999 {
            // Nearly equal: sin θ is too small to divide by; a normalised lerp is exact enough.
            (wa, wb) = (1 - fraction, fraction)
        } else {
            let theta = acos(min(cosine, 1))
            let sine = sin(theta)
            (wa, wb) = (sin((1 - fraction) * theta) / sine, sin(fraction * theta) / sine)
        }
        let q = Quaternion(
            x: x * wa + b.x * wb, y: y * wa + b.y * wb, z: z * wa + b.z * wb, w: w * wa + b.w * wb
        )
        let norm = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        return Quaternion(x: q.x / norm, y: q.y / norm, z: q.z / norm, w: q.w / norm)
    }
}
