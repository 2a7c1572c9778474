import Foundation

/// Scales fonts and lengths for the user's text size (Dynamic Type): UIKit's `UIFontMetrics`.
///
/// Text here is always at the default content size (`.large`, see ``UIContentSizeCategory``),
/// where UIKit's scaling is the identity: a font comes back as it is (no larger than
/// `maximumPointSize` when one is given) and a length unchanged, for any text style.
public final class UIFontMetrics: NSObject, Sendable {
    /// The text style whose scaling the metrics follow.
    public let textStyle: UIFont.TextStyle

    /// The metrics of the body style.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    public func scaledFont(for font: UIFont) -> UIFont { font }

    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        maximumPointSize > 0 && font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { font }

    public func scaledFont(
        for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize)
    }

    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value
    }
}
