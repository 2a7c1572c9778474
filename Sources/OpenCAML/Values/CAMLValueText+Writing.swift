import Foundation
import OpenQuartzCore

/// The text the writer gives each value: exactly the grammars the parsers in this folder read
/// (FORMAT.md §4), in the spelling Apple's writer uses.
extension CAMLValueText {
    /// How far a written number may be from the value: the round trip keeps every number
    /// within this (Apple's writer snaps at 1e-12 and prints at most 13 significant digits,
    /// `NSNumber(CAMLWriter).mm`).
    static let numberTolerance = 1e-9

    /// The shortest decimal text whose value is within ``numberTolerance`` of `value`:
    /// integral values without a fraction (`390`), others with as few significant digits as
    /// that needs (`0.1 + 0.2` is `0.3`), very small and very large ones with an exponent
    /// (`1e-100`). Infinity is `Inf`, as Apple's Control Center files spell it.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "Inf" : "-Inf" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // `-0` is written `0`.
            return value == 0 ? "0" : String(Int64(value))
        }
        // Written text must write itself again (write → read → write gives the same bytes),
        // but rounding the text once more can land within the tolerance of the text where it
        // did not of the value. So each rounding keeps half the tolerance, and rounds again
        // while that stays within the tolerance of the value.
        var text = shortestText(value, within: numberTolerance / 2)
        // The exact round-trip text writes itself again.
        if text == value.description { return text }
        while let back = Double(text) {
            let again = shortestText(back, within: numberTolerance / 2)
            guard again != text, let next = Double(again), abs(next - value) <= numberTolerance else { break }
            text = again
        }
        return text
    }

    /// The shortest text that reads back as exactly `value`, for the numbers that say when
    /// (an animation's begin time, duration and time offset, its key times): a moment that falls
    /// on a key time must stay on the same side of it after the round trip.
    static func exactText(_ value: Double) -> String {
        guard value.isFinite else { return text(value) }
        return DecimalDigits(value.description).exactText(of: value)
    }

    /// The text of `value` with the fewest significant digits that is within `tolerance`.
    private static func shortestText(_ value: Double, within tolerance: Double) -> String {
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        let decimal = DecimalDigits(value.description)
        // A text with fewer digits differs from this one by at least a unit in its last place
        // (its last digit is not 0); when that is more than the tolerance, the round-trip text
        // is the shortest, as it is for most coordinates (`19.51`).
        if decimal.lastDigitPlace > tolerance { return decimal.text }
        var digits = 1
        while digits < decimal.digits.count {
            let candidate = decimal.rounded(toSignificantDigits: digits).text
            if let back = Double(candidate), abs(back - value) <= tolerance { return candidate }
            digits += 1
        }
        return decimal.text
    }

    /// The shortest text that reads back as exactly `value` in a `Float` property (opacity,
    /// speed, repeat counts, timing function control points): `0.35`, not the nearest double's
    /// `0.3499999940395355`.
    static func text(_ value: Float) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "Inf" : "-Inf" }
        if value == value.rounded(.towardZero), abs(value) < 1e7 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return DecimalDigits(value.description).text
    }

    /// Numbers separated by single spaces (points, sizes, rects, colours).
    static func text(_ values: [Double]) -> String {
        values.map { text($0) }.joined(separator: " ")
    }

    /// `1` or `0`, as Apple's writer spells booleans.
    static func text(_ flag: Bool) -> String { flag ? "1" : "0" }

    /// `x y`.
    static func text(_ point: CGPoint) -> String { text([Double(point.x), Double(point.y)]) }

    /// `w h`.
    static func text(_ size: CGSize) -> String { text([Double(size.width), Double(size.height)]) }

    /// `x y w h`.
    static func text(_ rect: CGRect) -> String {
        text([Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)])
    }

    /// `matrix(a b c d tx ty)`.
    static func text(_ transform: CGAffineTransform) -> String {
        "matrix("
            + text([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(Double.init))
            + ")"
    }

    /// A colour as Apple writes it: `r g b`, and the alpha as a separate `opacity` only when it
    /// is not 1 (`NSObject(CAMLWriter).mm`).
    static func colorText(red: Double, green: Double, blue: Double, alpha: Double) -> (value: String, opacity: String?)
    {
        (text([red, green, blue]), alpha == 1 ? nil : text(alpha))
    }

    /// A path as operands then an operator: `x y m`, `x y l`, `cx cy x y q`,
    /// `c1x c1y c2x c2y x y c`, `h` (`path_callback` in `NSObject(CAMLWriter).mm`).
    static func text(_ path: CGPath) -> String {
        var parts: [String] = []
        for element in path.elements {
            switch element {
            case .move(let to): parts.append(text(to) + " m")
            case .line(let to): parts.append(text(to) + " l")
            case .quadCurve(let to, let control): parts.append(text(control) + " " + text(to) + " q")
            case .curve(let to, let control1, let control2):
                parts.append(text(control1) + " " + text(control2) + " " + text(to) + " c")
            case .closeSubpath: parts.append("h")
            }
        }
        return parts.joined(separator: " ")
    }

    /// A timing function: its name when it was made from one, else its four control points
    /// (`CAMediaTimingFunction.mm -encodeWithCAMLWriter:`).
    static func text(_ function: CAMediaTimingFunction) -> String {
        if let name = function.name { return name.rawValue }
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        return [first[0], first[1], second[0], second[1]].map { text($0) }.joined(separator: " ")
    }
}

/// A finite non-zero number as decimal digits and an exponent: value = ±0.d₁d₂… × 10^exponent.
/// Made from Swift's shortest round-trip `description`, rounded in decimal, so that the
/// writer never depends on `printf` formatting.
struct DecimalDigits {
    var isNegative: Bool
    /// Significant digits, no leading or trailing zeros.
    var digits: [UInt8]
    var exponent: Int

    /// Reads `description`'s forms: `123.45`, `0.001`, `1e-05`, `1.2345e+20`, `-7.0`.
    init(_ description: String) {
        var text = Substring(description)
        isNegative = text.first == "-"
        if isNegative { text = text.dropFirst() }
        var power = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            power = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        var collected: [UInt8] = []
        var pointAt: Int?
        for character in text.utf8 {
            if character == UInt8(ascii: ".") {
                pointAt = collected.count
            } else {
                collected.append(character &- UInt8(ascii: "0"))
            }
        }
        var integerDigits = pointAt ?? collected.count
        while let first = collected.first, first == 0 {
            collected.removeFirst()
            integerDigits -= 1
        }
        while let last = collected.last, last == 0 { collected.removeLast() }
        digits = collected
        exponent = collected.isEmpty ? 0 : integerDigits + power
    }

    /// The number rounded half away from zero to `count` significant digits.
    func rounded(toSignificantDigits count: Int) -> DecimalDigits {
        guard count < digits.count else { return self }
        var result = self
        var kept = Array(digits[..<count])
        if digits[count] >= 5 {
            var index = count - 1
            while index >= 0 {
                if kept[index] == 9 {
                    kept[index] = 0
                    index -= 1
                } else {
                    kept[index] += 1
                    break
                }
            }
            if index < 0 {
                kept.insert(1, at: 0)
                result.exponent += 1
            }
        }
        while let last = kept.last, last == 0 { kept.removeLast() }
        result.digits = kept
        return result
    }

    /// The place value of the last significant digit (0.01 for `19.51`).
    var lastDigitPlace: Double {
        digits.isEmpty ? 0 : pow(10, Double(exponent - digits.count))
    }

    /// Plain decimal notation for numbers from 1e-5 to 1e15, an exponent otherwise (`1e-100`,
    /// `2.5e+20`). Built as bytes: paths write thousands of numbers.
    var text: String {
        guard !digits.isEmpty else { return "0" }
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + 8)
        if isNegative { out.append(UInt8(ascii: "-")) }
        if exponent > 15 || exponent < -4 {
            out.append(digits[0] + zero)
            if digits.count > 1 {
                out.append(UInt8(ascii: "."))
                for digit in digits.dropFirst() { out.append(digit + zero) }
            }
            let power = exponent - 1
            out.append(UInt8(ascii: "e"))
            out.append(power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            out.append(contentsOf: String(abs(power)).utf8)
        } else if exponent <= 0 {
            out.append(zero)
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: repeatElement(zero, count: -exponent))
            for digit in digits { out.append(digit + zero) }
        } else {
            for (index, digit) in digits.enumerated() {
                if index == exponent { out.append(UInt8(ascii: ".")) }
                out.append(digit + zero)
            }
            if exponent > digits.count { out.append(contentsOf: repeatElement(zero, count: exponent - digits.count)) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
