import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A text layer's documents as layers, each document in a layer of its own that a discrete
/// `hidden` animation shows from its keyframe's frame to the next one's.
///
/// Text whose font has glyphs in the file (`chars`, matched through `fonts.list` by family
/// and style) is drawn from them, as lottie-web and lottie-android draw it: a layer a line at
/// the line's baseline, and in it a `CAShapeLayer` a character sharing its glyph's outline,
/// scaled by `size / 100`, filled with the document's fill colour and stroked with its stroke
/// (under the fill unless the document puts it over). ``GlyphLayout`` says where they go.
///
/// The complete engine sets other text in the font the file names, found among the font
/// folders and installed fonts (``InstalledFonts``), its glyphs read from the font file and drawn
/// as the file's own glyphs are; a font provider's answer is found the same way.
///
/// Otherwise text is drawn by `CATextLayer`, which the renderer draws with its fonts: DejaVu Sans
/// for font names it does not know (DejaVu Serif and Sans Mono for serif and monospaced
/// names), bold and italic from the name's style words. Point text is a `CATextLayer` a line
/// whose first baseline sits at the layer's origin (After Effects' anchor for point text):
/// its top is the renderer's ascent above the baseline, and it ends at, starts at or is
/// centred on x = 0 as the text is justified. Paragraph text is one `CATextLayer` filling its
/// box, wrapped, with the renderer's line spacing. Tracking and strokes are not drawn there.
struct TextLayerBuilder {
    let fonts: FontLibrary
    var fontProvider: (any AnimationFontProvider)?
    /// The fonts to set text without glyphs in; nil to draw it with `CATextLayer`.
    var installedFonts: InstalledFonts?
    let context: AnimationContext
    let bounds: CGRect

    /// The ascent and line height of DejaVu, the renderer's faces, in ems (its `hhea` table:
    /// 1901 and 2384 units of 2048), where a `CATextLayer` puts its first baseline and how
    /// tall a line of it is.
    static let rendererAscent = 1901.0 / 2048
    static let rendererLineHeight = 2384.0 / 2048

    func addText(_ text: TextModel, to layer: CALayer) {
        let documents = text.documents.keyframes
        for (index, keyframe) in documents.enumerated() {
            let container = LayerTreeBuilder.filling(CALayer(), bounds)
            container.name = "text document \(index)"
            var document = keyframe.value
            let animators = context.engine.draws(.textAnimators) ? text.animators : []
            let provided = fontProvider?.fontFor(family: document.fontName, size: document.size)
            if provided == nil, let font = fonts.glyphFont(named: document.fontName) {
                addGlyphs(
                    of: document, font: font, library: fonts, animators: animators, alignment: text.anchorAlignment,
                    to: container)
            } else if let (font, library) = installedFont(of: document, provided: provided) {
                addGlyphs(
                    of: document, font: font, library: library, animators: animators,
                    alignment: text.anchorAlignment, to: container)
            } else {
                if let provided { document.fontName = provided }
                addTextLayers(of: document, to: container)
            }
            if documents.count > 1 {
                let visibility = text.visibility(ofDocument: index)
                container.addAnimation(for: .isHidden, keyframes: visibility, context: context) { $0 != 0 }
            }
            layer.addSublayer(container)
        }
    }

    // MARK: Glyphs

    /// The font `document` is set in among the installed fonts, with a library holding its
    /// glyphs of the document's characters: the font `provided` names (as a family or a
    /// PostScript name), else the `fonts.list` entry the document names (lottie-web takes the
    /// first entry for a name the list lacks). Nil without installed fonts, or when none is found.
    private func installedFont(of document: TextDocument, provided: String?) -> (FontLibrary.Font, FontLibrary)? {
        guard let installedFonts else { return nil }
        var font: FontLibrary.Font
        if let provided {
            font = FontLibrary.Font(
                name: provided, face: FontLibrary.Face(family: provided, style: ""),
                ascent: fonts.fonts[document.fontName]?.ascent ?? 0)
        } else if let listed = fonts.fonts[document.fontName] ?? fonts.first {
            font = listed
        } else {
            font = FontLibrary.Font(
                name: document.fontName, face: FontLibrary.Face(family: document.fontName, style: ""), ascent: 0)
        }
        guard let match = installedFonts.match(font.request) else { return nil }
        var library = FontLibrary()
        font.name = document.fontName
        library.fonts[font.name] = font
        library.facesWithGlyphs.insert(font.face)
        for character in Set(document.text) where !TextDocument.endsLine(character) {
            let key = FontLibrary.GlyphKey(character: String(character), face: font.face)
            library.glyphs[key] = installedFonts.glyph(of: character, in: match.face)
        }
        return (font, library)
    }

    private func addGlyphs(
        of document: TextDocument, font: FontLibrary.Font, library: FontLibrary, animators: [TextAnimator],
        alignment: CGPoint, to container: CALayer
    ) {
        let scale = document.size / 100
        let fill = document.fillColor?.fileColor
        let animatesStroke = animators.contains { $0.strokeWidth != nil }
        let stroke = document.strokeWidth > 0 || animatesStroke ? document.strokeColor?.fileColor : nil
        guard scale > 0, fill != nil || stroke != nil else { return }
        // The stroke is drawn in the glyph's units, which the layer scales.
        let strokeWidth = document.strokeWidth / scale
        let lines = GlyphLayout(document: document, font: font, library: library).lines
        let animation =
            animators.isEmpty
            ? nil : TextAnimation(animators: animators, document: document, alignment: alignment, lines: lines)
        let states = animation.map { animation in LetterStates { animation.states(atFrame: $0) } }
        var letterIndex = -1
        for line in lines {
            let lineLayer = CALayer()
            lineLayer.name = String(line.characters.map(\.character))
            lineLayer.anchorPoint = .zero
            lineLayer.bounds = .zero
            lineLayer.position = line.origin
            for placed in line.characters {
                letterIndex += 1
                guard let outline = placed.glyph?.outline else { continue }
                var under: CAShapeLayer?
                if let stroke, !document.strokeOverFill {
                    let layer = glyphLayer(placed, outline: outline, scale: scale, follows: animation != nil)
                    layer.strokeColor = stroke
                    layer.lineWidth = strokeWidth
                    lineLayer.addSublayer(layer)
                    under = layer
                }
                let glyph = glyphLayer(placed, outline: outline, scale: scale, follows: animation != nil)
                glyph.fillColor = fill
                if let stroke, document.strokeOverFill {
                    // A shape layer strokes over its fill.
                    glyph.strokeColor = stroke
                    glyph.lineWidth = strokeWidth
                }
                let drawsGlyph = glyph.fillColor != nil || glyph.strokeColor != nil
                if drawsGlyph { lineLayer.addSublayer(glyph) }
                if let animation, let states {
                    animation.animate(
                        letter: letterIndex, fillLayer: drawsGlyph ? glyph as? FrameLetterLayer : nil,
                        strokeLayer: under as? FrameLetterLayer, scale: scale, states: states, context: context)
                }
            }
            container.addSublayer(lineLayer)
        }
    }

    /// A character's layer: its glyph's outline, unpainted, scaled about its start on the
    /// baseline; one that works out its drawing at each frame when text animators move it.
    private func glyphLayer(_ placed: GlyphLayout.Placed, outline: CGPath, scale: Double, follows: Bool)
        -> CAShapeLayer
    {
        let glyph = follows ? FrameLetterLayer() : CAShapeLayer()
        glyph.name = String(placed.character)
        glyph.anchorPoint = .zero
        glyph.bounds = .zero
        glyph.position = CGPoint(x: placed.x, y: 0)
        glyph.transform = CATransform3DMakeScale(scale, scale, 1)
        glyph.path = outline
        glyph.fillColor = nil
        return glyph
    }

    // MARK: Text layers

    private func addTextLayers(of document: TextDocument, to container: CALayer) {
        let size = document.size
        // Text without a fill draws nothing here (a `CATextLayer` with no colour draws black).
        guard size > 0, let color = document.fillColor?.fileColor else { return }
        func textLayer(_ string: String) -> CATextLayer {
            let text = CATextLayer()
            text.string = string
            if !document.fontName.isEmpty { text.font = document.fontName }
            text.fontSize = size
            text.foregroundColor = color
            text.alignmentMode =
                switch document.justification {
                case .left: .left
                case .right: .right
                case .center: .center
                }
            text.anchorPoint = .zero
            return text
        }
        if let box = document.box {
            let text = textLayer(document.lines.map { String($0) }.joined(separator: "\n"))
            text.name = "paragraph"
            text.isWrapped = true
            text.bounds = CGRect(origin: .zero, size: box.size)
            text.position = CGPoint(x: box.minX, y: box.minY - document.baselineShift)
            container.addSublayer(text)
            return
        }
        for (index, line) in document.lines.enumerated() where !line.isEmpty {
            let text = textLayer(String(line))
            text.name = String(line)
            // Wide enough for any of the renderer's characters, two ems each: the alignment
            // places the line within it.
            let width = 2 * size * Double(line.count + 1)
            text.bounds = CGRect(x: 0, y: 0, width: width, height: Self.rendererLineHeight * size)
            let x: Double =
                switch document.justification {
                case .left: 0
                case .right: -width
                case .center: -width / 2
                }
            let baseline = Double(index) * document.lineHeight - document.baselineShift
            text.position = CGPoint(x: x, y: baseline - Self.rendererAscent * size)
            container.addSublayer(text)
        }
    }
}
