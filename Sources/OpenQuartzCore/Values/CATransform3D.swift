import Foundation

/// A homogeneous three-dimensional transform: Core Animation's 4×4 matrix.
///
/// The layout and conventions are those of `CATransform3D.h`: points are row vectors and map
/// as `p' = p · M`, so the translation sits in `m41`, `m42`, `m43` and the perspective terms in
/// the fourth column (`m34 = -1 / distance` gives the usual perspective). `A · B` applies `A`
/// first. The functions (`CATransform3DMakeRotation`, `CATransform3DConcat`, …) are global
/// functions with Apple's names.
///
///     var transform = CATransform3DIdentity
///     transform.m34 = -1 / 500
///     transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
///     layer.transform = transform
public struct CATransform3D: Equatable, Hashable, Sendable {
    /// Row 1, column 1: x scale (and rotation).
    public var m11: CGFloat
    /// Row 1, column 2.
    public var m12: CGFloat
    /// Row 1, column 3.
    public var m13: CGFloat
    /// Row 1, column 4: perspective term for x.
    public var m14: CGFloat
    /// Row 2, column 1.
    public var m21: CGFloat
    /// Row 2, column 2: y scale (and rotation).
    public var m22: CGFloat
    /// Row 2, column 3.
    public var m23: CGFloat
    /// Row 2, column 4: perspective term for y.
    public var m24: CGFloat
    /// Row 3, column 1.
    public var m31: CGFloat
    /// Row 3, column 2.
    public var m32: CGFloat
    /// Row 3, column 3: z scale (and rotation).
    public var m33: CGFloat
    /// Row 3, column 4: perspective term for z; `-1 / distance` for a viewer at that distance.
    public var m34: CGFloat
    /// Row 4, column 1: x translation.
    public var m41: CGFloat
    /// Row 4, column 2: y translation.
    public var m42: CGFloat
    /// Row 4, column 3: z translation.
    public var m43: CGFloat
    /// Row 4, column 4: the homogeneous scale, 1 for an ordinary transform.
    public var m44: CGFloat

    /// Creates a transform whose entries are all zero, as Swift initialises an imported C
    /// struct. This is *not* the identity; use ``CATransform3DIdentity`` for that.
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0
        )
    }

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
}

/// The identity transform: [1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1].
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1
)

/// Returns true if `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Returns true if `a` is exactly equal to `b`, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// Returns a transform that translates by `(tx, ty, tz)`: [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1].
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: tx, m42: ty, m43: tz, m44: 1
    )
}

/// Returns a transform that scales by `(sx, sy, sz)`: [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1].
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(
        m11: sx, m12: 0, m13: 0, m14: 0, m21: 0, m22: sy, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: sz, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1
    )
}

/// Returns a transform that rotates by `angle` radians about the vector `(x, y, z)`.
///
/// The axis need not be normalised. If it has zero length the identity is returned, as
/// `CATransform3D.h` documents. A positive angle about (0, 0, 1) turns the x axis towards the
/// y axis, like `CGAffineTransform(rotationAngle:)`: m11 = cos, m12 = sin, m21 = −sin.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let k = 1 - c
    // Rodrigues' rotation matrix, transposed for row vectors.
    return CATransform3D(
        m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
        m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
        m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )
}
