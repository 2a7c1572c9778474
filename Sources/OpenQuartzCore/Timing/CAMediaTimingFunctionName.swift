/// The names of the predefined timing functions, for ``CAMediaTimingFunction/init(name:)``.
///
/// Raw values are Apple's (`kCAMediaTimingFunctionEaseIn` is `"easeIn"`, and so on), so names
/// read from a CAML file or an archived animation map straight onto these constants.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name's string, as Apple spells it.
    public let rawValue: String

    /// Creates a name from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a name from its string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Even pacing: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")

    /// Starts slowly, then speeds up: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")

    /// Starts quickly, then slows down: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")

    /// Slow at both ends: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")

    /// The curve most system animations use: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")

    /// The control points (c1x, c1y, c2x, c2y) of a predefined name, or nil for any other string.
    ///
    /// `default` is from Apple's documentation of `CAMediaTimingFunctionName.default`; the
    /// other four are the values `getControlPoint(at:values:)` prints on Apple platforms, and
    /// match the CSS `ease-in`, `ease-out` and `ease-in-out` keywords.
    package var controlPoints: (Float, Float, Float, Float)? {
        switch rawValue {
        case "linear": (0, 0, 1, 1)
        case "easeIn": (0.42, 0, 1, 1)
        case "easeOut": (0, 0, 0.58, 1)
        case "easeInEaseOut": (0.42, 0, 0.58, 1)
        case "default": (0.25, 0.1, 0.25, 1)
        default: nil
        }
    }
}

extension CAMediaTimingFunctionName: CustomStringConvertible {
    /// The raw value.
    public var description: String { rawValue }
}
