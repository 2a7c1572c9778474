import Foundation
import OpenCoreGraphics

/// Returns a transform with the same effect as the affine transform `m`.
///
/// `a`, `b`, `c`, `d` fill the top-left 2×2 block, `tx` and `ty` the translation row; z passes
/// through unchanged.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1
    )
}

/// Returns true if `t` can be represented exactly by an affine transform: every entry that
/// involves z or perspective is that of the identity.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// Returns the affine transform represented by `t`: its `m11`, `m12`, `m21`, `m22`, `m41` and
/// `m42` entries.
///
/// Apple leaves the result undefined when `t` is not affine (see ``CATransform3DIsAffine(_:)``);
/// here it is always those six entries, which is the transform's effect on the z = 0 plane
/// when it has no perspective.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
