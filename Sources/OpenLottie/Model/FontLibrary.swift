import Foundation
import OpenCoreGraphics

/// The fonts an animation names (`fonts.list`) and the glyph outlines it carries (`chars`).
///
/// Text whose font has glyphs in the file is drawn from them, as lottie-web and
/// lottie-android draw it; other text is drawn by `CATextLayer` with the renderer's fonts.
struct FontLibrary: Sendable {
    /// A family and style, which fonts and glyphs both name (`fFamily`, `fStyle` / `style`).
    struct Face: Hashable, Sendable {
        var family: String
        var style: String
    }

    /// A `fonts.list` entry.
    struct Font: Sendable, Equatable {
        /// `fName`, the name text documents give (`f`).
        var name: String
        var face: Face
        /// `ascent`, in percent of the size: how far below the top of a paragraph box its first
        /// baseline sits.
        var ascent: Double
        /// `fWeight`, a CSS weight the file may give (`"700"`); nil when it gives none.
        var weight: String? = nil
        /// The entry's JSON path (`fonts.list[0]`).
        var path: String = ""
        /// The entry's place in `fonts.list`.
        var order: Int = 0

        /// What to look the font up by among installed fonts.
        var request: InstalledFonts.Request {
            InstalledFonts.Request(postScriptName: name, family: face.family, style: face.style, weight: weight)
        }
    }

    /// One character's outline at size 100, its baseline at y = 0 and y growing downwards.
    struct Glyph: Sendable {
        /// The advance (`w`), at size 100.
        var width: Double
        /// The union of the glyph's paths; nil for a glyph that draws nothing (a space).
        var outline: CGPath?
    }

    struct GlyphKey: Hashable, Sendable {
        var character: String
        var face: Face
    }

    /// The fonts by name; the first entry of a name wins.
    var fonts: [String: Font] = [:]
    /// The glyphs by character and face; the first glyph of a key wins.
    var glyphs: [GlyphKey: Glyph] = [:]
    /// The faces that have at least one glyph.
    var facesWithGlyphs: Set<Face> = []

    /// The first entry of `fonts.list`, which lottie-web sets text in when the list has no
    /// entry of the name the text gives.
    var first: Font? { fonts.values.min { $0.order < $1.order } }

    /// The font named `name` when the file carries glyphs for it; nil when the text is drawn
    /// with the renderer's fonts.
    func glyphFont(named name: String) -> Font? {
        guard let font = fonts[name], facesWithGlyphs.contains(font.face) else { return nil }
        return font
    }

    /// The glyph of `character` in `font`, nil when the file has none (the character is left
    /// out and takes no room, as lottie-web leaves it out).
    func glyph(for character: Character, in font: Font) -> Glyph? {
        glyphs[GlyphKey(character: String(character), face: font.face)]
    }
}
