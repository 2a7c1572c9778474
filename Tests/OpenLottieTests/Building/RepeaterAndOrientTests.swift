import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenLottie

/// The complete engine's repeaters (offset, start and end opacity, scale to the power of the
/// copy, animated copy counts, stacking) and auto-orient, against values worked out from After
/// Effects' documentation.
@Suite struct RepeaterAndOrientTests {
    /// A 20-point red square at (10…30, 40…60) repeated by a repeater of `copies` (JSON), its
    /// transform moving each copy `step` points right, with `extra` fields on the repeater and
    /// `transform` ones on its transform.
    static func repeated(
        copies: String = #"{"a":0,"k":3}"#, offset: Double = 0, step: Double = 15, anchor: String = "[0,0]",
        scale: Double = 100, composite: Int = 1, stroked: Bool = false, transform: String = ""
    ) -> Data {
        let repeater =
            #"{"ty":"rp","c":\#(copies),"o":{"a":0,"k":\#(offset)},"m":\#(composite),"tr":{"ty":"tr","p":{"a":0,"k":[\#(step),0]},"#
            + #""a":{"a":0,"k":\#(anchor)},"s":{"a":0,"k":[\#(scale),\#(scale)]},"r":{"a":0,"k":0}\#(transform)}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1},"#
        let square = EffectAndMatteTests.rectangle(10, 40, 20, 20, "1,0,0")
        return EffectAndMatteTests.composition([
            square.replacingOccurrences(
                of: #"{"ty":"tr"}]}]"#, with: (stroked ? stroke : "") + #"{"ty":"tr"}]},"# + repeater + "]")
        ])
    }

    static func alphas(_ data: Data, engine: RenderingEngineOption = .complete, frame: Double = 0, at xs: [Double])
        throws -> [Int]
    {
        let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine, frame: frame)
        return xs.map { ValueProviderTests.pixel(picture, $0, 50)[3] }
    }

    /// Copies at x 10, 25 and 40: the first at the start opacity, the last at the end one, the
    /// middle one half way (100, 65, 30 %).
    @Test func copiesGoFromTheStartOpacityToTheEndOpacity() throws {
        let data = Self.repeated(transform: #","so":{"a":0,"k":100},"eo":{"a":0,"k":30}"#)
        MaskOpacityAndExpansionTests.expectAlphas(try Self.alphas(data, at: [15, 35, 55]), [255, 166, 77], "so → eo")
        MaskOpacityAndExpansionTests.expectAlphas(
            try Self.alphas(data, engine: .automatic, at: [15, 35, 55]), [255, 255, 255], "lottie-ios: opaque")
    }

    /// With `m` 1 the first copy is in front, as lottie-web and Skottie stack them (its black
    /// edge at x 30 shows over the second copy); with `m` 2 the last is, and the opacities run
    /// from it (lottie-web's order). lottie-ios puts the first copy at the back whatever `m` is.
    @Test func theCompositeModeStacksTheCopies() throws {
        func edge(_ composite: Int, _ engine: RenderingEngineOption) throws -> [Int] {
            let data = Self.repeated(composite: composite, stroked: true)
            let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine)
            return ValueProviderTests.pixel(picture, 30, 50)
        }
        #expect(try edge(1, .complete) == [0, 0, 0, 255], "m 1: the first copy's edge in front")
        #expect(try edge(2, .complete) == [255, 0, 0, 255], "m 2: the second copy in front of it")
        #expect(try edge(1, .automatic) == [255, 0, 0, 255], "lottie-ios: the first copy at the back")
        let below = Self.repeated(composite: 2, transform: #","so":{"a":0,"k":100},"eo":{"a":0,"k":30}"#)
        MaskOpacityAndExpansionTests.expectAlphas(try Self.alphas(below, at: [15, 35, 55]), [77, 166, 255], "m 2")
    }

    /// An offset of 1.5 starts the first copy 1.5 steps along: at 32.5.
    @Test func anOffsetMovesEveryCopyAlong() throws {
        let data = Self.repeated(offset: 1.5)
        MaskOpacityAndExpansionTests.expectAlphas(
            try Self.alphas(data, at: [27, 34, 80]), [0, 255, 255], "offset 1.5")
    }

    /// Scale 50 % about the square's centre (20, 50), 30 points a step: copy k is 0.5ᵏ the
    /// size, at 20 + 30 k; the third is 5 points wide at 80 (lottie-ios scales every copy once).
    @Test func copiesAreScaledToThePowerOfTheirIndex() throws {
        let data = Self.repeated(step: 30, anchor: "[20,50]", scale: 50)
        MaskOpacityAndExpansionTests.expectAlphas(
            try Self.alphas(data, at: [76, 80, 84]), [0, 255, 0], "the third copy")
        MaskOpacityAndExpansionTests.expectAlphas(
            try Self.alphas(data, at: [43, 50, 57]), [0, 255, 0], "the second, 10 wide at 50")
    }

    /// Copies from 1 at frame 0 to 3 at frame 20: 2 at frame 10, so the third (at 40…60)
    /// shows from just after it (the count rounded up).
    @Test func anAnimatedCountShowsCopiesAsItPassesThem() throws {
        let data = Self.repeated(
            copies: #"{"a":1,"k":[{"t":0,"s":[1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[3]}]}"#)
        #expect(try Self.alphas(data, frame: 9.5, at: [55]) == [0])
        #expect(try Self.alphas(data, frame: 10.5, at: [55]) == [255])
        #expect(try Self.alphas(data, frame: 0, at: [35]) == [0], "one copy at frame 0; …")
        #expect(try Self.alphas(data, frame: 0.5, at: [35]) == [255], "… the count 1.05 rounds up to 2")
    }

    /// A layer whose position moves down turns a quarter to the right: its 40 × 10 bar stands
    /// 40 tall. Along a curve that starts upwards, the bar stands at the start too.
    @Test func autoOrientTurnsTheLayerWithItsMotion() throws {
        func layer(_ position: String) -> Data {
            EffectAndMatteTests.composition([
                #"{"ty":4,"nm":"Bar","ip":0,"op":30,"st":0,"ao":1,"ks":{"p":\#(position)},"shapes":[{"ty":"gr","it":["#
                    + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,10]},"r":{"a":0,"k":0}},"#
                    + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
            ])
        }
        func drawn(_ data: Data, engine: RenderingEngineOption = .complete, frame: Double, _ x: Double, _ y: Double)
            throws -> Bool
        {
            let picture = RenderingEngineTests.picture(try LottieAnimation(data: data), engine: engine, frame: frame)
            return ValueProviderTests.pixel(picture, x, y)[3] > 200
        }
        let down = layer(#"{"a":1,"k":[{"t":0,"s":[50,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,80]}]}"#)
        #expect(try drawn(down, frame: 15, 50, 65) && !drawn(down, frame: 15, 65, 50), "standing")
        #expect(
            try !drawn(down, engine: .automatic, frame: 15, 50, 65)
                && drawn(down, engine: .automatic, frame: 15, 65, 50))
        let arc = layer(
            #"{"a":1,"k":[{"t":0,"s":[20,80],"to":[0,-60],"ti":[0,-60],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[80,80]}]}"#
        )
        #expect(try drawn(arc, frame: 0, 20, 95) && !drawn(arc, frame: 0, 35, 80), "upwards at the start")
        // Half way along the arc it moves right: lying.
        #expect(try drawn(arc, frame: 15, 65, 35) && !drawn(arc, frame: 15, 50, 50), "lying at the top")
    }

    /// Auto-orient's keyframes fall on whole frames; every whole frame is within
    /// `turnTolerance` of the direction lottie-web draws at that frame (from 0.01 frame before
    /// to it); the layer turns linearly between frames the short way round, also where the
    /// direction crosses ±180°; and a steady turn needs few keyframes.
    @Test func autoOrientsSamplesFallOnWholeFrames() throws {
        let animation = try LottieAnimation(
            data: EffectAndMatteTests.composition([
                #"{"ty":4,"nm":"Bar","ip":0,"op":30,"st":0,"ao":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[20,80],"to":[0,-60],"#
                    + #""ti":[0,-60],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[80,80]}]}},"shapes":[]}"#
            ]))
        let transform = try #require(animation.layers.first?.transform)
        let rotation = AutoOrient.rotation(of: transform)
        let path = transform.position.map(AutoOrient.MotionPath.init)
        #expect(rotation.keyframes.allSatisfy { $0.time == $0.time.rounded() }, "\(rotation.keyframes.map(\.time))")
        for frame in 1...29 {
            let a = AutoOrient.position(of: transform, along: path, at: Double(frame) - 0.01)
            let b = AutoOrient.position(of: transform, along: path, at: Double(frame))
            expectClose(
                rotation.value(at: Double(frame)), atan2(b.y - a.y, b.x - a.x) * 180 / .pi,
                within: AutoOrient.turnTolerance + 1e-9, "frame \(frame)")
        }
        let between = (rotation.value(at: 3) + rotation.value(at: 4)) / 2
        expectClose(rotation.value(at: 3.5), between, within: 1e-9, "half way between frames 3 and 4")

        // Leftwards over the top of a loop: the direction passes from −180° + ε to 180° − ε.
        let loop = try LottieAnimation(
            data: EffectAndMatteTests.composition([
                #"{"ty":4,"nm":"Bar","ip":0,"op":30,"st":0,"ao":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[80,50],"to":[0,-40],"#
                    + #""ti":[0,-40],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[20,50]}]}},"shapes":[]}"#
            ]))
        let turns = AutoOrient.rotation(of: try #require(loop.layers.first?.transform)).keyframes.map(\.value)
        #expect(turns.first.map { abs($0 + 90) < 1 } == true, "upwards at the start: \(turns.first ?? .nan)")
        #expect(turns.last.map { abs($0 + 270) < 1 } == true, "downwards at the end, turned on past −180°")
        #expect(zip(turns, turns.dropFirst()).allSatisfy { abs($1 - $0) < 45 }, "no jump of a turn: \(turns)")

        // Straight on at a steady pace, then round a corner: the straight stretch is one span.
        let corner = try LottieAnimation(
            data: EffectAndMatteTests.composition([
                #"{"ty":4,"nm":"Bar","ip":0,"op":60,"st":0,"ao":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10],"#
                    + #""o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[70,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
                    + #"{"t":60,"s":[70,70]}]}},"shapes":[]}"#
            ]))
        let cornerTurns = AutoOrient.rotation(of: try #require(corner.layers.first?.transform))
        #expect(cornerTurns.keyframes.count < 8, "\(cornerTurns.keyframes.map { ($0.time, $0.value) })")
        expectClose(cornerTurns.value(at: 15), 0, within: 1e-9)
        expectClose(cornerTurns.value(at: 45), 90, within: 1e-9)
    }

    /// The complete engine's keyframes along a motion path: every quarter frame within
    /// `pacingTolerance` of the point measured along the curve, with far fewer keyframes than
    /// four a frame; a constant speed along a straight path needs none between its ends.
    @Test func pacedMotionKeepsOnlyTheKeyframesItNeeds() throws {
        func position(_ keyframes: String) throws -> KeyframeGroup<LottieVector> {
            let animation = try LottieAnimation(
                data: EffectAndMatteTests.composition([
                    #"{"ty":4,"nm":"Dot","ip":0,"op":240,"st":0,"ks":{"p":{"a":1,"k":"# + keyframes
                        + #"}},"shapes":[]}"#
                ]))
            return try #require(animation.layers.first?.transform.position)
        }
        let arc = try position(
            #"[{"t":0,"s":[20,80],"to":[0,-60],"ti":[0,-60],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":240,"s":[80,80]}]"#
        )
        let paced = AutoOrient.pacedAlongCurves(arc)
        let path = AutoOrient.MotionPath(arc)
        // An arc of about 100 points in 240 frames: fewer keyframes than frames.
        #expect(paced.keyframes.count > 2 && paced.keyframes.count < 240, "\(paced.keyframes.count) keyframes")
        for quarter in 0...960 {
            let frame = Double(quarter) / 4
            let exact = path.point(at: frame)
            let drawn = paced.value(at: frame)
            #expect(
                hypot(drawn.x - exact.x, drawn.y - exact.y) <= AutoOrient.pacingTolerance + 1e-9,
                "frame \(frame): \(drawn.components) for \((exact.x, exact.y))")
        }
        #expect(paced.value(at: 0).components == [20, 80] && paced.value(at: 240).components == [80, 80])

        // Linear in time along a straight line: the ends alone.
        let straight = try position(
            #"[{"t":0,"s":[10,50],"to":[20,0],"ti":[-20,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":240,"s":[70,50]}]"#
        )
        #expect(AutoOrient.pacedAlongCurves(straight).keyframes.map(\.time) == [0, 240])
        expectClose(AutoOrient.pacedAlongCurves(straight).value(at: 60).x, 25, within: 1e-9)
    }

    /// A 10-point square moving from x = 10 to x = 90 along a straight motion path whose first
    /// handle reaches x = 70, linearly in time: half way through, After Effects and lottie-web
    /// put it half way along the path (x = 50); lottie-ios's engines at the curve's middle
    /// parameter (x = 72.5).
    @Test func theCompleteEngineMovesAlongAMotionPathByItsLength() throws {
        let data = EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"Dot","ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,50],"to":[60,0],"ti":[0,0],"#
                + #""o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90,50]}]}},"shapes":[{"ty":"gr","it":["#
                + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
        ])
        let animation = try LottieAnimation(data: data)
        func drawn(_ engine: RenderingEngineOption, frame: Double, _ x: Double) -> Bool {
            ValueProviderTests.pixel(RenderingEngineTests.picture(animation, engine: engine, frame: frame), x, 50)[3]
                > 200
        }
        #expect(drawn(.complete, frame: 15, 50) && !drawn(.complete, frame: 15, 60))
        #expect(drawn(.automatic, frame: 15, 72) && !drawn(.automatic, frame: 15, 60))
        // The ends as they were.
        #expect(drawn(.complete, frame: 0, 10) && drawn(.complete, frame: 29.9, 89.5))
    }
}
