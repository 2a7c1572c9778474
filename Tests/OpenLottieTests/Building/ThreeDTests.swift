import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The complete engine's 3D layers and cameras, against positions worked out by hand from the
/// way lottie-web's 3D renderer composes them (its CSS matrices: depth towards the viewer is
/// −z of the file, perspective about the composition's centre; without a camera from the
/// composition's diagonal, with one from its zoom).
@Suite struct ThreeDTests {
    /// A `side`-point square in `colour` centred on its layer's origin, a 3D layer (unless
    /// `ddd` is 0) with the transform fields `transform`.
    static func square(
        _ side: Double, _ colour: String, _ transform: String, ddd: Int = 1, index: Int = 1, extra: String = ""
    ) -> String {
        #"{"ddd":\#(ddd),"ind":\#(index),"ty":4,"nm":"S\#(index)","ip":0,"op":30,"st":0,"ks":{\#(transform)},"#
            + #""shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(side),\#(side)]},"#
            + #""r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(colour),1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]"#
            + extra + "}"
    }

    static func camera(_ fields: String, zoom: String = #"{"a":0,"k":100}"#) -> String {
        #"{"ddd":1,"ind":50,"ty":13,"nm":"Camera","ip":0,"op":30,"st":0,"pe":\#(zoom),"ks":{\#(fields)}}"#
    }

    static func drawn(
        _ data: Data, engine: RenderingEngineOption = .complete, frame: Double = 0, _ points: [(Double, Double)]
    )
        throws -> [Bool]
    {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine, frame: frame)
        return points.map { ValueProviderTests.pixel(picture, $0.0, $0.1)[3] > 128 }
    }

    /// 40 points turned 60° about y, seen from the diagonal (141.42) in front of the centre:
    /// the edge at +20 comes 17.32 nearer, ×1.140, to x 61.40, 22.79 high each way; the edge
    /// at −20 goes 17.32 away, ×0.891, to x 41.09, 17.82 high.
    @Test func aLayerTurnedAboutYIsSeenInPerspective() throws {
        let data = EffectAndMatteTests.composition([
            Self.square(40, "1,0,0", #""p":{"a":0,"k":[50,50,0]},"ry":{"a":0,"k":60}"#)
        ])
        let across = try Self.drawn(data, [(60.5, 50), (62.5, 50), (42, 50), (40, 50)])
        #expect(across == [true, false, true, false], "the near edge at 61.4, the far one at 41.1")
        let heights = try Self.drawn(data, [(60.5, 28.5), (60.5, 26.5), (42, 33), (42, 30.5)])
        #expect(heights == [true, false, true, false], "22.6 high near the near edge, 18.0 near the far one")
    }

    /// A camera whose zoom is 100 at half that distance (z −50) shows a 20-point square at the
    /// centre twice as large; moving from −100 to −50, at frame 15 (z −75) ×4/3.
    @Test func aCameraCloserThanItsZoomEnlarges() throws {
        let still = EffectAndMatteTests.composition([
            Self.camera(#""p":{"a":0,"k":[50,50,-50]}"#),
            Self.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#),
        ])
        #expect(try Self.drawn(still, [(69, 50), (71, 50), (50, 31), (50, 29)]) == [true, false, true, false])
        let moving = EffectAndMatteTests.composition([
            Self.camera(
                #""p":{"a":1,"k":[{"t":0,"s":[50,50,-100],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,50,-50]}]}"#
            ),
            Self.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#),
        ])
        #expect(try Self.drawn(moving, frame: 15, [(62.5, 50), (64.5, 50)]) == [true, false], "half 13.33 at z −75")
        #expect(try Self.drawn(moving, frame: 0, [(59.5, 50), (60.5, 50)]) == [true, false], "its own size at −100")
        // lottie-ios's engines draw no camera: the square at its own size.
        #expect(try Self.drawn(still, engine: .automatic, [(59.5, 50), (60.5, 50)]) == [true, false])
    }

    /// A two-node camera turns to its point of interest: from (150, 50, −100) looking at the
    /// square at (70, 50, 0), the square is at the centre, 128 away (about 15.6 high); a
    /// one-node camera there looks straight ahead and sees it 80 points to the left, off the
    /// picture.
    @Test func aTwoNodeCameraLooksAtItsPointOfInterest() throws {
        func seen(pointOfInterest: Bool) throws -> [Bool] {
            let anchor = pointOfInterest ? #","a":{"a":0,"k":[70,50,0]}"# : ""
            let data = EffectAndMatteTests.composition([
                Self.camera(#""p":{"a":0,"k":[150,50,-100]}"# + anchor),
                Self.square(20, "1,0,0", #""p":{"a":0,"k":[70,50,0]}"#),
            ])
            return try Self.drawn(data, [(50, 50), (50, 45), (50, 55)])
        }
        #expect(try seen(pointOfInterest: true) == [true, true, true])
        #expect(try seen(pointOfInterest: false) == [false, false, false])
    }

    /// 3D layers are drawn back to front by depth, whatever their order in the file; a 2D
    /// layer keeps its order and is not seen through the camera.
    @Test func layersAreDrawnByDepthAndTwoDLayersIgnoreTheCamera() throws {
        let data = EffectAndMatteTests.composition([
            Self.square(10, "0,1,0", #""p":{"a":0,"k":[10,10]}"#, ddd: 0, index: 3),
            Self.square(60, "1,0,0", #""p":{"a":0,"k":[50,50,50]}"#, index: 1),
            Self.square(20, "0,0,1", #""p":{"a":0,"k":[50,50,-30]}"#, index: 2),
            Self.camera(#""p":{"a":0,"k":[50,50,-50]}"#),
        ])
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: .complete)
        #expect(ValueProviderTests.pixel(picture, 50, 50) == [0, 0, 255, 255], "the nearer blue square in front")
        // The camera 50 nearer than its zoom: the blue square (depth −30) is seen ×5, 100 wide,
        // hiding the red one (depth 50, its own size); the green 2D square, on top, stays 10
        // wide at 10.
        #expect(ValueProviderTests.pixel(picture, 14, 10) == [0, 255, 0, 255])
        #expect(ValueProviderTests.pixel(picture, 16, 10)[1] == 0, "not enlarged")
        let flat = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: .automatic)
        #expect(ValueProviderTests.pixel(flat, 50, 50) == [255, 0, 0, 255], "lottie-ios: the file's order, flat")
    }

    /// A 3D child of a 3D null stays in 3D: the null turns 90° about y, the child −90° back,
    /// so the child faces the viewer again with its offset of 20 turned towards the viewer:
    /// ×141.42/121.42, 11.65 wide at the centre. Flattened into the null's plane it would be
    /// edge-on and draw nothing.
    @Test func parentsKeepTheirChildrenInThreeD() throws {
        let data = EffectAndMatteTests.composition([
            Self.square(
                10, "1,0,0", #""p":{"a":0,"k":[20,0,0]},"ry":{"a":0,"k":-90}"#, index: 2, extra: #","parent":5"#),
            #"{"ddd":1,"ind":5,"ty":3,"nm":"Null","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[50,50,0]},"ry":{"a":0,"k":90}}}"#,
        ])
        #expect(
            try Self.drawn(data, [(50, 50), (55.5, 50), (56.5, 50), (44.5, 50), (43.5, 50)]) == [
                true, true, false, true, false,
            ])
    }

    /// Orientation turns after the rotations: 90° about z, then 60° about x by orientation,
    /// takes the top edge 17.32 nearer (×1.140, to y 38.60) and the bottom one as far away
    /// (×0.891, to y 58.91).
    @Test func orientationTurnsAfterTheRotations() throws {
        let data = EffectAndMatteTests.composition([
            Self.square(40, "1,0,0", #""p":{"a":0,"k":[50,50,0]},"rz":{"a":0,"k":90},"or":{"a":0,"k":[60,0,0]}"#)
        ])
        #expect(try Self.drawn(data, [(50, 39.5), (50, 37.5), (50, 58), (50, 60)]) == [true, false, true, false])
    }

    /// Degenerate cameras draw with the default perspective, with a warning: a zoom of 0, a
    /// point of interest at the camera itself.
    @Test func degenerateCamerasStillDraw() throws {
        let zero = EffectAndMatteTests.composition([
            Self.camera(#""p":{"a":0,"k":[50,50,-141.42]}"#, zoom: #"{"a":0,"k":0}"#),
            Self.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#),
        ])
        let animation = try LottieAnimation(data: zero)
        #expect(
            animation.warnings(for: .complete).contains {
                $0.message.contains("camera's zoom") && $0.path == "layers[0]"
            })
        #expect(try Self.drawn(zero, [(59.5, 50), (60.5, 50)]) == [true, false], "seen from the diagonal")
        let coincident = EffectAndMatteTests.composition([
            Self.camera(#""p":{"a":0,"k":[50,50,-100]},"a":{"a":0,"k":[50,50,-100]}"#),
            Self.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#),
        ])
        #expect(try Self.drawn(coincident, [(59.5, 50), (60.5, 50)]) == [true, false], "looking ahead")
        #expect(LottieFeature.camera.support(in: .complete) == .drawn)
        #expect(LottieFeature.camera.support(in: .coreAnimation) != .drawn)
    }

    /// Depth the automatic engine never drew does not refuse a file when it cannot be read:
    /// an orientation or a separate depth that are not numbers are left out with a warning.
    @Test func unreadableDepthIsLeftOutWithAWarning() throws {
        let data = EffectAndMatteTests.composition([
            Self.square(
                20, "1,0,0",
                #""p":{"s":true,"x":{"a":0,"k":50},"y":{"a":0,"k":50},"z":{"a":0,"k":"far"}},"or":{"a":0,"k":"up"}"#)
        ])
        let animation = try LottieAnimation(data: data)
        let messages = animation.warnings(for: .complete).map(\.description)
        #expect(messages.contains { $0.hasPrefix("layers[0].ks: the orientation cannot be read") }, "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("layers[0].ks.p: the position's depth cannot be read") }, "\(messages)")
        #expect(try Self.drawn(data, [(50, 50), (61, 50)]) == [true, false])
    }

    /// 3D layers are drawn back to front by their anchor points, as After Effects orders them,
    /// not by the centres of their composition-sized boxes: a blue square 10 points behind a red
    /// one, turned 60° about y, stays behind it whichever way it turns (its box's centre, 50
    /// points from its anchor, swings 43 points nearer one way).
    @Test(arguments: [60.0, -60])
    func layersAreOrderedByTheirAnchorPoints(turn: Double) throws {
        let data = EffectAndMatteTests.composition([
            Self.square(20, "1,0,0", #""p":{"a":0,"k":[40,50,0]}"#, index: 1),
            Self.square(20, "0,0,1", #""p":{"a":0,"k":[40,50,10]},"ry":{"a":0,"k":\#(turn)}"#, index: 2),
        ])
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: .complete)
        ValueProviderTests.expectPixel(
            ValueProviderTests.pixel(picture, 40, 50), [255, 0, 0, 255], "turned \(turn)°: the red square in front")
    }
}
