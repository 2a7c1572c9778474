import SwiftSyntax

/// Replacements of ranges of a file's UTF-8 text, applied together.
struct TextEdits {
    private var edits: [(start: Int, end: Int, text: String)] = []

    var isEmpty: Bool { edits.isEmpty }

    /// Replaces `start..<end` with `text`. A replacement of fewer lines than the range it
    /// replaces ends with the missing line breaks, so every later line keeps its number.
    mutating func replace(_ start: AbsolutePosition, _ end: AbsolutePosition, with text: String, in source: Syntax) {
        let original = source.root.syntaxTextBytes[start.utf8Offset..<end.utf8Offset]
        let lineBreaks = original.filter { $0 == UInt8(ascii: "\n") }.count
        let replacementBreaks = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        let padding = String(repeating: "\n", count: max(0, lineBreaks - replacementBreaks))
        edits.append((start.utf8Offset, end.utf8Offset, text + padding))
    }

    /// Inserts `text` at `position`.
    mutating func insert(_ text: String, at position: AbsolutePosition) {
        edits.append((position.utf8Offset, position.utf8Offset, text))
    }

    /// Removes `node` and the spaces after it on its line.
    mutating func remove(_ node: some SyntaxProtocol) {
        var end = node.endPositionBeforeTrailingTrivia.utf8Offset
        for piece in node.trailingTrivia.pieces {
            guard case .spaces(let count) = piece else { break }
            end += count
        }
        edits.append((node.positionAfterSkippingLeadingTrivia.utf8Offset, end, ""))
    }

    /// The text with the edits made, from the end back; of edits that overlap, the one
    /// reaching further is made. Text inserted where a replacement starts goes before it.
    func apply(to source: String) -> String {
        var bytes = Array(source.utf8)
        var lastStart = Int.max
        let ordered = edits.sorted { ($0.start, $0.end) > ($1.start, $1.end) }
        for edit in ordered where edit.end <= lastStart {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
            lastStart = edit.start
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
