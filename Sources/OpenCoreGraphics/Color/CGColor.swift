import Foundation

/// A colour: sRGB red, green, blue and alpha, or a gray level and alpha.
///
/// Differences from Apple: there are no colour-space objects. Every colour is sRGB, so
/// `CGColor(red:…)` (Apple's generic RGB) and `CGColor(srgbRed:…)` make equal colours; a gray
/// colour is an sRGB gray. Components are stored as given, without clamping, so that
/// extended-range values (as from a spring overshoot) survive.
///
/// `@unchecked Sendable` is safe because every stored property is a `let`: a colour never
/// changes after it is made, like Apple's `CGColor`.
public final class CGColor: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// How the components are laid out; equality, `components` and `description` depend on it.
    private enum Model: Hashable {
        case rgb
        case gray
    }

    private let model: Model
    // The colour as sRGB RGBA with gray expanded, kept as four scalars so the animation
    // engine's per-frame reads allocate nothing.
    private let red: Double
    private let green: Double
    private let blue: Double
    private let alphaValue: Double

    private init(model: Model, red: Double, green: Double, blue: Double, alpha: Double) {
        self.model = model
        self.red = red
        self.green = green
        self.blue = blue
        self.alphaValue = alpha
    }

    /// Creates an RGB colour. Apple makes a generic-RGB colour here; this module treats it as
    /// sRGB.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(model: .rgb, red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    /// Creates an sRGB colour.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a colour of `space` from its components, alpha last: red, green, blue and alpha
    /// for an RGB space, gray and alpha for a gray one (`space.numberOfComponents + 1` numbers).
    /// Failable, as Apple's is; every space here makes a colour.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch space.model {
        case .rgb: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case .monochrome: self.init(gray: components[0], alpha: components[1])
        }
    }

    /// Creates a gray colour: `gray` is the white level, 0 black to 1 white.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        let level = Double(gray)
        self.init(model: .gray, red: level, green: level, blue: level, alpha: Double(alpha))
    }

    /// Creates a gray colour in the generic gamma 2.2 gray space (iOS 13), taken here as the
    /// same level of sRGB gray.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Creates a colour from CMYK inks (iOS 13), converted to RGB the naive way, each
    /// channel `(1 − ink) · (1 − black)`: there is no colour management here.
    public convenience init(
        genericCMYKCyan cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat
    ) {
        let k = 1 - min(max(black, 0), 1)
        self.init(
            red: (1 - min(max(cyan, 0), 1)) * k, green: (1 - min(max(magenta, 0), 1)) * k,
            blue: (1 - min(max(yellow, 0), 1)) * k, alpha: alpha)
    }

    /// Opaque black, a gray colour `[0, 1]` as Apple's `kCGColorBlack`.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white, a gray colour `[1, 1]` as Apple's `kCGColorWhite`.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black, a gray colour `[0, 0]` as Apple's `kCGColorClear`.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The components including alpha: `[red, green, blue, alpha]` for an RGB colour,
    /// `[white, alpha]` for a gray one. Never `nil` here; optional as in Apple's API.
    public var components: [CGFloat]? {
        switch model {
        case .rgb: [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alphaValue)]
        case .gray: [CGFloat(red), CGFloat(alphaValue)]
        }
    }

    /// The number of components including alpha: 4 for RGB, 2 for gray.
    public var numberOfComponents: Int {
        switch model {
        case .rgb: 4
        case .gray: 2
        }
    }

    /// The alpha (opacity) component.
    public var alpha: CGFloat { CGFloat(alphaValue) }

    /// Returns a colour with the same colour components and the given alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(model: model, red: red, green: green, blue: blue, alpha: Double(alpha))
    }

    /// Returns this colour. Colours are immutable, so a copy can share the object, as
    /// Apple's `CGColorCreateCopy` may.
    public func copy() -> CGColor? { self }

    /// The colour as sRGB RGBA, gray expanded to equal red, green and blue.
    ///
    /// For the animation engine's per-frame path: it reads stored scalars and allocates
    /// nothing.
    package var rgba: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red, green, blue, alphaValue)
    }

    /// Whether two colours have the same kind (RGB or gray) and equal components, as
    /// `CGColorEqualToColor` compares colour space and components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.model == rhs.model && lhs.red == rhs.red && lhs.green == rhs.green
            && lhs.blue == rhs.blue && lhs.alphaValue == rhs.alphaValue
    }

    /// Hashes the kind and components, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alphaValue)
    }

    /// A description in the shape of Apple's, with the colour space reduced to its name:
    /// `<CGColor 0x…> [ (kCGColorSpaceSRGB)] ( 1 0 0 1 )`, or
    /// `<CGColor 0x…> [ (kCGColorSpaceGenericGray)] ( 0 1 )` for gray.
    public var description: String {
        let space = model == .rgb ? "kCGColorSpaceSRGB" : "kCGColorSpaceGenericGray"
        let numbers = (components ?? []).map { String(format: "%g", Double($0)) }
        return "<CGColor \(objectAddress(self))> [ (\(space))] ( \(numbers.joined(separator: " ")) )"
    }
}

/// The object's address as `0x…` in lower-case hex, as CoreFoundation descriptions show it.
func objectAddress(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
}
