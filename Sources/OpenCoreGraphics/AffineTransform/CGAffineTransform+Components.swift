import Foundation

/// Apple's top-level name for ``CGAffineTransform/Components``.
public typealias CGAffineTransformComponents = CGAffineTransform.Components

extension CGAffineTransform {
    /// A transform taken apart (iOS 16): a scale, then a horizontal shear, then a rotation,
    /// then a translation, in Core Graphics' row-vector order —
    ///
    ///     [ a  b ]   [ sx  0 ]   [ 1   0 ]   [  cos t  sin t ]
    ///     [ c  d ] = [ 0  sy ] · [ sh  1 ] · [ −sin t  cos t ],   (tx, ty) = translation
    ///
    /// as `CGAffineTransformComponents` describes it.
    public struct Components: Equatable, Sendable {
        /// The scale in x and y; a negative `height` is a flip (the x scale is never negative).
        public var scale: CGSize
        /// The shear that turns rectangles into parallelograms; 0 for none.
        public var horizontalShear: CGFloat
        /// The rotation about the origin, in radians.
        public var rotation: CGFloat
        /// The displacement from the origin.
        public var translation: CGVector

        public init(
            scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0, rotation: CGFloat = 0,
            translation: CGVector = CGVector(dx: 0, dy: 0)
        ) {
            self.scale = scale
            self.horizontalShear = horizontalShear
            self.rotation = rotation
            self.translation = translation
        }
    }

    /// The transform taken apart (`CGAffineTransformDecompose`): the rotation is the angle of
    /// the first row, the x scale its length; the y scale and shear follow from the second
    /// row in the rotated axes. A first row of zero length reads as no rotation.
    public func decomposed() -> Components {
        let sx = (a * a + b * b).squareRoot()
        let rotation = sx == 0 ? 0 : atan2(b, a)
        let (sine, cosine) = (sin(rotation), cos(rotation))
        let sy = d * cosine - c * sine
        let shear = sy == 0 ? 0 : (c * cosine + d * sine) / sy
        return Components(
            scale: CGSize(width: sx, height: sy), horizontalShear: shear, rotation: rotation,
            translation: CGVector(dx: tx, dy: ty))
    }

    /// The transform the components make (`CGAffineTransformMakeWithComponents`).
    public init(_ components: Components) {
        let (sine, cosine) = (sin(components.rotation), cos(components.rotation))
        let (sx, sy, shear) = (components.scale.width, components.scale.height, components.horizontalShear)
        self.init(
            a: sx * cosine, b: sx * sine, c: sy * (shear * cosine - sine), d: sy * (shear * sine + cosine),
            tx: components.translation.dx, ty: components.translation.dy)
    }
}
