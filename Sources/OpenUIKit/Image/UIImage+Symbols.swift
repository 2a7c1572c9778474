import Foundation

// Symbol images: `UIImage(systemName:)` and its configurations, as iOS code uses them.
//
// There are no SF Symbols here (their artwork cannot ship), so a symbol image is drawn from a
// small set of vector glyphs (SymbolGlyphs.swift) at the size SF Symbols have. Every name gives
// an image: a name without a glyph of its own is a rounded-square outline, where UIKit returns
// nil for a name it does not know — the set here is incomplete, and `UIImage(systemName: …)!`
// in iOS code must not trap for a symbol that exists on iOS.

extension UIImage {
    // MARK: Weights and scales

    /// The weight of a symbol's lines: UIKit's `UIImage.SymbolWeight`, with its raw values.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0
        case ultraLight = 1
        case thin = 2
        case light = 3
        case regular = 4
        case medium = 5
        case semibold = 6
        case bold = 7
        case heavy = 8
        case black = 9

        /// The font weight of the same name (`.regular` for `.unspecified`).
        public func fontWeight() -> UIFont.Weight {
            switch self {
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .unspecified, .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }

        /// The weight a font's name tells (".SFUI-Semibold", "Helvetica-Bold"); regular when it
        /// names none.
        init(fontNamed name: String) {
            let name = name.lowercased()
            // "ultralight" before "light", "semibold" before "bold".
            let weights: [(word: String, weight: SymbolWeight)] = [
                ("ultralight", .ultraLight), ("thin", .thin), ("semibold", .semibold), ("bold", .bold),
                ("heavy", .heavy), ("black", .black), ("medium", .medium), ("light", .light),
            ]
            self = weights.first { name.contains($0.word) }?.weight ?? .regular
        }

        /// The line width at this weight as a multiple of the regular one (a twelfth of the point
        /// size): this module's figures, growing from about 0.4 to 2 as SF Symbols' strokes do.
        var lineWidthFactor: CGFloat {
            switch self {
            case .ultraLight: 0.4
            case .thin: 0.55
            case .light: 0.75
            case .unspecified, .regular: 1
            case .medium: 1.15
            case .semibold: 1.3
            case .bold: 1.5
            case .heavy: 1.75
            case .black: 2
            }
        }
    }

    /// The size of a symbol next to text of the same point size: UIKit's `UIImage.SymbolScale`,
    /// with its raw values. `.default` and `.unspecified` draw as `.medium`.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1
        case unspecified = 0
        case small = 1
        case medium = 2
        case large = 3

        /// The symbol's side as a multiple of its point size: small 0.78, medium 1, large 1.29
        /// (this module's figures; SF Symbols' scales are near these ratios).
        var sideFactor: CGFloat {
            switch self {
            case .small: 0.78
            case .large: 1.29
            case .default, .unspecified, .medium: 1
            }
        }
    }

    // MARK: Configurations

    /// What an image is drawn with besides its pixels: UIKit's `UIImage.Configuration`, the base
    /// class of ``UIImage/SymbolConfiguration``, the only kind here (UIKit's trait collection is
    /// not kept). As UIKit's, it has no public initializer.
    open class Configuration: NSObject, @unchecked Sendable {
        // `@unchecked Sendable` as UIKit's: a configuration never changes once made.

        /// A configuration with nothing set.
        init(unspecified: Void) {
            super.init()
        }

        /// This configuration with the settings `otherConfiguration` has in place of its own:
        /// here, `otherConfiguration` itself (a base configuration sets nothing), or this one
        /// for nil.
        open func applying(_ otherConfiguration: UIImage.Configuration?) -> UIImage.Configuration {
            otherConfiguration ?? self
        }
    }

    /// How a symbol image is drawn: UIKit's `UIImage.SymbolConfiguration` — a point size (given,
    /// or a text style's or a font's), a weight and a scale; what is not set is unspecified.
    ///
    /// A symbol is drawn `pointSize × scale` points square — at the default (body text style,
    /// 17 points, scale medium) 17 × 17 points — where the scale is small 0.78, medium 1, large
    /// 1.29 (this module's figures, near SF Symbols' ratios). Its lines are a twelfth of the
    /// point size wide at the regular weight, thinner or thicker at the others. The text styles
    /// have the sizes and weights of ``UIFont/preferredFont(forTextStyle:)``.
    ///
    ///     let large = UIImage.SymbolConfiguration(pointSize: 34, weight: .bold, scale: .large)
    ///     let icon = UIImage(systemName: "heart.fill", withConfiguration: large)   // ≈ 43.9 points
    ///
    /// Differences from UIKit: the properties are not readable (as UIKit's are not), and iOS
    /// 15's colour configurations (hierarchical, palette, multicolour) are not here.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        // `@unchecked Sendable` restated: the settings never change once made.

        /// What a configuration sets; nil and `.unspecified` are not set.
        struct Settings: Hashable, Sendable {
            var pointSize: CGFloat?
            var weight = SymbolWeight.unspecified
            var scale = SymbolScale.unspecified
            var textStyle: UIFont.TextStyle?
        }

        let settings: Settings

        init(settings: Settings) {
            self.settings = settings
            super.init(unspecified: ())
        }

        /// Symbols of `pointSize` points.
        public convenience init(pointSize: CGFloat) {
            self.init(settings: Settings(pointSize: pointSize))
        }

        /// Symbols of `pointSize` points at `weight`.
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {
            self.init(settings: Settings(pointSize: pointSize, weight: weight))
        }

        /// Symbols of `pointSize` points at `weight` and `scale`.
        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight, scale: UIImage.SymbolScale) {
            self.init(settings: Settings(pointSize: pointSize, weight: weight, scale: scale))
        }

        /// Symbols at `scale`.
        public convenience init(scale: UIImage.SymbolScale) {
            self.init(settings: Settings(scale: scale))
        }

        /// Symbols at `weight`.
        public convenience init(weight: UIImage.SymbolWeight) {
            self.init(settings: Settings(weight: weight))
        }

        /// Symbols matching text in `textStyle`: its point size and weight.
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(settings: Settings(textStyle: textStyle))
        }

        /// Symbols matching text in `textStyle`, at `scale`.
        public convenience init(textStyle: UIFont.TextStyle, scale: UIImage.SymbolScale) {
            self.init(settings: Settings(scale: scale, textStyle: textStyle))
        }

        /// Symbols matching text in `font`: its point size, and the weight its name tells.
        public convenience init(font: UIFont) {
            self.init(settings: Settings(pointSize: font.pointSize, weight: SymbolWeight(fontNamed: font.fontName)))
        }

        /// Symbols matching text in `font`, at `scale`.
        public convenience init(font: UIFont, scale: UIImage.SymbolScale) {
            let weight = SymbolWeight(fontNamed: font.fontName)
            self.init(settings: Settings(pointSize: font.pointSize, weight: weight, scale: scale))
        }

        /// A configuration that sets nothing.
        public static var unspecified: UIImage.SymbolConfiguration {
            UIImage.SymbolConfiguration(settings: Settings())
        }

        /// This configuration with what `otherConfiguration` sets in place of its own: its point
        /// size or text style (either replaces both of this one's), its weight and its scale.
        /// A configuration that is not a symbol configuration changes nothing.
        public override func applying(_ otherConfiguration: UIImage.Configuration?) -> UIImage.SymbolConfiguration {
            guard let other = (otherConfiguration as? UIImage.SymbolConfiguration)?.settings else { return self }
            var merged = settings
            if other.pointSize != nil || other.textStyle != nil {
                merged.pointSize = other.pointSize
                merged.textStyle = other.textStyle
            }
            if other.weight != .unspecified { merged.weight = other.weight }
            if other.scale != .unspecified { merged.scale = other.scale }
            return UIImage.SymbolConfiguration(settings: merged)
        }

        /// The same configuration without its text style.
        public func configurationWithoutTextStyle() -> UIImage.SymbolConfiguration {
            var settings = settings
            settings.textStyle = nil
            return UIImage.SymbolConfiguration(settings: settings)
        }

        /// The same configuration without its scale.
        public func configurationWithoutScale() -> UIImage.SymbolConfiguration {
            var settings = settings
            settings.scale = .unspecified
            return UIImage.SymbolConfiguration(settings: settings)
        }

        /// The same configuration without its weight.
        public func configurationWithoutWeight() -> UIImage.SymbolConfiguration {
            var settings = settings
            settings.weight = .unspecified
            return UIImage.SymbolConfiguration(settings: settings)
        }

        /// The same configuration without its point size and weight.
        public func configurationWithoutPointSizeAndWeight() -> UIImage.SymbolConfiguration {
            var settings = settings
            settings.pointSize = nil
            settings.weight = .unspecified
            return UIImage.SymbolConfiguration(settings: settings)
        }

        /// Whether the two configurations set the same things.
        public func isEqual(to otherConfiguration: UIImage.SymbolConfiguration?) -> Bool {
            otherConfiguration?.settings == settings
        }

        public override func isEqual(_ object: Any?) -> Bool {
            (object as? UIImage.SymbolConfiguration)?.settings == settings
        }

        public override var hash: Int { settings.hashValue }

        public override var description: String {
            var parts: [String] = []
            if let pointSize = settings.pointSize { parts.append("pointSize: \(pointSize)") }
            if let textStyle = settings.textStyle { parts.append("textStyle: \(textStyle.rawValue)") }
            if settings.weight != .unspecified { parts.append("weight: \(settings.weight)") }
            if settings.scale != .unspecified { parts.append("scale: \(settings.scale)") }
            return "<UIImageSymbolConfiguration: \(parts.isEmpty ? "unspecified" : parts.joined(separator: ", "))>"
        }

        // MARK: What is drawn

        /// The point size: the one set, else the text style's (body's 17 points when neither
        /// is set).
        var resolvedPointSize: CGFloat {
            settings.pointSize ?? UIFont.preferredFont(forTextStyle: settings.textStyle ?? .body).pointSize
        }

        /// The weight: the one set, else the text style's (regular when neither is set).
        var resolvedWeight: SymbolWeight {
            if settings.weight != .unspecified { return settings.weight }
            guard let textStyle = settings.textStyle else { return .regular }
            return SymbolWeight(fontNamed: UIFont.preferredFont(forTextStyle: textStyle).fontName)
        }

        /// The side of the square a symbol is drawn in, in points.
        var side: CGFloat { resolvedPointSize * settings.scale.sideFactor }

        /// The width of a symbol's lines, in points: a twelfth of the point size at the regular
        /// weight.
        var lineWidth: CGFloat { resolvedPointSize / 12 * resolvedWeight.lineWidthFactor }
    }

    // MARK: Symbol images

    /// The symbol called `name`, at the default configuration (body text style: 17 points,
    /// medium scale, regular weight), drawn at the main screen's scale as a template image
    /// (``RenderingMode/alwaysTemplate``): an image view or button shows it in its tint colour.
    ///
    /// Never nil here, unlike UIKit, which returns nil for a name it does not know: the glyphs
    /// drawn are a small set of common symbols ("xmark", "checkmark", "plus", "minus", the four
    /// "chevron"s and "arrow"s, "circle", "square", "heart", "star" and their ".fill" forms,
    /// "xmark.circle.fill", "checkmark.circle.fill", "play.fill", "pause.fill", "ellipsis",
    /// "line.3.horizontal"), and any other name is a rounded-square outline of the same size, so
    /// that iOS code unwrapping the image of a symbol iOS has does not trap here.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The symbol called `name` drawn with `configuration` (a ``SymbolConfiguration``; any other
    /// configuration, or nil, is the default one). See ``init(systemName:)``.
    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
        let symbol = SymbolDrawing(
            name: name, configuration: (configuration as? UIImage.SymbolConfiguration) ?? .unspecified, tintColor: nil)
        let scale = UIImage.symbolScale
        self.init(
            pixels: UIImage.pixels(of: symbol, scale: scale), scale: scale, orientation: .up,
            renderingMode: .alwaysTemplate, symbol: symbol)
    }

    /// The symbol called `name` at the default configuration, drawn at the traits' display
    /// scale when they have one (the main screen's otherwise). See ``init(systemName:)``.
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        let symbol = SymbolDrawing(name: name, configuration: .unspecified, tintColor: nil)
        let traitScale = traitCollection?.displayScale ?? 0
        let scale = traitScale.isFinite && traitScale > 0 ? traitScale : UIImage.symbolScale
        self.init(
            pixels: UIImage.pixels(of: symbol, scale: scale), scale: scale, orientation: .up,
            renderingMode: .alwaysTemplate, symbol: symbol)
    }

    /// UIKit's "plus" image.
    public class var add: UIImage { UIImage.systemSymbol("plus") }
    /// UIKit's "minus" image.
    public class var remove: UIImage { UIImage.systemSymbol("minus") }
    /// UIKit's "checkmark" image.
    public class var checkmark: UIImage { UIImage.systemSymbol("checkmark") }
    /// UIKit's stroked checkmark: the "checkmark" symbol here.
    public class var strokedCheckmark: UIImage { UIImage.systemSymbol("checkmark") }
    /// UIKit's actions image (a circled ellipsis): the "ellipsis" symbol here.
    public class var actions: UIImage { UIImage.systemSymbol("ellipsis") }

    /// Whether the image is a symbol image (made by ``init(systemName:)``).
    public var isSymbolImage: Bool { symbol != nil }

    /// A symbol image's configuration (``SymbolConfiguration/unspecified`` when made without
    /// one); nil for other images.
    public var symbolConfiguration: UIImage.SymbolConfiguration? { symbol?.configuration }

    /// The image's configuration: a symbol image's ``symbolConfiguration``; nil for others.
    public var configuration: UIImage.Configuration? { symbol?.configuration }

    /// A symbol image drawn again with `configuration` in place of its own (replacing it, as
    /// UIKit documents; ``applyingSymbolConfiguration(_:)`` merges), at the same scale, tint
    /// and rendering mode. Other images are returned as they are: they have no configuration
    /// here.
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        guard let symbol else { return self }
        return redrawn(configuration: (configuration as? UIImage.SymbolConfiguration) ?? .unspecified, of: symbol)
    }

    /// A symbol image drawn again with what `configuration` sets in place of its own settings
    /// (``SymbolConfiguration/applying(_:)``); other images are returned as they are.
    public func applyingSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration) -> UIImage? {
        guard let symbol else { return self }
        return redrawn(configuration: symbol.configuration.applying(configuration), of: symbol)
    }

    // MARK: Tint colours

    /// The image in `color`: its alpha filled with the colour, its rendering mode kept. A
    /// template image (every symbol image) is still filled with the tint colour of the view
    /// showing it, as on iOS, where the view's tint wins over a template's; ask for
    /// `.alwaysOriginal` with ``withTintColor(_:renderingMode:)`` to show the colour given.
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: renderingMode)
    }

    /// The image in `color` (its alpha filled with the colour), drawn by `renderingMode`.
    ///
    ///     let red = UIImage(systemName: "heart.fill")!.withTintColor(.red, renderingMode: .alwaysOriginal)
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        let tinted = symbol.map { SymbolDrawing(name: $0.name, configuration: $0.configuration, tintColor: color) }
        return UIImage(
            pixels: cgImage.map { UIImage.filling($0, with: color) }, scale: scale, orientation: imageOrientation,
            renderingMode: renderingMode, symbol: tinted)
    }

    // MARK: Drawing

    /// The scale symbol images are drawn at: `UIScreen.main`'s, read on the main thread, where
    /// it lives; off it, 3, the scale `UIScreen.main` starts with.
    static var symbolScale: CGFloat {
        guard Thread.isMainThread else { return 3 }
        let scale = MainActor.assumeIsolated { UIScreen.main.scale }
        return scale.isFinite && scale > 0 ? scale : 3
    }

    /// The symbol called `name` at the default configuration, as ``init(systemName:)`` makes it.
    static func systemSymbol(_ name: String) -> UIImage {
        let symbol = SymbolDrawing(name: name, configuration: .unspecified, tintColor: nil)
        let scale = symbolScale
        return UIImage(
            pixels: pixels(of: symbol, scale: scale), scale: scale, orientation: .up, renderingMode: .alwaysTemplate,
            symbol: symbol)
    }

    /// `symbol` drawn again with `configuration`, at this image's scale and rendering mode.
    private func redrawn(configuration: UIImage.SymbolConfiguration, of symbol: SymbolDrawing) -> UIImage {
        let changed = SymbolDrawing(name: symbol.name, configuration: configuration, tintColor: symbol.tintColor)
        return UIImage(
            pixels: UIImage.pixels(of: changed, scale: scale), scale: scale, orientation: imageOrientation,
            renderingMode: renderingMode, symbol: changed)
    }

    /// The pixels of `symbol` at `scale`: its glyph in black on clear (in its tint colour when
    /// it has one), drawn with `UIGraphicsImageRenderer`.
    static func pixels(of symbol: SymbolDrawing, scale: CGFloat) -> CGImage? {
        let side = symbol.configuration.side
        let lineWidth = symbol.configuration.lineWidth
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format)
        let drawn = renderer.image { _ in SymbolGlyphs.draw(symbol.name, side: side, lineWidth: lineWidth) }.cgImage
        guard let tint = symbol.tintColor else { return drawn }
        return drawn.map { filling($0, with: tint) }
    }

    /// `image`'s alpha filled with `color`.
    static func filling(_ image: CGImage, with color: UIColor) -> CGImage {
        let tint = color.cgColor.rgba
        let (red, green, blue) = (
            UInt8((tint.red * 255).rounded()), UInt8((tint.green * 255).rounded()), UInt8((tint.blue * 255).rounded())
        )
        var pixels = image.rgbaPixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = red
            pixels[index + 1] = green
            pixels[index + 2] = blue
            pixels[index + 3] = UInt8((Double(pixels[index + 3]) * tint.alpha).rounded())
        }
        return CGImage(width: image.width, height: image.height, rgbaPixels: pixels) ?? image
    }
}

/// What a symbol image is drawn from: its name, its configuration and the colour its pixels are
/// filled with (``UIImage/withTintColor(_:renderingMode:)``; black when nil). A symbol image
/// keeps it, so that it can be drawn again with another configuration.
struct SymbolDrawing: Sendable {
    let name: String
    let configuration: UIImage.SymbolConfiguration
    let tintColor: UIColor?
}
