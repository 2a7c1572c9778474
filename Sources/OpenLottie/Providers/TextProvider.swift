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
