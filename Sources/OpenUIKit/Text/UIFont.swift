import Foundation
import TextMeasurement

/// A font: Apple's `UIFont`, by name and size.
///
/// Linux has none of Apple's faces; the renderer draws every name with the installed DejaVu
/// families (fontconfig, the `fonts-dejavu-core` package): the system font and sans-serif
/// names (Helvetica, SF Pro, Arial, unknown ones) with DejaVu Sans, monospaced names (Menlo,
/// Courier, SF Mono) with DejaVu Sans Mono, serif names (Times, Georgia, New York) with DejaVu
/// Serif; weights from semibold up, and names with Bold, Heavy or Black, with the bold face;
/// italic and oblique names with the oblique one. The metrics (``lineHeight``, ``ascender``,
/// ``descender``) are those faces'. The system font's name is UIKit's (".SFUI-Regular",
/// ".SFUI-Semibold", …), so code that prints or compares names sees what it sees on iOS.
public final class UIFont: NSObject, @unchecked Sendable {
    // `@unchecked Sendable` as UIKit's: a font never changes.

    /// A weight: Apple's `UIFont.Weight` values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// The text styles of Dynamic Type, at the Large (default) content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// The font's name, as UIKit reports it.
    public let fontName: String
    public let pointSize: CGFloat
    /// The family: "System Font" for the system fonts, else the name up to its style.
    public let familyName: String
    private let metrics: TextMetrics.FontMetrics

    private init(fontName: String, familyName: String, size: CGFloat) {
        guard size.isFinite, size >= 0 else {
            fatalError("UIFont: a font size must be finite and not negative; got \(size) for \(fontName)")
        }
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = size
        self.metrics = TextMetrics.fontMetrics(fontName: fontName, fontSize: size)
        super.init()
    }

    /// The font named `fontName` (a PostScript name, "Helvetica-Bold") at `fontSize` points.
    /// Every name gives a font here, drawn with the face its name maps to.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let family = fontName.split(separator: "-").first.map(String.init) ?? fontName
        self.init(fontName: fontName, familyName: family, size: fontSize)
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: ".SFUI-\(Self.weightName(weight))", familyName: "System Font", size: fontSize)
    }

    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(fontName: ".SFUI-RegularItalic", familyName: "System Font", size: fontSize)
    }

    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: ".SFUIMono-\(Self.weightName(weight))", familyName: "System Font Mono", size: fontSize)
    }

    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The font of a text style at the default content size (Large): UIKit's sizes and weights.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight): (CGFloat, Weight) =
            switch style {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        return systemFont(ofSize: size, weight: weight)
    }

    /// 17 points: UIKit's label font size.
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }
    public static var systemFontSize: CGFloat { 14 }
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, size: fontSize)
    }

    public var lineHeight: CGFloat { metrics.lineHeight }
    public var ascender: CGFloat { metrics.ascent }
    /// Below the baseline, negative as UIKit reports it.
    public var descender: CGFloat { -metrics.descent }
    public var leading: CGFloat { max(0, metrics.lineHeight - metrics.ascent - metrics.descent) }
    /// DejaVu Sans's capital height, 0.729 of the size.
    public var capHeight: CGFloat { pointSize * 0.729 }
    /// DejaVu Sans's x-height, 0.547 of the size.
    public var xHeight: CGFloat { pointSize * 0.547 }

    private static func weightName(_ weight: Weight) -> String {
        switch weight.rawValue {
        case ..<(-0.7): "Ultralight"
        case ..<(-0.5): "Thin"
        case ..<(-0.2): "Light"
        case ..<0.1: "Regular"
        case ..<0.27: "Medium"
        case ..<0.35: "Semibold"
        case ..<0.5: "Bold"
        case ..<0.6: "Heavy"
        default: "Black"
        }
    }

    public override var description: String {
        "<UIFont: \(fontName); family: \(familyName); size: \(pointSize)>"
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    public override var hash: Int { fontName.hashValue ^ pointSize.hashValue }
}
