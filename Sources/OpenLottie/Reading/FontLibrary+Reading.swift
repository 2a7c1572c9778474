import Foundation
import OpenCoreGraphics

extension FontLibrary {
    /// Reads the animation's fonts (`fonts.list`) and glyphs (`chars`), making each glyph's
    /// outline once (``GlyphOutline``).
    init(reading root: JSONNode) throws(LottieError) {
        self.init()
        if let fontsNode = root["fonts"] {
            guard fontsNode.isObject else { throw fontsNode.error("expected a fonts object, found \(fontsNode.kind)") }
            for (order, entry) in try (fontsNode["list"]?.elements() ?? []).enumerated() {
                guard entry.isObject else { throw entry.error("expected a font object, found \(entry.kind)") }
                let name = try entry.required("fName").string()
                let font = Font(
                    name: name,
                    face: Face(family: try entry.string("fFamily") ?? "", style: try entry.string("fStyle") ?? ""),
                    ascent: try entry.number("ascent", default: 0), weight: try entry.string("fWeight"),
                    path: entry.path, order: order)
                if fonts[name] == nil { fonts[name] = font }
            }
        }
        for entry in try root["chars"]?.elements() ?? [] {
            guard entry.isObject else { throw entry.error("expected a glyph object, found \(entry.kind)") }
            let key = GlyphKey(
                character: try entry.required("ch").string(),
                face: Face(family: try entry.string("fFamily") ?? "", style: try entry.string("style") ?? ""))
            let width = try entry.number("w", default: 0)
            var outline: CGPath?
            if let data = entry["data"] {
                guard data.isObject else { throw data.error("expected a glyph's data object, found \(data.kind)") }
                if data["refId"] != nil { data.warn("glyphs drawn by a precomposition are not drawn") }
                if let shapes = data["shapes"] {
                    let items = try ShapeItem.items(reading: shapes, depth: 0)
                    outline = GlyphOutline.make(items) { item, message in root.context.warn(path: item.path, message) }
                }
            }
            if glyphs[key] == nil { glyphs[key] = Glyph(width: width, outline: outline) }
            facesWithGlyphs.insert(key.face)
        }
    }

    /// Warns about the text of `layers` and of the precompositions in `assets` (in the order
    /// of `root`'s `assets`) that is drawn differently from the file: text without glyphs
    /// (drawn by `CATextLayer` with the renderer's fonts, without tracking or strokes), and
    /// characters the glyphs leave out.
    func checkText(of layers: [LayerModel], assets: [String: AssetModel], root: JSONNode) throws(LottieError) {
        check(layers, context: root.context)
        var seen: Set<String> = []
        for asset in try root["assets"]?.elements() ?? [] {
            guard let id = try asset.string("id"), seen.insert(id).inserted,
                case .precomposition(let assetLayers) = assets[id]
            else { continue }
            check(assetLayers, context: root.context)
        }
    }

    private func check(_ layers: [LayerModel], context: ReadingContext) {
        for layer in layers where !layer.isHidden {
            guard case .text(let text) = layer.content else { continue }
            for keyframe in text.documents.keyframes {
                let document = keyframe.value
                if let font = glyphFont(named: document.fontName) {
                    let missing = document.text.contains { character in
                        !TextDocument.endsLine(character) && glyph(for: character, in: font) == nil
                    }
                    if missing {
                        context.warn(
                            path: "\(document.path).t", "characters with no glyph in the file's chars are left out")
                    }
                    continue
                }
                context.use(.textWithoutGlyphs, at: layer.path)
                if document.tracking != 0 {
                    context.use(.trackingWithoutGlyphs, at: "\(document.path).tr")
                }
                if document.strokeColor != nil, document.strokeWidth > 0 {
                    context.use(.textStrokesWithoutGlyphs, at: "\(document.path).sc")
                }
            }
        }
    }
}
