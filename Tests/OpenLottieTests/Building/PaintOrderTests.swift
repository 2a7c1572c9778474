import Foundation
import OpenLottie
import Testing

/// Paints on the same path draw in the order they are listed, the first in front, as After
/// Effects stacks them and lottie-web and lottie-ios draw them.
@Suite struct PaintOrderTests {
    /// A horizontal line from (10, 50) to (90, 50) with `paints` (JSON items) after it.
    static func line(_ paints: [String]) -> Data {
        let path =
            #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[10,50],[90,50]]}}}"#
        let items = ([path] + paints + [#"{"ty":"tr"}"#]).joined(separator: ",")
        return EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"Line","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(items)]}]}"#
        ])
    }

    /// A butt-capped stroke of `colour` (r, g, b), `width` wide.
    static func stroke(_ colour: String, width: Double, opacity: Double = 100) -> String {
        #"{"ty":"st","c":{"a":0,"k":[\#(colour),1]},"o":{"a":0,"k":\#(opacity)},"w":{"a":0,"k":\#(width)},"lc":1,"lj":1}"#
    }

    /// A red stroke 4 wide over a blue one 16 wide: red along the line, blue beside it. Every
    /// engine draws both.
    @Test(arguments: [RenderingEngineOption.complete, .coreAnimation, .mainThread])
    func twoStrokesInARowBothDrawTheFirstInFront(engine: RenderingEngineOption) throws {
        let data = Self.line([Self.stroke("1,0,0", width: 4), Self.stroke("0,0,1", width: 16)])
        let pixel = { (y: Double) in try EffectAndMatteTests.pixel(data, engine: engine, 50, y) }
        ValueProviderTests.expectPixel(try pixel(50), [255, 0, 0, 255], "\(engine): the first stroke on the line")
        ValueProviderTests.expectPixel(try pixel(45), [0, 0, 255, 255], "\(engine): the second beside it")
        ValueProviderTests.expectPixel(try pixel(55), [0, 0, 255, 255], "\(engine): and on the other side")
        #expect(try pixel(40)[3] == 0, "\(engine): nothing past the wider stroke")
        // The wider one listed first covers the narrow one.
        let covered = Self.line([Self.stroke("0,0,1", width: 16), Self.stroke("1,0,0", width: 4)])
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(covered, engine: engine, 50, 50), [0, 0, 255, 255],
            "\(engine): the wide stroke in front")
    }

    /// A path listed after a Trim Paths, behind an earlier stroke, starts a render group of
    /// its own in lottie-ios, which inherits no stroke: nothing draws it (Apple's pictures),
    /// as After Effects paints a path only with what is listed below it.
    @Test(arguments: [RenderingEngineOption.complete, .coreAnimation, .mainThread])
    func aPathAfterATrimTakesNoStrokeListedBeforeIt(engine: RenderingEngineOption) throws {
        func line(_ y: Int) -> String {
            #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[10,\#(y)],[90,\#(y)]]}}}"#
        }
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        let items = [line(30), Self.stroke("1,0,0", width: 6), trim, line(70), #"{"ty":"tr"}"#]
        let data = EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"Lines","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + items.joined(separator: ",") + "]}]}"
        ])
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(data, engine: engine, 50, 30), [255, 0, 0, 255], "\(engine): the first line")
        #expect(try EffectAndMatteTests.pixel(data, engine: engine, 50, 70)[3] == 0, "\(engine): not the second")
    }

    /// Three strokes, the middle one half opaque: each keeps its own opacity.
    @Test func eachStrokeKeepsItsOpacity() throws {
        let data = Self.line([
            Self.stroke("1,0,0", width: 4), Self.stroke("0,1,0", width: 10, opacity: 50),
            Self.stroke("0,0,1", width: 16),
        ])
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, 50, 50), [255, 0, 0, 255], "red in front")
        // Half green over blue: (0, 128, 128).
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(data, 50, 46.5), [0, 128, 128, 255], within: 2, "green half over blue")
        ValueProviderTests.expectPixel(try EffectAndMatteTests.pixel(data, 50, 43), [0, 0, 255, 255], "blue alone")
    }
}

/// A fill's or stroke's colour with a fourth component: lottie-ios reads red, green and blue
/// only (its colours are opaque; the paint's opacity fades it), and lottie-web paints SVG's
/// `rgb()` of them; a value provider's colour keeps its alpha, as in lottie-ios.
@Suite struct PaintColourTests {
    @Test(arguments: [RenderingEngineOption.complete, .coreAnimation, .mainThread])
    func aColoursAlphaIsNotApplied(engine: RenderingEngineOption) throws {
        let square = EffectAndMatteTests.rectangle(20, 20, 60, 60, "1,0,0")
            .replacingOccurrences(of: "[1,0,0,1]", with: "[1,0,0,0.2]")
        let data = EffectAndMatteTests.composition([square])
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(data, engine: engine, 50, 50), [255, 0, 0, 255], "\(engine): opaque red")
        let line = PaintOrderTests.line([
            PaintOrderTests.stroke("0,0,1", width: 8).replacingOccurrences(of: "[0,0,1,1]", with: "[0,0,1,0]")
        ])
        ValueProviderTests.expectPixel(
            try EffectAndMatteTests.pixel(line, engine: engine, 50, 50), [0, 0, 255, 255], "\(engine): opaque blue")
    }

    @Test func aValueProvidersColourKeepsItsAlpha() throws {
        let layer = try LottieAnimation(
            data: EffectAndMatteTests.composition([
                EffectAndMatteTests.rectangle(20, 20, 60, 60, "1,0,0")
            ])
        ).makeLayer(configuration: LottieConfiguration(renderingEngine: .coreAnimation))
        layer.setValueProvider(
            ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 0.5)), keypath: AnimationKeypath(keypath: "**.Color"))
        let pixel = ValueProviderTests.pixel(ValueProviderTests.picture(layer, frame: 0), 50, 50)
        #expect(abs(pixel[3] - 128) <= 1 && pixel[2] > 250, "half opaque blue: \(pixel)")
    }
}
