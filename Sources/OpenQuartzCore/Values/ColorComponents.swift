import Foundation
import OpenCoreGraphics

/// A colour as four sRGB components, the form colours take while they animate.
///
/// Core Animation interpolates colours component by component in their colour space; every
/// colour here is sRGB, so red, green, blue and alpha interpolate linearly.
package struct ColorComponents: Equatable, Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black: what a `nil` colour animates from or to, as on Apple's platforms.
    package static let clear = ColorComponents(red: 0, green: 0, blue: 0, alpha: 0)

    package init(_ color: CGColor) {
        let rgba = color.rgba
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }

    package var cgColor: CGColor {
        CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    package static func + (lhs: ColorComponents, rhs: ColorComponents) -> ColorComponents {
        ColorComponents(
            red: lhs.red + rhs.red, green: lhs.green + rhs.green,
            blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }

    package static func - (lhs: ColorComponents, rhs: ColorComponents) -> ColorComponents {
        ColorComponents(
            red: lhs.red - rhs.red, green: lhs.green - rhs.green,
            blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }

    package func scaled(by factor: Double) -> ColorComponents {
        ColorComponents(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
}
