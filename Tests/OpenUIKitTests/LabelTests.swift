import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

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
        #expect(label.intrinsicContentSize == CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
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
        #expect(abs(label.intrinsicContentSize.height - (2 * UIFont.systemFont(ofSize: 17).lineHeight).rounded(.up)) < 1e-9)
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
}
