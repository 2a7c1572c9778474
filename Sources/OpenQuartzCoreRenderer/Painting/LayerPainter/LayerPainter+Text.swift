import CCairo
import Foundation
import OpenQuartzCore
import TextMeasurement

extension LayerPainter {
    /// Draws a text layer's string in its bounds: laid out by `TextLayout` from the top-left
    /// corner, in the face `TextFont` picks for `font`, `fontSize` points, filled with
    /// `foregroundColor`, and clipped to the bounds, as the backing store Core Animation draws
    /// text into is.
    ///
    /// An attributed string is drawn as its plain characters in the layer's font, size and
    /// colour (its attributes are not read). A `foregroundColor` of nil draws black, Core
    /// Text's colour for text that names none.
    ///
    /// Text reads upright whichever way the plane's y axis points: CATextLayer draws into its
    /// backing store the way up its `contentsAreFlipped` says, so in a y-up plane (`upsideDown`,
    /// as in a CAML document that is not `geometryFlipped`) the lines are mirrored back about
    /// the bounds' middle, like a contents image, and still start at the visual top.
    func paintText(_ layer: TextLayerStorage, bounds: CGRect, upsideDown: Bool = false) {
        let size = layer.fontSize
        guard let string = Self.plainString(layer.string), !string.isEmpty,
            bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite,
            bounds.minX.isFinite, bounds.minY.isFinite, size.isFinite, size > 0
        else { return }
        let color = layer.foregroundColor ?? CGColor.black
        guard color.alpha > 0 else { return }

        cairo_save(context)
        defer { cairo_restore(context) }
        if upsideDown { mirrorVertically(within: bounds) }
        CairoDrawing.rectangle(bounds, in: context)
        cairo_clip(context)
        let extents = TextMetrics.select(TextFont(name: layer.font.flatMap(Self.plainString)), size: size, in: context)
        let context = self.context
        let layout = TextLayout(
            string: string, size: bounds.size, lineHeight: CGFloat(extents.height), isWrapped: layer.isWrapped,
            truncation: layer.truncationMode, alignment: layer.alignmentMode
        ) { text in
            var measured = cairo_text_extents_t()
            cairo_text_extents(context, text, &measured)
            return CGFloat(measured.x_advance)
        }
        setSourceColor(color)
        for line in layout.lines {
            let baseline = Double(bounds.minY + line.top) + extents.ascent
            for run in line.runs where !run.text.isEmpty {
                cairo_move_to(context, Double(bounds.minX + run.x), baseline)
                cairo_show_text(context, run.text)
            }
        }
    }

    /// The characters of a `CATextLayer.string` (or of a font name): a `String`, an
    /// `NSString`, or an attributed string's. Tabs become spaces, since the font has no glyph
    /// for them.
    static func plainString(_ value: Any?) -> String? {
        let string: String
        switch value {
        case let text as String: string = text
        case let attributed as NSAttributedString: string = attributed.string
        case let text as NSString: string = String(describing: text)
        default: return nil
        }
        return string.replacingOccurrences(of: "\t", with: " ")
    }
}
