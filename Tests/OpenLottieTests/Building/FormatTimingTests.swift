import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Details of the format the complete engine draws as After Effects does: a hold keyframe shows
/// from its own frame, easing handles as large as files carry, a trim whose start is its end.
@Suite struct FormatTimingTests {
    /// A 100 × 100 composition whose one layer is a 40-point red square at (50, 50), its
    /// opacity `opacity` (JSON) and its items `items` after the rectangle.
    static func square(opacity: String = #"{"a":0,"k":100}"#, items: String = CompatibilityTests.fill) -> Data {
        Data(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"nm":"L","ind":1,"ip":0,"op":30,"st":0,"#
                + #""ks":{"o":\#(opacity)},"shapes":[{"ty":"gr","nm":"G","it":["#
                + CompatibilityTests.rectangle + "," + items + "]}]}]}").utf8)
    }

    static func alpha(_ data: Data, engine: RenderingEngineOption, frame: Double) throws -> Int {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine, frame: frame)
        return ValueProviderTests.pixel(picture, 50, 50)[3]
    }

    /// Opacity held at 0 from frame 0, at 100 from frame 10, 30 from frame 20: frame 10 shows
    /// 100 (After Effects: a keyframe's value from its own frame on).
    @Test func aHoldKeyframesValueShowsFromItsOwnFrame() throws {
        let held = Self.square(
            opacity: #"{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[100],"h":1},{"t":20,"s":[30]}]}"#)
        #expect(try Self.alpha(held, engine: .complete, frame: 9) == 0)
        #expect(try Self.alpha(held, engine: .complete, frame: 10) == 255)
        #expect(try Self.alpha(held, engine: .complete, frame: 19) == 255)
        #expect(abs(try Self.alpha(held, engine: .complete, frame: 20) - 77) <= 1)
    }

    /// Handles of ±5·10¹⁰ between two equal values: the file is read, the value stays.
    @Test func easingHandlesAsLargeAsFilesCarryAreRead() throws {
        let wild = Self.square(
            opacity: #"{"a":1,"k":[{"t":0,"s":[50],"o":{"x":[0.5],"y":[-5e10]},"i":{"x":[0.5],"y":[3e12]}},{"t":20,"s":[50]}]}"#)
        for engine in [RenderingEngineOption.complete, .automatic] {
            #expect(abs(try Self.alpha(wild, engine: engine, frame: 7) - 128) <= 1, "\(engine)")
        }
        let notANumber = Self.square(opacity: #"{"a":1,"k":[{"t":0,"s":[50],"o":{"x":[0.5],"y":["x"]},"i":{"x":[0.5],"y":[1]}},{"t":20,"s":[50]}]}"#)
        #expect(throws: LottieError.self) { try LottieAnimation(data: notANumber) }
    }

    /// A trim from 50 % to 50 % keeps nothing of the outline: no round-capped dot is drawn.
    @Test func aTrimWhoseStartIsItsEndDrawsNothing() throws {
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":8},"lc":2,"lj":2}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":50},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let data = Self.square(items: stroke + "," + trim)
        for engine in [RenderingEngineOption.complete, .automatic, .mainThread] {
            let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine)
            #expect(picture.rgbaPixels.allSatisfy { $0 == 0 }, "\(engine) drew something")
        }
    }

    /// A precomposition whose time remapping stays below one frame: its square, moving from x 0
    /// at its frame 0 to x 100 at its frame 10, shows at the fractional frame (0.01 s is frame
    /// 0.3, x 3; a remapping from 0 to 0.03 s is at 0.015 s, frame 0.45, x 4.5, half way).
    @Test func aTimeRemappingBelowOneFrameShowsItsFractionalFrame() throws {
        func remapped(_ tm: String) -> Data {
            let inner =
                #"{"ty":4,"nm":"Dot","ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":[0],"y":[0]},"#
                + #""i":{"x":[1],"y":[1]}},{"t":10,"s":[100,50]}]}},"shapes":[{"ty":"gr","it":["#
                + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,10]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
            return Data(
                (#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":0,"nm":"P","refId":"c","ip":0,"#
                    + #""op":30,"st":0,"w":100,"h":100,"tm":\#(tm),"ks":{}}],"assets":[{"id":"c","layers":[\#(inner)]}]}"#)
                    .utf8)
        }
        for engine in [RenderingEngineOption.complete, .automatic] {
            let still = RenderingEngineTests.picture(try LottieAnimation(data: remapped(#"{"a":0,"k":0.01}"#)), engine: engine)
            #expect(ValueProviderTests.pixel(still, 3, 50)[3] == 255 && ValueProviderTests.pixel(still, 5.5, 50)[3] == 0, "\(engine)")
            let slow = try LottieAnimation(
                data: remapped(#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[0.03]}]}"#))
            let picture = RenderingEngineTests.picture(slow, engine: engine, frame: 15)
            #expect(ValueProviderTests.pixel(picture, 4.5, 50)[3] == 255 && ValueProviderTests.pixel(picture, 7, 50)[3] == 0, "\(engine)")
            #expect(ValueProviderTests.pixel(picture, 2, 50)[3] == 0, "not at frame 0.3: \(engine)")
        }
    }
}
