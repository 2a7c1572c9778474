import Foundation
import OpenQuartzCore

extension CAMLValueText {
    /// A `CATransform3D` in Apple's function syntax (`NSValue(CAMLWriter).mm`): `""` is the
    /// identity; otherwise functions separated by spaces, such as
    /// `translate(10, 20, 0) rotate(45deg) rotate(30deg, 0, 1, 0) scale(0.5)`, or
    /// `matrix(m11 … m44)`.
    ///
    /// As in CSS, the list reads outer to inner: the last function applies to the layer
    /// first (the writer lists perspective, translate, rotations, shears, scale, the
    /// order a decomposition rebuilds the matrix in). Angles take `deg` or `rad`; a bare
    /// number is radians, as Core Animation's angles are.
    ///
    /// Shears: `shearXY(a)` adds a·y to x, `shearXZ(a)` a·z to x and `shearYZ(a)` a·z to y,
    /// where a is the argument read as an angle in radians and used as the shear factor
    /// itself. Apple's writer prints the factors of its matrix decomposition
    /// (`CA::Mat4Impl::mat4_get_unmatrix`) times 180/π with a `deg` suffix, so this reading
    /// gives back the matrix it wrote (inferred from `NSValue(CAMLWriter).mm`; Apple's own
    /// parser is not in the dump).
    static func transform(_ text: String) -> CATransform3D? {
        var result = CATransform3DIdentity
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else {
                return nil
            }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            let arguments = rest[rest.index(after: open)..<close]
                .split(whereSeparator: { $0 == "," || $0.isWhitespace })
                .map(String.init)
            guard let function = transformFunction(name, arguments) else { return nil }
            // `function` applies to points before everything read so far.
            result = CATransform3DConcat(function, result)
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func transformFunction(_ name: String, _ arguments: [String]) -> CATransform3D? {
        func values(_ range: ClosedRange<Int>) -> [CGFloat]? {
            guard range.contains(arguments.count) else { return nil }
            var result: [CGFloat] = []
            for argument in arguments {
                guard let value = number(argument), value.isFinite else { return nil }
                result.append(value)
            }
            return result
        }
        switch name {
        case "matrix":
            guard let m = values(16...16) else {
                return values(6...6).map {
                    CATransform3DMakeAffineTransform(
                        CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]))
                }
            }
            return CATransform3D(
                m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
        case "translate":
            guard let t = values(1...3) else { return nil }
            return CATransform3DMakeTranslation(t[0], t.count > 1 ? t[1] : 0, t.count > 2 ? t[2] : 0)
        case "scale":
            guard let s = values(1...3) else { return nil }
            // One argument scales uniformly in x, y and z, as Apple's writer prints `scale(s)`.
            return s.count == 1
                ? CATransform3DMakeScale(s[0], s[0], s[0])
                : CATransform3DMakeScale(s[0], s[1], s.count > 2 ? s[2] : 1)
        case "rotate":
            guard arguments.count == 1 || arguments.count == 4, let angle = angle(arguments[0]) else { return nil }
            guard arguments.count == 4 else { return CATransform3DMakeRotation(angle, 0, 0, 1) }
            var axis: [CGFloat] = []
            for argument in arguments.dropFirst() {
                guard let value = number(argument), value.isFinite else { return nil }
                axis.append(value)
            }
            // A zero axis has no rotation; Core Animation answers the identity for it too.
            return CATransform3DMakeRotation(angle, axis[0], axis[1], axis[2])
        case "shearXY", "shearXZ", "shearYZ":
            guard arguments.count == 1, let factor = angle(arguments[0]) else { return nil }
            var shear = CATransform3DIdentity
            switch name {
            case "shearXY": shear.m21 = factor
            case "shearXZ": shear.m31 = factor
            default: shear.m32 = factor
            }
            return shear
        case "perspective":
            guard let d = values(1...1), d[0] != 0 else { return nil }
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / d[0]
            return perspective
        default:
            return nil
        }
    }

    /// `45deg`, `0.5rad` or a bare number of radians.
    private static func angle(_ text: String) -> CGFloat? {
        var body = text
        var scale = 1.0
        if body.hasSuffix("deg") {
            body.removeLast(3)
            scale = .pi / 180
        } else if body.hasSuffix("rad") {
            body.removeLast(3)
        }
        guard let value = number(body), value.isFinite else { return nil }
        return value * scale
    }
}
