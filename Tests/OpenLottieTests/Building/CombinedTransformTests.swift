import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// Transforms that lottie-ios animates whole (`transform`), as Apple's pictures show them: a
/// shape group's skew, and a mirror (a negative x scale) on a layer or a group.
@Suite struct CombinedTransformTests {
    /// A 120 × 10 red bar at the centre of a 200 × 200 animation of 100 frames, skewed by 45°
    /// about an axis that turns from 0° to 360° linearly.
    static let turningAxis =
        #"{"v":"5.7.4","fr":30,"ip":0,"op":100,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":100,"st":0,"#
        + #""ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[0,0]}},"shapes":[{"ty":"gr","it":["#
        + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[120,10]},"r":{"a":0,"k":0}},"#
        + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
        + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"#
        + #""o":{"a":0,"k":100},"sk":{"a":0,"k":45},"sa":{"a":1,"k":["#
        + #"{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[360]}]}}]}]}]}"#

    /// A skew whose axis turns is worked out frame by frame, as lottie-ios does: an
    /// interpolation between the first and last matrices (the axis at 0° and at 360° give the
    /// same matrix) would leave it still. Apple's pictures of `issue_2055` show the axis turning.
    @Test func aTurningSkewAxisTurnsTheShearBetweenItsKeyframes() throws {
        let animation = try TextLayerTests.load(Self.turningAxis)
        // Axis at 0°: the bar stays horizontal (a shear along x leaves its long sides level).
        let start = try TextLayerTests.render(animation, frame: 0)
        for (x, y) in [(50, 100), (100, 100), (150, 100)] {
            #expect(TextLayerTests.isRed(start.pixel(x: x, y: y)), "frame 0: bar at (\(x), \(y))")
        }
        #expect(TextLayerTests.isEmpty(start.pixel(x: 150, y: 150)))
        // Frame 25, axis at 90°: the shear runs along y, so the bar lies on the diagonal.
        let quarter = try TextLayerTests.render(animation, frame: 25)
        for (x, y) in [(50, 50), (100, 100), (150, 150)] {
            #expect(TextLayerTests.isRed(quarter.pixel(x: x, y: y)), "frame 25: bar at (\(x), \(y))")
        }
        for (x, y) in [(50, 100), (150, 100)] {
            #expect(TextLayerTests.isEmpty(quarter.pixel(x: x, y: y)), "frame 25: nothing at (\(x), \(y))")
        }
    }

    /// A solid mirrored at half size (scale −50 %, 50 %) that moves, holds from frame 10 to 20
    /// and moves on: 30 frames at 10 fps.
    static let mirroredAndHeld =
        #"{"v":"5.7.4","fr":10,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":1,"nm":"mirrored","ind":1,"#
        + ##""ip":0,"op":30,"st":0,"sc":"#ff0000","sw":40,"sh":20,"ks":{"s":{"a":0,"k":[-50,50]},"p":{"a":1,"k":["##
        + #"{"t":0,"s":[10,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[50,50],"h":1},"#
        + #"{"t":20,"s":[50,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90,90]}]}}}]}"#

    /// The mirror keeps its sign (one `transform` animation, not `transform.scale.x`), and the
    /// held stretch, a discrete animation of one value between two key times, shows the layer's
    /// model transform, the identity: Apple's pictures of `issue_2066`, whose mirrored face is
    /// drawn at full size while its position holds.
    @Test func aMirroredLayerIsOneTransformAnimationAndItsHoldShowsTheModelTransform() throws {
        let animation = try TextLayerTests.load(Self.mirroredAndHeld)
        try withManualClock { _ in
            let layer = animation.makeLayer()
            let mirrored = try #require(layer.contentLayer.sublayers?.first { $0.name == "mirrored" })
            #expect(mirrored.animationKeys()?.contains("transform") == true)
            for (frame, expected) in [
                (
                    5.0,
                    CATransform3DConcat(CATransform3DMakeScale(-0.5, 0.5, 1), CATransform3DMakeTranslation(30, 30, 0))
                ),
                (15, CATransform3DIdentity),
                (
                    25,
                    CATransform3DConcat(CATransform3DMakeScale(-0.5, 0.5, 1), CATransform3DMakeTranslation(70, 70, 0))
                ),
            ] {
                layer.currentFrame = frame
                CATransaction.flush()
                let shown = try #require(mirrored.presentation()).transform
                expectClose(Double(shown.m11), Double(expected.m11), within: 1e-9)
                expectClose(Double(shown.m22), Double(expected.m22), within: 1e-9)
                expectClose(Double(shown.m41), Double(expected.m41), within: 1e-6)
                expectClose(Double(shown.m42), Double(expected.m42), within: 1e-6)
            }
        }
    }

    /// A 40-point red square around its layer's anchor (20, 20), the layer at (100, 100) in a
    /// 200 × 200 animation of 40 frames, turning about x from 0° to 360° linearly (a half turn
    /// at frame 20), and about y by `y` degrees throughout.
    static func turningAboutX(y: Double = 0) -> String {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":40,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"#
            + #""ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[20,20]},"ry":{"a":0,"k":"# + "\(y)" + "},"
            + #""rx":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[360]}]}},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
    }

    /// Apple's pictures of lottie-ios's layers come from `render(in:)`, which draws a layer whose
    /// transform is not affine without it: turned out of its plane, the square shows at its
    /// parent's origin (its anchor there, so only its last quarter inside the picture); a half turn
    /// about x alone is not affine either (its z axis turns over); whole turns are.
    @Test func aLayerTurnedOutOfItsPlaneIsDrawnWithoutItsTransformAsRenderInContextDrawsIt() throws {
        let animation = try TextLayerTests.load(Self.turningAboutX())
        #expect(
            animation.warnings.contains { $0.path == "layers[0].ks" && $0.message.contains("rotation about x or y") })
        for frame in [0.0, 40] {
            let picture = try TextLayerTests.render(animation, frame: frame)
            #expect(TextLayerTests.isRed(picture.pixel(x: 100, y: 100)), "frame \(frame): in place")
            #expect(TextLayerTests.isEmpty(picture.pixel(x: 10, y: 10)), "frame \(frame)")
        }
        for frame in [10.0, 20, 30] {
            let picture = try TextLayerTests.render(animation, frame: frame)
            #expect(TextLayerTests.isEmpty(picture.pixel(x: 100, y: 100)), "frame \(frame): not in place")
            #expect(TextLayerTests.isRed(picture.pixel(x: 10, y: 10)), "frame \(frame): its last quarter at the origin")
            #expect(TextLayerTests.isEmpty(picture.pixel(x: 30, y: 30)), "frame \(frame)")
        }
        // A half turn about y as well: at frame 20 both half turns make a half turn in the
        // plane, drawn (the square, symmetric, covers the same place).
        let both = try TextLayerTests.render(try TextLayerTests.load(Self.turningAboutX(y: 180)), frame: 20)
        #expect(TextLayerTests.isRed(both.pixel(x: 100, y: 100)))
        #expect(TextLayerTests.isEmpty(both.pixel(x: 10, y: 10)))
    }
}
