import Foundation

/// Gives text layers their text instead of the file's, as lottie-ios's text providers do: set on
/// ``LottieAnimationLayer/textProvider``, it is asked once a text document, with the text
/// layer's keypath (its name after those of the precompositions it is in).
public protocol AnimationKeypathTextProvider: Sendable {
    /// The text to show instead of `sourceText`; nil keeps `sourceText`.
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// Texts by keypath, as lottie-ios's `DictionaryTextProvider`: the value for the layer's whole
/// keypath (`"Precomp.Title"`), else for its name alone (`"Title"`), else the file's text.
public struct DictionaryTextProvider: AnimationKeypathTextProvider {
    public let values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        if let whole = values[keypath.fullPath] { return whole }
        if let name = keypath.keys.last, let byName = values[name] { return byName }
        return sourceText
    }
}

/// The file's own texts (what a layer shows when no provider is set).
public struct DefaultTextProvider: AnimationKeypathTextProvider {
    public init() {}

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? { sourceText }
}

/// One text in every text layer, whatever the file says.
public struct HardcodedTextProvider: AnimationKeypathTextProvider {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? { text }
}

/// Gives text layers their font, as lottie-ios's `AnimationFontProvider`: set on
/// ``LottieAnimationLayer/fontProvider``, it is asked once a text document, with the font the
/// file names (`f`, its font's name) and the document's size. lottie-ios answers a `CTFont`;
/// here the answer is a font name, what `CATextLayer.font` takes (the renderer draws the names
/// it knows with DejaVu's Sans, Serif and Mono families).
///
/// Text whose font the provider answers is drawn as text in that font, even where the file
/// has the font's glyph outlines; nil keeps the file's font (its outlines when it has them).
public protocol AnimationFontProvider: Sendable {
    /// The name of the font to draw `family` at `size` with; nil keeps the file's.
    func fontFor(family: String, size: CGFloat) -> String?
}

/// The file's own fonts (what a layer shows when no provider is set), as lottie-ios's
/// `DefaultFontProvider`.
public struct DefaultFontProvider: AnimationFontProvider {
    public init() {}

    public func fontFor(family: String, size: CGFloat) -> String? { nil }
}

/// Fonts by the name the file gives them: `["Roboto-Bold": "Courier"]` draws text the file
/// sets in Roboto-Bold with Courier; other fonts stay the file's.
public struct DictionaryFontProvider: AnimationFontProvider {
    public let fonts: [String: String]

    public init(_ fonts: [String: String]) {
        self.fonts = fonts
    }

    public func fontFor(family: String, size: CGFloat) -> String? { fonts[family] }
}
