import Foundation

/// Translates `t` by `(tx, ty, tz)` and returns the result: t' = translate(tx, ty, tz) × t.
///
/// The translation happens first, in `t`'s own coordinates, then `t` applies.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    // translate × t only changes the last row: row4' = (tx, ty, tz, 1) · t.
    var result = t
    result.m41 = tx * t.m11 + ty * t.m21 + tz * t.m31 + t.m41
    result.m42 = tx * t.m12 + ty * t.m22 + tz * t.m32 + t.m42
    result.m43 = tx * t.m13 + ty * t.m23 + tz * t.m33 + t.m43
    result.m44 = tx * t.m14 + ty * t.m24 + tz * t.m34 + t.m44
    return result
}

/// Scales `t` by `(sx, sy, sz)` and returns the result: t' = scale(sx, sy, sz) × t.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    // scale × t multiplies the first three rows of t.
    var result = t
    result.m11 *= sx; result.m12 *= sx; result.m13 *= sx; result.m14 *= sx
    result.m21 *= sy; result.m22 *= sy; result.m23 *= sy; result.m24 *= sy
    result.m31 *= sz; result.m32 *= sz; result.m33 *= sz; result.m34 *= sz
    return result
}

/// Rotates `t` by `angle` radians about the vector `(x, y, z)` and returns the result:
/// t' = rotation(angle, x, y, z) × t.
///
/// Apple leaves a zero-length axis undefined; here it leaves `t` unchanged, since
/// ``CATransform3DMakeRotation(_:_:_:_:)`` gives the identity for it.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// Concatenates `b` to `a` and returns the result: t' = a × b, which applies `a` first.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
    )
}

/// Inverts `t` and returns the result, or returns `t` unchanged when it has no inverse, as
/// `CATransform3D.h` documents.
///
/// "No inverse" is judged relative to the size of the rows: the matrix counts as singular
/// when |det| ≤ 1e-12 · ‖row1‖·‖row2‖·‖row3‖·‖row4‖ (a product that bounds |det|, Hadamard's
/// inequality), so that a matrix made singular by rounding, such as a rotation followed by a
/// zero scale, is caught while a uniformly tiny but well-shaped scale still inverts.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Cofactors through the 2×2 minors of the top two rows (s) and the bottom two (c).
    let s0 = t.m11 * t.m22 - t.m21 * t.m12
    let s1 = t.m11 * t.m23 - t.m21 * t.m13
    let s2 = t.m11 * t.m24 - t.m21 * t.m14
    let s3 = t.m12 * t.m23 - t.m22 * t.m13
    let s4 = t.m12 * t.m24 - t.m22 * t.m14
    let s5 = t.m13 * t.m24 - t.m23 * t.m14
    let c5 = t.m33 * t.m44 - t.m43 * t.m34
    let c4 = t.m32 * t.m44 - t.m42 * t.m34
    let c3 = t.m32 * t.m43 - t.m42 * t.m33
    let c2 = t.m31 * t.m44 - t.m41 * t.m34
    let c1 = t.m31 * t.m43 - t.m41 * t.m33
    let c0 = t.m31 * t.m42 - t.m41 * t.m32
    let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0

    func rowLength(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
        (a * a + b * b + c * c + d * d).squareRoot()
    }
    let bound =
        rowLength(t.m11, t.m12, t.m13, t.m14) * rowLength(t.m21, t.m22, t.m23, t.m24)
        * rowLength(t.m31, t.m32, t.m33, t.m34) * rowLength(t.m41, t.m42, t.m43, t.m44)
    guard determinant.isFinite, abs(determinant) > 1e-12 * bound else { return t }

    let r = 1 / determinant
    return CATransform3D(
        m11: (t.m22 * c5 - t.m23 * c4 + t.m24 * c3) * r,
        m12: (-t.m12 * c5 + t.m13 * c4 - t.m14 * c3) * r,
        m13: (t.m42 * s5 - t.m43 * s4 + t.m44 * s3) * r,
        m14: (-t.m32 * s5 + t.m33 * s4 - t.m34 * s3) * r,
        m21: (-t.m21 * c5 + t.m23 * c2 - t.m24 * c1) * r,
        m22: (t.m11 * c5 - t.m13 * c2 + t.m14 * c1) * r,
        m23: (-t.m41 * s5 + t.m43 * s2 - t.m44 * s1) * r,
        m24: (t.m31 * s5 - t.m33 * s2 + t.m34 * s1) * r,
        m31: (t.m21 * c4 - t.m22 * c2 + t.m24 * c0) * r,
        m32: (-t.m11 * c4 + t.m12 * c2 - t.m14 * c0) * r,
        m33: (t.m41 * s4 - t.m42 * s2 + t.m44 * s0) * r,
        m34: (-t.m31 * s4 + t.m32 * s2 - t.m34 * s0) * r,
        m41: (-t.m21 * c3 + t.m22 * c1 - t.m23 * c0) * r,
        m42: (t.m11 * c3 - t.m12 * c1 + t.m13 * c0) * r,
        m43: (-t.m41 * s3 + t.m42 * s1 - t.m43 * s0) * r,
        m44: (t.m31 * s3 - t.m32 * s1 + t.m33 * s0) * r
    )
}
