import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

/// `UIImage(systemName:)`, symbol configurations and where symbol images are shown.
@MainActor
@Suite("Symbol images: sizes, configurations, glyphs, tints")
struct SymbolImageTests {
    /// The alpha of a pixel of `image`'s picture, top-left origin.
    private func alpha(_ image: UIImage, x: Int, y: Int) throws -> Int {
        try #require(image.cgImage).pixel(x: x, y: y)[3]
    }

    /// The alpha of every pixel of `image`'s picture, added up: how much it draws.
    private func ink(_ image: UIImage) throws -> Int {
        let pixels = try #require(image.cgImage)
        var total = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width { total += pixels.pixel(x: x, y: y)[3] }
        }
        return total
    }

    @Test func theWeightsAndScalesHaveUIKitsRawValues() {
        let weights: [UIImage.SymbolWeight] = [
            .unspecified, .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
        ]
        #expect(weights.map(\.rawValue) == Array(0...9))
        let scales: [UIImage.SymbolScale] = [.default, .unspecified, .small, .medium, .large]
        #expect(scales.map(\.rawValue) == [-1, 0, 1, 2, 3])
        #expect(UIImage.SymbolWeight.semibold.fontWeight() == .semibold)
        #expect(UIImage.SymbolWeight.unspecified.fontWeight() == .regular)
    }

    /// At the default configuration (body, 17 points, scale medium) a symbol is 17 points square,
    /// at the screen's scale, and a template image.
    @Test func aSymbolIsASeventeenPointTemplateAtTheScreensScale() throws {
        let xmark = try #require(UIImage(systemName: "xmark"))
        expectClose(xmark.size, CGSize(width: 17, height: 17), within: 0.5)
        #expect(xmark.scale == UIScreen.main.scale)
        #expect(xmark.renderingMode == .alwaysTemplate)
        #expect(xmark.isSymbolImage && !UIImage().isSymbolImage)
        #expect(xmark.symbolConfiguration == UIImage.SymbolConfiguration.unspecified)
        #expect(UIImage().symbolConfiguration == nil && UIImage().configuration == nil)
        let atTwo = try #require(UIImage(systemName: "xmark", compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(atTwo.scale == 2 && atTwo.cgImage?.width == 34)
    }

    /// Side = point size × the scale's factor (small 0.78, medium 1, large 1.29).
    @Test func thePointSizeAndScaleSizeTheSymbol() throws {
        func side(_ configuration: UIImage.SymbolConfiguration) throws -> CGFloat {
            try #require(UIImage(systemName: "star", withConfiguration: configuration)).size.width
        }
        try expectClose(side(.init(pointSize: 17, weight: .regular, scale: .medium)), 17, within: 0.5)
        try expectClose(side(.init(pointSize: 34, weight: .regular, scale: .large)), 43.86, within: 0.5)
        try expectClose(side(.init(pointSize: 17, weight: .regular, scale: .small)), 13.26, within: 0.5)
        try expectClose(side(.init(scale: .large)), 21.93, within: 0.5)
        try expectClose(side(.init(textStyle: .largeTitle)), 34, within: 0.5)
        try expectClose(side(.init(textStyle: .caption2, scale: .large)), 14.19, within: 0.5)
        try expectClose(side(.init(font: .systemFont(ofSize: 22, weight: .bold))), 22, within: 0.5)
        try expectClose(side(.init(weight: .black)), 17, within: 0.5, "the weight changes the lines only")
        let big = UIImage.SymbolConfiguration(pointSize: 34)
        let image = try #require(UIImage(systemName: "star", withConfiguration: big))
        #expect(image.size.width == image.size.height, "square")
    }

    /// A configuration's settings replace another's with `applying(_:)`: a point size replaces
    /// a text style, an unspecified weight or scale keeps the one before.
    @Test func configurationsMerge() throws {
        let large = UIImage.SymbolConfiguration(pointSize: 34).applying(UIImage.SymbolConfiguration(scale: .large))
        #expect(large == UIImage.SymbolConfiguration(pointSize: 34, weight: .unspecified, scale: .large))
        let bold = large.applying(UIImage.SymbolConfiguration(weight: .bold))
        #expect(bold == UIImage.SymbolConfiguration(pointSize: 34, weight: .bold, scale: .large))
        #expect(bold.applying(nil) == bold)
        let sized = UIImage.SymbolConfiguration(textStyle: .body).applying(UIImage.SymbolConfiguration(pointSize: 30))
        #expect(sized == UIImage.SymbolConfiguration(pointSize: 30))
        #expect(bold.configurationWithoutWeight() == large)
        #expect(bold.isEqual(to: UIImage.SymbolConfiguration(pointSize: 34, weight: .bold, scale: .large)))
        #expect(UIImage.SymbolConfiguration(pointSize: 34) != UIImage.SymbolConfiguration(pointSize: 35))
    }

    /// `withConfiguration(_:)` draws the symbol again with the configuration in place of its
    /// own; `applyingSymbolConfiguration(_:)` merges.
    @Test func aSymbolIsDrawnAgainWithAnotherConfiguration() throws {
        let bold = UIImage.SymbolConfiguration(weight: .bold)
        let plus = try #require(UIImage(systemName: "plus", withConfiguration: bold))
        let big = plus.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        expectClose(big.size.width, 34, within: 0.5)
        #expect(big.renderingMode == .alwaysTemplate && big.scale == plus.scale)
        #expect(big.symbolConfiguration == UIImage.SymbolConfiguration(pointSize: 34), "replaced")
        let merged = try #require(plus.applyingSymbolConfiguration(UIImage.SymbolConfiguration(pointSize: 34)))
        #expect(merged.symbolConfiguration == UIImage.SymbolConfiguration(pointSize: 34, weight: .bold))
        let plain = UIImage()
        #expect(plain.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34)) === plain, "not a symbol")
    }

    /// The "xmark" glyph is two diagonal lines: ink along the diagonals, none at the middle of
    /// an edge.
    @Test func theXmarkIsDrawnOnItsDiagonals() throws {
        let xmark = try #require(UIImage(systemName: "xmark"))
        let side = try #require(xmark.cgImage).width
        let (quarter, half, threeQuarters) = (side / 4, side / 2, 3 * side / 4)
        let diagonals = [(quarter, quarter), (half, half), (threeQuarters, threeQuarters), (threeQuarters, quarter)]
        for (x, y) in diagonals {
            #expect(try alpha(xmark, x: x, y: y) > 200, "ink at (\(x), \(y))")
        }
        #expect(try #require(xmark.cgImage).pixel(x: side / 2, y: side / 2) == [0, 0, 0, 255], "black")
        #expect(try alpha(xmark, x: side / 2, y: 0) == 0, "the middle of the top edge is clear")
        #expect(try alpha(xmark, x: 0, y: side / 2) == 0, "the middle of the left edge is clear")
    }

    /// Heavier weights draw thicker lines.
    @Test func theWeightThickensTheLines() throws {
        func xmark(_ weight: UIImage.SymbolWeight) throws -> UIImage {
            try #require(UIImage(systemName: "xmark", withConfiguration: UIImage.SymbolConfiguration(weight: weight)))
        }
        let light = try ink(xmark(.ultraLight))
        let regular = try ink(xmark(.regular))
        let heavy = try ink(xmark(.black))
        #expect(light < regular && regular < heavy)
    }

    /// A filled glyph is filled; a cut-out glyph is clear where it is cut.
    @Test func filledGlyphsAndCutOuts() throws {
        let dot = try #require(UIImage(systemName: "circle.fill"))
        let ring = try #require(UIImage(systemName: "circle"))
        let side = try #require(dot.cgImage).width
        #expect(try alpha(dot, x: side / 2, y: side / 2) == 255)
        #expect(try alpha(ring, x: side / 2, y: side / 2) == 0)
        let cancel = try #require(UIImage(systemName: "xmark.circle.fill"))
        #expect(try alpha(cancel, x: side / 2, y: side / 2) == 0, "the cross is cut out of the disc")
        #expect(try alpha(cancel, x: side / 2, y: side / 5) > 200, "the disc around it")
    }

    /// Every name gives an image: one without a glyph is a rounded-square outline of the same
    /// size (UIKit returns nil for a name it does not know).
    @Test func anUnknownNameGivesARoundedSquare() throws {
        let unknown = try #require(UIImage(systemName: "no.such.symbol"))
        expectClose(unknown.size, CGSize(width: 17, height: 17), within: 0.5)
        #expect(unknown.renderingMode == .alwaysTemplate)
        let side = try #require(unknown.cgImage).width
        #expect(try alpha(unknown, x: side / 2, y: side / 2) == 0, "an outline")
        #expect(try ink(unknown) > 0)
        #expect(UIImage.add.isSymbolImage && UIImage.checkmark.isSymbolImage)
    }

    /// An image view fills a symbol with its tint; `withTintColor(_:renderingMode:)` with
    /// `.alwaysOriginal` keeps the colour given.
    @Test func symbolsShowTheTintOrTheColourGiven() throws {
        let dot = try #require(UIImage(systemName: "circle.fill"))
        let side = try #require(dot.cgImage).width
        let view = UIImageView(image: dot)
        view.tintColor = .red
        let shown = try #require(view.layer.contents as? CGImage)
        #expect(shown.pixel(x: side / 2, y: side / 2) == [255, 0, 0, 255])
        let blue = dot.withTintColor(.blue, renderingMode: .alwaysOriginal)
        #expect(blue.renderingMode == .alwaysOriginal && blue.isSymbolImage)
        view.image = blue
        #expect((view.layer.contents as? CGImage)?.pixel(x: side / 2, y: side / 2) == [0, 0, 255, 255])
        let tinted = dot.withTintColor(.blue)
        #expect(tinted.renderingMode == .alwaysTemplate, "a template stays one: the view's tint wins")
        let redrawn = blue.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        let center = try #require(redrawn.cgImage).width / 2
        #expect(try #require(redrawn.cgImage).pixel(x: center, y: center) == [0, 0, 255, 255], "keeps the tint")
    }

    /// An image view's preferred configuration draws its symbol again.
    @Test func anImageViewsPreferredConfigurationRedrawsItsSymbol() throws {
        let view = UIImageView(image: UIImage(systemName: "heart"))
        #expect(view.preferredSymbolConfiguration == nil)
        view.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 34)
        #expect(view.preferredSymbolConfiguration == UIImage.SymbolConfiguration(pointSize: 34))
        let shown = try #require(view.layer.contents as? CGImage)
        expectClose(CGFloat(shown.width) / view.layer.contentsScale, 34, within: 0.5, "drawn again at 34 points")
    }
}
