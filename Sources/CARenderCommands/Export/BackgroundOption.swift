import ArgumentParser
import Foundation
import OpenCoreGraphics

/// `--background none|COLOR`: what a picture is drawn over.
enum BackgroundOption {
    /// The words `--background` takes, for the help and the messages.
    static let forms = "none, white, black, #rrggbb or #rrggbbaa"

    /// Parses `none` (nil: transparent), `white`, `black`, or hexadecimal sRGB `#rrggbb` or
    /// `#rrggbbaa` (the `#` may be left out: a shell takes an unquoted word starting with `#`
    /// for a comment).
    ///
    /// - Throws: `ValidationError` naming the option and the forms it takes.
    static func parse(_ text: String) throws -> CGColor? {
        switch text.lowercased() {
        case "none": return nil
        case "white": return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "black": return CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        default: break
        }
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else {
            throw ValidationError("--background must be \(forms); got '\(text)'")
        }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        let channel = { (shift: UInt32) in CGFloat((rgba >> shift) & 0xFF) / 255 }
        return CGColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }
}
