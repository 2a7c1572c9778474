/// A face's weight and slant as a font's name or style words give them: the one rule by which
/// the renderer picks a `CATextLayer`'s face (``TextFont``) and Lottie's complete engine asks
/// fontconfig for the face a file's text is set in.
///
/// Words are read without case, spaces or punctuation, so "Helvetica-BoldOblique",
/// "Semi Bold" and "ExtraLight Italic" all count. The weights are OpenType's (CSS's): "Thin"
/// 100, "ExtraLight" 200, "Light" 300, regular 400, "Medium" 500, "SemiBold" 600, "Bold" 700,
/// "ExtraBold" 800, "Black" or "Heavy" 900; "Italic" or "Oblique" slants.
package struct FontStyle: Equatable, Sendable {
    /// A CSS weight, 100 to 900 (400 regular, 700 bold).
    package var weight: Int
    package var isItalic: Bool

    /// The lightest weight drawn with a family's bold face where a family has only regular and
    /// bold (as DejaVu has): semibold and heavier.
    package static let boldFaceWeight = 600

    package init(weight: Int, isItalic: Bool) {
        self.weight = weight
        self.isItalic = isItalic
    }

    /// The style `words` name (a PostScript name, a Lottie `fStyle`, a family and style).
    package init(words: String) {
        let squeezed = Self.squeezed(words)
        isItalic = squeezed.contains("italic") || squeezed.contains("oblique")
        weight = Self.namedWeights.first { $0.words.contains(where: squeezed.contains) }?.weight ?? 400
    }

    /// The style `words` name with `weight` (a CSS weight, `"700"`, or `"bold"` / `"normal"`)
    /// taking the place of the words' own when it is given and valid.
    package init(words: String, weight: String?) {
        self.init(words: words)
        guard let given = weight?.lowercased(), !given.isEmpty else { return }
        if let number = Int(given), (1...1000).contains(number) {
            self.weight = number
        } else if given == "bold" {
            self.weight = 700
        } else if given == "normal" {
            self.weight = 400
        }
    }

    /// `name` lower case with only its letters and digits: "Open Sans-Semi Bold" is
    /// "opensanssemibold".
    package static func squeezed(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Weight words, the longer ones first ("extrabold" before "bold", "extralight" before
    /// "light").
    private static let namedWeights: [(words: [String], weight: Int)] = [
        (["extrabold", "ultrabold"], 800), (["semibold", "demibold"], 600),
        (["extralight", "ultralight"], 200), (["bold"], 700), (["black", "heavy"], 900),
        (["thin", "hairline"], 100), (["light"], 300), (["medium"], 500),
    ]
}
