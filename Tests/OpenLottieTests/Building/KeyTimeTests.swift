import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Key times as lottie-ios gives them to Core Animation: those of an animation in one piece as
/// `Float`s, so that a key time a hair past a frame's moment (frame 14.5 reached by 145 steps
/// of a tenth, 14.500000000000002) lands on it and its value shows from that moment.
@Suite struct KeyTimeTests {
    /// A 100 × 100 shape layer, frames 0–29, whose opacity goes 0 → 100 from frame 0 to 10.
    static let fade =
        #"{"v":"5.7.4","fr":25,"ip":0,"op":29,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":29,"st":0,"#
        + #""ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]}},"#
        + #""shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
        + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#

    @Test func keyTimesOfAnAnimationInOnePieceAreFloats() throws {
        let layer = try LottieAnimation(data: Data(Self.fade.utf8), name: "fade.json").makeLayer()
        var keyTimes: [[Double]] = []
        var pending: [CALayer] = [layer]
        while let next = pending.popLast() {
            pending += next.sublayers ?? []
            for key in next.animationKeys() ?? [] {
                var animations = next.animation(forKey: key).map { [$0] } ?? []
                while let animation = animations.popLast() {
                    if let group = animation as? CAAnimationGroup { animations += group.animations ?? [] }
                    if let keyframes = animation as? CAKeyframeAnimation, keyframes.keyPath == "opacity" {
                        keyTimes.append(keyframes.keyTimes?.map(\.doubleValue) ?? [])
                    }
                }
            }
        }
        try #require(keyTimes.count == 1, "one opacity animation: \(keyTimes)")
        // Frame 10 of 0–29, shown paused: the timeline counts op + 1 − ip = 30 frames, as
        // lottie-ios's does; 10 / 30 as a Float, not as a Double.
        #expect(keyTimes[0].contains(Double(Float(10.0 / 30))), "\(keyTimes[0])")
        #expect(!keyTimes[0].contains(10.0 / 30))
    }
}

/// Keyframes before the composition's in-point keep their timing: a composition that starts
/// part-way through a layer's fade shows it part-way, as Apple's pictures of lottie-ios and
/// lottie-web show it (lottie-ios hands Core Animation key times below 0; Apple interpolates
/// across 0).
@Suite struct KeyframesBeforeTheStartTests {
    /// Frames 10–40; a square whose opacity goes from 0 at frame 0 to 100 at frame 20,
    /// straight, or held at 0 until frame 5, 20 there, then straight to 100 (`held`).
    static func fading(held: Bool = false) -> Data {
        let fade =
            held
            ? #"{"t":0,"s":[0],"h":1},{"t":5,"s":[20],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}"#
            : #"{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}"#
        return Data(
            (#"{"v":"5.7.4","fr":30,"ip":10,"op":40,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":40,"st":0,"#
                + #""ks":{"o":{"a":1,"k":[\#(fade)]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"#
                + #""r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#).utf8)
    }

    /// At frame 10 the square is half faded in (46.7 % with the hold first: 20 at frame 5,
    /// then 80 more over 15 frames).
    @Test(arguments: [RenderingEngineOption.complete, .coreAnimation, .mainThread])
    func aCompositionStartingPartWayShowsTheFadePartWay(engine: RenderingEngineOption) throws {
        for (held, opacity) in [(false, 0.5), (true, (20 + 80 * 5 / 15.0) / 100)] {
            let alpha = try EffectAndMatteTests.pixel(Self.fading(held: held), engine: engine, frame: 10, 50, 50)[3]
            #expect(
                abs(Double(alpha) - 255 * opacity) <= 2,
                "\(engine), held \(held): \(alpha), expected \(255 * opacity)")
        }
    }
}

/// When a layer's in-point shows: lottie-ios hides a layer before its in-point with a discrete
/// animation whose key time is `(ip − comp ip) / (op + 1 − comp ip)`, met by the shown frame's
/// time `((f − comp ip) / fps) / ((op + 1 − comp ip) / fps)`, both in doubles. They can differ
/// in the last place: at 30 fps, frames 0–11, frame 5 is 0.41666666666666663 of the way and the
/// key time 0.4166666666666667, so a layer starting at frame 5 shows from frame 6 in Apple's
/// pictures. The complete engine shows it from its very frame, as After Effects does.
@Suite struct InPointTests {
    static let startsAtFrameFive = Data(
        (#"{"v":"5.7.4","fr":30,"ip":0,"op":11,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":5,"op":11,"st":0,"ks":{},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#).utf8)

    @Test func lottieIOSsEnginesShowTheLayerAsApplesDoublesDecide() throws {
        for engine in [RenderingEngineOption.coreAnimation, .mainThread] {
            let at = { (frame: Double) in
                try EffectAndMatteTests.pixel(Self.startsAtFrameFive, engine: engine, frame: frame, 50, 50)[3]
            }
            #expect(try at(5) == 0, "\(engine): hidden at frame 5")
            #expect(try at(6) == 255, "\(engine): shown at frame 6")
            #expect(try at(4) == 0)
        }
    }

    @Test func theCompleteEngineShowsTheLayerFromItsInPoint() throws {
        let at = { (frame: Double) in try EffectAndMatteTests.pixel(Self.startsAtFrameFive, frame: frame, 50, 50)[3] }
        #expect(try at(5) == 255, "shown at frame 5")
        #expect(try at(4) == 0, "hidden at frame 4")
    }
}

/// A hold keyframe between eased ones: its value holds until the next keyframe. lottie-ios's
/// Core Animation engine hands Core Animation that stretch as a discrete animation of one value
/// between two key times, which Apple draws as the layer's model value; the Main Thread engine
/// and After Effects hold the value.
@Suite struct HeldStretchTests {
    /// A square 80 wide scaled 100 % at frame 0, eased to 50 % at frame 10, held there until
    /// frame 30, then eased back to 100 % at frame 40.
    static let held = Data(
        (#"{"v":"5.5.2","fr":60,"ip":0,"op":120,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":120,"st":0,"#
            + #""ks":{"p":{"a":0,"k":[50,50,0]},"s":{"a":1,"k":["#
            + #"{"t":0,"s":[100,100,100],"i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]}},"#
            + #"{"t":10,"s":[50,50,100],"h":1},"#
            + #"{"t":30,"s":[50,50,100],"i":{"x":[0.5],"y":[1]},"o":{"x":[0.5],"y":[0]}},{"t":40,"s":[100,100,100]}]}},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#).utf8)

    @Test(arguments: [RenderingEngineOption.complete, .mainThread])
    func aHeldValueHoldsUntilTheNextKeyframe(engine: RenderingEngineOption) throws {
        for frame in [12.0, 20, 29] {
            let pixels = try [20.0, 32, 68, 72].map {
                try EffectAndMatteTests.pixel(Self.held, engine: engine, frame: frame, $0, 50)[3]
            }
            #expect(pixels == [0, 255, 255, 0], "\(engine), frame \(frame): 40 wide, \(pixels)")
        }
    }

    @Test func lottieIOSsCoreAnimationEngineShowsTheModelValueThere() throws {
        let pixels = try [20.0, 32, 68, 72].map {
            try EffectAndMatteTests.pixel(Self.held, engine: .coreAnimation, frame: 20, $0, 50)[3]
        }
        #expect(pixels == [255, 255, 255, 255], "unscaled, 80 wide: \(pixels)")
    }
}
