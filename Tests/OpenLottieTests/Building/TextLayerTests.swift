import Foundation
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// Text layers: drawn from the file's glyphs (`chars`) where it has them for the text's font,
/// laid out as lottie-web lays text out; otherwise by `CATextLayer` with the renderer's fonts,
/// the first baseline at the layer's origin.
@Suite struct TextLayerTests {
    /// A glyph drawing a `width` × 70 rectangle standing on the baseline, advancing `advance`.
    static func glyph(_ character: String, width: Int, advance: Double) -> String {
        let path =
            #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[0,-70],["# + "\(width)" + #",-70],["# + "\(width)"
            + #",0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        let transform =
            #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"#
            + #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        return #"{"ch":""# + character + #"","size":50,"style":"Regular","w":"# + "\(advance)"
            + #","fFamily":"Test","data":{"shapes":[{"ty":"gr","it":["# + path + "," + transform + "]}]}}"
    }

    /// Glyphs for "A" (50 wide, advancing 60), "B" (40, advancing 50) and a space (25).
    static let chars =
        "[" + glyph("A", width: 50, advance: 60) + "," + glyph("B", width: 40, advance: 50) + ","
        + #"{"ch":" ","size":50,"style":"Regular","w":25,"fFamily":"Test","data":{}}]"#
    static let fonts = #"{"list":[{"fName":"Test-Regular","fFamily":"Test","fStyle":"Regular","ascent":70}]}"#

    /// A 200 × 200 animation of 60 frames with one text layer at `position`, whose document
    /// keyframes are `documents` (`{"s":{…},"t":0}` each), and `extra` fields at the root.
    static func animation(
        documents: [String], position: [Double] = [20, 100], textExtra: String = "",
        root extra: String = #","fonts":"# + fonts + #","chars":"# + chars
    ) -> String {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"layers":[{"ty":5,"nm":"Title","ind":1,"#
            + #""ks":{"p":{"a":0,"k":["# + position.map { "\($0)" }.joined(separator: ",") + #"]}},"#
            + #""ip":0,"op":60,"st":0,"t":{"d":{"k":["# + documents.joined(separator: ",") + "]}" + textExtra + "}}]"
            + extra + "}"
    }

    /// A document keyframe at `time` with the text document `fields` (`"t":…,"s":…`).
    static func document(_ fields: String, at time: Double = 0) -> String {
        #"{"s":{"# + fields + #"},"t":"# + "\(time)" + "}"
    }

    static func load(_ json: String) throws(LottieError) -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8), name: "text.json")
    }

    /// The error reading `json` throws, nil when it loads.
    static func readingError(_ json: String) -> LottieError? {
        do {
            _ = try load(json)
            return nil
        } catch {
            return error
        }
    }

    /// The layers named `name` under `layer`, depth first.
    static func layers(named name: String, in layer: CALayer) -> [CALayer] {
        (layer.name == name ? [layer] : []) + (layer.sublayers ?? []).flatMap { layers(named: name, in: $0) }
    }

    static func allLayers<Layer: CALayer>(of type: Layer.Type, in layer: CALayer) -> [Layer] {
        ((layer as? Layer).map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap { allLayers(of: type, in: $0) }
    }

    /// The animation's frame `frame` at 1 pixel a point.
    static func render(_ animation: LottieAnimation, frame: Double) throws -> CGImage {
        let layer = animation.makeLayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: animation.size)
        layer.position = .zero
        layer.currentFrame = frame
        let renderer = CAFrameRenderer(width: Int(animation.size.width), height: Int(animation.size.height), scale: 1)
        renderer.threads = 1
        var image: CGImage?
        try renderer.render(layer, atTimes: [0], prepare: { _ in }, deliver: { image = $0.image })
        return try #require(image)
    }

    static func isRed(_ pixel: [Int]) -> Bool { pixel[0] > 200 && pixel[1] < 60 && pixel[2] < 60 && pixel[3] > 200 }
    static func isEmpty(_ pixel: [Int]) -> Bool { pixel[3] < 30 }
}

// MARK: - Glyphs

extension TextLayerTests {
    @Test func glyphsAreScaledBySizeAndAdvanceWithTracking() throws {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(documents: [Self.document(#""t":"AB","s":50,"f":"Test-Regular","fc":[1,0,0],"tr":100"#)])
            )
            #expect(animation.warnings.isEmpty, "\(animation.warnings)")
            let root = animation.makeLayer()
            let line = try #require(Self.layers(named: "AB", in: root).first)
            #expect(line.position == .zero)
            let a = try #require(Self.layers(named: "A", in: line).first as? CAShapeLayer)
            let b = try #require(Self.layers(named: "B", in: line).first as? CAShapeLayer)
            // A advances 60 × 50/100 = 30, plus tracking 100/1000 em of 50 points = 5.
            #expect(a.position == .zero)
            expectClose(b.position.x, 35, within: 1e-9)
            #expect(a.transform.m11 == 0.5 && a.transform.m22 == 0.5)
            #expect(a.fillColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(a.strokeColor == nil)
            // Both glyphs share the outline read from the file: the rectangle, at size 100.
            #expect(a.path?.boundingBox == CGRect(x: 0, y: -70, width: 50, height: 70))
        }
    }

    @Test(arguments: [(1, -60.0), (2, -30.0), (0, 0.0)])
    func justifiedLinesEndAtOrCentreOnTheOrigin(justification: Int, start: Double) throws {
        try withManualClock { _ in
            // "AB " is 30 + 5 + 25 = 60 points wide: the trailing space and the tracking after the
            // last character do not count.
            let animation = try Self.load(
                Self.animation(documents: [
                    Self.document(
                        #""t":"AB \rA","s":50,"f":"Test-Regular","fc":[1,0,0],"tr":100,"lh":60,"j":"#
                            + "\(justification)")
                ]))
            let root = animation.makeLayer()
            let first = try #require(Self.layers(named: "AB ", in: root).first)
            let second = try #require(Self.layers(named: "A", in: root).first { $0.sublayers != nil })
            expectClose(first.position.x, start, within: 1e-9)
            #expect(first.position.y == 0)
            // The second line, "A", is 30 wide, one line height below.
            expectClose(second.position.x, start / 2, within: 1e-9)
            #expect(second.position.y == 60)
        }
    }

    @Test func paragraphTextBreaksBetweenWordsAndStartsAnAscentBelowTheBox() throws {
        try withManualClock { _ in
            // At 50 points "AB" is 55 wide and "AB AB" 122.5: the box of 70 breaks it at the space.
            let animation = try Self.load(
                Self.animation(documents: [
                    Self.document(
                        #""t":"AB AB","s":50,"f":"Test-Regular","fc":[1,0,0],"lh":40,"j":2,"ps":[10,5],"sz":[70,100]"#)
                ]))
            let root = animation.makeLayer()
            let lines = Self.layers(named: "AB", in: root)
            try #require(lines.count == 2)
            // Centred in the box: 10 + (70 − 55) / 2; the first baseline the ascent, 70 % of 50
            // points, below the box's top.
            #expect(lines[0].position == CGPoint(x: 17.5, y: 40))
            #expect(lines[1].position == CGPoint(x: 17.5, y: 80))
        }
    }

    @Test func strokeIsDrawnUnderTheFillUnlessItIsOver() throws {
        try withManualClock { _ in
            let under = try Self.load(
                Self.animation(documents: [
                    Self.document(#""t":"A","s":50,"f":"Test-Regular","fc":[1,0,0],"sc":[0,0,1],"sw":4"#)
                ]))
            let layers = Self.allLayers(of: CAShapeLayer.self, in: under.makeLayer())
            try #require(layers.count == 2)
            #expect(layers[0].strokeColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1) && layers[0].fillColor == nil)
            // 4 points of stroke in glyph units, which the layer scales by a half.
            #expect(layers[0].lineWidth == 8)
            #expect(layers[1].fillColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1) && layers[1].strokeColor == nil)
            let over = try Self.load(
                Self.animation(documents: [
                    Self.document(#""t":"A","s":50,"f":"Test-Regular","fc":[1,0,0],"sc":[0,0,1],"sw":4,"of":true"#)
                ]))
            let one = Self.allLayers(of: CAShapeLayer.self, in: over.makeLayer())
            try #require(one.count == 1)
            #expect(one[0].fillColor != nil && one[0].strokeColor != nil)
        }
    }

    @Test func glyphsAreFilledWithTheDocumentsColour() throws {
        try withManualClock { _ in
            // The layer's origin at (20, 100): "A" covers x 20…45, "B" 55…75 (after 30 + 5), both
            // y 65…100 (70 × 0.5 above the baseline).
            let animation = try Self.load(
                Self.animation(documents: [Self.document(#""t":"AB","s":50,"f":"Test-Regular","fc":[1,0,0],"tr":100"#)])
            )
            let image = try Self.render(animation, frame: 0)
            #expect(Self.isRed(image.pixel(x: 30, y: 80)), "\(image.pixel(x: 30, y: 80))")
            #expect(Self.isRed(image.pixel(x: 65, y: 70)), "\(image.pixel(x: 65, y: 70))")
            #expect(Self.isEmpty(image.pixel(x: 50, y: 80)), "between the glyphs: \(image.pixel(x: 50, y: 80))")
            #expect(Self.isEmpty(image.pixel(x: 30, y: 105)), "below the baseline: \(image.pixel(x: 30, y: 105))")
            #expect(Self.isEmpty(image.pixel(x: 30, y: 60)), "above the glyph: \(image.pixel(x: 30, y: 60))")
        }
    }

    @Test func eachDocumentShowsFromItsFrameToTheNext() throws {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(documents: [
                    Self.document(#""t":"A","s":50,"f":"Test-Regular","fc":[1,0,0]"#, at: 0),
                    Self.document(#""t":" B","s":50,"f":"Test-Regular","fc":[1,0,0]"#, at: 30),
                ]))
            // "A" covers x 20…45; " B" puts "B" at 20 + 12.5, covering 32.5…52.5.
            let early = try Self.render(animation, frame: 10)
            #expect(Self.isRed(early.pixel(x: 25, y: 80)))
            #expect(Self.isEmpty(early.pixel(x: 50, y: 80)))
            let late = try Self.render(animation, frame: 40)
            #expect(Self.isEmpty(late.pixel(x: 25, y: 80)))
            #expect(Self.isRed(late.pixel(x: 50, y: 80)))
        }
    }

    @Test func characterWithoutAGlyphIsLeftOutWithAWarning() throws {
        let animation = try Self.load(
            Self.animation(documents: [Self.document(#""t":"AZB","s":50,"f":"Test-Regular","fc":[1,0,0]"#)]))
        #expect(
            animation.warnings == [
                LottieWarning(
                    path: "layers[0].t.d.k[0].s.t", message: "characters with no glyph in the file's chars are left out"
                )
            ])
        try withManualClock { _ in
            let b = try #require(Self.layers(named: "B", in: animation.makeLayer()).first)
            // "Z" takes no room: "B" follows "A" at 30.
            #expect(b.position.x == 30)
        }
    }
}

// MARK: - Without glyphs

extension TextLayerTests {
    @Test func aFontProviderGivesTextItsFontInsteadOfTheFilesGlyphs() throws {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(documents: [Self.document(#""t":"AB","s":50,"f":"Test-Regular","fc":[1,0,0]"#)]))
            let layer = animation.makeLayer()
            #expect(Self.allLayers(of: CATextLayer.self, in: layer).isEmpty, "the file's glyphs")
            layer.fontProvider = DictionaryFontProvider(["Test-Regular": "Courier"])
            let text = try #require(Self.allLayers(of: CATextLayer.self, in: layer).first)
            #expect(text.string as? String == "AB")
            #expect(text.font as? String == "Courier")
            #expect(text.fontSize == 50)
            // A font it does not name stays the file's; the default provider keeps every one.
            layer.fontProvider = DictionaryFontProvider(["Other": "Courier"])
            #expect(Self.allLayers(of: CATextLayer.self, in: layer).isEmpty)
            layer.fontProvider = DefaultFontProvider()
            #expect(Self.allLayers(of: CATextLayer.self, in: layer).isEmpty)
            // From a values file.
            let values = try LottieValues(
                data: Data(#"{"fontProvider": {"dictionary": {"Test-Regular": "Georgia"}}}"#.utf8), name: "v.json",
                folder: URL(fileURLWithPath: "/"))
            values.apply(to: layer)
            #expect(Self.allLayers(of: CATextLayer.self, in: layer).first?.font as? String == "Georgia")
            do {
                _ = try LottieValues(
                    data: Data(#"{"fontProvider": {"dictionary": {"Test-Regular": 3}}}"#.utf8), name: "v.json",
                    folder: URL(fileURLWithPath: "/"))
                Issue.record("a font that is not a name is refused")
            } catch {
                #expect("\(error)".contains("v.json: fontProvider.dictionary.Test-Regular"), "\(error)")
            }
        }
    }

    @Test func textWithoutGlyphsIsACATextLayerWithItsBaselineAtTheOrigin() throws {
        try withManualClock { _ in
            let animation = try Self.load(
                Self.animation(
                    documents: [Self.document(#""t":"Hello","s":24,"f":"Arial-BoldMT","fc":[1,0,0],"j":2"#)],
                    root: ""))
            #expect(animation.warnings.map(\.path) == ["layers[0]"])
            #expect(animation.warnings.first?.message.contains("CATextLayer") == true)
            let text = try #require(Self.allLayers(of: CATextLayer.self, in: animation.makeLayer()).first)
            #expect(text.string as? String == "Hello")
            #expect(text.font as? String == "Arial-BoldMT")
            #expect(text.fontSize == 24)
            #expect(text.foregroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(text.alignmentMode == .center)
            // Centred on x = 0; its top the renderer's ascent (DejaVu's 1901/2048 em) above the
            // baseline at y = 0.
            expectClose(text.frame.midX, 0, within: 1e-9)
            expectClose(text.frame.minY, -24 * 1901 / 2048, within: 1e-9)

            // Drawn: ink above the baseline (y = 100) around x = 20, none below the descent.
            let image = try Self.render(animation, frame: 0)
            var above = 0
            var below = 0
            for y in 70..<100 { for x in 0..<60 where Self.isRed(image.pixel(x: x, y: y)) { above += 1 } }
            for y in 108..<130 { for x in 0..<60 where !Self.isEmpty(image.pixel(x: x, y: y)) { below += 1 } }
            #expect(above > 20 && below == 0, "\(above) red pixels above the baseline, \(below) below")
        }
    }

    @Test func textWithoutGlyphsWarnsAboutTrackingAndStrokes() throws {
        let animation = try Self.load(
            Self.animation(
                documents: [Self.document(#""t":"Hi","s":24,"f":"Test-Regular","tr":50,"sc":[0,0,0],"sw":2"#)],
                root: #","fonts":"# + Self.fonts))
        #expect(
            animation.warnings.map(\.path) == ["layers[0]", "layers[0].t.d.k[0].s.tr", "layers[0].t.d.k[0].s.sc"])
    }
}

// MARK: - Warnings and errors

extension TextLayerTests {
    @Test func textAnimatorsWarnWithTheirPath() throws {
        let animation = try Self.load(
            Self.animation(
                documents: [Self.document(#""t":"AB","s":50,"f":"Test-Regular","fc":[1,0,0]"#)],
                textExtra: #","a":[{"s":{},"a":{"o":{"a":0,"k":0}}}],"p":{"m":0},"m":{"g":1}"#))
        #expect(
            animation.warnings == [
                LottieWarning(
                    path: "layers[0].t.a",
                    message: "text animators are not drawn; the text is drawn as its documents say"),
                LottieWarning(path: "layers[0].t.p", message: "text on a path is drawn in lines, not along the path"),
            ])
    }

    @Test(arguments: [
        (#""t":5,"s":50"#, "layers[0].t.d.k[0].s.t", "expected a string, found a number"),
        (#""t":"A","s":"big""#, "layers[0].t.d.k[0].s.s", "expected a number, found a string"),
        (#""t":"A","s":50,"fc":"red""#, "layers[0].t.d.k[0].s.fc", "expected an array, found a string"),
        (#""t":"A""#, "layers[0].t.d.k[0].s", #"the required field "s" is missing"#),
    ])
    func malformedTextDocumentNamesThePath(fields: String, path: String, message: String) throws {
        let error = try #require(Self.readingError(Self.animation(documents: [Self.document(fields)])))
        #expect(error.path == path)
        #expect(error.message == message)
        #expect(error.file == "text.json")
    }

    @Test func malformedGlyphNamesThePath() throws {
        let error = try #require(
            Self.readingError(
                Self.animation(
                    documents: [Self.document(#""t":"A","s":50"#)],
                    root: #","fonts":"# + Self.fonts + #","chars":[{"ch":"A","w":"wide"}]"#)))
        #expect(error.path == "chars[0].w")
        #expect(error.message == "expected a number, found a string")
    }
}
