import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The complete engine's merge paths, against After Effects' documented modes: the paths
/// above the merge combined into the bottom one (the last listed), painted by the fill after it.
@Suite struct MergePathsTests {
    /// Two 40-point squares, A over x 10…50 (listed first, on top) and B over x 30…70 (the
    /// bottom one, drawn the other way round), merged with `mode`, filled red at `opacity`
    /// (after the paints `paints`, JSON items with their trailing commas).
    static func merged(mode: Int, opacity: Double = 100, paints: String = "") -> Data {
        let a = #"{"ty":"rc","d":1,"p":{"a":0,"k":[30,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let b = #"{"ty":"rc","d":3,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":\#(opacity)}}"#
        return EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"M","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + "\(a),\(b),"
                + #"{"ty":"mm","mm":\#(mode)},\#(paints)\#(fill),{"ty":"tr"}]}]}"#
        ])
    }

    /// Alphas at x 20 (A only), 40 (both) and 60 (B only), y 50.
    static func alphas(_ data: Data, engine: RenderingEngineOption = .complete) throws -> [Int] {
        try RepeaterAndOrientTests.alphas(data, engine: engine, at: [20, 40, 60])
    }

    @Test func eachModeCombinesThePathsAsAfterEffectsDoes() throws {
        #expect(
            try Self.alphas(Self.merged(mode: 2)) == [255, 255, 255], "add: the union, though B turns the other way")
        #expect(try Self.alphas(Self.merged(mode: 3)) == [0, 0, 255], "subtract: B without A")
        #expect(try Self.alphas(Self.merged(mode: 4)) == [0, 255, 0], "intersect: what both cover")
        #expect(try Self.alphas(Self.merged(mode: 5)) == [255, 0, 255], "exclude intersections")
        #expect(try Self.alphas(Self.merged(mode: 1)) == [255, 0, 255], "merge: one path, B's turn cancels A's")
    }

    /// Added paths are one shape: a half-transparent fill covers their overlap once (drawn
    /// apart, the overlap would be 75 % covered).
    @Test func addedPathsAreFilledOnce() throws {
        MaskOpacityAndExpansionTests.expectAlphas(
            try Self.alphas(Self.merged(mode: 2, opacity: 50)), [128, 128, 128], "one coverage")
    }

    /// Every paint after the merge draws the merged shape: a gradient fill (here wholly
    /// transparent) does not take the place of the fill after it.
    @Test func eachPaintAfterTheMergeDrawsIt() throws {
        let clearGradient =
            #"{"ty":"gf","o":{"a":0,"k":0},"r":1,"t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,0]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,1,1,1]}}},"#
        #expect(try Self.alphas(Self.merged(mode: 2, paints: clearGradient)) == [255, 255, 255])
        #expect(try Self.alphas(Self.merged(mode: 3, paints: clearGradient)) == [0, 0, 255])
    }

    /// A second merge takes the first one's result as its input: squares A (x 10…50) and B
    /// (x 30…70) merged, then a third, C (x 50…90), and exclude intersections — drawn by the
    /// even-odd rule over all three, so where two overlap is clear and where one is, filled
    /// (earlier, the first merge drew all three solid).
    @Test func aSecondMergeTakesTheFirstOnesResult() throws {
        let square = { (x: Double) in
            #"{"ty":"rc","d":1,"p":{"a":0,"k":[\#(x),50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        }
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let items = [square(30), square(50), #"{"ty":"mm","mm":1}"#, square(70), #"{"ty":"mm","mm":5}"#, fill]
        let data = EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"M","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + items.joined(separator: ",") + #",{"ty":"tr"}]}]}"#
        ])
        #expect(
            try RepeaterAndOrientTests.alphas(data, engine: .complete, at: [20, 40, 60, 80]) == [255, 0, 0, 255],
            "A alone, A and B, B and C, C alone")
    }

    /// lottie-ios's engines ignore the merge: each square is filled on its own.
    @Test func lottieIOSsEnginesIgnoreTheMerge() throws {
        #expect(try Self.alphas(Self.merged(mode: 3), engine: .automatic) == [255, 255, 255])
        let animation = try LottieAnimation(data: Self.merged(mode: 3))
        #expect(
            animation.warnings(for: .complete).contains {
                $0.message.contains("strokes follow each path's own outline")
            })
    }
}
