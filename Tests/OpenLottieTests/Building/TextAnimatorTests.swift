import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The complete engine's text animators on text drawn from glyphs, against shares worked out
/// by hand from lottie-web's range selector (`TextSelectorProperty.getMult`) and its order of
/// properties (`TextAnimatorProperty.getMeasures`).
///
/// The text is "ABA" at size 100 from (20, 100): A 50 wide at x 20…70, B 40 wide at 80…120,
/// A at 130…180, each 70 tall standing on the baseline (y 30…100).
@Suite struct TextAnimatorTests {
    static func text(animators: String, extra: String = "") -> Data {
        Data(
            TextLayerTests.animation(
                documents: [TextLayerTests.document(#""t":"ABA","s":100,"f":"Test-Regular","fc":[1,0,0]"#)],
                textExtra: #","a":[\#(animators)]"# + extra
            ).utf8)
    }

    /// An animator of `properties` whose selector has the fields `selector`.
    static func animator(_ properties: String, selector: String) -> String {
        #"{"s":{"t":0,"xe":{"a":0,"k":0},"ne":{"a":0,"k":0},"a":{"a":0,"k":100},"b":1,"rn":0,"sh":1,\#(selector)},"a":{\#(properties)}}"#
    }

    static func pixels(
        _ data: Data, engine: RenderingEngineOption = .complete, frame: Double = 0, _ points: [(Double, Double)]
    )
        throws -> [[Int]]
    {
        let layer = try LottieAnimation(data: data).makeLayer(
            configuration: LottieConfiguration(renderingEngine: engine))
        let picture = ValueProviderTests.picture(layer, frame: frame, side: 200, scale: 1)
        return points.map { picture.pixel(x: Int($0.0), y: Int($0.1)) }
    }

    static func drawn(
        _ data: Data, engine: RenderingEngineOption = .complete, frame: Double = 0, _ points: [(Double, Double)]
    )
        throws -> [Bool]
    {
        try pixels(data, engine: engine, frame: frame, points).map { $0[3] > 128 }
    }

    /// Long text under moving animators costs no keyframes: each character works its state
    /// out at the frame drawn. 3,000 characters, their tracking animated over 60 frames, were
    /// refused by the tree's cost bound when each character's state was sampled every tenth
    /// of a frame (3,000² × 600 of work); now they are read and drawn, the first A where the
    /// short text draws it.
    @Test func longAnimatedTextIsReadAndDrawn() throws {
        let long = String(repeating: "ABA", count: 1_000)
        let tracking =
            #""t":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[20]}]}"#
        let selector = #""r":1,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0}"#
        let data = Data(
            TextLayerTests.animation(
                documents: [TextLayerTests.document(#""t":"\#(long)","s":100,"f":"Test-Regular","fc":[1,0,0]"#)],
                textExtra: #","a":["# + Self.animator(tracking, selector: selector) + "]"
            ).utf8)
        let animation = try LottieAnimation(data: data)
        #expect(try Self.drawn(data, frame: 30, [(45, 50), (15, 50)]) == [true, false], "the first A, in place")
        let short = Self.text(animators: Self.animator(tracking, selector: selector))
        #expect(
            try Self.pixels(data, frame: 30, [(60, 50), (100, 50)])
                == (try Self.pixels(short, frame: 30, [(60, 50), (100, 50)])),
            "the first characters as the short text draws them")
        _ = animation
    }

    /// A square selector from 0 to 50 % of three characters covers 1.5 of them: the first A
    /// takes all of the animator's 20 points up, B half, the last A none.
    @Test func aSquareSelectorSharesOutThePosition() throws {
        let data = Self.text(
            animators: Self.animator(
                #""p":{"a":0,"k":[0,-20]}"#, selector: #""r":1,"s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}"#)
        )
        #expect(
            try Self.drawn(data, [(45, 12), (45, 85), (100, 22), (100, 95), (155, 28), (155, 95)])
                == [true, false, true, false, false, true])
        // lottie-ios's engines draw the text as its document says.
        #expect(try Self.drawn(data, engine: .automatic, [(45, 12), (45, 95)]) == [false, true])
    }

    /// Opacity 0 over a range whose start moves from 0 to 100 % over 30 frames (a typewriter):
    /// at frame 15 the start is at 1.5 characters, so the first A shows, B half, the last A not.
    @Test func anAnimatedStartRevealsTheText() throws {
        let data = Self.text(
            animators: Self.animator(
                #""o":{"a":0,"k":0}"#,
                selector:
                    #""r":1,"s":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100]}]},"e":{"a":0,"k":100},"o":{"a":0,"k":0}"#
            ))
        let alphas = try Self.pixels(data, frame: 15, [(45, 50), (100, 50), (155, 50)]).map { $0[3] }
        MaskOpacityAndExpansionTests.expectAlphas(alphas, [255, 128, 0], "frame 15")
        #expect(try Self.pixels(data, frame: 0, [(45, 50), (100, 50), (155, 50)]).map { $0[3] } == [0, 0, 0])
        #expect(try Self.pixels(data, frame: 30, [(45, 50), (100, 50), (155, 50)]).map { $0[3] } == [255, 255, 255])
    }

    /// Index units 1…2 select B alone, which turns 90° about its centre on the baseline (x 105,
    /// y 100, half its 50-point advance): it lies over x 105…175, y 75…115, and turns blue.
    @Test func rotationTurnsEachCharacterAboutItsCentre() throws {
        let data = Self.text(
            animators: Self.animator(
                #""r":{"a":0,"k":90},"fc":{"a":0,"k":[0,0,1,1]}"#,
                selector: #""r":2,"s":{"a":0,"k":1},"e":{"a":0,"k":2},"o":{"a":0,"k":0}"#))
        let drawn = try Self.pixels(data, [(150, 110), (100, 50), (45, 50), (110, 80)])
        #expect(drawn[0] == [0, 0, 255, 255], "B lying below the baseline, blue")
        #expect(drawn[1][3] == 0, "B's own place empty")
        #expect(drawn[2] == [255, 0, 0, 255], "A unselected")
    }

    /// Tracking of 10 points on every character moves each one 10 further than the one before
    /// (but the first, on left-justified text): B to 90…130, the last A to 150…200.
    @Test func trackingMovesTheCharactersAfterIt() throws {
        let data = Self.text(
            animators: Self.animator(
                #""t":{"a":0,"k":10}"#, selector: #""r":1,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0}"#))
        #expect(
            try Self.drawn(data, [(45, 50), (85, 50), (125, 50), (185, 50), (145, 50)]) == [
                true, false, true, true, false,
            ])
    }

    /// The shapes' shares at unit i of a selector from 0 to 4 units (lottie-web's formulas):
    /// ramp up (i + 0.5) / 4, triangle up to the middle and down, round a half circle.
    @Test func theSelectorsShapesShareAsLottieWebDoes() throws {
        func alphas(shape: Int) throws -> [Int] {
            let data = Self.text(
                animators: Self.animator(
                    #""o":{"a":0,"k":0}"#,
                    selector: #""r":2,"s":{"a":0,"k":0},"e":{"a":0,"k":4},"o":{"a":0,"k":0},"sh":\#(shape)"#
                )
                .replacingOccurrences(of: #""sh":1,"#, with: ""))
            return try Self.pixels(data, [(45, 50), (100, 50), (155, 50)]).map { $0[3] }
        }
        // Opacity 1 − share²-ish: O = 1 + (0 − 1)·m, so alpha = 255 (1 − m).
        MaskOpacityAndExpansionTests.expectAlphas(
            try alphas(shape: 2), [223, 159, 96], "ramp up: m 0.125, 0.375, 0.625")
        MaskOpacityAndExpansionTests.expectAlphas(try alphas(shape: 4), [191, 64, 64], "triangle: m 0.25, 0.75, 0.75")
    }
}
