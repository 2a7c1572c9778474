import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Text without glyphs in the file, in the complete engine: set in the font `fonts.list` names,
/// found in the font folders or among the installed fonts, its glyphs read from the font file
/// and laid out as glyph text is (lottie-web measures each character of such text in the font at
/// 100 px). The advances below are the DejaVu fonts' own (their `hmtx` tables, 2048 units an em).
@Suite struct InstalledFontTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    /// A 300 × 200 animation with one text layer at (20, 100) showing `text` at size 50 in the
    /// font `fonts.list` gives as `font`, and no glyphs.
    static func animation(font: String, text: String = "Hi W.", fontName: String = "Face", extra: String = "")
        -> String
    {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":300,"h":200,"fonts":{"list":["# + font + #"]},"#
            + #""layers":[{"ty":5,"nm":"Title","ind":1,"ks":{"p":{"a":0,"k":[20,100]}},"ip":0,"op":60,"st":0,"#
            + #""t":{"d":{"k":[{"s":{"t":""# + text + #"","s":50,"f":""# + fontName + #"","fc":[1,0,0],"j":0"#
            + extra + #"},"t":0}]}}}]}"#
    }

    static func font(_ family: String, style: String = "Regular", name: String = "Face", weight: String? = nil)
        -> String
    {
        #"{"fName":""# + name + #"","fFamily":""# + family + #"","fStyle":""# + style + #"","ascent":75"#
            + (weight.map { #","fWeight":""# + $0 + #"""# } ?? "") + "}"
    }

    static func load(_ json: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8), name: "text.json")
    }

    static let complete = LottieConfiguration(renderingEngine: .complete)

    /// The x of each drawn character's glyph layer, by character, in the line.
    static func glyphPositions(_ layer: CALayer) -> [String: Double] {
        let glyphs = TextLayerTests.allLayers(of: CAShapeLayer.self, in: layer)
        return Dictionary(glyphs.map { ($0.name ?? "", Double($0.position.x)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Where "H", "i" and "W" of "Hi W." start at size 50 with advances of H, i and the space.
    static func expectStarts(_ positions: [String: Double], h: Double, i: Double, space: Double) {
        let scale = 50.0 / 2048
        expectClose(positions["H"] ?? .nan, 0, within: 1e-9)
        expectClose(positions["i"] ?? .nan, h * scale, within: 1e-6)
        expectClose(positions["W"] ?? .nan, (h + i + space) * scale, within: 1e-6)
    }

    @Test func textWithoutGlyphsIsSetInTheInstalledFontByItsPostScriptName() throws {
        try withManualClock { _ in
            // The PostScript name names the exact face, whatever the style words say.
            let animation = try Self.load(
                Self.animation(font: Self.font("DejaVu Sans", style: "Whatever", name: "DejaVuSans-Bold"),
                    fontName: "DejaVuSans-Bold"))
            let layer = animation.makeLayer(configuration: Self.complete)
            #expect(TextLayerTests.allLayers(of: CATextLayer.self, in: layer).isEmpty)
            // H 1714, i 702, space 713 units in DejaVu Sans Bold; the space draws nothing.
            let positions = Self.glyphPositions(layer)
            #expect(Set(positions.keys) == ["H", "i", "W", "."])
            Self.expectStarts(positions, h: 1714, i: 702, space: 713)
            // The outline at size 100, scaled by 50/100: "H" stands on the baseline, its cap
            // height (1493 units) above it.
            let h = try #require(TextLayerTests.layers(named: "H", in: layer).first as? CAShapeLayer)
            let box = try #require(h.path?.boundingBox)
            expectClose(box.maxY, 0, within: 1e-9)
            expectClose(box.minY, -1493 * 100 / 2048, within: 1e-6)
            #expect(h.transform.m11 == 0.5)
            #expect(h.fillColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(animation.fontWarnings(configuration: Self.complete).isEmpty)
            // lottie-ios's engines draw it with CATextLayer, as before.
            let automatic = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .automatic))
            #expect(TextLayerTests.allLayers(of: CATextLayer.self, in: automatic).count == 1)
            #expect(animation.fontWarnings(configuration: LottieConfiguration(renderingEngine: .mainThread)).isEmpty)
        }
    }

    @Test(arguments: [
        // Family and style words: regular, bold, italic; a CSS weight from fWeight.
        ("DejaVu Sans", "Regular", nil, [1540.0, 569, 651]),
        ("DejaVu Sans", "Bold", nil, [1714, 702, 713]),
        ("DejaVu Sans", "Book", "700", [1714, 702, 713]),
        ("DejaVu Serif", "Italic", nil, [1786, 655, 651]),
        ("dejavu serif", "Regular", nil, [1786, 655, 651]),
    ] as [(String, String, String?, [Double])])
    func theFamilyStyleAndWeightChooseTheFace(family: String, style: String, weight: String?, advances: [Double])
        throws
    {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(font: Self.font(family, style: style, name: "NotAPostScriptName", weight: weight),
                    fontName: "NotAPostScriptName"))
            let layer = animation.makeLayer(configuration: Self.complete)
            Self.expectStarts(Self.glyphPositions(layer), h: advances[0], i: advances[1], space: advances[2])
            #expect(animation.fontWarnings(configuration: Self.complete).isEmpty)
        }
    }

    @Test func anAbsentFamilyIsSetInTheNearestWithAWarningNamingBoth() throws {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(font: Self.font("Nowhere Grotesk", name: "NowhereGrotesk-Regular"),
                    fontName: "NowhereGrotesk-Regular"))
            #expect(
                animation.fontWarnings(configuration: Self.complete).map(\.description) == [
                    #"fonts.list[0]: the font "Nowhere Grotesk" (NowhereGrotesk-Regular) is not installed: its text is "#
                        + #"set in "DejaVu Sans""#
                ])
            // Still drawn, in DejaVu Sans.
            let layer = animation.makeLayer(configuration: Self.complete)
            Self.expectStarts(Self.glyphPositions(layer), h: 1540, i: 569, space: 651)
        }
    }

    @Test func aFontFolderIsLookedInFirst() throws {
        let folder = try ScratchSpace.makeFolder("font-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        // DejaVu Sans Bold renamed "Folder Sans" (FolderSans-Bold): a family nothing installs.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.dejaVu + "DejaVuSans-Bold.ttf")))
        Self.replace("DejaVu Sans", with: "Folder Sans", in: &bytes)
        Self.replace("DejaVuSans", with: "FolderSans", in: &bytes)
        try Data(bytes).write(to: folder.appendingPathComponent("FolderSans-Bold.ttf"))
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(font: Self.font("Folder Sans", style: "Bold", name: "FolderSans-Bold"),
                    fontName: "FolderSans-Bold"))
            #expect(animation.fontWarnings(configuration: Self.complete).count == 1, "not installed")
            let configuration = LottieConfiguration(renderingEngine: .complete, fontFolders: [folder])
            #expect(animation.fontWarnings(configuration: configuration).isEmpty)
            let layer = animation.makeLayer(configuration: configuration)
            Self.expectStarts(Self.glyphPositions(layer), h: 1714, i: 702, space: 713)
            // By family and style too, when the PostScript name is another.
            let byFamily = try Self.load(
                Self.animation(font: Self.font("Folder Sans", style: "Bold", name: "Other"), fontName: "Other"))
            #expect(byFamily.fontWarnings(configuration: configuration).isEmpty)
        }
    }

    @Test func aFontProvidersAnswerIsFoundAmongTheInstalledFonts() throws {
        try withManualClock { _ in
            let animation = try Self.load(Self.animation(font: Self.font("Nowhere Grotesk")))
            let layer = animation.makeLayer(configuration: Self.complete)
            layer.fontProvider = DictionaryFontProvider(["Face": "DejaVu Serif"])
            Self.expectStarts(Self.glyphPositions(layer), h: 1786, i: 655, space: 651)
            #expect(TextLayerTests.allLayers(of: CATextLayer.self, in: layer).isEmpty)
        }
    }

    @Test func trackingAndLineHeightApplyAsToGlyphText() throws {
        try withManualClock { _ in
            // Tracking 100: a tenth of an em (5 points) after each character; lines 60 apart.
            let animation = try Self.load(
                Self.animation(
                    font: Self.font("DejaVu Sans"), text: #"Hi\rH"#, extra: #","tr":100,"lh":60"#))
            let layer = animation.makeLayer(configuration: Self.complete)
            let first = try #require(TextLayerTests.layers(named: "Hi", in: layer).first)
            let second = try #require(TextLayerTests.layers(named: "H", in: layer).first { $0.sublayers != nil })
            let i = try #require(TextLayerTests.layers(named: "i", in: first).first)
            expectClose(i.position.x, 1540 * 50 / 2048 + 5, within: 1e-6)
            #expect(first.position.y == 0 && second.position.y == 60)
        }
    }

    /// Replaces every occurrence of `old` in `bytes`, as ASCII and as UTF-16 big-endian (the
    /// name table's two encodings), with `new` of the same length.
    static func replace(_ old: String, with new: String, in bytes: inout [UInt8]) {
        precondition(old.utf8.count == new.utf8.count)
        let utf16 = { (text: String) in text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        for (from, to) in [(Array(old.utf8), Array(new.utf8)), (utf16(old), utf16(new))] {
            var index = 0
            while index + from.count <= bytes.count {
                if bytes[index..<index + from.count].elementsEqual(from) {
                    bytes.replaceSubrange(index..<index + from.count, with: to)
                    index += from.count
                } else {
                    index += 1
                }
            }
        }
    }
}
