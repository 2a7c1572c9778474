import Foundation
import LottieTestSupport
import OpenLottie
import OpenQuartzCore
import Testing

/// Bad input (files come from anywhere) gives a thrown error naming the file and the JSON path,
/// or a warning where a sensible picture is still possible, never a trap, a hang or unbounded
/// memory. The inputs that took minutes or gigabytes to make a layer tree of, before reading
/// estimated its cost, are kept in `layerTreeTooCostlyToMakeIsRefused`; what the fuzz target
/// (Scripts/fuzz-lottie.sh) finds belongs here too.
@Suite struct LottieRobustnessTests {
    /// A minimal animation around `layers` (and `assets`), with `extra` fields appended.
    static func document(layers: String, assets: String = "[]", extra: String = "") -> String {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":"# + assets + #","layers":"# + layers + extra
            + "}"
    }

    /// A shape layer drawing `shapes`.
    static func shapeLayer(_ shapes: String, extra: String = "") -> String {
        #"{"ty":4,"ind":1,"ks":{},"ip":0,"op":60,"st":0,"shapes":"# + shapes + extra + "}"
    }

    static let rectangle = #"{"ty":"rc","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}}"#
    static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    /// Reads `json` as `bad.json`; the error it throws, or nil when it loads.
    func readingError(_ json: String, limits: ReadingLimits = .standard) -> LottieError? {
        readingError(Data(json.utf8), limits: limits)
    }

    func readingError(_ data: Data, limits: ReadingLimits = .standard) -> LottieError? {
        do {
            _ = try LottieAnimation(data: data, name: "bad.json", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// The error reading `json` throws; records an issue when it loads.
    func expectError(
        _ json: String, limits: ReadingLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LottieError {
        let error = try #require(readingError(json, limits: limits), sourceLocation: sourceLocation)
        #expect(error.file == "bad.json", sourceLocation: sourceLocation)
        return error
    }
}

// MARK: - Malformed JSON, wrong types, missing fields

extension LottieRobustnessTests {
    @Test func malformedJSONIsAnErrorForTheWholeFile() throws {
        let error = try expectError(#"{"w": 100, "h": "#)
        #expect(error.path == "")
        #expect(error.message.hasPrefix("is not JSON"))
        #expect(error.description.hasPrefix("bad.json: is not JSON"))
        let notUTF8 = try #require(readingError(Data([0x7B, 0xFF, 0xFE, 0x7D])))
        #expect(notUTF8.path == "" && notUTF8.message.hasPrefix("is not JSON"))
        let empty = try #require(readingError(Data()))
        #expect(empty.path == "" && empty.message.hasPrefix("is not JSON"))
    }

    @Test func documentThatIsNotAnObjectIsRefused() throws {
        let error = try expectError("[1, 2, 3]")
        #expect(error.path == "")
        #expect(error.message == "a Lottie animation is a JSON object, found an array")
    }

    @Test func missingWidthIsNamed() throws {
        let error = try expectError(#"{"fr":30,"ip":0,"op":60,"h":100,"layers":[]}"#)
        #expect(error.path == "")
        #expect(error.message == #"the required field "w" is missing"#)
        let layers = try expectError(#"{"fr":30,"ip":0,"op":60,"w":100,"h":100}"#)
        #expect(layers.message == #"the required field "layers" is missing"#)
    }

    @Test func wrongTypeNamesThePathOfTheField() throws {
        // A path whose keyframes (`ks`) are a string.
        let path = try expectError(Self.document(layers: "[" + Self.shapeLayer(#"[{"ty":"sh","ks":"x"}]"#) + "]"))
        #expect(path.path == "layers[0].shapes[0].ks")
        #expect(path.message == #"expected a path (an object with "v"), found a string"#)
        // A keyframe's value deep in an animated path.
        let keyframe = try expectError(
            Self.document(
                layers: "["
                    + Self.shapeLayer(
                        #"[{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"v":[[0,0]],"c":false}]},{"t":10,"s":"x"}]}}]"#)
                    + "]"))
        #expect(keyframe.path == "layers[0].shapes[0].ks.k[1].s")
        #expect(keyframe.message.contains("found a string"))
        // A width that is a string, a layer that is a number, a colour that is an object.
        #expect(try expectError(#"{"fr":30,"ip":0,"op":60,"w":"wide","h":100,"layers":[]}"#).path == "w")
        let layer = try expectError(Self.document(layers: "[7]"))
        #expect(layer.path == "layers[0]" && layer.message == "expected a layer object, found a number")
        let color = try expectError(
            Self.document(layers: "[" + Self.shapeLayer(#"[{"ty":"fl","c":{"a":0,"k":{"r":1}}}]"#) + "]"))
        #expect(color.path == "layers[0].shapes[0].c.k" && color.message == "expected an array, found an object")
    }

    @Test func missingFieldsOfLayersAndItemsAreNamed() throws {
        let type = try expectError(Self.document(layers: "[" + Self.shapeLayer(#"[{"nm":"no type"}]"#) + "]"))
        #expect(type.path == "layers[0].shapes[0]")
        #expect(type.message == #"the required field "ty" is missing"#)
        let refId = try expectError(Self.document(layers: #"[{"ty":0,"ks":{}}]"#))
        #expect(refId.path == "layers[0]" && refId.message == #"the required field "refId" is missing"#)
        let time = try expectError(
            Self.document(layers: #"[{"ty":3,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"s":[100]}]}}}]"#))
        #expect(time.path == "layers[0].ks.o.k[1]" && time.message == #"the required field "t" is missing"#)
    }
}

// MARK: - References

extension LottieRobustnessTests {
    @Test func referenceToAMissingAssetIsAWarningAndTheRestIsRead() throws {
        // lottie-ios shows such a layer empty: the file is read, the warning names the place.
        let missing = try LottieAnimation(
            data: Data(
                Self.document(
                    layers: #"[{"ty":0,"refId":"nowhere","ks":{}},{"ty":3,"ks":{}},{"ty":2,"refId":"comp","ks":{}}]"#,
                    assets: #"[{"id":"comp","layers":[]}]"#
                ).utf8))
        #expect(
            missing.warnings.map(\.description) == [
                #"layers[0].refId: no precomposition asset has the id "nowhere"; the layer draws nothing"#,
                #"layers[2].refId: no image asset has the id "comp"; the layer draws nothing"#,
            ])
        // The layers are still built, the empty ones drawing nothing.
        let layer = missing.makeLayer()
        #expect(layer.contentLayer.sublayers?.count == 3)
        // In a precomposition, the path is the asset's.
        let nested = try LottieAnimation(
            data: Data(
                Self.document(
                    layers: #"[{"ty":0,"refId":"a","ks":{}}]"#,
                    assets: #"[{"id":"a","layers":[{"ty":0,"refId":"b","ks":{}}]}]"#
                ).utf8))
        #expect(nested.warnings.map(\.path) == ["assets[0].layers[0].refId"])
    }

    @Test func precompositionContainingItselfIsRefused() throws {
        let direct = try expectError(
            Self.document(
                layers: #"[{"ty":0,"refId":"a","ks":{}}]"#,
                assets: #"[{"id":"a","layers":[{"ty":3,"ks":{}},{"ty":0,"refId":"a","ks":{}}]}]"#))
        #expect(direct.path == "assets[0].layers[1].refId")
        #expect(direct.message == #"the precomposition "a" contains itself ("a" → "a")"#)
        let throughAnother = try expectError(
            Self.document(
                layers: #"[{"ty":0,"refId":"a","ks":{}}]"#,
                assets: #"[{"id":"a","layers":[{"ty":0,"refId":"b","ks":{}}]},"#
                    + #"{"id":"b","layers":[{"ty":0,"refId":"a","ks":{}}]}]"#))
        #expect(throughAnother.path == "assets[1].layers[0].refId")
        #expect(throughAnother.message == #"the precomposition "a" contains itself ("a" → "b" → "a")"#)
        // A hidden layer draws nothing but is still checked.
        let hidden = try expectError(
            Self.document(
                layers: #"[{"ty":0,"refId":"a","hd":true,"ks":{}}]"#,
                assets: #"[{"id":"a","layers":[{"ty":0,"refId":"a","ks":{}}]}]"#))
        #expect(hidden.message.contains("contains itself"))
    }

    /// `a0` uses `a1` twice, `a1` uses `a2` twice… thirty levels: 2³⁰ uses of the last.
    static func diamond(levels: Int) -> String {
        var assets: [String] = [#"{"id":"a\#(levels)","layers":[{"ty":3,"ks":{}}]}"#]
        for level in 0..<levels {
            let use = #"{"ty":0,"refId":"a\#(level + 1)","w":10,"h":10,"ks":{}}"#
            assets.append(#"{"id":"a\#(level)","layers":[\#(use),\#(use)]}"#)
        }
        return document(
            layers: #"[{"ty":0,"refId":"a0","w":10,"h":10,"ks":{}}]"#, assets: "[" + assets.joined(separator: ",") + "]"
        )
    }

    @Test func diamondOfPrecompositionsIsCheckedOnceAnAssetAndRefusedForItsSize() throws {
        // Each asset is checked once: thirty levels take a few steps a level, and the 2³⁰
        // layers they would make are refused before any is made.
        let error = try expectError(Self.diamond(levels: 30))
        #expect(error.path == "layers[0]")
        #expect(error.message.hasPrefix("making the layer tree would take about "))
        #expect(error.message.contains("e+10 keyframes' work"))
        // A shallow diamond is an ordinary animation.
        let shallow = try LottieAnimation(data: Data(Self.diamond(levels: 4).utf8))
        #expect(shallow.warnings.isEmpty)
        #expect(shallow.makeLayer().contentLayer.sublayers?.count == 1)
    }

    @Test func precompositionsNestedTooDeeplyAreRefused() throws {
        // A chain of 70 precompositions, each using the next once.
        var assets: [String] = [#"{"id":"p70","layers":[]}"#]
        for level in 0..<70 {
            assets.append(#"{"id":"p\#(level)","layers":[{"ty":0,"refId":"p\#(level + 1)","ks":{}}]}"#)
        }
        let error = try expectError(
            Self.document(
                layers: #"[{"ty":0,"refId":"p0","ks":{}}]"#, assets: "[" + assets.joined(separator: ",") + "]"))
        #expect(error.message == "precompositions nest deeper than 64")
        #expect(error.path.hasSuffix(".layers[0].refId"))
        // The same chain reached a second time, through an asset already checked, is refused too.
        var limits = ReadingLimits.standard
        limits.maximumDepth = 3
        let reused = try expectError(
            Self.document(
                layers: #"[{"ty":0,"refId":"p2","ks":{}},{"ty":0,"refId":"p0","ks":{}}]"#,
                assets: #"[{"id":"p3","layers":[]},{"id":"p2","layers":[{"ty":0,"refId":"p3","ks":{}}]},"#
                    + #"{"id":"p1","layers":[{"ty":0,"refId":"p2","ks":{}}]},"#
                    + #"{"id":"p0","layers":[{"ty":0,"refId":"p1","ks":{}}]}]"#),
            limits: limits)
        #expect(reused.message == "precompositions nest deeper than 3")
        #expect(reused.path == "assets[2].layers[0].refId")
    }
}

// MARK: - Absurd sizes, frame counts, numbers, element counts and nesting

extension LottieRobustnessTests {
    @Test func absurdSizeIsRefused() throws {
        let wide = try expectError(#"{"fr":30,"ip":0,"op":60,"w":1e9,"h":100,"layers":[]}"#)
        #expect(wide.path == "w")
        #expect(wide.message == "the size 1000000000.0 is outside 0…16384 points")
        let huge = try expectError(#"{"fr":30,"ip":0,"op":60,"w":100,"h":1e300,"layers":[]}"#)
        #expect(huge.path == "h")
        #expect(huge.message.contains("out of range"))
        #expect(try expectError(#"{"fr":30,"ip":0,"op":60,"w":100,"h":-5,"layers":[]}"#).path == "h")
        let notANumber = try expectError(#"{"fr":30,"ip":0,"op":60,"w":100,"h":1e400,"layers":[]}"#)
        #expect(notANumber.path == "" && notANumber.message.hasPrefix("is not JSON"))
        // Foundation quotes the number in full; the message stays short.
        let long = try expectError(#"{"w":1"# + String(repeating: "0", count: 100_000) + "}")
        #expect(long.message.count < 300)
    }

    @Test func endBeforeStartIsRefused() throws {
        let error = try expectError(#"{"fr":30,"ip":60,"op":10,"w":100,"h":100,"layers":[]}"#)
        #expect(error.path == "op")
        #expect(error.message.hasPrefix("the frames 60.0…10.0 are not a usable range"))
        let endless = try expectError(#"{"fr":30,"ip":0,"op":1e8,"w":100,"h":100,"layers":[]}"#)
        #expect(endless.path == "op" && endless.message.contains("at most 1e+06 frames"))
        let rate = try expectError(#"{"fr":0,"ip":0,"op":10,"w":100,"h":100,"layers":[]}"#)
        #expect(rate.path == "fr" && rate.message == "a frame rate of 0.0 is not usable")
    }

    @Test func numbersTooLargeForAnIntegerAreRefusedNotTrapped() throws {
        // `Int(1e300)` traps: indices, parents and matte types are bounded first.
        for (field, value) in [("ind", "1e300"), ("parent", "9.3e18"), ("tt", "-1e19"), ("bm", "1e300")] {
            let error = try expectError(Self.document(layers: #"[{"ty":3,"ks":{},"\#(field)":\#(value)}]"#))
            #expect(error.path == "layers[0].\(field)")
            #expect(error.message.contains("out of range"))
        }
        let repeater = try expectError(
            Self.document(
                layers: "["
                    + Self.shapeLayer(
                        #"[{"ty":"rp","c":{"a":0,"k":1e300},"tr":{}},"#
                            + Self.rectangle + "," + Self.fill + "]") + "]"))
        #expect(repeater.path == "layers[0].shapes[0].c.k" && repeater.message.contains("out of range"))
        let trim = try expectError(
            Self.document(
                layers: "["
                    + Self.shapeLayer(
                        #"[{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":-1e100},"o":{"a":0,"k":5}},"#
                            + Self.rectangle + "]") + "]"))
        #expect(trim.path == "layers[0].shapes[0].e.k")
    }

    @Test func tooManyElementsAreRefused() throws {
        // 200,001 vertices in one path: more than any array is read with.
        let vertices = "[" + String(repeating: "[0,0],", count: 200_000) + "[0,0]]"
        let error = try expectError(
            Self.document(layers: "[" + Self.shapeLayer(#"[{"ty":"sh","ks":{"a":0,"k":{"v":\#(vertices)}}}]"#) + "]"))
        #expect(error.path == "layers[0].shapes[0].ks.k.v")
        #expect(error.message == "has 200001 elements; at most 200000 are read")
        // Keyframes against a smaller limit: eleven where ten are allowed.
        var limits = ReadingLimits.standard
        limits.maximumElements = 10
        let keyframes = (0...10).map { #"{"t":\#($0),"s":[\#($0)]}"# }.joined(separator: ",")
        let tooMany = try expectError(
            Self.document(layers: #"[{"ty":3,"ks":{"o":{"a":1,"k":[\#(keyframes)]}}}]"#), limits: limits)
        #expect(tooMany.path == "layers[0].ks.o.k")
        #expect(tooMany.message == "has 11 elements; at most 10 are read")
        limits.maximumVertices = 2
        let path = try expectError(
            Self.document(layers: "[" + Self.shapeLayer(#"[{"ty":"sh","ks":{"k":{"v":[[0,0],[1,1],[2,2]]}}}]"#) + "]"),
            limits: limits)
        #expect(path.path == "layers[0].shapes[0].ks.k" && path.message.contains("3 vertices"))
    }

    @Test func shapeGroupsNestedTooDeeplyAreRefused() throws {
        let nested =
            String(repeating: #"{"ty":"gr","it":["#, count: 100) + Self.rectangle
            + String(repeating: "]}", count: 100)
        let error = try expectError(Self.document(layers: "[" + Self.shapeLayer("[" + nested + "]") + "]"))
        #expect(error.message == "shape groups nest deeper than 64")
        #expect(error.path.hasPrefix("layers[0].shapes[0].it[0].it[0]"))
        #expect(error.path.hasSuffix(".it"))
    }

    @Test func jsonNestedDeeperThanTheReaderAllowsIsAnError() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try expectError(#"{"w":100,"h":100,"layers":"# + deep + "}")
        #expect(error.path == "")
        #expect(error.message.hasPrefix("is not JSON: arrays and objects nest deeper than 512 at byte "))
        // 511 arrays inside the document's object are still JSON (and then not a Lottie file).
        let deepest = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let allowed = try expectError(#"{"w":100,"h":100,"layers":"# + deepest + "}")
        #expect(!allowed.message.hasPrefix("is not JSON"))
    }

    @Test func layerTreeTooCostlyToMakeIsRefused() throws {
        // Two keyframes a million frames apart, timed unlike the rectangle's other property:
        // the path would be sampled every tenth of a frame.
        let spread =
            #"{"ty":"rc","s":{"a":1,"k":[{"t":0,"s":[1,1]},{"t":1000000,"s":[5,5]}]},"#
            + #""p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":10,"s":[5,5]}]},"r":{"a":0,"k":0}}"#
        let sampled = try expectError(
            Self.document(layers: #"[{"ty":3,"ks":{}},"# + Self.shapeLayer("[" + spread + "," + Self.fill + "]") + "]"))
        #expect(sampled.path == "layers[1]")
        #expect(sampled.message.contains("keyframes' work"))
        // A time-remapped precomposition samples every animated property below it at every
        // frame: 1,000 layers over a million frames.
        let animated = #"{"ty":3,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[90]}]}}}"#
        let remapped = try expectError(
            #"{"fr":30,"ip":0,"op":1000000,"w":100,"h":100,"layers":[{"ty":0,"refId":"a","ks":{},"#
                + #""tm":{"a":0,"k":0}}],"assets":[{"id":"a","layers":["#
                + Array(repeating: animated, count: 1_000).joined(separator: ",") + "]}]}")
        #expect(remapped.path == "layers[0]" && remapped.message.contains("keyframes' work"))
        // A thousand copies of a thousand rectangles.
        let copies = #"{"ty":"rp","c":{"a":0,"k":1000},"tr":{}}"#
        let rectangles = Array(repeating: #"{"ty":"gr","it":[\#(Self.rectangle),\#(Self.fill)]}"#, count: 1_000)
        let repeated = try expectError(
            Self.document(
                layers: "[" + Self.shapeLayer("[" + ([copies] + rectangles).joined(separator: ",") + "]") + "]"))
        #expect(repeated.path == "layers[0]")
        // Ten thousand layers side by side in the root: making the tree again (to play) takes
        // each out of the list apart.
        let nulls = Array(repeating: #"{"ty":3,"ks":{}}"#, count: 10_000).joined(separator: ",")
        let sideBySide = try expectError(Self.document(layers: "[" + nulls + "]"))
        #expect(sideBySide.path == "layers")
        #expect(sideBySide.message.contains("of it for the 10000 layers side by side"))
        // A chain of a thousand layers, each the parent of the next: every layer is wrapped in
        // all of its parents, half a million layers in all.
        let chain = (1...1_000).map { #"{"ty":3,"ind":\#($0),"parent":\#($0 - 1),"ks":{}}"# }
        let parents = try expectError(Self.document(layers: "[" + chain.joined(separator: ",") + "]"))
        #expect(parents.path == "layers")
        #expect(parents.message.contains("of it for the layers that carry each layer's parents' transforms"))
    }
}

// MARK: - Odd but valid files

extension LottieRobustnessTests {
    /// Files that load with warnings, each with the path one of its warnings names.
    static let oddFiles: [(name: String, json: String, warningPath: String)] = [
        (
            "expression",
            document(layers: #"[{"ty":3,"ks":{"o":{"a":0,"k":50,"x":"wiggle(1,2)"}}}]"#),
            "layers[0].ks.o.x"
        ),
        (
            "unknown shape type",
            document(layers: "[" + shapeLayer(#"[{"ty":"zz"},"# + rectangle + "," + fill + "]") + "]"),
            "layers[0].shapes[0]"
        ),
        (
            "text layer",
            document(
                layers: #"[{"ty":5,"ks":{},"t":{"d":{"k":[{"s":{"t":"Hi","s":12},"t":0}]}}},"#
                    + shapeLayer("[" + rectangle + "," + fill + "]") + "]"),
            "layers[0]"
        ),
        (
            "camera, unknown layer types and 3D",
            document(layers: #"[{"ty":13,"ks":{}},{"ty":99,"ks":{}},{"ty":3,"ddd":1,"ks":{}}]"#),
            "layers[1]"
        ),
        (
            "image file with no folder",
            document(layers: #"[{"ty":2,"refId":"i","ks":{}}]"#, assets: #"[{"id":"i","w":10,"h":10,"p":"a.png"}]"#),
            "assets[0]"
        ),
        (
            "duplicate asset ids",
            document(
                layers: #"[{"ty":0,"refId":"a","ks":{}}]"#,
                assets: #"[{"id":"a","layers":[]},{"id":"a","w":1,"h":1,"p":"x.png"}]"#),
            "assets[1]"
        ),
        (
            "parent cycle and missing parent, luma matte, blend mode",
            document(
                layers: #"[{"ty":3,"ind":1,"parent":2,"ks":{}},{"ty":3,"ind":2,"parent":1,"ks":{}},"#
                    + ##"{"ty":1,"ind":3,"parent":7,"sc":"#zzzzzz","sw":10,"sh":10,"tt":3,"bm":5,"ks":{}}]"##),
            "layers[2]"
        ),
        (
            "merge paths, trims past the end, odd stars, a negative time stretch",
            document(
                layers: "["
                    + shapeLayer(
                        #"[{"ty":"mm","mm":1},{"ty":"sr","sy":1,"pt":{"a":0,"k":-3},"or":{"a":0,"k":0}},"#
                            + #"{"ty":"sr","sy":2,"pt":{"a":0,"k":1e9},"or":{"a":0,"k":5}},"#
                            + #"{"ty":"tm","s":{"a":0,"k":-400},"e":{"a":0,"k":900},"o":{"a":0,"k":1e6}},"#
                            + rectangle + "," + fill + "]", extra: #","sr":-0.001"#) + "]"),
            "layers[0].shapes[0]"
        ),
        (
            "mask modes, inverted and empty masks",
            document(
                layers: ##"[{"ty":1,"sc":"#fff","sw":50,"sh":50,"ks":{},"masksProperties":["##
                    + #"{"mode":"f","pt":{"a":0,"k":{"v":[],"c":true}},"x":{"a":0,"k":4}},"#
                    + #"{"mode":"s","inv":true,"pt":{"a":0,"k":{"v":[[0,0],[9,9],[0,9]],"c":true}},"o":{"a":0,"k":0}}]}]"#
            ),
            "layers[0].masksProperties[0]"
        ),
        (
            "effects and layer styles",
            document(
                layers:
                    ##"[{"ty":1,"sc":"#808080","sw":50,"sh":50,"ks":{},"ef":[{"ty":5,"ef":[]},{"ty":25,"ef":[{"v":{"k":[0,0,0,1]}},"##
                    + #"{"v":{"k":50}},"#
                    + #"{"v":{"k":135}},{"v":{"k":1e9}},{"v":{"k":1e9}}]}],"sy":[{"ty":2}]}]"#),
            "layers[0].sy[0]"
        ),
    ]

    @Test(arguments: oddFiles.map { $0.name })
    func oddButValidFileLoadsWithWarningsNamingTheirPaths(_ name: String) throws {
        let file = try #require(Self.oddFiles.first { $0.name == name })
        let animation = try LottieAnimation(data: Data(file.json.utf8), name: "odd.json")
        #expect(!animation.warnings.isEmpty)
        #expect(
            animation.warnings.contains { $0.path == file.warningPath },
            "\(animation.warnings.map(\.description))")
    }

    @Test func warningsSayWhatIsNotDrawn() throws {
        let expression = try LottieAnimation(data: Data(Self.oddFiles[0].json.utf8))
        #expect(
            expression.warnings.map(\.message) == [
                "After Effects expressions are not evaluated; the keyframes are played"
            ])
        let shape = try LottieAnimation(data: Data(Self.oddFiles[1].json.utf8))
        #expect(shape.warnings.map(\.message) == [#"shape items of type "zz" are not drawn"#])
        // Text without glyphs in the file is drawn with the renderer's fonts.
        let text = try LottieAnimation(data: Data(Self.oddFiles[2].json.utf8))
        #expect(text.warnings.map(\.path) == ["layers[0]"])
        #expect(text.warnings.first?.message.contains("font") == true)
    }

    @Test(arguments: oddFiles.map { $0.name })
    func oddFileBuildsItsLayerTreeAndRendersAFrame(_ name: String) throws {
        let file = try #require(Self.oddFiles.first { $0.name == name })
        let animation = try LottieAnimation(data: Data(file.json.utf8), name: "odd.json")
        for progress in [0, 0.5, 1] {
            let layer = animation.makeLayer()
            layer.currentProgress = progress
            #expect(abs(layer.currentProgress - progress) < 1e-12)
        }
        let image = LottieSnapshot.render(animation, frame: 30, width: 32, height: 32)
        #expect(image.width == 32 && image.height == 32)
    }

    @Test func corpusSamplesLoadWithinTheLimits() throws {
        guard LottieCorpus.isPresent(for: "Lottie corpus samples") else { return }
        for sample in try LottieCorpus.samples() {
            #expect(throws: Never.self, "\(sample)") { try LottieAnimation(contentsOf: sample.url) }
        }
    }
}
