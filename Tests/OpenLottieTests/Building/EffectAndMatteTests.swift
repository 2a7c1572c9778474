import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The complete engine's effects (fill, tint, tritone, gaussian blur) and luma mattes, against
/// values worked out from After Effects' documentation and lottie-web's filters; lottie-ios's
/// engines leave them as lottie-ios does.
@Suite struct EffectAndMatteTests {
    /// A 100 × 100 composition of `layers` (JSON objects), 30 frames at 30 fps.
    static func composition(_ layers: [String]) -> Data {
        Data(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":["# + layers.joined(separator: ",") + "]}")
                .utf8)
    }

    /// A shape layer filling the rectangle `x, y, width, height` with `colour` (r, g, b 0…1),
    /// with `extra` fields (`"ef":[…]`, `"tt":3`, …).
    static func rectangle(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ colour: String, extra: String = ""
    ) -> String {
        #"{"ty":4,"nm":"R","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
            + #"{"ty":"rc","p":{"a":0,"k":[\#(x + width / 2),\#(y + height / 2)]},"s":{"a":0,"k":[\#(width),\#(height)]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[\#(colour),1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]"#
            + (extra.isEmpty ? "" : "," + extra) + "}"
    }

    /// An effect value (`{"ty":…,"v":…}`) of `value` (JSON).
    static func value(_ value: String) -> String { #"{"ty":0,"v":{"a":0,"k":\#(value)}}"# }

    static func pixel(_ data: Data, engine: RenderingEngineOption = .complete, frame: Double = 0, _ x: Double, _ y: Double)
        throws -> [Int]
    {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine, frame: frame)
        return ValueProviderTests.pixel(picture, x, y)
    }

    /// Tint maps black to blue and white to yellow by the grey level: orange (1, 0.5, 0.2) is
    /// linear (1 + 0.214 + 0.033) / 3 = 0.416, 0.674 in sRGB, so (0.674, 0.674, 0.326).
    @Test func tintMapsGreyLevelsFromItsBlackToItsWhiteColour() throws {
        let tint = #"{"ty":20,"nm":"Tint","ef":["# + Self.value("[0,0,1,1]") + "," + Self.value("[1,1,0,1]") + ","
        let full = Self.composition([
            Self.rectangle(10, 10, 80, 80, "1,0.5,0.2", extra: #""ef":["# + tint + Self.value("100") + "]}]")
        ])
        ValueProviderTests.expectPixel(try Self.pixel(full, 50, 50), [172, 172, 83, 255], "tinted")
        ValueProviderTests.expectPixel(
            try Self.pixel(full, engine: .automatic, 50, 50), [255, 128, 51, 255], "lottie-ios draws no effect")
        // Amount 40 %: the orange 0.4 of the way to the tint.
        let part = Self.composition([
            Self.rectangle(10, 10, 80, 80, "1,0.5,0.2", extra: #""ef":["# + tint + Self.value("40") + "]}]")
        ])
        ValueProviderTests.expectPixel(try Self.pixel(part, 50, 50), [222, 146, 64, 255], "40 %")
    }

    /// Fill: every pixel the layer paints in the colour, at the effect's opacity.
    @Test func fillPaintsTheLayerInItsColourAtItsOpacity() throws {
        let values = ["0", "0", "[0,0.6,0.2,1]", "0", "0", "0", "0.5"].map(Self.value).joined(separator: ",")
        let data = Self.composition([
            Self.rectangle(10, 10, 80, 80, "1,0,0", extra: #""ef":[{"ty":21,"nm":"Fill","ef":[\#(values)]}]"#)
        ])
        let pixel = try Self.pixel(data, 50, 50)
        #expect(abs(pixel[3] - 128) <= 1, "half opaque: \(pixel)")
        #expect(abs(pixel[1] - 153) <= 2 && pixel[0] <= 1, "green: \(pixel)")
        #expect(try Self.pixel(data, 5, 5)[3] == 0, "nothing beyond the layer's drawing")
    }

    /// Tritone: the grey level through shadows (0), midtones (0.5) and highlights (1). Grey
    /// 0.5 is the midtone itself; white is the highlight.
    @Test func tritoneMapsGreyLevelsThroughThreeColours() throws {
        let values = ["[1,1,0,1]", "[0,0.8,0.2,1]", "[0.2,0,0.4,1]", "0"].map(Self.value).joined(separator: ",")
        let effect = #""ef":[{"ty":23,"nm":"Tritone","ef":[\#(values)]}]"#
        let data = Self.composition([
            Self.rectangle(0, 0, 50, 100, "1,1,1", extra: effect), Self.rectangle(50, 0, 50, 100, "0,0,0", extra: effect),
        ])
        ValueProviderTests.expectPixel(try Self.pixel(data, 25, 50), [255, 255, 0, 255], "white: the highlight")
        ValueProviderTests.expectPixel(try Self.pixel(data, 75, 50), [51, 0, 102, 255], "black: the shadow")
    }

    /// Gaussian blur: σ = 0.3 × blurriness points, animated. A 40-point square's edge is half
    /// covered on it; 3σ outside it is clear.
    @Test func gaussianBlurSoftensByThreeTenthsOfItsBlurriness() throws {
        let blurriness = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[30]}]}"#
        let effect = #""ef":[{"ty":29,"nm":"Blur","ef":[{"ty":0,"v":\#(blurriness)},"# + Self.value("1") + ","
            + Self.value("0") + "]}]"
        let data = Self.composition([Self.rectangle(30, 30, 40, 40, "0,0,1", extra: effect)])
        #expect(try Self.pixel(data, frame: 0, 30.5, 50)[3] == 255, "frame 0: sharp")
        #expect(try Self.pixel(data, frame: 0, 29.5, 50)[3] == 0)
        // Frame 20: blurriness 20, σ 6 points.
        let edge = try Self.pixel(data, frame: 20, 30, 50)[3]
        #expect(abs(edge - 128) <= 12, "half on the edge: \(edge)")
        #expect(try Self.pixel(data, frame: 20, 11, 50)[3] <= 2, "clear 3σ out")
        #expect(try Self.pixel(data, frame: 20, 24, 50)[3] > 30, "inside the blur")
        #expect(try Self.pixel(data, engine: .automatic, frame: 20, 29.5, 50)[3] == 0, "lottie-ios: no blur")
    }

    /// A luma matte shows the layer by the matte's luminance: white all, grey 0.5 half (in
    /// sRGB values, as SVG's luminance masks and lottie-web take it); inverted, the rest.
    /// lottie-web 5.12.2 draws an inverted luma matte as no matte at all; After Effects'
    /// Luma Inverted Matte is one minus the luminance, which is followed.
    @Test func lumaMattesMaskByLuminance() throws {
        let matte = Self.rectangle(0, 0, 50, 100, "1,1,1", extra: #""td":1"#)
            .replacingOccurrences(
                of: #"{"ty":"gr","it""#,
                with: #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[75,50]},"s":{"a":0,"k":[50,100]},"r":{"a":0,"k":0}},"#
                    + #"{"ty":"fl","c":{"a":0,"k":[0.5,0.5,0.5,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},{"ty":"gr","it""#)
        for (type, left, right) in [(3, 255, 128), (4, 0, 127)] {
            let data = Self.composition([matte, Self.rectangle(0, 0, 100, 100, "1,0,0", extra: #""tt":\#(type)"#)])
            #expect(abs(try Self.pixel(data, 25, 50)[3] - left) <= 1, "tt \(type), under white")
            #expect(abs(try Self.pixel(data, 75, 50)[3] - right) <= 1, "tt \(type), under grey")
        }
        let alphaLike = Self.composition([matte, Self.rectangle(0, 0, 100, 100, "1,0,0", extra: #""tt":3"#)])
        #expect(try Self.pixel(alphaLike, engine: .automatic, 75, 50)[3] == 255, "lottie-ios masks by alpha")
    }

    /// The features a file uses, each with how every engine draws it, and the warnings each
    /// engine gives.
    @Test func theFeaturesAndEachEnginesWarnings() throws {
        let values = ["[0,0,0,1]", "[1,1,1,1]", "100"].map(Self.value).joined(separator: ",")
        let data = Self.composition([
            Self.rectangle(0, 0, 50, 50, "1,1,1", extra: #""td":1"#),
            Self.rectangle(
                0, 0, 100, 100, "1,0,0",
                extra: #""tt":3,"ef":[{"ty":20,"nm":"Tint","ef":[\#(values)]},{"ty":30,"nm":"Twirl","ef":[]},"#
                    + #"{"ty":5,"nm":"Slider","ef":[{"ty":0,"v":{"a":0,"k":3}}]}]"#),
        ])
        let animation = try LottieAnimation(data: data)
        #expect(
            animation.features.map(\.description) == [
                "luma matte at layers[1]", "effect 20 (tint) at layers[1].ef[0]", "effect 30 (twirl) at layers[1].ef[1]",
                "expression controls at layers[1].ef[2]",
            ])
        #expect(LottieFeature.lumaMatte.support(in: .complete) == .drawn)
        #expect(LottieFeature.effect(20).support(in: .coreAnimation).description == "ignored")
        #expect(LottieFeature.lumaMatte.support(in: .mainThread).description == "approximated")
        #expect(LottieFeature.trimIndividually.support(in: .mainThread) == .drawn, "cut paths")
        #expect(LottieFeature.trimIndividually.support(in: .coreAnimation).description == "approximated")
        #expect(
            animation.warnings(for: .complete).map(\.description) == [
                "layers[1].ef[1]: effects other than fill, tint, stroke, tritone, gaussian blur and drop shadow are not drawn"
            ])
        #expect(
            animation.warnings.map(\.description) == [
                "layers[1]: luma mattes are drawn as alpha mattes (Core Animation masks by alpha)",
                "layers[1].ef[0]: effects other than the drop shadow are not drawn",
            ], "one warning per message, lottie-ios's engines'")
        #expect(animation.warnings(for: .coreAnimation) == animation.warnings)
    }
}

/// The complete engine's mask opacity and expansion, against lottie-web's drawing of the same
/// masks (a mask's coverage times its opacity; grown by a mitred stroke twice the expansion
/// wide, shrunk by as much).
@Suite struct MaskOpacityAndExpansionTests {
    /// A rectangular mask of `x, y, width, height` (JSON), with `mode`, `opacity`, `expansion`.
    static func mask(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, mode: String = "a", opacity: Double = 100,
        expansion: Double = 0, inverted: Bool = false
    ) -> String {
        let corners = [[x, y], [x + width, y], [x + width, y + height], [x, y + height]]
            .map { "[\($0[0]),\($0[1])]" }.joined(separator: ",")
        return #"{"mode":"\#(mode)","inv":\#(inverted),"pt":{"a":0,"k":{"c":true,"v":[\#(corners)],"#
            + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}},"#
            + #""o":{"a":0,"k":\#(opacity)},"x":{"a":0,"k":\#(expansion)}}"#
    }

    /// The alpha at (x, 50) of a red square filling the composition under `masks`.
    static func alphas(_ masks: [String], at xs: [Double], engine: RenderingEngineOption = .complete) throws -> [Int] {
        let data = EffectAndMatteTests.composition([
            EffectAndMatteTests.rectangle(
                0, 0, 100, 100, "1,0,0", extra: #""hasMask":true,"masksProperties":["# + masks.joined(separator: ",") + "]")
        ])
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine)
        return xs.map { ValueProviderTests.pixel(picture, $0, 50)[3] }
    }

    static func expectAlphas(_ actual: [Int], _ expected: [Int], _ what: String) {
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(what): \(actual), expected \(expected)")
    }

    @Test func aMasksOpacityScalesItsCoverage() throws {
        let half = [Self.mask(20, 20, 60, 60, opacity: 50)]
        Self.expectAlphas(try Self.alphas(half, at: [10, 50]), [0, 128], "added at 50 %")
        Self.expectAlphas(try Self.alphas(half, at: [10, 50], engine: .automatic), [0, 255], "lottie-ios: opaque")
        // Subtracted at 50 %: half of the inner square taken away.
        let subtracted = [Self.mask(10, 10, 80, 80), Self.mask(30, 30, 40, 40, mode: "s", opacity: 50)]
        Self.expectAlphas(try Self.alphas(subtracted, at: [5, 20, 50]), [0, 255, 128], "subtracted at 50 %")
        // Intersected at 50 %: half where both are, nothing elsewhere.
        let intersected = [Self.mask(10, 10, 80, 80), Self.mask(40, 0, 60, 100, mode: "i", opacity: 50)]
        Self.expectAlphas(try Self.alphas(intersected, at: [20, 60, 95]), [0, 128, 0], "intersected at 50 %")
        // Inverted at 50 %: half outside, nothing inside (lottie-web 5.12.2 fills both halves
        // when the path turns as its layer rectangle does; After Effects inverts the mask).
        let inverted = [Self.mask(20, 20, 60, 60, opacity: 50, inverted: true)]
        Self.expectAlphas(try Self.alphas(inverted, at: [10, 50]), [128, 0], "inverted at 50 %")
    }

    @Test func aMasksExpansionGrowsOrShrinksIt() throws {
        Self.expectAlphas(try Self.alphas([Self.mask(30, 30, 40, 40, expansion: 10)], at: [19, 21, 50]), [0, 255, 255], "grown by 10")
        Self.expectAlphas(try Self.alphas([Self.mask(20, 20, 60, 60, expansion: -10)], at: [21, 29, 31, 50]), [0, 0, 255, 255], "shrunk by 10")
        Self.expectAlphas(
            try Self.alphas([Self.mask(20, 20, 60, 60, expansion: -10)], at: [25], engine: .automatic), [255],
            "lottie-ios: the path as it is")
        // Shrunk and subtracted: the grown hole of the inverted shape.
        let hole = [Self.mask(0, 0, 100, 100), Self.mask(30, 30, 40, 40, mode: "s", expansion: 5)]
        Self.expectAlphas(try Self.alphas(hole, at: [24, 26, 50]), [255, 0, 0], "a hole grown by 5")
    }
}

/// The complete engine's radial gradient highlight, as lottie-web draws it: the first colour at
/// the highlight's length along the radius, at its angle from the start-to-end line.
@Suite struct GradientHighlightTests {
    /// A square filled by a radial gradient from yellow at (50, 50) to blue 40 points out, its
    /// highlight `length` percent at `angle` degrees.
    static func radial(length: Double, angle: Double = 0) -> Data {
        let square = EffectAndMatteTests.rectangle(0, 0, 100, 100, "1,0,0")
        let gradient =
            #"{"ty":"gf","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[90,50]},"h":{"a":0,"k":\#(length)},"#
            + #""a":{"a":0,"k":\#(angle)},"o":{"a":0,"k":100},"r":1,"g":{"p":2,"k":{"a":0,"k":[0,1,1,0,1,0,0,1]}}}"#
        return EffectAndMatteTests.composition([
            square.replacingOccurrences(of: #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#, with: gradient)
        ])
    }

    @Test func theHighlightMovesTheFirstColourTowardsTheEdge() throws {
        let half = Self.radial(length: 50)
        // The focal point (70, 50) is yellow; (30, 50) is 40 of the 60 points from it to the
        // edge: two thirds of the way to blue, blended in sRGB as lottie-web blends.
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(half, 70, 50), [255, 255, 0, 255], within: 4, "focal")
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(half, 30, 50), [85, 85, 170, 255], within: 4, "across")
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(half, engine: .automatic, 70, 50), [144, 145, 152, 255], within: 2,
            "lottie-ios: half way, no highlight, blended in Generic RGB as Core Animation blends")
        // At 90° from the start-to-end line: the focal point is below the centre.
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(Self.radial(length: 50, angle: 90), 50, 70), [255, 255, 0, 255], within: 4,
            "turned")
    }

    /// The centre and the radius follow their keyframes (lottie-ios draws their first values).
    @Test func animatedRadialPointsMoveTheGradient() throws {
        func moving(_ from: Double, _ to: Double) -> String {
            #"{"a":1,"k":[{"t":0,"s":[\#(from),50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[\#(to),50]}]}"#
        }
        let data = Data(
            String(decoding: Self.radial(length: 0), as: UTF8.self)
                .replacingOccurrences(of: #""s":{"a":0,"k":[50,50]}"#, with: #""s":"# + moving(30, 70))
                .replacingOccurrences(of: #""e":{"a":0,"k":[90,50]}"#, with: #""e":"# + moving(50, 110)).utf8)
        // Frame 0: centre 30, radius 20; frame 30: centre 70, radius 40.
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, frame: 0, 30, 50), [255, 255, 0, 255], within: 4, "0")
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, frame: 0, 52, 50), [0, 0, 255, 255], within: 4, "0, edge")
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, frame: 30, 70, 50), [255, 255, 0, 255], within: 4, "30")
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, frame: 30, 50, 50), [128, 128, 128, 255], within: 4, "30, half")
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(data, engine: .automatic, frame: 30, 30, 50), [255, 255, 0, 255], within: 10,
            "lottie-ios: the first values")
    }
}
