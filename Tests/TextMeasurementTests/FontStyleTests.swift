import Testing

@testable import TextMeasurement

/// One rule from a font's name or style words to a weight and slant, for the renderer's faces
/// and Lottie's installed fonts alike.
@Suite struct FontStyleTests {
    @Test func styleWordsGiveOpenTypeWeights() {
        let weights = [
            ("Thin", 100), ("Hairline", 100), ("ExtraLight", 200), ("Ultra Light", 200), ("Light", 300),
            ("Regular", 400), ("", 400), ("Medium", 500), ("SemiBold", 600), ("Demi Bold", 600), ("Semi-Bold", 600),
            ("Bold", 700), ("ExtraBold", 800), ("Ultra-Bold", 800), ("Black", 900), ("Heavy", 900),
        ]
        for (words, weight) in weights {
            #expect(FontStyle(words: words).weight == weight, "\(words)")
        }
    }

    @Test func postScriptNamesCarryTheirStyle() {
        #expect(FontStyle(words: "Helvetica-BoldOblique") == FontStyle(weight: 700, isItalic: true))
        #expect(FontStyle(words: "Avenir-Heavy") == FontStyle(weight: 900, isItalic: false))
        #expect(FontStyle(words: "Georgia-Italic") == FontStyle(weight: 400, isItalic: true))
        #expect(FontStyle(words: "SFProText-Semibold").weight == 600)
    }

    @Test func aGivenWeightWinsOverTheWords() {
        #expect(FontStyle(words: "Light", weight: "700").weight == 700)
        #expect(FontStyle(words: "Bold Italic", weight: "normal") == FontStyle(weight: 400, isItalic: true))
        #expect(FontStyle(words: "Regular", weight: "bold").weight == 700)
        #expect(FontStyle(words: "Medium", weight: "").weight == 500, "an empty weight is not given")
        #expect(FontStyle(words: "Medium", weight: "0").weight == 500, "nor one outside 1–1000")
        #expect(FontStyle(words: "Medium", weight: "heavy-ish").weight == 500)
    }

    @Test func theRendererDrawsSemiboldAndHeavierWithTheBoldFace() {
        #expect(TextFont(name: "Helvetica-Medium").isBold == false)
        #expect(TextFont(name: "Helvetica-Semibold").isBold)
        #expect(TextFont(name: "Avenir-Black").isBold)
        #expect(TextFont(name: "Avenir-Light").isBold == false)
    }
}
