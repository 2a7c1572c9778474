import Foundation
import OpenQuartzCore

extension CAMLValueText {
    /// A `CATransform3D` as Apple's writer prints it (`NSValue(CAMLWriter).mm`): `""` for the
    /// identity; a decomposable matrix as `perspective(d) translate(x, y, z) rotate(Zdeg)
    /// rotate(Ydeg, 0, 1, 0) rotate(Xdeg, 1, 0, 0) scale(…)`, each part only when it does
    /// something; anything else (shears, general perspective, a zero scale) as
    /// `matrix(m11 … m44)`.
    ///
    /// The function form is used only when reading it back gives every entry within
    /// ``numberTolerance``: first with numbers as short as that tolerance allows, then with
    /// numbers exact, then the matrix.
    static func text(_ transform: CATransform3D) -> String {
        if transform == CATransform3DIdentity { return "" }
        for exact in [false, true] {
            if let candidate = functionText(transform, exactNumbers: exact), let back = self.transform(candidate),
                matrixEntries(back).elementsEqual(matrixEntries(transform), by: { abs($0 - $1) <= numberTolerance })
            {
                return candidate
            }
        }
        return "matrix(" + text(matrixEntries(transform)) + ")"
    }

    /// The sixteen entries, row by row.
    static func matrixEntries(_ t: CATransform3D) -> [Double] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map(Double.init)
    }

    /// The function list of a matrix the CSS-style decomposition rebuilds without shear; nil
    /// for any other.
    private static func functionText(_ transform: CATransform3D, exactNumbers: Bool) -> String? {
        guard transform.m44 == 1, let parts = DecomposedTransform(transform) else { return nil }
        let tiny = 1e-12
        guard abs(parts.skewXY) < tiny, abs(parts.skewXZ) < tiny, abs(parts.skewYZ) < tiny,
            abs(parts.perspective.x) < tiny, abs(parts.perspective.y) < tiny,
            parts.scale.x != 0, parts.scale.y != 0, parts.scale.z != 0
        else { return nil }
        func number(_ value: Double) -> String {
            exactNumbers ? DecimalDigits(value.description).exactText(of: value) : text(value)
        }
        // Each part is left out, or written in its short form, by the text it prints, so that
        // a value a hair from the identity (a scale of 1.0000000000000002) reads back as the
        // same list.
        var functions: [String] = []
        if parts.perspective.z != 0 {
            functions.append("perspective(\(number(-1 / parts.perspective.z)))")
        }
        let move = [parts.translation.x, parts.translation.y, parts.translation.z].map(number)
        if move != ["0", "0", "0"] { functions.append("translate(\(move.joined(separator: ", ")))") }
        let angles = parts.rotation.eulerAngles
        let z = number(angles.z * 180 / .pi)
        let y = number(angles.y * 180 / .pi)
        let x = number(angles.x * 180 / .pi)
        if z != "0" { functions.append("rotate(\(z)deg)") }
        if y != "0" { functions.append("rotate(\(y)deg, 0, 1, 0)") }
        if x != "0" { functions.append("rotate(\(x)deg, 1, 0, 0)") }
        let scale = [parts.scale.x, parts.scale.y, parts.scale.z].map(number)
        if scale[0] == scale[1], scale[1] == scale[2] {
            if scale[0] != "1" { functions.append("scale(\(scale[0]))") }
        } else {
            functions.append("scale(\(scale.joined(separator: ", ")))")
        }
        return functions.joined(separator: " ")
    }
}

extension DecimalDigits {
    /// The shortest round-trip text of `value` (zero and integers included).
    func exactText(of value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
        return text
    }
}
