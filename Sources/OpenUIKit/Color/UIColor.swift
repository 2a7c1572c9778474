import Foundation

/// A colour for views: Apple's `UIColor`, a thin object around a `CGColor`.
///
/// Every colour is sRGB, as every `CGColor` here is. The class colours have UIKit's
/// component values (`orange` is 1, 0.5, 0; `darkGray` is a white level of 1/3).
///
///     view.backgroundColor = UIColor.red.withAlphaComponent(0.5)
///
/// A dynamic colour (``init(dynamicProvider:)``) gives the provider's colour for the traits
/// ``resolvedColor(with:)`` is asked with; everywhere else — its ``cgColor``, what a view or
/// layer draws — it is the provider's colour for the light appearance, as there is no dark
/// appearance here.
open class UIColor: NSObject, @unchecked Sendable {
    // `@unchecked Sendable` as UIKit's: the colour is immutable, and the provider of a dynamic
    // colour (itself `@Sendable`) is set once, by the initializer, before anything reads it.

    /// The Core Graphics colour: a dynamic colour's for the light appearance.
    public let cgColor: CGColor
    /// What resolves a dynamic colour (``init(dynamicProvider:)``); nil for the others.
    private var dynamicProvider: (@Sendable (UITraitCollection) -> UIColor)?

    /// Creates a colour from a Core Graphics colour.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// A colour that depends on the traits it is shown with (iOS 13), as a trailing closure
    /// reads it:
    ///
    ///     let card = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
    ///
    /// ``resolvedColor(with:)`` calls `dynamicProvider` with the traits it is given. The
    /// colour's ``cgColor``, which views and layers draw, is the provider's colour for the
    /// light appearance (``UITraitCollection/current`` with a `.light` interface style), worked
    /// out once, here: there is no dark appearance, so nothing here resolves it again when the
    /// traits change (UIKit redraws with the dark colour).
    public convenience init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        let light = UITraitCollection(traitsFrom: [
            UITraitCollection.current, UITraitCollection(userInterfaceStyle: .light),
        ])
        self.init(cgColor: dynamicProvider(light).resolvedColor(with: light).cgColor)
        self.dynamicProvider = dynamicProvider
    }

    /// The colour for `traitCollection`: a dynamic colour's provider's (resolved in turn, when
    /// it gives a dynamic colour); any other colour is itself.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let dynamicProvider else { return self }
        return dynamicProvider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Creates a colour from sRGB components, each from 0 to 1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// `#colorLiteral(red:green:blue:alpha:)`: the sRGB colour, as Xcode's colour literals.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// Creates a gray colour: `white` from 0 (black) to 1 (white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// Creates a colour from its hue (0 to 1 around the colour wheel, red at 0; a hue outside
    /// them wraps round), saturation and brightness, converted to sRGB as UIKit does.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let rgb = UIColor.rgb(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness))
        self.init(red: CGFloat(rgb.red), green: CGFloat(rgb.green), blue: CGFloat(rgb.blue), alpha: alpha)
    }

    /// Creates a colour from Display P3 components, taken here as the same sRGB components:
    /// there is no colour management, so a P3 colour outside sRGB is not reproduced.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The same colour with another alpha; a dynamic colour gives a dynamic colour, each of its
    /// resolutions with that alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let dynamicProvider {
            return UIColor { traits in dynamicProvider(traits).resolvedColor(with: traits).withAlphaComponent(alpha) }
        }
        return UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Reads the colour as sRGB components; gray colours read as equal red, green and blue.
    /// Always succeeds here, since every colour is sRGB.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let components = cgColor.rgba
        red?.pointee = CGFloat(components.red)
        green?.pointee = CGFloat(components.green)
        blue?.pointee = CGFloat(components.blue)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// Reads the colour as hue, saturation and brightness (HSB, from its sRGB components, as
    /// UIKit converts them): the hue from 0 to 1 around the colour wheel, red at 0 (0 for the
    /// greys, which have none), the saturation the spread of the components over the largest
    /// (0 for black), the brightness the largest component. Always succeeds here.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let components = cgColor.rgba
        let (red, green, blue) = (components.red, components.green, components.blue)
        let largest = max(red, green, blue)
        let spread = largest - min(red, green, blue)
        var angle = 0.0
        if spread > 0 {
            if largest == red {
                angle = (green - blue) / spread
            } else if largest == green {
                angle = 2 + (blue - red) / spread
            } else {
                angle = 4 + (red - green) / spread
            }
            angle /= 6
            if angle < 0 { angle += 1 }
        }
        hue?.pointee = CGFloat(angle)
        saturation?.pointee = CGFloat(largest == 0 ? 0 : spread / largest)
        brightness?.pointee = CGFloat(largest)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// Reads the colour as a white level and alpha: a grey's own level, or an RGB colour's
    /// luminance (0.299 R + 0.587 G + 0.114 B, this module's conversion: UIKit's goes through
    /// colour management). Always succeeds here.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let components = cgColor.rgba
        let level =
            cgColor.numberOfComponents == 2
            ? components.red : 0.299 * components.red + 0.587 * components.green + 0.114 * components.blue
        white?.pointee = CGFloat(level)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// The sRGB components of a colour of `hue` (wrapped into 0…1), `saturation` and
    /// `brightness`: the usual six sectors of the colour wheel.
    private static func rgb(
        hue: Double, saturation: Double, brightness: Double
    ) -> (red: Double, green: Double, blue: Double) {
        guard hue.isFinite else { return (brightness, brightness, brightness) }
        let sixths = (hue - hue.rounded(.down)) * 6
        let sector = sixths.rounded(.down)
        let fraction = sixths - sector
        let low = brightness * (1 - saturation)
        let falling = brightness * (1 - saturation * fraction)
        let rising = brightness * (1 - saturation * (1 - fraction))
        // A hue a hair below a whole number wraps to 1 exactly: sector 6, which is 0.
        switch Int(sector) % 6 {
        case 0: return (brightness, rising, low)
        case 1: return (falling, brightness, low)
        case 2: return (low, brightness, rising)
        case 3: return (low, falling, brightness)
        case 4: return (rising, low, brightness)
        default: return (brightness, low, falling)
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == cgColor
    }

    open override var hash: Int { cgColor.hashValue }

    open override var description: String {
        let components = cgColor.components ?? []
        let names = components.count == 2 ? "UIExtendedGrayColorSpace" : "UIExtendedSRGBColorSpace"
        return names + " " + components.map { String(format: "%g", Double($0)) }.joined(separator: " ")
    }

    // MARK: Drawing

    /// Makes the colour the current context's fill and stroke colour
    /// (``UIGraphicsGetCurrentContext()``; nothing outside a context, as UIKit).
    open func set() {
        setFill()
        setStroke()
    }

    /// Makes the colour the current context's fill colour.
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes the colour the current context's stroke colour.
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Opaque black (white level 0).
    public static let black = UIColor(white: 0, alpha: 1)
    /// White level 1/3.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// White level 2/3.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// Opaque white.
    public static let white = UIColor(white: 1, alpha: 1)
    /// White level 1/2.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Pure red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Pure green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Pure blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Green and blue.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Red and green.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Red and blue.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// 1, 0.5, 0.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// 0.5, 0, 0.5.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// 0.6, 0.4, 0.2.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Fully transparent (white level 0, alpha 0).
    public static let clear = UIColor(white: 0, alpha: 0)
    /// UIKit's `systemBlue` in the light appearance (0, 122/255, 1): a view's default tint.
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)

    // UIKit's other system colours in the light appearance (there is no dark one here), as
    // Apple's Human Interface Guidelines list them.

    /// (255, 59, 48).
    public static let systemRed = UIColor(bytes: 255, 59, 48)
    /// (255, 149, 0).
    public static let systemOrange = UIColor(bytes: 255, 149, 0)
    /// (255, 204, 0).
    public static let systemYellow = UIColor(bytes: 255, 204, 0)
    /// (52, 199, 89).
    public static let systemGreen = UIColor(bytes: 52, 199, 89)
    /// (0, 199, 190).
    public static let systemMint = UIColor(bytes: 0, 199, 190)
    /// (48, 176, 199).
    public static let systemTeal = UIColor(bytes: 48, 176, 199)
    /// (50, 173, 230).
    public static let systemCyan = UIColor(bytes: 50, 173, 230)
    /// (88, 86, 214).
    public static let systemIndigo = UIColor(bytes: 88, 86, 214)
    /// (175, 82, 222).
    public static let systemPurple = UIColor(bytes: 175, 82, 222)
    /// (255, 45, 85).
    public static let systemPink = UIColor(bytes: 255, 45, 85)
    /// (162, 132, 94).
    public static let systemBrown = UIColor(bytes: 162, 132, 94)
    /// (142, 142, 147).
    public static let systemGray = UIColor(bytes: 142, 142, 147)
    /// (174, 174, 178).
    public static let systemGray2 = UIColor(bytes: 174, 174, 178)
    /// (199, 199, 204).
    public static let systemGray3 = UIColor(bytes: 199, 199, 204)
    /// (209, 209, 214).
    public static let systemGray4 = UIColor(bytes: 209, 209, 214)
    /// (229, 229, 234).
    public static let systemGray5 = UIColor(bytes: 229, 229, 234)
    /// (242, 242, 247).
    public static let systemGray6 = UIColor(bytes: 242, 242, 247)

    // The semantic colours, with the values iOS gives them in the light appearance (there is no
    // dark appearance here: a colour does not change with the traits).

    /// White.
    public static let systemBackground = UIColor.white
    /// (242, 242, 247).
    public static let secondarySystemBackground = UIColor(bytes: 242, 242, 247)
    /// White.
    public static let tertiarySystemBackground = UIColor.white
    /// (242, 242, 247).
    public static let systemGroupedBackground = UIColor(bytes: 242, 242, 247)
    /// White.
    public static let secondarySystemGroupedBackground = UIColor.white
    /// (242, 242, 247).
    public static let tertiarySystemGroupedBackground = UIColor(bytes: 242, 242, 247)
    /// Black.
    public static let label = UIColor.black
    /// (60, 60, 67) at 60 %.
    public static let secondaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.6)
    /// (60, 60, 67) at 30 %.
    public static let tertiaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.3)
    /// (60, 60, 67) at 18 %.
    public static let quaternaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.18)
    /// (60, 60, 67) at 30 %.
    public static let placeholderText = UIColor(bytes: 60, 60, 67, alpha: 0.3)
    /// (0, 122, 255).
    public static let link = UIColor.systemBlue
    /// (60, 60, 67) at 29 %.
    public static let separator = UIColor(bytes: 60, 60, 67, alpha: 0.29)
    /// (198, 198, 200).
    public static let opaqueSeparator = UIColor(bytes: 198, 198, 200)
    /// (120, 120, 128) at 20 %.
    public static let systemFill = UIColor(bytes: 120, 120, 128, alpha: 0.2)
    /// (120, 120, 128) at 16 %.
    public static let secondarySystemFill = UIColor(bytes: 120, 120, 128, alpha: 0.16)
    /// (118, 118, 128) at 12 %.
    public static let tertiarySystemFill = UIColor(bytes: 118, 118, 128, alpha: 0.12)
    /// (116, 116, 128) at 8 %.
    public static let quaternarySystemFill = UIColor(bytes: 116, 116, 128, alpha: 0.08)
    /// White at 60 %.
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    /// Black.
    public static let darkText = UIColor.black

    /// An opaque colour from 8-bit components.
    private convenience init(bytes red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) {
        self.init(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }
}

extension UIColor: _ExpressibleByColorLiteral {}

/// The type a `#colorLiteral(…)` is when nothing else says: UIKit's.
public typealias _ColorLiteralType = UIColor
