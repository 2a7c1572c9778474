import CCairo
import Foundation
import OpenQuartzCore

/// Measures text as the renderer draws a `CATextLayer`'s: the same face (`TextFont`), the
/// same unhinted metrics and the same line breaking (`TextLayout`), so that a label sized by
/// these numbers shows all of its text. For views that size themselves to their text
/// (OpenUIKit's `UILabel`).
public enum TextMetrics {
    /// A font's vertical metrics, in points.
    public struct FontMetrics: Equatable, Sendable {
        /// From the baseline up to the top of the tallest glyphs.
        public let ascent: CGFloat
        /// From the baseline down to the bottom of the lowest glyphs (positive).
        public let descent: CGFloat
        /// The distance between the tops of two lines.
        public let lineHeight: CGFloat
    }

    /// The vertical metrics of the face for `fontName` at `fontSize` points.
    public static func fontMetrics(fontName: String?, fontSize: CGFloat) -> FontMetrics {
        withFont(fontName, fontSize) { _, extents in
            FontMetrics(
                ascent: CGFloat(extents.ascent), descent: CGFloat(extents.descent), lineHeight: CGFloat(extents.height))
        }
    }

    /// The size `string` takes in `fontName` at `fontSize` points: its widest line and its
    /// lines' height. Lines break at newlines, and between words to fit `width` when one is
    /// given; at most `maximumLines` lines count (0: all).
    public static func size(
        of string: String, fontName: String?, fontSize: CGFloat, width: CGFloat? = nil, maximumLines: Int = 0
    ) -> CGSize {
        guard !string.isEmpty, fontSize > 0, fontSize.isFinite else { return .zero }
        return withFont(fontName, fontSize) { context, extents in
            let measure: TextLayout.Measure = { text in
                var measured = cairo_text_extents_t()
                cairo_text_extents(context, text, &measured)
                return CGFloat(measured.x_advance)
            }
            let wrapWidth = width.map { max($0, 0) } ?? .greatestFiniteMagnitude
            var lines: [String] = []
            for paragraph in string.replacingOccurrences(of: "\t", with: " ").components(separatedBy: .newlines) {
                lines += width == nil ? [paragraph] : TextLayout.wrap(paragraph, width: wrapWidth, measure: measure)
            }
            if maximumLines > 0, lines.count > maximumLines { lines = Array(lines[..<maximumLines]) }
            let widest =
                lines.map { line in
                    measure(String(line.reversed().drop { $0 == " " }.reversed()))
                }.max() ?? 0
            let clamped = width.map { min(widest, $0) } ?? widest
            return CGSize(width: clamped, height: CGFloat(lines.count) * CGFloat(extents.height))
        }
    }

    /// Runs `body` with a Cairo context set up as the renderer sets one up for text.
    private static func withFont<T>(
        _ fontName: String?, _ fontSize: CGFloat, _ body: (OpaquePointer, cairo_font_extents_t) -> T
    ) -> T {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { fatalError("TextMetrics: Cairo could not make a context") }
        defer { cairo_destroy(context) }
        let extents = select(TextFont(name: fontName), size: fontSize, in: context)
        return body(context, extents)
    }

    /// Sets `context` to draw `font` at `size` points as the renderer draws text — unhinted
    /// outlines and metrics, so glyphs keep their shapes and advances at every scale and a
    /// layout does not change with the pixels per point — and answers the font's extents.
    package static func select(_ font: TextFont, size: CGFloat, in context: OpaquePointer) -> cairo_font_extents_t {
        cairo_select_font_face(
            context, font.family, font.isOblique ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
            font.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, Double(size))
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        var extents = cairo_font_extents_t()
        cairo_font_extents(context, &extents)
        return extents
    }
}
