import Foundation
import OpenCoreGraphics

/// Where the characters of a text document drawn from glyphs go, as lottie-web lays them out
/// (`TextProperty.completeTextData` and `TextAnimatorProperty.getMeasures`):
///
/// - A character advances by its glyph's width times `size / 100`, plus the tracking
///   (`tr / 1000` ems); a character without a glyph takes no room.
/// - Lines end at line-ending characters; paragraph text also breaks after the last space
///   that fits its box's width (the space is dropped), or before a character that does not fit
///   when the line has no space.
/// - A line's width runs from its first character's start to its last visible character's end:
///   trailing spaces, and the tracking after the last character, do not count.
/// - Point text's lines start at x = 0 (left), end there (right) or are centred on it; a
///   paragraph's lines are aligned in its box the same way. The first baseline is at y = 0 for
///   point text, and the font's ascent below the box's top for paragraph text; each line is
///   `lineHeight` below the one before, and all are raised by the baseline shift.
struct GlyphLayout {
    /// A character of a line: its glyph (nil when the file has none) and where it starts.
    struct Placed {
        var character: Character
        var glyph: FontLibrary.Glyph?
        /// From the line's origin, in points.
        var x: Double
        /// Its glyph's width, in points.
        var advance: Double
    }

    struct Line {
        var characters: [Placed]
        /// The start of the line's baseline, in the layer's coordinates.
        var origin: CGPoint
        /// From the first character's start to the last visible one's end.
        var width: Double
    }

    /// The lines, top to bottom.
    let lines: [Line]

    /// A character before it is placed.
    private struct Letter {
        var character: Character
        var glyph: FontLibrary.Glyph?
        var advance: Double

        var isSpace: Bool { character == " " }
    }

    init(document: TextDocument, font: FontLibrary.Font, library: FontLibrary) {
        let scale = document.size / 100
        let tracking = document.trackingOffset
        var broken: [[Letter]] = []
        for line in document.lines {
            let letters = line.map { character in
                let glyph = library.glyph(for: character, in: font)
                return Letter(character: character, glyph: glyph, advance: (glyph?.width ?? 0) * scale)
            }
            if let box = document.box {
                broken += Self.wrap(letters, width: box.width, tracking: tracking)
            } else {
                broken.append(letters)
            }
        }
        let box = document.box
        let top = box.map { $0.minY + font.ascent * scale } ?? 0
        lines = broken.enumerated().map { index, letters in
            var placed: [Placed] = []
            var x = 0.0
            for letter in letters {
                placed.append(Placed(character: letter.character, glyph: letter.glyph, x: x, advance: letter.advance))
                x += letter.advance + tracking
            }
            let visible = letters.lastIndex { !$0.isSpace }.map { $0 + 1 } ?? 0
            let width =
                letters[..<visible].reduce(0) { $0 + $1.advance } + Double(max(visible - 1, 0)) * tracking
            let left = box?.minX ?? 0
            let room = box?.width ?? 0
            let start =
                switch document.justification {
                case .left: left
                case .right: left + room - width
                case .center: left + (room - width) / 2
                }
            let y = top + Double(index) * document.lineHeight - document.baselineShift
            return Line(characters: placed, origin: CGPoint(x: start, y: y), width: width)
        }
    }

    /// A paragraph broken into lines no wider than `width`, as lottie-web breaks paragraph
    /// text: a character that would pass the width (spaces never do) moves to a new line with
    /// the rest of its word; a word wider than the line breaks before the character that does
    /// not fit. Every line holds at least one character.
    private static func wrap(_ paragraph: [Letter], width: Double, tracking: Double) -> [[Letter]] {
        var lines: [[Letter]] = []
        var line: [Letter] = []
        var lineWidth = 0.0
        // Where the last space of `line` is.
        var lastSpace: Int?
        var index = 0
        while index < paragraph.count {
            let letter = paragraph[index]
            if !letter.isSpace, !line.isEmpty, lineWidth + letter.advance > width {
                if let space = lastSpace {
                    // The line ends before its last space; the word after it starts the next one
                    // and the letter is tried again there.
                    lines.append(Array(line[..<space]))
                    line = Array(line[(space + 1)...])
                    lineWidth = line.reduce(0) { $0 + $1.advance + tracking }
                    lastSpace = nil
                    continue
                }
                lines.append(line)
                line = []
                lineWidth = 0
            }
            if letter.isSpace { lastSpace = line.count }
            line.append(letter)
            lineWidth += letter.advance + tracking
            index += 1
        }
        lines.append(line)
        return lines
    }
}
