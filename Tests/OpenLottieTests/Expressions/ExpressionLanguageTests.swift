import Foundation
import OpenLottie
import Testing

/// The expression language as After Effects documents it and lottie-web implements it, each
/// function checked against values worked out by hand: 30 frames a second, so frame 15 is
/// `time` 0.5.
@Suite struct ExpressionLanguageTests {
    typealias F = ExpressionFixture
    static let tolerance = 1e-6

    @Test func timeAndValueAreTheCompositionsSecondsAndThePropertysOwnValue() throws {
        let point = try #require(try F.position("var $bm_rt;\n$bm_rt = [time * 100, value[1] + 5];", frame: 15))
        #expect(abs(point.x - 50) < Self.tolerance)  // 0.5 s · 100
        #expect(abs(point.y - 55) < Self.tolerance)
        // An expression without `$bm_rt` gives its last statement's value, as After Effects does.
        #expect(try F.rotation("time * 30", frame: 12).map { abs($0 - 12) < Self.tolerance } == true)
    }

    /// `time` is the composition's time whatever the layer's start time (`st`): lottie-web
    /// takes it from the composition's rendered frame, and After Effects' `time` is
    /// composition time. Drawn: a 10-point box at x = `time` × 60, so at x = 30 at frame 15.
    @Test func timeIsCompositionTimeWhateverTheLayersStartTime() throws {
        for start in [0.0, 10, -6] {
            let layer = F.layer(
                "Subject", index: 1, ["p": F.expression("[time * 60, 50]", value: "[0,50,0]")], start: start)
            let picture = ValueProviderTests.picture(try F.drawn([layer]), frame: 15)
            for (x, inside) in [(27.0, true), (33, true), (23, false), (37, false)] {
                let alpha = ValueProviderTests.pixel(picture, x, 52)[3]
                #expect(
                    (alpha == 255) == inside, "st \(start): x \(x) is \(inside ? "in" : "out of") the box: \(alpha)")
            }
        }
    }

    /// Rigs read their own structure, as lottie-web gives it: `thisProperty.propertyGroup(n)`
    /// climbs from the property to its shape item (a fill skips its own), the contents holding
    /// it, their group, … the layer's contents, then the layer; `propertyIndex` is the file's
    /// `ix`, `numProperties` counts a contents' items without the transform, `name` and `_name`
    /// are the group's name. The layer "Rig" holds group "Bar" (ix 3) holding a rectangle
    /// "Box" (ix 1), a fill (ix 2) whose opacity (ix 5) is the expression, and its transform.
    @Test(arguments: [
        ("thisProperty.propertyGroup(2).propertyIndex * 10", 30.0),
        ("thisProperty.propertyGroup(1).numProperties", 2), ("thisProperty.propertyGroup(2).name.length", 3),
        ("thisProperty.propertyGroup(2)._name === 'Bar' ? 1 : 0", 1),
        ("thisProperty.propertyGroup(3).numProperties", 1), ("thisProperty.propertyGroup(4).name.length", 3),
        ("thisProperty.propertyGroup(9)._name.length", 3),
        ("thisProperty.propertyGroup(2).content('Box').size[0]", 40),
        ("thisProperty.propertyGroup(1).content(1).propertyIndex", 1), ("thisProperty.propertyIndex", 5),
        // lottie-web's interfaces are functions too: the layer's contents (2), a group by name,
        // its contents (2), an item by its index (ix) or name, a property by its ix or match name.
        ("thisLayer(2)('Bar')(2)('Box')('ADBE Vector Rect Size')[0]", 40), ("thisLayer(2)('Bar')(2)(1)(7)[1]", 40),
        ("thisLayer('Contents')('Bar')('ADBE Vector Transform Group').opacity", 100),
        ("thisLayer('ADBE Transform Group').position[0]", 50), ("thisProperty.propertyGroup(2)(2).numProperties", 2),
        // A rig's guard: `parent` is read before the expression runs, and a layer without one
        // must not throw there.
        ("var p = 3; try { if (thisLayer.hasParent) { p = parent.fromComp([0, 0])[0]; } } catch (e) {} p", 3),
    ])
    func rigsReadTheirOwnStructure(expression: String, expected: Double) throws {
        let fill =
            #"{"ty":"fl","nm":"Paint","ix":2,"c":{"a":0,"k":[1,0,0,1]},"o":"#
            + F.expression(expression, value: "100").replacingOccurrences(of: #""k":100,"#, with: #""k":100,"ix":5,"#)
            + "}"
        let group =
            #"{"ty":"gr","nm":"Bar","ix":3,"it":[{"ty":"rc","nm":"Box","ix":1,"p":{"a":0,"k":[0,0]},"#
            + #""s":{"a":0,"k":[40,40],"ix":7},"r":{"a":0,"k":0}},"# + fill + #",{"ty":"tr","nm":"Transform"}]}"#
        let layer = F.layer("Rig", index: 1).replacingOccurrences(
            of: #""shapes":["#, with: #""shapes":["# + group + "],\"unused\":[")
        let baked = try F.baked([layer])
        #expect(baked.warnings.isEmpty, "\(baked.warnings)")
        let layers = try #require(baked.json["layers"] as? [[String: Any]])
        let shapes = try #require(layers.first?["shapes"] as? [[String: Any]])
        let items = try #require(shapes.first?["it"] as? [[String: Any]])
        let opacity = try #require(items[1]["o"] as? [String: Any])
        let value = try #require(
            (opacity["k"] as? NSNumber)?.doubleValue ?? (opacity["k"] as? [NSNumber])?.first?.doubleValue)
        #expect(abs(value - expected) < 1e-9, "\(expression) gave \(value)")
    }

    /// Bodymovin writes operators on arrays as `$bm_sum`, `$bm_sub`, `$bm_mul`, `$bm_div`.
    @Test(arguments: [
        ("$bm_sum([1, 2], [3, 4])[1]", 6.0), ("$bm_sub([5, 5], [1, 2])[1]", 3), ("$bm_mul([1, 2], 3)[1]", 6),
        ("$bm_div([4, 8], 4)[1]", 2), ("add(10, [1, 2])[0]", 11), ("$bm_neg([1, -2])[1]", 2),
        ("clamp(150, 0, 100)", 100), ("clamp([-5, 5], 0, 3)[1]", 3), ("length([3, 4])", 5),
        ("length([1, 1], [4, 5])", 5), ("normalize([3, 4])[0]", 0.6), ("dot([1, 2, 3], [4, 5, 6])", 32),
        ("cross([1, 0, 0], [0, 1, 0])[2]", 1), ("radiansToDegrees(Math.PI)", 180),
        ("degreesToRadians(180) * 100", 314.1592653589793), ("lookAt([0, 0, 0], [0, 0, 100])[0]", 0),
        ("lookAt([0, 0, 0], [100, 0, 0])[1]", 90), ("rgbToHsl([1, 0, 0, 1])[2] * 100", 50),
        ("hslToRgb([1 / 3, 1, 0.5, 1])[1] * 100", 100), ("hexToRgb('#FF8000')[1] * 255", 128),
        ("linear(time, 0, 1, 0, 100)", 50), ("linear(0.25, 10, 20)", 12.5), ("linear(5, 0, 1, 0, 100)", 100),
        ("ease(0, 0, 1, 0, 100)", 0), ("ease(1, 0, 1, 0, 100)", 100), ("framesToTime(45)", 1.5),
        ("timeToFrames()", 15), ("thisComp.width + thisComp.height", 200), ("thisComp.frameDuration * 30", 1),
        ("thisComp.numLayers", 1), ("thisLayer.index * 10", 10), ("thisLayer.name.length", 7),
        ("inPoint + outPoint", 2), ("thisComp.duration", 2),
    ])
    func vectorMathsAndTheCompositionsFacts(expression: String, expected: Double) throws {
        let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 15))
        #expect(abs(value - expected) < 1e-4, "\(expression) gave \(value)")
    }

    /// lottie-web's arithmetic takes strings as numbers where both sides are numbers or
    /// strings: `mul` and `div` convert them (a numeric string is its number), `sub` reads
    /// them as whole numbers (parseInt), `add` joins them as text; a string against an array
    /// changes its first component. Rigs read numbers from text layers and names this way.
    @Test(arguments: [
        ("$bm_mul('2', 3)", 6.0), ("$bm_mul(3, '2.5')", 7.5), ("mul('4', '5')", 20), ("$bm_div('9', 3)", 3),
        ("div(10, '4')", 2.5), ("$bm_mul([1, 2], '3')[1]", 6), ("$bm_div('12', [2, 4])[1]", 3),
        ("$bm_sub('7.9', 2)", 5), ("sub(10, '2.5')", 8), ("$bm_sub([10, 20], '5')[0]", 5),
        ("$bm_sum('1', 2).length", 2), ("Number($bm_sum('1', 2))", 12), ("isNaN($bm_mul('a', 2)) ? 1 : 0", 1),
        ("$bm_mul({}, 2)", 0),
    ])
    func arithmeticConvertsNumericStringsAsLottieWebDoes(expression: String, expected: Double) throws {
        let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 15))
        #expect(abs(value - expected) < 1e-9, "\(expression) gave \(value)")
    }

    /// ease eases both ends (slow at 0 and 1, so about half way at 0.5), easeIn the start only,
    /// easeOut the end only.
    @Test func easingFunctionsEaseTheirEnds() throws {
        let ease = try #require(try F.rotation("ease(0.5, 0, 1, 0, 100)", frame: 0))
        let easeIn = try #require(try F.rotation("easeIn(0.25, 0, 1, 0, 100)", frame: 0))
        let easeOut = try #require(try F.rotation("easeOut(0.75, 0, 1, 0, 100)", frame: 0))
        #expect(abs(ease - 50) < 0.5)
        #expect(easeIn < 25)
        #expect(easeOut > 75)
    }

    /// Keyframes 0 at frame 0, 90 at frame 10, 100 at frame 20 (straight between): the loop
    /// spans 20 frames; frame 23 is 3 frames past the last keyframe.
    @Test(arguments: [
        ("loopOut()", 27.0), ("loopOut('cycle')", 27), ("loopOut('pingpong')", 97), ("loopOut('offset')", 127),
        ("loopOut('continue')", 103), ("loopOut('cycle', 1)", 93), ("loopOutDuration('cycle', 1 / 3)", 93),
    ])
    func loopOutRepeatsTheKeyframesAfterTheLast(expression: String, expected: Double) throws {
        let keys: [(Double, String)] = [(0, "[0]"), (10, "[90]"), (20, "[100]")]
        let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 23, keys: keys))
        #expect(abs(value - expected) < 1e-3, "\(expression) gave \(value)")
        let inside = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 5, keys: keys))
        #expect(abs(inside - 45) < 1e-3, "the keyframes play inside their range")
    }

    /// A layer that starts at frame −20 (`st`): its keyframes (0 at 0, 90 at 10, 100 at 20)
    /// are at its composition's frames, as Bodymovin writes them (lottie-web's `st` cancels
    /// out, lottie-ios never applies it), so its loop starts after composition frame 20 as a
    /// layer starting at 0 does: frame 23 is 97, frame 3 is inside the keyframes.
    @Test func loopsFollowTheCompositionsFramesWhateverTheLayersStart() throws {
        let property = F.keyframes([(0, "[0]"), (10, "[90]"), (20, "[100]")], expression: "loopOut('pingpong')")
        let layer = try F.drawn([F.layer("Subject", index: 1, ["r": property], start: -20)])
        let keypath = AnimationKeypath(keypath: "Subject.Transform.Rotation")
        let late = try #require(layer.getValue(for: keypath, atFrame: 23) as? CGFloat)
        #expect(abs(Double(late) - 97) < 1e-3, "\(late)")
        let inside = try #require(layer.getValue(for: keypath, atFrame: 3) as? CGFloat)
        #expect(abs(Double(inside) - 27) < 1e-3, "\(inside)")
    }

    /// Keyframes 0 at frame 10, 90 at 20, 100 at 30: frame 7 is 3 frames before the first.
    @Test(arguments: [
        ("loopIn('cycle')", 97.0), ("loopIn('pingpong')", 27), ("loopIn('offset')", -3), ("loopIn('continue')", -27),
    ])
    func loopInRepeatsTheKeyframesBeforeTheFirst(expression: String, expected: Double) throws {
        let keys: [(Double, String)] = [(10, "[0]"), (20, "[90]"), (30, "[100]")]
        let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 7, keys: keys))
        #expect(abs(value - expected) < 1e-3, "\(expression) gave \(value)")
    }

    /// Keyframes 0 at frame 0 and 90 at frame 30: 90° a second.
    @Test(arguments: [
        ("valueAtTime(time + 0.5)", 0.0, 45.0), ("velocityAtTime(time)", 10, 90), ("velocity", 10, 90),
        ("speedAtTime(time)", 10, 90), ("key(2).value", 0, 90), ("key(2).time", 0, 1), ("numKeys", 0, 2),
        ("nearestKey(0.9).index", 0, 2), ("key(1).value", 5, 0), ("thisProperty.valueAtTime(0.5)", 0, 45),
    ])
    func keysAndValuesAtOtherTimes(expression: String, frame: Double, expected: Double) throws {
        let keys: [(Double, String)] = [(0, "[0]"), (30, "[90]")]
        let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: frame, keys: keys))
        #expect(abs(value - expected) < 1e-3, "\(expression) gave \(value)")
    }

    /// Another layer's transform, by name and by index, and its own expression's result.
    @Test func otherLayersTransformsAreTheirValuesAtTheSameTime() throws {
        let other = F.layer(
            "Other", index: 2,
            ["r": F.keyframes([(0, "[0]"), (30, "[90]")]), "p": F.expression("[10, 20, 0]", value: "[0,0,0]")])
        let byName = try F.rotation("thisComp.layer('Other').transform.rotation * 2", frame: 15, others: [other])
        #expect(byName.map { abs($0 - 90) < 1e-3 } == true)
        let byIndex = try F.rotation("thisComp.layer(2).rotation + 1", frame: 15, others: [other])
        #expect(byIndex.map { abs($0 - 46) < 1e-3 } == true)
        let expressed = try F.rotation("thisComp.layer('Other').transform.position[1]", frame: 15, others: [other])
        #expect(expressed.map { abs($0 - 20) < 1e-3 } == true, "the other property's expression is evaluated")
        let missing = try F.baked([
            F.layer("Subject", index: 1, ["r": F.expression("thisComp.layer('Nobody').rotation")])
        ])
        #expect(
            missing.warnings.map(\.description) == [
                "layers[0].ks.r.x: the expression throws Error: the composition has no layer \"Nobody\"; the keyframes are "
                    + "played"
            ])
    }

    /// Expression controls: a slider, an angle, a checkbox, a point and a colour, by name, by
    /// index and by match name.
    @Test func effectControlsGiveTheirValues() throws {
        func control(_ type: Int, _ name: String, _ match: String, _ value: String) -> String {
            #"{"ty":\#(type),"nm":"\#(name)","mn":"\#(match)","ef":[{"ty":\#(type),"nm":"\#(name.components(separatedBy: " ")[0])","mn":"\#(match)-0001","v":{"a":0,"k":\#(value)}}]}"#
        }
        let effects =
            #","ef":["#
            + [
                control(0, "Slider Control", "ADBE Slider Control", "42"),
                control(1, "Angle Control", "ADBE Angle Control", "30"),
                control(4, "Checkbox Control", "ADBE Checkbox Control", "1"),
                control(2, "Point Control", "ADBE Point Control", "[3,4]"),
                control(2, "Color Control", "ADBE Color Control", "[0.5,0.25,0,1]"),
            ].joined(separator: ",") + "]"
        for (expression, expected) in [
            ("effect('Slider Control')('Slider') * 2", 84.0), ("effect('Angle Control')(1)", 30),
            ("effect(3)('Checkbox') * 7", 7), ("effect('Point Control')('ADBE Point Control-0001')[1]", 4),
            ("effect('Color Control').param('Color')[1] * 100", 25),
        ] {
            let layer = try F.drawn([F.layer("Subject", index: 1, ["r": F.expression(expression)], extra: effects)])
            let value = try #require(
                layer.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: 0) as? CGFloat)
            #expect(abs(Double(value) - expected) < 1e-4, "\(expression) gave \(value)")
        }
    }

    /// A layer at (60, 40) with its anchor at (10, 10), scaled 200 % and turned 90°: the anchor
    /// is at its position; (20, 10), 10 points right of the anchor, is 20 points below it.
    @Test func toCompAndFromCompGoThroughTheLayersTransform() throws {
        let turned = F.layer(
            "Turned", index: 2,
            [
                "p": #"{"a":0,"k":[60,40,0]}"#, "a": #"{"a":0,"k":[10,10,0]}"#, "s": #"{"a":0,"k":[200,200,100]}"#,
                "r": #"{"a":0,"k":90}"#,
            ])
        let anchor = try #require(
            try F.position("thisComp.layer('Turned').toComp([10, 10])", frame: 0, others: [turned]))
        #expect(abs(anchor.x - 60) < 1e-6 && abs(anchor.y - 40) < 1e-6)
        let right = try #require(
            try F.position("thisComp.layer('Turned').toComp([20, 10])", frame: 0, others: [turned]))
        #expect(abs(right.x - 60) < 1e-6 && abs(right.y - 60) < 1e-6)
        let back = try #require(
            try F.position("thisComp.layer('Turned').fromComp([60, 60])", frame: 0, others: [turned]))
        #expect(abs(back.x - 20) < 1e-6 && abs(back.y - 10) < 1e-6)
    }

    /// Markers by number and by name (`tm` 15 is 0.5 s, `dr` 30 is 1 s).
    @Test func markersGiveTheirTimesAndDurations() throws {
        let markers = #","markers":[{"tm":15,"cm":"intro","dr":30},{"tm":45,"cm":"outro","dr":0}]"#
        for (expression, expected) in [
            ("thisComp.marker.key(1).time", 0.5), ("thisComp.marker.key('outro').time", 1.5),
            ("thisComp.marker.key('intro').duration", 1), ("thisComp.marker.numKeys", 2),
            ("thisComp.marker.nearestKey(1.2).index", 2),
        ] {
            let value = try #require(try F.rotation("var $bm_rt;\n$bm_rt = \(expression);", frame: 0, extra: markers))
            #expect(abs(value - expected) < 1e-6, "\(expression) gave \(value)")
        }
    }

    /// posterizeTime(2) holds `time` at whole half seconds: frame 14 (0.467 s) shows 0, frame 16
    /// (0.533 s) shows 0.5 s.
    @Test func posterizeTimeHoldsTimeAtItsRate() throws {
        let code = "posterizeTime(2); var $bm_rt = time * 30;"
        #expect(try F.rotation(code, frame: 14).map { abs($0) < 1e-6 } == true)
        #expect(try F.rotation(code, frame: 16).map { abs($0 - 15) < 1e-6 } == true)
    }

    /// content("Group").content("Path").path, createPath and a text layer's sourceText.
    @Test func pathsAndTextsAreExpressionValuesToo() throws {
        let path = #"{"a":0,"k":{"c":false,"v":[[0,0],[10,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}"#
        let shapes =
            #","shapes":[{"ty":"gr","nm":"Group","it":[{"ty":"sh","nm":"Path","ks":\#(path)},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let source = #"{"ty":4,"ind":2,"nm":"Source","ip":0,"op":60,"st":0,"ks":{}\#(shapes)}"#
        let point = try #require(
            try F.position(
                "thisComp.layer('Source').content('Group').content('Path').path.points()[1]", frame: 0, others: [source]
            ))
        #expect(point == CGPoint(x: 10, y: 0))
        let made =
            #"{"ty":4,"ind":1,"nm":"Made","ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"sh","nm":"P","ks":"#
            + F.expression(
                "createPath([[0, 0], [time * 30, 0], [0, 5]], [], [], true)",
                value: String(path.dropFirst(11).dropLast(1)))
            + "}]}"
        let baked = try F.baked([made])
        let shape = try #require(
            (((baked.json["layers"] as? [[String: Any]])?[0]["shapes"] as? [[String: Any]])?[0]["ks"] as? [String: Any])
        )
        let keyframes = try #require(shape["k"] as? [[String: Any]])
        let atTen = try #require(keyframes.first { ($0["t"] as? Double) == 10 })
        let vertices = try #require(((atTen["s"] as? [[String: Any]])?[0]["v"]) as? [[Double]])
        #expect(vertices == [[0, 0], [10, 0], [0, 5]])
        let text =
            #"{"ty":5,"ind":1,"nm":"Label","ip":0,"op":60,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":12,"f":"Sans","t":"x","j":0,"tr":0,"lh":14,"ls":0,"fc":[0,0,0]},"t":0}],"x":"var $bm_rt;\n$bm_rt = 'Frame ' + Math.round(time * 30);"},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}"#
        let fonts = #","fonts":{"list":[{"fName":"Sans","fFamily":"Sans","fStyle":"Regular","ascent":75}]}"#
        let label = try F.baked([text], extra: fonts)
        let document = try #require(
            (((label.json["layers"] as? [[String: Any]])?[0]["t"] as? [String: Any])?["d"] as? [String: Any])?["k"]
                as? [[String: Any]])
        let frameTen = try #require(document.first { ($0["t"] as? Double) == 10 })
        #expect((frameTen["s"] as? [String: Any])?["t"] as? String == "Frame 10")
    }
}
