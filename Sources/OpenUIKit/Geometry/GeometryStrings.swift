import Foundation

// UIKit's string forms of geometry: `NSStringFromCGPoint` and `CGPointFromString` and their
// Swift spellings on `NSCoder` (`NSCoder.string(for:)`, `NSCoder.cgPoint(for:)`).
//
// Points, sizes and vectors are written "{a, b}", rectangles "{{x, y}, {w, h}}" and affine
// transforms "[a, b, c, d, tx, ty]", each number with up to 17 significant digits so that it
// reads back exactly (0.1 is written 0.10000000000000001, as on Apple's 64-bit platforms).
// Reading ignores white space and gives zero for a string that is not of that form, as
// Apple documents.

extension NSCoder {
    /// The point a string of the form "{x, y}" describes; `.zero` when it has another form.
    public static func cgPoint(for string: String) -> CGPoint {
        guard let n = GeometryText.numbers(in: string, shape: "{#,#}") else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    /// The size a string of the form "{width, height}" describes; `.zero` otherwise.
    public static func cgSize(for string: String) -> CGSize {
        guard let n = GeometryText.numbers(in: string, shape: "{#,#}") else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    /// The rectangle a string of the form "{{x, y}, {width, height}}" describes; `.zero`
    /// otherwise.
    public static func cgRect(for string: String) -> CGRect {
        guard let n = GeometryText.numbers(in: string, shape: "{{#,#},{#,#}}") else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The vector a string of the form "{dx, dy}" describes; `.zero` otherwise.
    public static func cgVector(for string: String) -> CGVector {
        guard let n = GeometryText.numbers(in: string, shape: "{#,#}") else { return .zero }
        return CGVector(dx: n[0], dy: n[1])
    }

    /// The transform a string of the form "[a, b, c, d, tx, ty]" describes; the identity
    /// otherwise.
    public static func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = GeometryText.numbers(in: string, shape: "[#,#,#,#,#,#]") else { return .identity }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// "{x, y}".
    public static func string(for point: CGPoint) -> String {
        "{\(GeometryText.number(point.x)), \(GeometryText.number(point.y))}"
    }

    /// "{width, height}".
    public static func string(for size: CGSize) -> String {
        "{\(GeometryText.number(size.width)), \(GeometryText.number(size.height))}"
    }

    /// "{{x, y}, {width, height}}".
    public static func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }

    /// "{dx, dy}".
    public static func string(for vector: CGVector) -> String {
        "{\(GeometryText.number(vector.dx)), \(GeometryText.number(vector.dy))}"
    }

    /// "[a, b, c, d, tx, ty]".
    public static func string(for transform: CGAffineTransform) -> String {
        let t = transform
        return "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(GeometryText.number).joined(separator: ", ") + "]"
    }
}

/// UIKit's C spelling of `NSCoder.string(for:)`.
public func NSStringFromCGPoint(_ point: CGPoint) -> String { NSCoder.string(for: point) }
/// UIKit's C spelling of `NSCoder.string(for:)`.
public func NSStringFromCGSize(_ size: CGSize) -> String { NSCoder.string(for: size) }
/// UIKit's C spelling of `NSCoder.string(for:)`.
public func NSStringFromCGRect(_ rect: CGRect) -> String { NSCoder.string(for: rect) }
/// UIKit's C spelling of `NSCoder.string(for:)`.
public func NSStringFromCGAffineTransform(_ transform: CGAffineTransform) -> String { NSCoder.string(for: transform) }
/// UIKit's C spelling of `NSCoder.cgPoint(for:)`.
public func CGPointFromString(_ string: String) -> CGPoint { NSCoder.cgPoint(for: string) }
/// UIKit's C spelling of `NSCoder.cgSize(for:)`.
public func CGSizeFromString(_ string: String) -> CGSize { NSCoder.cgSize(for: string) }
/// UIKit's C spelling of `NSCoder.cgRect(for:)`.
public func CGRectFromString(_ string: String) -> CGRect { NSCoder.cgRect(for: string) }
/// UIKit's C spelling of `NSCoder.cgAffineTransform(for:)`.
public func CGAffineTransformFromString(_ string: String) -> CGAffineTransform {
    NSCoder.cgAffineTransform(for: string)
}

/// Writing and reading the numbers of the string forms.
enum GeometryText {
    /// `value` with up to 17 significant digits, the shortest `%g` form otherwise ("1", "2.5").
    static func number(_ value: CGFloat) -> String {
        String(format: "%.17g", Double(value))
    }

    /// The numbers of `string` when, white space removed, it has `shape` with a number at
    /// each `#`; `nil` otherwise.
    static func numbers(in string: String, shape: String) -> [CGFloat]? {
        let text = Array(string.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        var index = 0
        var numbers: [CGFloat] = []
        for expected in shape.unicodeScalars {
            if expected == "#" {
                let start = index
                while index < text.count, !"{}[],".unicodeScalars.contains(text[index]) { index += 1 }
                guard let value = Double(String(String.UnicodeScalarView(text[start..<index]))) else { return nil }
                numbers.append(CGFloat(value))
            } else {
                guard index < text.count, text[index] == expected else { return nil }
                index += 1
            }
        }
        return index == text.count ? numbers : nil
    }
}
