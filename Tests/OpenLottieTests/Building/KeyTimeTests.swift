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
        // Frame 10 of 0–29: 10 / 29 as a Float, not as a Double.
        #expect(keyTimes[0].contains(Double(Float(10.0 / 29))), "\(keyTimes[0])")
        #expect(!keyTimes[0].contains(10.0 / 29))
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
