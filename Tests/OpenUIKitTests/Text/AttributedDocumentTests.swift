import Foundation
import OpenUIKit
import Testing

/// `NSAttributedString(data:options:documentAttributes:)`: HTML gives its text.
@Suite struct AttributedDocumentTests {
    private func read(_ html: String, type: NSAttributedString.DocumentType? = .html) throws -> String {
        var options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]
        if let type { options[.documentType] = type }
        return try NSAttributedString(data: Data(html.utf8), options: options, documentAttributes: nil).string
    }

    @Test func htmlGivesItsTextWithLineBreaksForItsBlocks() throws {
        #expect(
            try read(
                "<html><head><title>T</title><style>p { color: red }</style></head><body><h1>Spring</h1>\n<p>Tap   <b>here</b>&nbsp;to&#32;start &amp; <i>go</i>.</p><p>Line<br>two &#x2764;</p><script>var x = '<p>';</script></body></html>"
            ) == "Spring\nTap here\u{00A0}to start & go.\nLine\ntwo ❤")
        #expect(try read("a &unknown; b &amp c") == "a &unknown; b &amp c", "what is not a reference stays")
        #expect(
            try read("<!doctype html><ul><li>one</li><li>two</li></ul>", type: nil) == "one\ntwo",
            "found by its doctype")
    }

    @Test func anEmptyAttributedStringNeedsNoArguments() {
        #expect(NSAttributedString().length == 0)
        #expect(NSMutableAttributedString().length == 0)
    }

    @Test func objectiveCsIntegersAreSwifts() {
        let count: NSInteger = 3
        let index: NSUInteger = 4
        #expect(count + Int(index) == 7)
    }

    @Test func fontMetricsScaleByNothingAtTheDefaultTextSize() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(UIFontMetrics.default.textStyle == .body)
        #expect(UIFontMetrics(forTextStyle: .title1).scaledFont(for: body) === body)
        #expect(UIFontMetrics.default.scaledFont(for: body, maximumPointSize: 12).pointSize == 12)
        #expect(UIFontMetrics.default.scaledFont(for: body, maximumPointSize: 40).pointSize == 17)
        #expect(UIFontMetrics.default.scaledValue(for: 44) == 44)
    }

    @Test func aMutableStringAppendsAFormat() {
        let text = NSMutableString(string: "id-")
        text.appendFormat("%C%d-%@", unichar(65), 42, "x" as NSString)
        #expect(text as String == "id-A42-x")
    }

    @Test func plainTextStaysAndOtherTypesAreRefused() throws {
        var attributes: NSDictionary?
        let plain = try NSAttributedString(
            data: Data("<b>as is</b>".utf8), options: [.documentType: NSAttributedString.DocumentType.plain],
            documentAttributes: &attributes)
        #expect(plain.string == "<b>as is</b>")
        #expect(attributes?["DocumentType"] as? String == "NSPlainText")
        #expect(throws: CocoaError.self) { try read("{\\rtf1 x}", type: .rtf) }
        #expect(throws: CocoaError.self) {
            try NSAttributedString(
                data: Data([0xFF, 0xFE, 0xFD]), options: [.documentType: NSAttributedString.DocumentType.html],
                documentAttributes: nil)
        }
    }
}
