import Foundation
import OpenQuartzCore

/// Where the lines of a `CATextLayer`'s string go: broken into lines, cut short with an
/// ellipsis, aligned. Pure: the widths come from a measuring function, so tests can lay out
/// with a fake font and the renderer with Cairo's.
///
/// The rules, after Core Text as `CATextLayer` uses it:
/// - Newlines always end a line (a paragraph). When `isWrapped`, a paragraph also breaks
///   between words to fit the width, and a word wider than the whole line is broken between
///   characters. Spaces where a line breaks are dropped.
/// - Lines stack from the top, `lineHeight` apart.
/// - Truncation puts "…" where text is left out: at the end, the start or the middle of a
///   line, keeping as much as fits. Without wrapping, every line too wide for the bounds is
///   cut. With wrapping, the last line that fits the height wholly (the first, however low the
///   bounds) stands for the rest of the text: it is cut so that the ellipsis stands for all that
///   does not show, and lines below it are not drawn. With `.none`, nothing is cut; what
///   falls outside the bounds is clipped.
/// - Alignment: `natural` is `left` (text is taken to run left to right); `center` and
///   `right` align each line's width without its trailing spaces; `justified` widens the
///   spaces of a line that wrapped so that it fills the width, and aligns a paragraph's last
///   line naturally.
package struct TextLayout {
    /// A piece of a line drawn at `x` from the left of the bounds.
    package struct Run: Equatable {
        package var text: String
        package var x: CGFloat
    }

    /// One line: its runs (one, or one per word when justified) and its top, from the top of
    /// the bounds.
    package struct Line: Equatable {
        package var runs: [Run]
        package var top: CGFloat

        /// The line's text, runs joined by single spaces (justified lines lose their spacing).
        package var text: String { runs.map(\.text).joined(separator: " ") }
    }

    /// The width of a piece of text, in points.
    package typealias Measure = (String) -> CGFloat

    /// The laid-out lines, top to bottom.
    package let lines: [Line]

    /// Lays out `string` in a box of `size`.
    package init(
        string: String, size: CGSize, lineHeight: CGFloat, isWrapped: Bool, truncation: CATextLayerTruncationMode,
        alignment: CATextLayerAlignmentMode, measure: Measure
    ) {
        let width = size.width
        let paragraphs = string.components(separatedBy: .newlines)
        // Each broken line with whether it ends its paragraph.
        var broken: [(text: String, endsParagraph: Bool)] = []
        for paragraph in paragraphs {
            let pieces = isWrapped ? Self.wrap(paragraph, width: width, measure: measure) : [paragraph]
            for (index, piece) in pieces.enumerated() {
                broken.append((piece, index == pieces.count - 1))
            }
        }
        let cuts = [.start, .end, .middle].contains(truncation)
        if cuts, isWrapped, lineHeight > 0 {
            let fitting = max(Int(min(size.height / lineHeight + 1e-9, CGFloat(Int32.max)).rounded(.down)), 1)
            if broken.count > fitting {
                // The last line that shows stands for itself and everything after it.
                let rest = broken[(fitting - 1)...].map(\.text).map { $0.trimmingCharacters(in: .whitespaces) }
                broken = Array(broken[..<(fitting - 1)])
                let tail = rest.filter { !$0.isEmpty }.joined(separator: " ")
                broken.append((Self.truncate(tail, to: width, mode: truncation, measure: measure, force: true), true))
            }
        }
        if cuts, !isWrapped {
            broken = broken.map {
                (Self.truncate($0.text, to: width, mode: truncation, measure: measure), $0.endsParagraph)
            }
        }
        lines = broken.enumerated().map { index, line in
            let runs = Self.place(
                line.text, width: width, alignment: alignment, endsParagraph: line.endsParagraph, measure: measure)
            return Line(runs: runs, top: CGFloat(index) * lineHeight)
        }
    }

    // MARK: Breaking

    /// Breaks a paragraph into lines no wider than `width`: between words where it can,
    /// between characters where a word alone is too wide. Every line holds something.
    package static func wrap(_ paragraph: String, width: CGFloat, measure: Measure) -> [String] {
        var lines: [String] = []
        var line = ""
        // Breaks `text` between characters: whole pieces become lines, the rest goes on.
        func breakApart(_ text: String) {
            var remaining = Substring(text)
            while !remaining.isEmpty {
                let count = longestFittingPrefix(of: remaining, width: width, measure: measure)
                line = String(remaining.prefix(count))
                remaining = remaining.dropFirst(count)
                if !remaining.isEmpty { lines.append(line) }
            }
        }
        for (spaces, word) in words(of: paragraph) {
            // The paragraph's first line keeps its leading spaces; a wrapped line starts with
            // its first word.
            let lead = line.isEmpty && !lines.isEmpty ? "" : spaces
            let candidate = line + lead + word
            if measure(candidate) <= width {
                line = candidate
            } else if line.isEmpty {
                breakApart(candidate)
            } else {
                lines.append(line)
                line = ""
                if measure(word) <= width {
                    line = word
                } else {
                    breakApart(word)
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The paragraph's words, each with the run of spaces before it; trailing spaces are lost.
    private static func words(of paragraph: String) -> [(spaces: String, word: String)] {
        var result: [(String, String)] = []
        var spaces = ""
        var word = ""
        for character in paragraph {
            if character == " " || character == "\t" {
                if !word.isEmpty {
                    result.append((spaces, word))
                    (spaces, word) = ("", "")
                }
                spaces.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { result.append((spaces, word)) }
        return result
    }

    /// How many characters from the start of `text` fit `width`: at least one, so that
    /// breaking always moves on.
    private static func longestFittingPrefix(of text: Substring, width: CGFloat, measure: Measure) -> Int {
        var (low, high) = (1, text.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(String(text.prefix(middle))) <= width {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    // MARK: Truncation

    /// The ellipsis truncation puts where text is left out.
    package static let ellipsis = "…"

    /// `text` cut to fit `width` with "…" where the cut is, keeping as many characters as fit;
    /// unchanged when it fits, unless `force` (the line stands for text that does not show,
    /// so it gets its ellipsis anyway). When not even the ellipsis fits, the ellipsis.
    package static func truncate(
        _ text: String, to width: CGFloat, mode: CATextLayerTruncationMode, measure: Measure, force: Bool = false
    ) -> String {
        if !force, measure(text) <= width { return text }
        let characters = Array(text)
        func kept(_ count: Int) -> String {
            switch mode {
            case .start:
                return ellipsis + String(characters.suffix(count)).trimmingLeadingSpaces
            case .middle:
                let head = String(characters.prefix((count + 1) / 2)).trimmingTrailingSpaces
                let tail = String(characters.suffix(count / 2)).trimmingLeadingSpaces
                return head + ellipsis + tail
            default:
                return String(characters.prefix(count)).trimmingTrailingSpaces + ellipsis
            }
        }
        // A forced cut of text that fits keeps it all and adds the ellipsis, if that fits.
        var (low, high) = (0, force ? characters.count : characters.count - 1)
        guard measure(kept(0)) <= width else { return ellipsis }
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(kept(middle)) <= width {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return kept(low)
    }

    // MARK: Alignment

    /// The runs of one line placed by the alignment.
    private static func place(
        _ text: String, width: CGFloat, alignment: CATextLayerAlignmentMode, endsParagraph: Bool, measure: Measure
    ) -> [Run] {
        let visible = text.trimmingTrailingSpaces
        let used = visible.isEmpty ? 0 : measure(visible)
        switch alignment {
        case .right:
            return [Run(text: visible, x: width - used)]
        case .center:
            return [Run(text: visible, x: (width - used) / 2)]
        case .justified where !endsParagraph:
            return justify(visible, width: width, measure: measure)
        default:
            return [Run(text: visible, x: 0)]
        }
    }

    /// A wrapped line as one run per word, the room left over shared by its gaps; a line of
    /// one word stays at the left.
    private static func justify(_ text: String, width: CGFloat, measure: Measure) -> [Run] {
        let leading = text.prefix { $0 == " " || $0 == "\t" }
        let pieces = words(of: String(text.dropFirst(leading.count)))
        guard pieces.count > 1 else { return [Run(text: text, x: 0)] }
        let spare = max(width - measure(text), 0)
        let gaps = CGFloat(pieces.count - 1)
        var runs: [Run] = []
        var prefix = String(leading)
        for (index, piece) in pieces.enumerated() {
            prefix += index == 0 ? "" : piece.spaces
            // Where the word starts in the unjustified line, measured with what precedes it so
            // that kerning and spaces count, plus its share of the spare room.
            runs.append(Run(text: piece.word, x: measure(prefix) + spare * CGFloat(index) / gaps))
            prefix += piece.word
        }
        return runs
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    fileprivate var trimmingLeadingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
