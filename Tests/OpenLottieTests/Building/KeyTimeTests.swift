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
