import Foundation

/// An affine transformation matrix for 2D graphics, with Core Graphics' layout and semantics.
///
/// The matrix is the 3×3 matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// used with row vectors, so a point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// Foundation on Linux has no `CGAffineTransform`, so this module provides Apple's.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    /// The entry at position [1,1] in the matrix.
    public var a: CGFloat
    /// The entry at position [1,2] in the matrix.
    public var b: CGFloat
    /// The entry at position [2,1] in the matrix.
    public var c: CGFloat
    /// The entry at position [2,2] in the matrix.
    public var d: CGFloat
    /// The entry at position [3,1] in the matrix: the horizontal translation.
    public var tx: CGFloat
    /// The entry at position [3,2] in the matrix: the vertical translation.
    public var ty: CGFloat

    /// Creates a transform whose entries are all zero.
    ///
    /// This is the zero initializer Swift gives imported C structs on Apple platforms: it is
    /// *not* the identity. Use ``identity`` for that.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Creates a transform from its six matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates a transform from its six entries in order, as Swift imports
    /// `CGAffineTransformMake`: `CGAffineTransform(1, 0, 0, 1, 10, 20)`.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// Creates a transform that translates by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Creates a transform that scales by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that rotates by `angle` radians.
    ///
    /// Positive angles rotate counter-clockwise in a y-up coordinate system (clockwise on a
    /// y-down screen). Like Apple's, the entries are plain `cos`/`sin`, so a quarter turn
    /// leaves `a` at about 6e-17 rather than exactly zero.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this transform is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// Returns the product `self × t2`: the result applies `self` first, then `t2`.
    ///
    ///     // Scale first, then move: (1, 1) → (2, 2) → (12, 2).
    ///     let t = CGAffineTransform(scaleX: 2, y: 2)
    ///         .concatenating(CGAffineTransform(translationX: 10, y: 0))
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// Returns the inverse of this transform, or the transform unchanged when its determinant
    /// is zero, as `CGAffineTransformInvert` documents.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant
        )
    }

    /// Returns this transform with a translation applied *before* it: `translation × self`.
    ///
    /// The translation is therefore expressed in the transform's own (pre-transform)
    /// coordinates, as `CGAffineTransformTranslate` does.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Returns this transform with a scale applied before it: `scale × self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Returns this transform with a rotation by `angle` radians applied before it:
    /// `rotation × self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}
