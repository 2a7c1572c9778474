import Foundation
import OpenCoreGraphics

/// A layer colour in a node: its components by value, so that a frame that animates a colour
/// writes four numbers instead of making a `CGColor` per layer. Equal exactly when the
/// `CGColor`s it stands for are (`CGColor.==`: the same kind, RGB or gray, and components).
package struct RenderColor: Equatable, Sendable {
    /// The colour as sRGB, gray expanded to equal red, green and blue.
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double
    /// Whether the colour was made as a gray level (`CGColor(gray:alpha:)`).
    package var isGray: Bool

    package init(_ color: CGColor) {
        let rgba = color.rgba
        self.init(
            red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha, isGray: color.numberOfComponents == 2)
    }

    /// An animated colour: an RGB one, as `CGColor(red:green:blue:alpha:)` makes it.
    package init(_ components: ColorComponents) {
        self.init(
            red: components.red, green: components.green, blue: components.blue, alpha: components.alpha, isGray: false)
    }

    package init(red: Double, green: Double, blue: Double, alpha: Double, isGray: Bool) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.isGray = isGray
    }

    /// The components as sRGB RGBA, as `CGColor.rgba` gives them.
    package var rgba: (red: Double, green: Double, blue: Double, alpha: Double) { (red, green, blue, alpha) }

    /// The colour as a `CGColor` (made anew: not for the per-frame path).
    package var cgColor: CGColor {
        isGray
            ? CGColor(gray: CGFloat(red), alpha: CGFloat(alpha))
            : CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
