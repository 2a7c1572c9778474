import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

private let paper = CGColor(red: 0.93, green: 0.93, blue: 0.9, alpha: 1)

/// The text colours of the styles golden, softer than the shared red and blue.
private let textRed = CGColor(red: 0.85, green: 0, blue: 0, alpha: 1)
private let textBlue = CGColor(red: 0, green: 0.2, blue: 0.8, alpha: 1)

/// Text goldens tolerate glyph edges that move with the font and FreeType versions: channels
/// within 24 of 255, and up to 1 % of the pixels beyond that.
private let textTolerance = 24
private let textOutliers = 92

/// A text layer on a paper-coloured background, 12-point black text unless changed.
private func label(
    _ string: Any, frame: CGRect, in parent: CALayer, configure: (CATextLayer) -> Void = { _ in }
) -> CATextLayer {
    let text = CATextLayer()
    text.frame = frame
    text.backgroundColor = paper
    text.string = string
    text.fontSize = 12
    text.foregroundColor = black
    configure(text)
    parent.addSublayer(text)
    return text
}

/// The pixels of `rect` darker than `threshold` in their red channel: the text's ink.
private func inkPixels(in frame: CARenderer, _ rect: CGRect, threshold: Int) -> [(x: Int, y: Int)] {
    let image = frame.image
    var pixels: [(x: Int, y: Int)] = []
    for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) where image.pixel(x: x, y: y)[0] < threshold {
            pixels.append((x, y))
        }
    }
    return pixels
}

/// The least and the greatest of `values`, or nil when there are none.
private func extent(_ values: [Int]) -> (min: Int, max: Int)? {
    guard let low = values.min(), let high = values.max() else { return nil }
    return (low, high)
}

/// The leftmost and rightmost columns of `rect` holding ink, or nil when there is none.
private func ink(in frame: CARenderer, _ rect: CGRect, threshold: Int = 160) -> (min: Int, max: Int)? {
    extent(inkPixels(in: frame, rect, threshold: threshold).map(\.x))
}

/// The topmost and bottommost rows of `rect` holding ink.
private func inkRows(in frame: CARenderer, _ rect: CGRect, threshold: Int = 160) -> (min: Int, max: Int)? {
    extent(inkPixels(in: frame, rect, threshold: threshold).map(\.y))
}

@Suite("CARenderer: CATextLayer", .serialized)
struct TextRenderingTests {
    @Test func alignmentModesPlaceEachLine() throws {
        try withManualClock { _ in
            let layer = root()
            let modes: [CATextLayerAlignmentMode] = [.left, .center, .right]
            for (row, mode) in modes.enumerated() {
                _ = label("Text", frame: CGRect(x: 4, y: 4 + CGFloat(row) * 18, width: 88, height: 16), in: layer) {
                    $0.alignmentMode = mode
                }
            }
            _ = label(
                "Justified lines fill the width.", frame: CGRect(x: 4, y: 58, width: 88, height: 34), in: layer
            ) {
                $0.alignmentMode = .justified
                $0.isWrapped = true
            }
            let frame = render(layer)
            let left = try #require(ink(in: frame, CGRect(x: 4, y: 4, width: 88, height: 16)))
            let center = try #require(ink(in: frame, CGRect(x: 4, y: 22, width: 88, height: 16)))
            let right = try #require(ink(in: frame, CGRect(x: 4, y: 40, width: 88, height: 16)))
            #expect(left.min <= 6, "flush left: \(left)")
            #expect(right.max >= 89, "flush right: \(right)")
            #expect(abs((center.min + center.max) / 2 - 48) <= 2, "centred: \(center)")
            #expect(right.max - right.min == left.max - left.min, "the same word")
            // The justified paragraph's first line reaches both edges; its last does not.
            let first = try #require(ink(in: frame, CGRect(x: 4, y: 58, width: 88, height: 14)))
            #expect(first.min <= 6 && first.max >= 89, "justified: \(first)")
            try Goldens.expectMatch(frame, named: "text-alignment", tolerance: textTolerance, outliers: textOutliers)
        }
    }

    @Test func wrappedTextBreaksAtTheWidthAndStartsAtTheTop() throws {
        try withManualClock { _ in
            let layer = root()
            let text = "Wrapped text breaks between words to fit."
            _ = label(text, frame: CGRect(x: 4, y: 4, width: 56, height: 88), in: layer) { $0.isWrapped = true }
            _ = label(text, frame: CGRect(x: 64, y: 4, width: 28, height: 88), in: layer) { $0.isWrapped = true }
            let frame = render(layer)
            // Line height is DejaVu Sans's 1.164 em, 14 points at 12 points: the first column's
            // six lines end with "fit." on a baseline 5 × 14 + 11 points below the top.
            let rows = try #require(inkRows(in: frame, CGRect(x: 4, y: 4, width: 56, height: 88)))
            #expect(rows.min < 10, "the first line starts at the top: \(rows)")
            #expect(rows.max >= 80 && rows.max <= 88, "\(rows)")
            let columns = try #require(ink(in: frame, CGRect(x: 4, y: 4, width: 56, height: 88)))
            #expect(columns.max < 60)
            try Goldens.expectMatch(frame, named: "text-wrapping", tolerance: textTolerance, outliers: textOutliers)
        }
    }

    /// In a y-up plane (under a `geometryFlipped` layer, as a CAML document's layers are) text
    /// still reads upright, first line at the visual top: a label filling a flipped container
    /// looks exactly as it does unflipped.
    @Test func textReadsUprightInAYUpPlane() throws {
        try withManualClock { _ in
            func frame(flipped: Bool) -> CARenderer {
                let layer = root()
                let plane = CALayer()
                plane.frame = layer.bounds
                plane.isGeometryFlipped = flipped
                layer.addSublayer(plane)
                _ = label("First line, then the second", frame: CGRect(x: 4, y: 4, width: 88, height: 88), in: plane) {
                    $0.isWrapped = true
                }
                return render(layer)
            }
            let upright = frame(flipped: false)
            let yUp = frame(flipped: true)
            let area = CGRect(x: 4, y: 4, width: 88, height: 88)
            let rows = try #require(inkRows(in: yUp, area))
            #expect(rows.min < 10, "the first line at the visual top: \(rows)")
            let same = zip(inkPixels(in: upright, area, threshold: 160), inkPixels(in: yUp, area, threshold: 160))
                .allSatisfy { $0.x == $1.x && $0.y == $1.y }
            #expect(
                same
                    && inkPixels(in: upright, area, threshold: 160).count
                        == inkPixels(in: yUp, area, threshold: 160).count
            )
        }
    }

    @Test func truncationModesCutWithAnEllipsis() throws {
        try withManualClock { _ in
            let layer = root()
            let modes: [CATextLayerTruncationMode] = [.none, .start, .middle, .end]
            for (row, mode) in modes.enumerated() {
                _ = label(
                    "Beginning-middle-end", frame: CGRect(x: 4, y: 4 + CGFloat(row) * 16, width: 88, height: 14),
                    in: layer
                ) { $0.truncationMode = mode }
            }
            // Wrapped: the last line that fits stands for the rest.
            _ = label(
                "One two three four five six seven", frame: CGRect(x: 4, y: 66, width: 88, height: 28), in: layer
            ) {
                $0.isWrapped = true
                $0.truncationMode = .end
            }
            let frame = render(layer)
            // Untruncated, the line runs past the bounds and is clipped at them.
            let clipped = try #require(ink(in: frame, CGRect(x: 0, y: 4, width: 96, height: 14)))
            #expect(clipped.max >= 89 && clipped.max <= 91, "\(clipped)")
            try Goldens.expectMatch(frame, named: "text-truncation", tolerance: textTolerance, outliers: textOutliers)
        }
    }

    @Test func fontsSizesAndColours() throws {
        try withManualClock { _ in
            let layer = root()
            _ = label("Bold", frame: CGRect(x: 4, y: 4, width: 44, height: 16), in: layer) {
                $0.font = "Helvetica-Bold"
            }
            _ = label("Italic", frame: CGRect(x: 48, y: 4, width: 44, height: 16), in: layer) {
                $0.font = "Helvetica-Oblique"
            }
            _ = label("Serif", frame: CGRect(x: 4, y: 22, width: 44, height: 16), in: layer) { $0.font = "Times-Roman" }
            _ = label("Mono", frame: CGRect(x: 48, y: 22, width: 44, height: 16), in: layer) { $0.font = "Courier" }
            _ = label("Red", frame: CGRect(x: 4, y: 40, width: 44, height: 16), in: layer) {
                $0.foregroundColor = textRed
            }
            _ = label(
                NSAttributedString(string: "Attr"), frame: CGRect(x: 48, y: 40, width: 44, height: 16), in: layer
            ) { $0.foregroundColor = textBlue }
            // Apple's defaults: 36-point white Helvetica, here on a dark background.
            let big = CATextLayer()
            big.frame = CGRect(x: 4, y: 54, width: 88, height: 40)
            big.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
            big.string = "Ag36"
            layer.addSublayer(big)
            let frame = render(layer)
            let image = frame.image
            let redInk = (40..<54).flatMap { y in (4..<48).map { image.pixel(x: $0, y: y) } }
                .filter { $0[1] < 100 }
            #expect(!redInk.isEmpty && redInk.allSatisfy { $0[0] > $0[2] }, "red text")
            let whiteInk = (54..<94).flatMap { y in (4..<92).map { image.pixel(x: $0, y: y) } }
                .filter { $0[0] > 200 }
            #expect(whiteInk.count > 100, "36-point white text")
            try Goldens.expectMatch(frame, named: "text-styles", tolerance: textTolerance, outliers: textOutliers)
        }
    }

    @Test func fontSizeAnimatesInThePresentation() throws {
        try withManualClock { clock in
            let layer = root()
            let text = label("Grow", frame: CGRect(x: 0, y: 0, width: 96, height: 96), in: layer)
            CATransaction.flush()
            let small = render(layer)
            CATransaction.setDisableActions(false)
            text.fontSize = 48
            CATransaction.flush()
            clock.advance(by: 1)
            let large = render(layer)
            let smallInk = try #require(ink(in: small, CGRect(x: 0, y: 0, width: 96, height: 96)))
            let largeInk = try #require(ink(in: large, CGRect(x: 0, y: 0, width: 96, height: 96)))
            #expect(largeInk.max - largeInk.min > 3 * (smallInk.max - smallInk.min) / 2)
        }
    }
}

/// What the painter takes for a text layer's string.
@Suite struct TextLayerStringTests {
    @Test func plainStringsComeFromStringsAndAttributedStrings() {
        #expect(LayerPainter.plainString("a\tb") == "a b")
        #expect(LayerPainter.plainString(NSAttributedString(string: "styled")) == "styled")
        #expect(LayerPainter.plainString(42) == nil)
        #expect(LayerPainter.plainString(nil) == nil)
    }
}
