import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The complete engine's Stroke effect (22), against After Effects' documentation of its
/// paint styles and lottie-web's brush (twice the brush size wide, round).
@Suite struct StrokeEffectTests {
    /// A red square over 10…90 whose mask (mode none) runs round 20…80 × 40…60 from its
    /// top-left corner, stroked blue with a brush of 2 from `start` to `end` % in `style`.
    static func stroked(style: Int, start: Double = 0, end: Double = 100, spacing: Double = 0) -> Data {
        let value = EffectAndMatteTests.value
        let values = [
            value("1"), value("0"), value("0"), value("[0,0,1,1]"), value("2"), value("100"), value("1"),
            value("\(start)"), value("\(end)"), value("\(spacing)"), value("\(style)"),
        ]
        let effect = #""ef":[{"ty":22,"nm":"Stroke","en":1,"ef":[\#(values.joined(separator: ","))]}]"#
        let mask =
            #""masksProperties":[{"mode":"n","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"#
            + #""v":[[20,40],[80,40],[80,60],[20,60]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#
        return EffectAndMatteTests.composition([
            EffectAndMatteTests.rectangle(10, 10, 80, 80, "1,0,0", extra: effect + "," + mask)
        ])
    }

    static func pixels(_ data: Data, _ points: [(Double, Double)], engine: RenderingEngineOption = .complete) throws
        -> [[Int]]
    {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine)
        return points.map { ValueProviderTests.pixel(picture, $0.0, $0.1) }
    }

    static let (red, blue, clear) = ([255, 0, 0, 255], [0, 0, 255, 255], [0, 0, 0, 0])

    /// On the original image: the mask's edge 4 wide (38…42) over the square.
    @Test func theStrokeIsDrawnOverTheLayer() throws {
        let drawn = try Self.pixels(Self.stroked(style: 1), [(50, 40), (50, 43.5), (50, 50), (80, 50), (15, 15)])
        #expect(drawn == [Self.blue, Self.red, Self.red, Self.blue, Self.red])
        // lottie-ios's engines draw no effect but the drop shadow.
        #expect(try Self.pixels(Self.stroked(style: 1), [(50, 40)], engine: .automatic) == [Self.red])
    }

    /// On transparent: the stroke alone; revealing the original image: the square's red where
    /// the stroke is, nothing elsewhere.
    @Test func thePaintStyleDecidesWhatOfTheLayerShows() throws {
        #expect(try Self.pixels(Self.stroked(style: 2), [(50, 40), (50, 50)]) == [Self.blue, Self.clear])
        #expect(try Self.pixels(Self.stroked(style: 3), [(50, 40), (50, 50)]) == [Self.red, Self.clear])
    }

    /// From 0 to 50 % of the 160-point outline: the top edge (60) and 20 down the right side,
    /// not the bottom; start and end the other way round draw the same.
    @Test func startAndEndCutTheStroke() throws {
        for (start, end) in [(0.0, 50.0), (50.0, 0.0)] {
            let drawn = try Self.pixels(Self.stroked(style: 2, start: start, end: end), [(50, 40), (80, 55), (50, 60)])
            #expect(drawn == [Self.blue, Self.blue, Self.clear], "\(start)…\(end)")
        }
    }

    /// Spacing 200 %: dabs 4 wide every 9 points (1 + 2 × 2 × 2), gaps between them.
    @Test func spacingSeparatesTheDabs() throws {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: Self.stroked(style: 2, spacing: 200)), engine: .complete)
        let alphas = stride(from: 20.0, through: 40.0, by: 0.5).map { ValueProviderTests.pixel(picture, $0, 40)[3] }
        #expect(alphas.contains(0) && alphas.contains(255), "\(alphas)")
    }
}
