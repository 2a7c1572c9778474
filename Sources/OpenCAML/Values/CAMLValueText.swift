import Foundation
import OpenQuartzCore

/// The text grammars of CAML scalar values (FORMAT.md §4). Each parser answers nil for text
/// that does not fit its grammar, and the decoder turns that into a warning naming the
/// element: a wrong value skips one property, never the document.
enum CAMLValueText {
    /// A number as Apple's strtod-like parser reads it: decimal or exponent forms, and
    /// `inf`/`Inf`/`+infinity` in any case. NaN is refused: no CAML property holds one.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let lowered = trimmed.lowercased()
        var unsigned = lowered
        var sign = 1.0
        if let first = unsigned.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            unsigned.removeFirst()
        }
        if unsigned == "inf" || unsigned == "infinity" { return sign * .infinity }
        guard let value = Double(lowered), !value.isNaN else { return nil }
        return value
    }

    /// The most elements an array may have (child elements, or numbers in a text): far more
    /// than any document uses (the corpus's longest has 100), few enough that a hostile
    /// document cannot make the engine hold millions of keyframes.
    static let maximumArrayCount = 100_000

    /// Numbers separated by white space and/or commas (`"0 0 390 844"`, `"1, 0, 0"`); nil
    /// past ``maximumArrayCount`` of them.
    static func numbers(_ text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        guard parts.count <= maximumArrayCount else { return nil }
        var values: [Double] = []
        values.reserveCapacity(parts.count)
        for part in parts {
            guard let value = number(String(part)) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Exactly `count` finite numbers.
    static func finiteNumbers(_ text: String, count: Int) -> [Double]? {
        guard let values = numbers(text), values.count == count, values.allSatisfy(\.isFinite) else { return nil }
        return values
    }

    /// `0`/`1` almost everywhere; `true`/`false` (and `yes`/`no`) also occur.
    static func bool(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: return number(text).map { $0 != 0 }
        }
    }

    /// `x y`.
    static func point(_ text: String) -> CGPoint? {
        finiteNumbers(text, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }

    /// `w h`.
    static func size(_ text: String) -> CGSize? {
        finiteNumbers(text, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }

    /// `x y w h`.
    static func rect(_ text: String) -> CGRect? {
        finiteNumbers(text, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }

    /// `r g b` in 0…1 (Apple's writer), optionally a fourth alpha component; `opacity` is the
    /// separate attribute Apple writes only when alpha is not 1, and wins over a fourth
    /// component.
    static func color(_ text: String, opacity: String?) -> CGColor? {
        guard let components = numbers(text), components.count == 3 || components.count == 4,
            components.allSatisfy(\.isFinite)
        else { return nil }
        var alpha = components.count == 4 ? components[3] : 1
        if let opacity {
            guard let value = number(opacity), value.isFinite else { return nil }
            alpha = value
        }
        return CGColor(srgbRed: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    /// `matrix(a b c d tx ty)`.
    static func affineTransform(_ text: String) -> CGAffineTransform? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("matrix("), trimmed.hasSuffix(")"),
            let values = finiteNumbers(String(trimmed.dropFirst(7).dropLast()), count: 6)
        else { return nil }
        return CGAffineTransform(
            a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    /// A timing function: one of the five names, or four control-point numbers
    /// (`CAMediaTimingFunction.mm` `+CAMLParserEndElement:content:`: a first character that
    /// is a digit, `+`, `-` or `.` means numbers).
    static func timingFunction(_ text: String) -> CAMediaTimingFunction? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first else { return nil }
        if first.isNumber || first == "+" || first == "-" || first == "." {
            guard let values = finiteNumbers(trimmed, count: 4) else { return nil }
            let points = values.map(Float.init)
            guard CAMediaTimingFunction.controlPointProblem(points[0], points[1], points[2], points[3]) == nil
            else { return nil }
            return CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
        }
        let name = CAMediaTimingFunctionName(rawValue: trimmed)
        guard name.controlPoints != nil else { return nil }
        return CAMediaTimingFunction(name: name)
    }
}
