import Foundation

/// The installed face the renderer draws a `CATextLayer` font name with.
///
/// Linux has none of Apple's fonts, so names map onto the DejaVu families fontconfig finds
/// (the `fonts-dejavu-core` package): monospaced families (Courier, Menlo, Monaco, SF Mono, …)
/// to DejaVu Sans Mono, serif ones (Times, Georgia, Palatino, New York, …) to DejaVu Serif,
/// everything else — Helvetica, SF Pro, Arial, unknown names — to DejaVu Sans. The weight and
/// slant come from the name's style words by ``FontStyle``'s rule, as in PostScript names:
/// "Helvetica-Bold", "Courier-BoldOblique", "Georgia-Italic", "Avenir-Heavy"; DejaVu has a
/// bold face for every weight from semibold (600) up.
package struct TextFont: Equatable {
    /// The fontconfig family name.
    package let family: String
    package let isBold: Bool
    package let isOblique: Bool
}

extension TextFont {
    /// The face for a font name; nil or an empty name is Apple's default, Helvetica.
    package init(name: String?) {
        let style = FontStyle(words: name ?? "")
        isBold = style.weight >= FontStyle.boldFaceWeight
        isOblique = style.isItalic
        let squeezed = FontStyle.squeezed(name ?? "")
        func mentions(_ words: [String]) -> Bool { words.contains { squeezed.contains($0) } }
        if mentions(Self.monospacedWords) {
            family = "DejaVu Sans Mono"
        } else if mentions(Self.serifWords), !mentions(["sansserif", "dejavusans"]) {
            family = "DejaVu Serif"
        } else {
            family = "DejaVu Sans"
        }
    }

    /// Words in the names of monospaced families, lower case without spaces.
    private static let monospacedWords = ["mono", "courier", "menlo", "monaco", "consolas", "inconsolata"]
    /// Words in the names of serif families.
    private static let serifWords = [
        "serif", "times", "georgia", "palatino", "baskerville", "garamond", "didot", "charter", "newyork", "cochin",
        "hoefler",
    ]
}
