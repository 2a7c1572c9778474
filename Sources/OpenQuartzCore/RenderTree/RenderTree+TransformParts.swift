import Foundation

extension RenderTree {
    /// A transform component animated in the vector lane, written into the model at read time.
    struct TransformPart {
        var entry: Int
        var component: TransformComponent
        var model: CATransform3D
        /// The model with the part set, as `constant + first × p + second × q`: p and q are
        /// the cosine and sine of a rotation's angle, a scale's or a translation's number, or
        /// a translation's two numbers. Every entry of the model recomposed from its
        /// decomposition is of that form in them, so that the coefficients, found once when
        /// the tree is built, give what recomposing gives, with 48 multiply-adds (and one sine
        /// and cosine) a frame.
        var form: TransformForm
        /// False when the model has no decomposition: a part is then written into the
        /// model's entries, as `setting(component:to:)` does (and `form` is unused).
        var hasForm: Bool

        init(entry: Int, component: TransformComponent, model: CATransform3D) {
            self.entry = entry
            self.component = component
            self.model = model
            guard let parts = DecomposedTransform(model) else {
                form = TransformForm(constant: model, first: model, second: model)
                hasForm = false
                return
            }
            let angles = parts.rotation.eulerAngles
            let turns = (
                x: (sin: sin(angles.x), cos: cos(angles.x)), y: (sin: sin(angles.y), cos: cos(angles.y)),
                z: (sin: sin(angles.z), cos: cos(angles.z))
            )
            let compose = { (p: Double, q: Double) in
                Self.recomposed(parts, model: model, component: component, turns: turns, p, q)
            }
            let constant = compose(0, 0)
            form = TransformForm(
                constant: constant, first: compose(1, 0).minus(constant), second: compose(0, 1).minus(constant))
            hasForm = true
        }

        /// The model from its decomposition with the part set: a rotation about one axis to
        /// the angle of cosine `p` and sine `q` (`RotationBasis(eulerX:eulerY:eulerZ:)` term
        /// for term, the other two angles the model's, of which `turns` are the sines and
        /// cosines), anything else to `p` (and a
        /// translation's y to `q`), as `setting(component:to:)` and `setting(translation:)` give.
        private static func recomposed(
            _ parts: DecomposedTransform, model: CATransform3D, component: TransformComponent,
            turns: (x: (sin: Double, cos: Double), y: (sin: Double, cos: Double), z: (sin: Double, cos: Double)),
            _ p: Double, _ q: Double
        ) -> CATransform3D {
            var parts = parts
            let (x, y, z) = turns
            switch component {
            case .rotationZ, .rotation: parts.rotation = basis(x, y, (q, p))
            case .rotationX: parts.rotation = basis((q, p), y, z)
            case .rotationY: parts.rotation = basis(x, (q, p), z)
            case .scaleX: parts.scale.x = p
            case .scaleY: parts.scale.y = p
            case .scaleZ: parts.scale.z = p
            case .scale: parts.scale = TransformVector(p, p, p)
            case .scaleXY: (parts.scale.x, parts.scale.y) = (p, p)
            case .translationX: parts.translation.x = p
            case .translationY: parts.translation.y = p
            case .translationZ: parts.translation.z = p
            case .translation: (parts.translation.x, parts.translation.y) = (p, q)
            }
            return parts.matrix.multiplied(by: model.m44)
        }

        /// `RotationBasis(eulerX:eulerY:eulerZ:)` from the angles' sines and cosines.
        private static func basis(
            _ x: (sin: Double, cos: Double), _ y: (sin: Double, cos: Double), _ z: (sin: Double, cos: Double)
        ) -> RotationBasis {
            let (sa, ca) = x
            let (sb, cb) = y
            let (sg, cg) = z
            return RotationBasis(
                x: TransformVector(cg * cb, sg * ca + cg * sb * sa, sg * sa - cg * sb * ca),
                y: TransformVector(-sg * cb, cg * ca - sg * sb * sa, cg * sa + sg * sb * ca),
                z: TransformVector(sb, -cb * sa, cb * ca))
        }

        /// The model with the part set to `lanes` (its first lane; both first for
        /// `.translation`), or the model itself while the animation has no effect (its last
        /// lane 0).
        func transform(_ lanes: SIMD4<Double>) -> CATransform3D {
            var transform = model
            withUnsafePointer(to: self) { Self.write(lanes, of: $0, to: &transform) }
            return transform
        }

        /// Writes `transform(lanes)` of `part` into `transform`, reading through the pointer
        /// so that the part (four transforms) is not copied.
        @inline(__always)
        static func write(
            _ lanes: SIMD4<Double>, of part: UnsafePointer<TransformPart>,
            to transform: UnsafeMutablePointer<CATransform3D>
        ) {
            let component = part.pointee.component
            guard lanes[3] != 0 else {
                transform.pointee = part.pointee.model
                return
            }
            guard part.pointee.hasForm else {
                transform.pointee =
                    component == .translation
                    ? part.pointee.model.setting(translation: CGSize(width: lanes[0], height: lanes[1]))
                    : part.pointee.model.setting(component: component, to: lanes[0])
                return
            }
            let p: Double
            let q: Double
            switch component {
            case .rotationZ, .rotation, .rotationX, .rotationY:
                let turn = sineAndCosine(lanes[0])
                (p, q) = (turn.cos, turn.sin)
            case .translation: (p, q) = (lanes[0], lanes[1])
            default: (p, q) = (lanes[0], 0)
            }
            part.pointee.form.write(p, q, to: transform)
        }
    }

    /// A transform as `constant + first × p + second × q` (see `TransformPart.form`).
    struct TransformForm {
        var constant: CATransform3D
        var first: CATransform3D
        var second: CATransform3D

        /// Writes the transform at `p` and `q` entry by entry, with no transform made whole
        /// and copied.
        @inline(__always)
        func write(_ p: Double, _ q: Double, to transform: UnsafeMutablePointer<CATransform3D>) {
            let (a, b, c) = (constant, first, second)
            transform.pointee.m11 = a.m11 + b.m11 * p + c.m11 * q
            transform.pointee.m12 = a.m12 + b.m12 * p + c.m12 * q
            transform.pointee.m13 = a.m13 + b.m13 * p + c.m13 * q
            transform.pointee.m14 = a.m14 + b.m14 * p + c.m14 * q
            transform.pointee.m21 = a.m21 + b.m21 * p + c.m21 * q
            transform.pointee.m22 = a.m22 + b.m22 * p + c.m22 * q
            transform.pointee.m23 = a.m23 + b.m23 * p + c.m23 * q
            transform.pointee.m24 = a.m24 + b.m24 * p + c.m24 * q
            transform.pointee.m31 = a.m31 + b.m31 * p + c.m31 * q
            transform.pointee.m32 = a.m32 + b.m32 * p + c.m32 * q
            transform.pointee.m33 = a.m33 + b.m33 * p + c.m33 * q
            transform.pointee.m34 = a.m34 + b.m34 * p + c.m34 * q
            transform.pointee.m41 = a.m41 + b.m41 * p + c.m41 * q
            transform.pointee.m42 = a.m42 + b.m42 * p + c.m42 * q
            transform.pointee.m43 = a.m43 + b.m43 * p + c.m43 * q
            transform.pointee.m44 = a.m44 + b.m44 * p + c.m44 * q
        }
    }

    /// A transform part whose form changes only `m11`, `m12`, `m21` and `m22` — a rotation
    /// about z or a scale in x or y of a model with no rotation about x or y, the common case
    /// — and leaves the other twelve entries exactly the model's: a frame writes those four,
    /// and reads 128 bytes instead of the part's 530 (with 100,000 animations, a quarter of
    /// them rotations, 10 MB a frame less).
    struct PlanarPart {
        /// The four entries as `(m11, m12, m21, m22)`.
        var model: SIMD4<Double>
        var constant: SIMD4<Double>
        var first: SIMD4<Double>
        var second: SIMD4<Double>

        /// Nil when the part changes any other entry, or its form's other entries are not
        /// exactly the model's.
        init?(_ part: TransformPart) {
            guard part.hasForm else { return nil }
            let form = part.form
            // Compared entry by entry in vectors: an array of key paths, made and projected
            // for every part, took half of a 10,000-layer tree's building.
            let outsideOfModel = Self.outside(part.model)
            guard Self.outside(form.first) == (.zero, .zero), Self.outside(form.second) == (.zero, .zero),
                Self.outside(form.constant) == outsideOfModel
            else { return nil }
            model = Self.planar(part.model)
            constant = Self.planar(form.constant)
            first = Self.planar(form.first)
            second = Self.planar(form.second)
        }

        private static func planar(_ t: CATransform3D) -> SIMD4<Double> { SIMD4(t.m11, t.m12, t.m21, t.m22) }

        /// The twelve entries besides `m11`, `m12`, `m21` and `m22`.
        private static func outside(_ t: CATransform3D) -> (SIMD8<Double>, SIMD4<Double>) {
            (SIMD8(t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34), SIMD4(t.m41, t.m42, t.m43, t.m44))
        }

        /// Writes the four entries at `lanes` as `TransformPart.write` writes the whole
        /// transform: `turns` for a rotation (the cosine and sine of the first lane), a
        /// scale's number otherwise; the model's while the animation has no effect.
        @inline(__always)
        static func write(
            _ lanes: SIMD4<Double>, turns: Bool, of part: UnsafePointer<PlanarPart>,
            to transform: UnsafeMutablePointer<CATransform3D>
        ) {
            let entries: SIMD4<Double>
            if lanes[3] == 0 {
                entries = part.pointee.model
            } else if turns {
                let turn = sineAndCosine(lanes[0])
                entries = part.pointee.constant + part.pointee.first * turn.cos + part.pointee.second * turn.sin
            } else {
                entries = part.pointee.constant + part.pointee.first * lanes[0] + part.pointee.second * 0
            }
            transform.pointee.m11 = entries[0]
            transform.pointee.m12 = entries[1]
            transform.pointee.m21 = entries[2]
            transform.pointee.m22 = entries[3]
        }
    }

    /// The transform a `.transformPart` slot holds, as last evaluated, without boxing it.
    func transform(ofPart index: Int) -> CATransform3D {
        transformParts[index].transform(vectorValues[transformParts[index].entry])
    }
}

extension CATransform3D {
    /// Entry by entry, `self − other`.
    fileprivate func minus(_ other: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 - other.m11, m12: m12 - other.m12, m13: m13 - other.m13, m14: m14 - other.m14,
            m21: m21 - other.m21, m22: m22 - other.m22, m23: m23 - other.m23, m24: m24 - other.m24,
            m31: m31 - other.m31, m32: m32 - other.m32, m33: m33 - other.m33, m34: m34 - other.m34,
            m41: m41 - other.m41, m42: m42 - other.m42, m43: m43 - other.m43, m44: m44 - other.m44)
    }
}
