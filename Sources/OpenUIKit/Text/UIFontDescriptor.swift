import Foundation

/// A description of a font, from which a font is made: Apple's `UIFontDescriptor`. It holds
/// its attributes; the font it makes is named by its name, or by its family and symbolic
/// traits (`Helvetica` made bold is `Helvetica-Bold`, the system font made bold is UIKit's
/// `.SFUI-Bold`), and drawn with the installed face that name maps to.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// A font attribute's key: Apple's `UIFontDescriptor.AttributeName`.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    /// A key of the traits dictionary: Apple's `UIFontDescriptor.TraitKey`.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// Apple's `UIFontDescriptor.SymbolicTraits`, with its raw values.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// A design of the system font: Apple's `UIFontDescriptor.SystemDesign`. Drawn with the
    /// system font's face here (monospaced with the monospaced one).
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    public let fontAttributes: [AttributeName: Any]

    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// The descriptor of a text style's font at the default content size.
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        let font = UIFont.preferredFont(forTextStyle: style).fontDescriptor
        var attributes = font.fontAttributes
        attributes[.textStyle] = style.rawValue
        return UIFontDescriptor(fontAttributes: attributes)
    }

    open var pointSize: CGFloat {
        (fontAttributes[.size] as? CGFloat) ?? (fontAttributes[.size] as? Double).map { CGFloat($0) } ?? 0
    }

    /// The name of the font this descriptor makes.
    open var postscriptName: String {
        if let name = fontAttributes[.name] as? String { return name }
        let family = fontAttributes[.family] as? String ?? "System Font"
        return Self.name(family: family, traits: storedTraits)
    }

    open var symbolicTraits: SymbolicTraits {
        if let traits = (fontAttributes[.traits] as? [TraitKey: Any])?[.symbolic] as? UInt32 {
            return SymbolicTraits(rawValue: traits)
        }
        let name = postscriptName.lowercased()
        var traits = SymbolicTraits()
        if name.contains("bold") || name.contains("heavy") || name.contains("black") { traits.insert(.traitBold) }
        if name.contains("italic") || name.contains("oblique") { traits.insert(.traitItalic) }
        if name.contains("mono") { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// The descriptor with these traits in place of its own, or nil when a font cannot have
    /// them (here every font can).
    open func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        var attributes = fontAttributes
        let family = familyName
        attributes[.name] = Self.name(family: family, traits: traits)
        attributes[.family] = family
        attributes[.traits] = [TraitKey.symbolic: traits.rawValue]
        return UIFontDescriptor(fontAttributes: attributes)
    }

    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        addingAttributes([.size: newPointSize])
    }

    open func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.family] = newFamily
        attributes[.name] = Self.name(family: newFamily, traits: symbolicTraits)
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The system font in `design`; nil for a descriptor of another family, as on Apple's.
    open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        guard familyName == "System Font" || familyName == "System Font Mono" else { return nil }
        let family = design == .monospaced ? "System Font Mono" : "System Font"
        var attributes = fontAttributes
        attributes[.family] = family
        attributes[.name] = Self.name(family: family, traits: symbolicTraits)
        return UIFontDescriptor(fontAttributes: attributes)
    }

    open func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { _, new in new })
    }

    private var familyName: String {
        if let family = fontAttributes[.family] as? String { return family }
        let name = postscriptName
        if name.hasPrefix(".SFUIMono") { return "System Font Mono" }
        if name.hasPrefix(".SFUI") { return "System Font" }
        return name.split(separator: "-").first.map(String.init) ?? name
    }

    private var storedTraits: SymbolicTraits {
        ((fontAttributes[.traits] as? [TraitKey: Any])?[.symbolic] as? UInt32).map(SymbolicTraits.init) ?? []
    }

    /// The font name of `family` with `traits`: UIKit's names for the system fonts.
    private static func name(family: String, traits: SymbolicTraits) -> String {
        let bold = traits.contains(.traitBold)
        let italic = traits.contains(.traitItalic)
        switch family {
        case "System Font", "System Font Mono":
            let prefix = family == "System Font" && !traits.contains(.traitMonoSpace) ? ".SFUI" : ".SFUIMono"
            return "\(prefix)-\(bold ? "Bold" : "Regular")\(italic ? "Italic" : "")"
        default:
            let style = (bold ? "Bold" : "") + (italic ? "Italic" : "")
            return style.isEmpty ? family : "\(family)-\(style)"
        }
    }
}

extension UIFont {
    /// The font `descriptor` describes, at `pointSize` (the descriptor's size when 0).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : (descriptor.pointSize > 0 ? descriptor.pointSize : 12)
        self.init(name: descriptor.postscriptName, size: size)!
    }

    /// The descriptor of this font: its name, family and size.
    public var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(fontAttributes: [.name: fontName, .family: familyName, .size: pointSize])
    }
}
