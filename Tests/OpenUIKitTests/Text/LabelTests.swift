import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

/// A red pixel of text (straight RGBA).
private func isRedPixel(_ pixel: [Int]) -> Bool { pixel[3] > 128 && pixel[0] > 150 && pixel[1] < 100 && pixel[2] < 100 }
/// A dark pixel of text.
private func isDarkPixel(_ pixel: [Int]) -> Bool { pixel[3] > 128 && pixel[0] < 100 && pixel[1] < 100 }

@MainActor
@Suite("UILabel and UIFont: sizes from the renderer's text, drawn centred", .serialized)
struct LabelTests {
    /// The label's picture at scale 1.
    private func picture(of view: UIView) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(bounds: view.bounds, format: format).image { context in
            view.layer.render(in: context.cgContext)
        }.cgImage!
    }

    /// The rows (top, bottom) that have a dark pixel.
    private func inkRows(_ image: CGImage) -> ClosedRange<Int>? {
        let rows = (0..<image.height).filter { y in
            (0..<image.width).contains { x in
                let pixel = image.pixel(x: x, y: y)
                return pixel[3] > 128 && pixel[0] < 100
            }
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    @Test func systemFontsHaveUIKitsNamesAndTheFacesMetrics() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(body.pointSize == 17 && body.fontName == ".SFUI-Regular" && body.familyName == "System Font")
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.boldSystemFont(ofSize: 20) == UIFont.systemFont(ofSize: 20, weight: .bold))
        #expect(UIFont(name: "Menlo-Bold", size: 12)?.familyName == "Menlo")
        let metrics = TextMetrics.fontMetrics(fontName: ".SFUI-Regular", fontSize: 17)
        #expect(body.lineHeight == metrics.lineHeight && body.ascender == metrics.ascent)
        #expect(body.descender < 0)
        // DejaVu Sans's line is about 1.16 of its size.
        #expect(abs(body.lineHeight / 17 - 1.164) < 0.01)
        #expect(body.withSize(34).pointSize == 34)
    }

    /// One line: as wide as the text and one line tall, rounded up to whole points.
    @Test func aLabelIsAsBigAsItsText() {
        let label = UILabel()
        #expect(label.intrinsicContentSize == .zero)
        label.text = "Hello, Linux"
        let measured = TextMetrics.size(of: "Hello, Linux", fontName: ".SFUI-Regular", fontSize: 17)
        #expect(
            label.intrinsicContentSize
                == CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        #expect(label.intrinsicContentSize.height == UIFont.systemFont(ofSize: 17).lineHeight.rounded(.up))
        let bigger = label.intrinsicContentSize
        label.font = .systemFont(ofSize: 34)
        #expect(label.intrinsicContentSize.width > bigger.width * 1.9)
        #expect(!label.isUserInteractionEnabled, "labels take no touches, as on iOS")
    }

    /// Several lines: broken at the preferred width, as many as `numberOfLines` allows.
    @Test func linesBreakAtThePreferredWidth() {
        let label = UILabel()
        label.text = "The quick brown fox jumps over the lazy dog"
        let line = label.intrinsicContentSize.height
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 120
        let wrapped = label.intrinsicContentSize
        #expect(wrapped.width <= 120)
        let lines = Int((wrapped.height / UIFont.systemFont(ofSize: 17).lineHeight).rounded())
        #expect(lines >= 3, "\(wrapped)")
        label.numberOfLines = 2
        #expect(
            abs(label.intrinsicContentSize.height - (2 * UIFont.systemFont(ofSize: 17).lineHeight).rounded(.up)) < 1e-9)
        #expect(label.sizeThatFits(CGSize(width: 1000, height: 100)).height == line, "one line fits 1000 points")
    }

    /// Placed by constraints at its intrinsic size, and drawn centred vertically in a taller
    /// frame.
    @Test func aLabelIsLaidOutAndDrawnCentred() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let label = UILabel()
        label.text = "Centred"
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(label.frame.origin == CGPoint(x: 10, y: 10) && label.frame.size == label.intrinsicContentSize)

        let tall = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        tall.text = "Centred"
        tall.layoutIfNeeded()
        let rows = try #require(inkRows(picture(of: tall)))
        let middle = Double(rows.lowerBound + rows.upperBound) / 2
        #expect(abs(middle - 50) < 6, "ink rows \(rows): around the middle")
        tall.textColor = .white
        #expect(inkRows(picture(of: tall)) == nil, "white text has no dark ink")
    }

    /// The box (columns, rows) of the pixels `matches` picks.
    private func box(_ image: CGImage, _ matches: ([Int]) -> Bool) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var columns: [Int] = []
        var rows: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where matches(image.pixel(x: x, y: y)) {
                columns.append(x)
                rows.append(y)
            }
        }
        guard let left = columns.min(), let right = columns.max(), let top = rows.first, let bottom = rows.last
        else { return nil }
        return (left...right, top...bottom)
    }

    /// A label of `text` 200 × 60, laid out.
    private func label(_ text: String, width: CGFloat = 200, configure: (UILabel) -> Void = { _ in }) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: 60))
        label.text = text
        configure(label)
        label.layoutIfNeeded()
        return label
    }

    /// The shadow is the text drawn again in the shadow colour, moved by the offset: red text
    /// alone and a red shadow of clear text have the same ink, 2 points apart.
    @Test func theShadowIsTheTextAgainMovedByTheOffset() throws {
        #expect(UILabel().shadowColor == nil && UILabel().shadowOffset == CGSize(width: 0, height: -1))
        let text = try #require(box(picture(of: label("Shadow") { $0.textColor = .red }), isRedPixel))
        let shadowed = label("Shadow") {
            $0.textColor = .clear
            $0.shadowColor = .red
            $0.shadowOffset = CGSize(width: 2, height: 2)
        }
        let shadow = try #require(box(picture(of: shadowed), isRedPixel))
        #expect(shadow.x == (text.x.lowerBound + 2)...(text.x.upperBound + 2), "\(shadow) against \(text)")
        #expect(shadow.y == (text.y.lowerBound + 2)...(text.y.upperBound + 2), "\(shadow) against \(text)")
        // Black text over its red shadow: both show.
        shadowed.textColor = .black
        let both = picture(of: shadowed)
        #expect(box(both, isRedPixel) != nil && box(both, isDarkPixel) != nil)
        shadowed.shadowColor = nil
        #expect(box(picture(of: shadowed), isRedPixel) == nil, "no shadow colour, no shadow")
    }

    /// A subclass's `drawText(in:)` draws its text, as on iOS: with `super` and an inset
    /// rectangle the text moves by the inset; without, the subclass's drawing is all there is.
    @Test func aSubclassDrawsItsTextThroughDrawTextInRect() throws {
        let plain = try #require(box(picture(of: label("Padded")), isDarkPixel))
        let padded = PaddedLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        padded.text = "Padded"
        padded.layoutIfNeeded()
        padded.layer.displayIfNeeded()
        let moved = try #require(box(picture(of: padded), isDarkPixel))
        #expect(abs(moved.x.lowerBound - (plain.x.lowerBound + 30)) <= 1, "\(moved) against \(plain)")
        #expect(abs(moved.x.upperBound - (plain.x.upperBound + 30)) <= 1, "\(moved) against \(plain)")
        #expect(abs(moved.y.lowerBound - plain.y.lowerBound) <= 1 && abs(moved.y.upperBound - plain.y.upperBound) <= 1)
        let stamp = StampLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        stamp.text = "Not drawn"
        stamp.layoutIfNeeded()
        stamp.layer.displayIfNeeded()
        let image = picture(of: stamp)
        #expect(box(image, isDarkPixel) == nil, "the text layers hide once the content draws")
        let red = try #require(box(image, isRedPixel))
        #expect(red.x == 0...9 && red.y == 0...9)
    }

    /// A plain label asked to display draws the text its layers showed, and draws again when
    /// the text changes.
    @Test func aPlainLabelDrawnThroughItsContentShowsTheSameText() throws {
        let shown = label("Same text")
        let layers = try #require(box(picture(of: shown), isDarkPixel))
        shown.setNeedsDisplay()
        shown.layer.displayIfNeeded()
        let drawn = try #require(box(picture(of: shown), isDarkPixel))
        #expect(
            abs(drawn.x.lowerBound - layers.x.lowerBound) <= 1 && abs(drawn.x.upperBound - layers.x.upperBound) <= 1)
        #expect(
            abs(drawn.y.lowerBound - layers.y.lowerBound) <= 1 && abs(drawn.y.upperBound - layers.y.upperBound) <= 1)
        shown.text = "Same text, and more"
        shown.layoutIfNeeded()
        shown.layer.displayIfNeeded()
        let longer = try #require(box(picture(of: shown), isDarkPixel))
        #expect(longer.x.upperBound > drawn.x.upperBound + 40)
        let rect = shown.textRect(forBounds: shown.bounds, limitedToNumberOfLines: 1)
        #expect(rect.origin == .zero && rect.width == shown.intrinsicContentSize.width)
    }

    /// While highlighted the text is in the highlighted colour, when there is one.
    @Test func aHighlightedLabelDrawsInTheHighlightedColour() {
        let highlighted = label("Highlight") {
            $0.textColor = .black
            $0.highlightedTextColor = .red
        }
        #expect(!highlighted.isHighlighted)
        #expect(box(picture(of: highlighted), isRedPixel) == nil && inkRows(picture(of: highlighted)) != nil)
        highlighted.isHighlighted = true
        #expect(box(picture(of: highlighted), isRedPixel) != nil && inkRows(picture(of: highlighted)) == nil)
        highlighted.highlightedTextColor = nil
        let unhighlighted = picture(of: highlighted)
        #expect(box(unhighlighted, isRedPixel) == nil && inkRows(unhighlighted) != nil, "nil: the text colour")
    }

    /// A one-line label that adjusts its font to the width shrinks wide text, down to the
    /// minimum scale; the baseline stays by default, the middle with `.alignCenters`.
    @Test func wideTextShrinksToFitTheWidth() throws {
        let wide = "Shrink me to fit"
        let full = try #require(inkRows(picture(of: label(wide, width: 400) { $0.font = .systemFont(ofSize: 34) })))
        let shrunk = label(wide, width: 150) {
            $0.font = .systemFont(ofSize: 34)
            $0.adjustsFontSizeToFitWidth = true
            $0.minimumScaleFactor = 0.3
        }
        #expect(shrunk.baselineAdjustment == .alignBaselines)
        #expect(shrunk.intrinsicContentSize.width > 150, "the intrinsic size stays the full-size text's")
        let baselines = try #require(inkRows(picture(of: shrunk)))
        let columns = try #require(box(picture(of: shrunk), isDarkPixel)).x
        #expect(columns.upperBound < 150, "the line fits: \(columns)")
        #expect(baselines.count < full.count * 3 / 4, "smaller letters: \(baselines) against \(full)")
        #expect(abs(baselines.upperBound - full.upperBound) <= 1, "the baseline stays: \(baselines) against \(full)")
        shrunk.baselineAdjustment = .alignCenters
        let centred = try #require(inkRows(picture(of: shrunk)))
        #expect(centred.upperBound < full.upperBound - 2, "the middle stays, the baseline rises: \(centred)")
        // No minimum scale factor: the font's own size is the smallest (the line is cut).
        let unshrunk = label(wide, width: 150) {
            $0.font = .systemFont(ofSize: 34)
            $0.adjustsFontSizeToFitWidth = true
        }
        let cut = try #require(inkRows(picture(of: unshrunk)))
        #expect(abs(cut.count - full.count) <= 1, "\(cut) against \(full)")
        #expect(UIBaselineAdjustment.none.rawValue == 2)
    }

    @Test func contentSizeCategoryAdjustingIsKept() {
        let label = UILabel()
        #expect(!label.adjustsFontForContentSizeCategory)
        let adjusting: any UIContentSizeCategoryAdjusting = label
        adjusting.adjustsFontForContentSizeCategory = true
        #expect(label.adjustsFontForContentSizeCategory)
    }
}

@MainActor
@Suite("String drawing: draw(at:), draw(in:), sizes and bounding boxes", .serialized)
struct StringDrawingTests {
    private func redRows(_ image: CGImage) -> ClosedRange<Int>? {
        let rows = (0..<image.height).filter { y in
            (0..<image.width).contains { x in
                let pixel = image.pixel(x: x, y: y)
                return pixel[3] > 128 && pixel[0] > 150 && pixel[1] < 100
            }
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    private func draw(_ body: () -> Void) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 200, height: 80), format: format).image { _ in body() }
            .cgImage!
    }

    @Test func textIsDrawnFromItsTopLeft() throws {
        let font = UIFont.systemFont(ofSize: 17)
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.red]
        let size = "Hello".size(withAttributes: attributes)
        #expect(size == TextMetrics.size(of: "Hello", fontName: font.fontName, fontSize: 17))
        let image = draw { "Hello".draw(at: CGPoint(x: 10, y: 30), withAttributes: attributes) }
        let rows = try #require(redRows(image))
        #expect(rows.lowerBound >= 30 && rows.upperBound < 30 + Int(font.lineHeight.rounded(.up)), "\(rows)")
        // An attributed string draws with its first character's attributes.
        let attributed = NSAttributedString(string: "Hello", attributes: attributes)
        #expect(attributed.size() == size)
        let same = draw { attributed.draw(at: CGPoint(x: 10, y: 30)) }
        #expect(largestDifference(same, image) == 0)
    }

    @Test func boundingRectsWrapWithTheLineFragmentOption() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17)]
        let text = "The quick brown fox jumps over the lazy dog"
        let line = text.boundingRect(
            with: CGSize(width: 100, height: 1000), options: [], attributes: attributes, context: nil)
        let wrapped = text.boundingRect(
            with: CGSize(width: 100, height: 1000), options: .usesLineFragmentOrigin, attributes: attributes,
            context: nil)
        #expect(line.height == UIFont.systemFont(ofSize: 17).lineHeight && line.width > 100)
        #expect(wrapped.width <= 100 && wrapped.height >= 4 * line.height)
        #expect((text as NSString).size(withAttributes: attributes) == line.size)
        let defaultFont = "x".size(withAttributes: nil).height
        #expect(abs(defaultFont - UIFont(name: "Helvetica", size: 12)!.lineHeight) < 1e-9, "Helvetica 12 by default")
    }
}

/// A label padded by 30 points on the left, as real padding labels are written.
private final class PaddedLabel: UILabel {
    override func drawText(in rect: CGRect) {
        super.drawText(in: rect.inset(by: UIEdgeInsets(top: 0, left: 30, bottom: 0, right: 0)))
    }
}

/// A label that draws a red square instead of its text.
private final class StampLabel: UILabel {
    override func drawText(in rect: CGRect) {
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
