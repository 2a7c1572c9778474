import Foundation
import OpenQuartzCore
import Testing

@testable import TextMeasurement

/// A monospaced fake font: every character, the ellipsis included, 10 points wide.
private func measure(_ text: String) -> CGFloat { CGFloat(text.count) * 10 }

private func layout(
    _ string: String, width: CGFloat = 100, height: CGFloat = 1000, wrapped: Bool = true,
    truncation: CATextLayerTruncationMode = .none, alignment: CATextLayerAlignmentMode = .natural
) -> TextLayout {
    TextLayout(
        string: string, size: CGSize(width: width, height: height), lineHeight: 20, isWrapped: wrapped,
        truncation: truncation, alignment: alignment, measure: measure)
}

@Suite("TextLayout: breaking, truncating and aligning a text layer's lines")
struct TextLayoutTests {
    @Test func wrapsBetweenWordsAtTheWidth() {
        let lines = layout("the quick brown fox jumps over").lines
        #expect(lines.map(\.text) == ["the quick", "brown fox", "jumps over"])
        #expect(lines.map(\.top) == [0, 20, 40], "lines stack from the top, a line height apart")
        #expect(lines.allSatisfy { $0.runs.count == 1 && $0.runs[0].x == 0 }, "natural is left")
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        #expect(
            layout("a abcdefghijklmnopqrstuvwxyz b").lines.map(\.text) == ["a", "abcdefghij", "klmnopqrst", "uvwxyz b"])
        #expect(layout("abcdefghijkl", width: 35).lines.map(\.text) == ["abc", "def", "ghi", "jkl"])
        #expect(layout("abc", width: 5).lines.map(\.text) == ["a", "b", "c"], "at least a character a line")
    }

    @Test func newlinesEndLinesWrappedOrNot() {
        #expect(layout("one\ntwo\n\nfour", wrapped: false).lines.map(\.text) == ["one", "two", "", "four"])
        #expect(
            layout("one two three four\nfive", width: 80).lines.map(\.text) == ["one two", "three", "four", "five"])
    }

    @Test func withoutWrappingALongLineRunsOn() {
        let lines = layout("the quick brown fox", wrapped: false).lines
        #expect(lines.map(\.text) == ["the quick brown fox"])
    }

    @Test(arguments: [
        (CATextLayerTruncationMode.end, "abcdefghi…"),
        (.start, "…lmnopqrst"),
        (.middle, "abcde…qrst"),
        (.none, "abcdefghijklmnopqrst"),
    ])
    func truncationCutsASingleLine(mode: CATextLayerTruncationMode, expected: String) {
        // 20 characters in 10: the ellipsis takes one place, the middle keeps 5 + 4.
        let lines = layout("abcdefghijklmnopqrst", wrapped: false, truncation: mode).lines
        #expect(lines.map(\.text) == [expected])
    }

    @Test func truncationLeavesTextThatFits() {
        #expect(layout("fits", wrapped: false, truncation: .end).lines.map(\.text) == ["fits"])
        #expect(TextLayout.truncate("abcdefghij", to: 100, mode: .end, measure: measure) == "abcdefghij")
        #expect(TextLayout.truncate("abcdefghijk", to: 5, mode: .end, measure: measure) == "…", "nothing else fits")
        #expect(
            TextLayout.truncate("ab  cdefghijk", to: 50, mode: .end, measure: measure) == "ab…", "no spaces before …")
    }

    @Test func wrappedTextCutsItsLastVisibleLine() {
        // Three lines fit 60 points of height; the third stands for the rest of the text.
        let text = "the quick brown fox jumps over the lazy dog"
        let end = layout(text, height: 60, truncation: .end).lines
        #expect(end.map(\.text) == ["the quick", "brown fox", "jumps ove…"])
        let start = layout(text, height: 60, truncation: .start).lines
        #expect(start.map(\.text) == ["the quick", "brown fox", "…lazy dog"])
        let middle = layout(text, height: 60, truncation: .middle).lines
        #expect(middle.map(\.text) == ["the quick", "brown fox", "jumps…dog"])
        // With .none every line is laid out; the bounds clip what falls outside.
        #expect(layout(text, height: 60).lines.count == 5)
        // Bounds lower than a line still show the first, cut.
        #expect(layout(text, height: 10, truncation: .end).lines.map(\.text) == ["the quick…"])
    }

    @Test func aLastLineThatFitsStillShowsTheEllipsisForParagraphsBelow() {
        let lines = layout("one\ntwo\nthree", height: 40, truncation: .end).lines
        #expect(lines.map(\.text) == ["one", "two three…"])
    }

    @Test func alignmentPlacesEachLine() {
        let right = layout("the quick brown", alignment: .right).lines
        #expect(right.map { $0.runs[0].x } == [10, 50], "\"the quick\" is 90 wide, \"brown\" 50")
        let center = layout("the quick brown", alignment: .center).lines
        #expect(center.map { $0.runs[0].x } == [5, 25])
        let left = layout("the quick brown", alignment: .left).lines
        #expect(left.map { $0.runs[0].x } == [0, 0])
        // Trailing spaces do not count: "ab  " is aligned as "ab".
        #expect(layout("ab  ", wrapped: false, alignment: .right).lines[0].runs == [TextLayout.Run(text: "ab", x: 80)])
    }

    @Test func justifiedLinesFillTheWidthExceptTheLastOfAParagraph() {
        let lines = layout("aa bb cc dddd e\nff gg", width: 100, alignment: .justified).lines
        #expect(lines.map(\.text) == ["aa bb cc", "dddd e", "ff gg"])
        // "aa bb cc" is 80 wide: 20 to share between two gaps.
        #expect(lines[0].runs == [.init(text: "aa", x: 0), .init(text: "bb", x: 40), .init(text: "cc", x: 80)])
        // The paragraph's last line and the next paragraph's only line are left aligned.
        #expect(lines[1].runs == [.init(text: "dddd e", x: 0)])
        #expect(lines[2].runs == [.init(text: "ff gg", x: 0)])
        #expect(layout("abcdefghijklmno", alignment: .justified).lines[0].runs.count == 1, "one word: nothing to widen")
    }

    @Test func fontNamesMapToDejaVuFaces() {
        #expect(TextFont(name: "Helvetica") == TextFont(family: "DejaVu Sans", isBold: false, isOblique: false))
        #expect(TextFont(name: "Helvetica-Bold") == TextFont(family: "DejaVu Sans", isBold: true, isOblique: false))
        #expect(
            TextFont(name: "HelveticaNeue-BoldItalic") == TextFont(family: "DejaVu Sans", isBold: true, isOblique: true)
        )
        #expect(
            TextFont(name: "Courier-Oblique") == TextFont(family: "DejaVu Sans Mono", isBold: false, isOblique: true))
        #expect(TextFont(name: "Menlo-Regular").family == "DejaVu Sans Mono")
        #expect(TextFont(name: "Times New Roman").family == "DejaVu Serif")
        #expect(TextFont(name: "Georgia-Italic") == TextFont(family: "DejaVu Serif", isBold: false, isOblique: true))
        #expect(TextFont(name: "DejaVu Sans").family == "DejaVu Sans")
        #expect(TextFont(name: "DejaVu Serif Bold") == TextFont(family: "DejaVu Serif", isBold: true, isOblique: false))
        #expect(TextFont(name: "Microsoft Sans Serif").family == "DejaVu Sans")
        #expect(TextFont(name: "NoSuchFont") == TextFont(name: nil))
        #expect(TextFont(name: nil).family == "DejaVu Sans")
    }
}
