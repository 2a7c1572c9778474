import Foundation

/// A colour space: here only how many components a colour has, RGB or gray, since every colour
/// is sRGB (see ``CGColor``). It tells ``CGGradient`` how to read a list of components.
///
/// Differences from Apple: names are `String`s rather than `CFString`s, and every RGB space is
/// treated as sRGB, every gray one as sRGB gray.
public final class CGColorSpace: Hashable, Sendable {
    /// The colour model of a colour space.
    public enum Model: Int32, Sendable {
        /// Gray.
        case monochrome = 0
        /// Red, green and blue.
        case rgb = 1
    }

    /// The name the space was made with, if any.
    public let name: String?
    /// RGB or gray.
    public let model: Model

    init(name: String?, model: Model) {
        self.name = name
        self.model = model
    }

    /// The space of a name Apple defines: the gray names (`genericGrayGamma2_2`,
    /// `linearGray`, `extendedGray`, …) make a gray space, the RGB ones an RGB space; nil for
    /// anything else, as Apple answers for unknown names.
    public convenience init?(name: String) {
        if Self.grayNames.contains(name) {
            self.init(name: name, model: .monochrome)
        } else if Self.rgbNames.contains(name) {
            self.init(name: name, model: .rgb)
        } else {
            return nil
        }
    }

    /// The number of colour components, alpha excluded: 3 for RGB, 1 for gray.
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    /// Whether two spaces have the same name and model.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model
    }

    /// Hashes the name and model, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }

    // Apple's names of colour spaces (`CFString`s on Apple's platforms).
    /// The sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Extended-range sRGB.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Display P3 (treated as sRGB).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Generic linear RGB (treated as sRGB).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Generic gray with gamma 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Linear gray.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Extended-range gray.
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    private static let rgbNames: Set = [sRGB, extendedSRGB, linearSRGB, displayP3, genericRGBLinear]
    private static let grayNames: Set = [genericGrayGamma2_2, linearGray, extendedGray]
}

/// A device RGB colour space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: nil, model: .rgb)
}

/// A device gray colour space (sRGB gray here).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(name: nil, model: .monochrome)
}
