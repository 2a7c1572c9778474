import Foundation

/// A part of a transform that a key path such as `transform.rotation.z` names, or that a
/// `CAValueFunction` builds a transform from.
///
/// Apple documents the key paths in "Core Animation Programming Guide › Key-Value Coding
/// Extensions › CATransform3D Key Paths": angles in radians, `rotation` is the same as
/// `rotation.z`, `scale` is the average of the three scale factors, and `translation` is a
/// size holding x and y.
package enum TransformComponent: Hashable, Sendable, CaseIterable {
    case rotationX, rotationY, rotationZ
    /// The same as ``rotationZ``.
    case rotation
    case scaleX, scaleY, scaleZ
    /// Uniform scale: reading gives the average of the three factors, writing sets all three.
    case scale
    /// x and y scale together (`transform.scale.xy`, which CAML documents animate): reading
    /// gives the average of the two factors, writing sets both and keeps z.
    case scaleXY
    case translationX, translationY, translationZ
    /// x and y translation together, as a `CGSize`.
    case translation
}

extension CATransform3D {
    /// Maps the point (x, y, z, 1) through the transform, dividing by the resulting w.
    ///
    /// A point on the plane at infinity (w = 0) gives infinite or NaN coordinates.
    package func applying(to point: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
        let (x, y, z) = (CGFloat(point.x), CGFloat(point.y), CGFloat(point.z))
        let px = x * m11 + y * m21 + z * m31 + m41
        let py = x * m12 + y * m22 + z * m32 + m42
        let pz = x * m13 + y * m23 + z * m33 + m43
        let pw = x * m14 + y * m24 + z * m34 + m44
        return (Double(px / pw), Double(py / pw), Double(pz / pw))
    }

    // MARK: Reading key paths

    /// `transform.rotation.x`: the x Euler angle, in radians (see ``RotationBasis``).
    package var rotationX: CGFloat { CGFloat(DecomposedTransform(self)?.rotation.eulerAngles.x ?? 0) }
    /// `transform.rotation.y`: the y Euler angle, in radians.
    package var rotationY: CGFloat { CGFloat(DecomposedTransform(self)?.rotation.eulerAngles.y ?? 0) }
    /// `transform.rotation.z` and `transform.rotation`: the z Euler angle, in radians.
    package var rotationZ: CGFloat { CGFloat(DecomposedTransform(self)?.rotation.eulerAngles.z ?? 0) }

    /// `transform.scale.x`.
    package var scaleX: CGFloat { CGFloat(decomposedScale.x) }
    /// `transform.scale.y`.
    package var scaleY: CGFloat { CGFloat(decomposedScale.y) }
    /// `transform.scale.z`.
    package var scaleZ: CGFloat { CGFloat(decomposedScale.z) }
    /// `transform.scale`: the average of the three scale factors, as Apple documents.
    package var scale: CGFloat {
        let s = decomposedScale
        return CGFloat((s.x + s.y + s.z) / 3)
    }

    /// `transform.translation.x`.
    package var translationX: CGFloat { CGFloat(decomposedTranslation.x) }
    /// `transform.translation.y`.
    package var translationY: CGFloat { CGFloat(decomposedTranslation.y) }
    /// `transform.translation.z`.
    package var translationZ: CGFloat { CGFloat(decomposedTranslation.z) }
    /// `transform.translation`: the x and y translation.
    package var translation: CGSize {
        let t = decomposedTranslation
        return CGSize(width: t.x, height: t.y)
    }

    /// The scale factors, or the lengths of the first three rows when the matrix does not
    /// decompose.
    private var decomposedScale: TransformVector {
        if let parts = DecomposedTransform(self) { return parts.scale }
        func length(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> Double { Double((a * a + b * b + c * c).squareRoot()) }
        return TransformVector(length(m11, m12, m13), length(m21, m22, m23), length(m31, m32, m33))
    }

    /// The translation, or the fourth row when the matrix does not decompose.
    private var decomposedTranslation: TransformVector {
        DecomposedTransform(self)?.translation ?? TransformVector(Double(m41), Double(m42), Double(m43))
    }

    // MARK: Writing key paths

    /// The transform with one component replaced and every other component kept: the matrix
    /// is decomposed, the component set, and the parts multiplied back together.
    ///
    ///     // transform.rotation.z = π/2 on the identity gives CATransform3DMakeRotation(π/2, 0, 0, 1).
    ///     CATransform3DIdentity.setting(component: .rotationZ, to: .pi / 2)
    ///
    /// A matrix that does not decompose (see ``DecomposedTransform/init(_:)``) gets its
    /// translation components written straight into m41…m43 and is otherwise returned unchanged.
    ///
    /// - Precondition: `component` is not `.translation`, which holds two numbers; use
    ///   ``setting(translation:)``.
    ///
    /// With a `memo`, a matrix that the memo's last result is does not decompose again (the
    /// parts it was made from are taken), and the result is remembered for the next component
    /// written into it — a layer whose translation, scales and rotation animate apart.
    package func setting(
        component: TransformComponent, to value: Double, memo: TransformMemo? = nil
    ) -> CATransform3D {
        guard var parts = memo?.parts(of: self) ?? DecomposedTransform(self) else {
            var result = self
            switch component {
            case .translationX: result.m41 = CGFloat(value)
            case .translationY: result.m42 = CGFloat(value)
            case .translationZ: result.m43 = CGFloat(value)
            case .translation: misuse("transform.translation is a size; use setting(translation:)")
            default: break
            }
            return result
        }
        switch component {
        case .rotationX, .rotationY, .rotationZ, .rotation:
            var angles = parts.rotation.eulerAngles
            switch component {
            case .rotationX: angles.x = value
            case .rotationY: angles.y = value
            default: angles.z = value
            }
            parts.rotation = RotationBasis(eulerX: angles.x, eulerY: angles.y, eulerZ: angles.z)
        case .scaleX: parts.scale.x = value
        case .scaleY: parts.scale.y = value
        case .scaleZ: parts.scale.z = value
        case .scale: parts.scale = TransformVector(value, value, value)
        case .scaleXY: (parts.scale.x, parts.scale.y) = (value, value)
        case .translationX: parts.translation.x = value
        case .translationY: parts.translation.y = value
        case .translationZ: parts.translation.z = value
        case .translation: misuse("transform.translation is a size; use setting(translation:)")
        }
        let result = parts.matrix.multiplied(by: m44)
        memo?.remember(parts, of: result)
        return result
    }

    /// The transform with its x and y translation replaced (`transform.translation`).
    package func setting(translation: CGSize) -> CATransform3D {
        guard var parts = DecomposedTransform(self) else {
            var result = self
            (result.m41, result.m42) = (translation.width, translation.height)
            return result
        }
        parts.translation.x = Double(translation.width)
        parts.translation.y = Double(translation.height)
        return parts.matrix.multiplied(by: m44)
    }

    // MARK: Building from components

    /// The transform a `CAValueFunction` builds from one number: a rotation about one axis
    /// (`rotateX`, `rotateY`, `rotateZ`), a scale (`scaleX`…, or `scale` for all three) or a
    /// translation along one axis (`translateX`…).
    ///
    /// - Precondition: `component` is not `.translation`; use ``make(component:values:)``.
    package static func make(component: TransformComponent, value: Double) -> CATransform3D {
        let v = CGFloat(value)
        switch component {
        case .rotationX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotationY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotationZ, .rotation: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .scale: return CATransform3DMakeScale(v, v, v)
        case .scaleXY: return CATransform3DMakeScale(v, v, 1)
        case .translationX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translationY: return CATransform3DMakeTranslation(0, v, 0)
        case .translationZ: return CATransform3DMakeTranslation(0, 0, v)
        case .translation:
            misuse("a translate value function takes three numbers; use make(component:values:)")
        }
    }

    /// The transform a `CAValueFunction` builds from three numbers: `scale` (x, y, z factors)
    /// or `translate` (x, y, z offsets), named here `.scale` and `.translation`.
    ///
    /// - Precondition: `component` is `.scale` or `.translation`.
    package static func make(component: TransformComponent, values: (Double, Double, Double)) -> CATransform3D {
        let (x, y, z) = (CGFloat(values.0), CGFloat(values.1), CGFloat(values.2))
        switch component {
        case .scale: return CATransform3DMakeScale(x, y, z)
        case .translation: return CATransform3DMakeTranslation(x, y, z)
        default: misuse("\(component) is built from one number; use make(component:value:)")
        }
    }

    /// Every entry multiplied by `factor` (the same transform, projectively).
    func multiplied(by factor: CGFloat) -> CATransform3D {
        if factor == 1 { return self }
        return CATransform3D(
            m11: m11 * factor, m12: m12 * factor, m13: m13 * factor, m14: m14 * factor,
            m21: m21 * factor, m22: m22 * factor, m23: m23 * factor, m24: m24 * factor,
            m31: m31 * factor, m32: m32 * factor, m33: m33 * factor, m34: m34 * factor,
            m41: m41 * factor, m42: m42 * factor, m43: m43 * factor, m44: m44 * factor
        )
    }
}

/// The last matrix ``CATransform3D/setting(component:to:memo:)`` made and the parts it made it
/// from, so that the next component written into that matrix skips decomposing it. One
/// evaluation pass holds one (the render tree's general lane, on one thread).
///
/// Only parts that decomposing the matrix would give back (to rounding) are remembered: every
/// scale positive, no perspective and m44 one, where the decomposition is unique. A mirrored matrix (a
/// negative scale) decomposes by a convention the parts set by hand need not follow, so it is
/// decomposed again, as without a memo.
package final class TransformMemo {
    private var matrix = CATransform3DIdentity
    private var parts: DecomposedTransform?

    package init() {}

    /// The remembered parts when `matrix` is the remembered matrix.
    @inline(__always)
    func parts(of matrix: CATransform3D) -> DecomposedTransform? {
        guard let parts, matrix == self.matrix else { return nil }
        return parts
    }

    @inline(__always)
    func remember(_ parts: DecomposedTransform, of matrix: CATransform3D) {
        let scale = parts.scale
        guard scale.x > 0, scale.y > 0, scale.z > 0, parts.perspective == .zero, matrix.m44 == 1 else {
            self.parts = nil
            return
        }
        self.matrix = matrix
        self.parts = parts
    }
}
