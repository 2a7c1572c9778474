import Foundation
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// lottie-ios's dynamic properties: keypaths, value providers of each kind (a value, keyframes,
/// a closure), the keypaths an animation lists, reading values back, image and text
/// providers, the viewport, and the values files `carender --values` reads.
@Suite struct ValueProviderTests {
    /// 100 × 100 points, frames 0–60 at 30 fps. A precomposition "Card" holds the shape layer
    /// "Box": a red 40-point square centred at (30, 30) (group "Group 1", fill "Fill 1") and a
    /// green-stroked 20-point square centred at (75, 75) (group "Line", stroke "Stroke 1", 4
    /// points wide).
    static let card = Data(
        #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
         "assets":[{"id":"comp","layers":[
           {"ty":4,"nm":"Box","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[
             {"ty":"gr","nm":"Group 1","it":[
               {"ty":"rc","nm":"Rect","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}},
               {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
               {"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},
                "r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
             {"ty":"gr","nm":"Line","it":[
               {"ty":"rc","nm":"Rect","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[75,75]},"r":{"a":0,"k":0}},
               {"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},
                "lc":2,"lj":2},
               {"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},
                "r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}],
         "layers":[{"ty":0,"nm":"Card","refId":"comp","ind":1,"ip":0,"op":60,"st":0,"w":100,"h":100,"ks":{}}]}
        """#.utf8)

    static func animation() throws -> LottieAnimation { try LottieAnimation(data: card) }

    /// The frame, the layer `side` points square, at `scale` pixels a point: by default 2 pixels
    /// a point of 100 (200 × 200), as the snapshot tests draw it.
    static func picture(_ layer: LottieAnimationLayer, frame: Double, side: Int = 100, scale: Int = 2) -> CGImage {
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.position = .zero
        layer.currentFrame = frame
        let renderer = CAFrameRenderer(width: side * scale, height: side * scale, scale: CGFloat(scale))
        renderer.threads = 1
        var image: CGImage?
        try? renderer.render(layer, atTimes: [0], prepare: { _ in }, deliver: { image = $0.image })
        guard let image else { fatalError("ValueProviderTests: the renderer delivered no frame") }
        return image
    }

    /// The pixel at point (x, y) of the animation.
    static func pixel(_ image: CGImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2))
    }

    static func expectPixel(_ actual: [Int], _ expected: [Int], within tolerance: Int = 2, _ what: String) {
        #expect(
            zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance },
            "\(what): \(actual), expected \(expected) within \(tolerance) levels")
    }

    // MARK: Keypaths

    @Test func keypathsMatchAsLottieIOSMatchesThem() {
        func matches(_ pattern: String, _ path: String) -> Bool { AnimationKeypath(keypath: pattern).matches(path) }
        #expect(matches("Card.Box.Group 1.Fill 1.Color", "Card.Box.Group 1.Fill 1.Color"))
        #expect(!matches("Box.Group 1.Fill 1.Color", "Card.Box.Group 1.Fill 1.Color"))
        // `**` any number of names, none included.
        #expect(matches("**.Color", "Color"))
        #expect(matches("**.Color", "Card.Box.Group 1.Fill 1.Color"))
        #expect(matches("**.Stroke 1.**.Color", "Card.Box.Line.Stroke 1.Color"))
        #expect(matches("Card.**", "Card.Box.Transform.Scale"))
        #expect(!matches("Card.**", "Cards.Box"))
        // `*` exactly one name.
        #expect(matches("*.Box.*.Fill 1.Color", "Card.Box.Group 1.Fill 1.Color"))
        #expect(!matches("*.Fill 1.Color", "Card.Box.Group 1.Fill 1.Color"))
        #expect(!matches("Card.*.Transform.Scale", "Card.Box.Group 1.Transform.Scale"))
        // As lottie-ios's pattern: `**.` before a name does not need a dot before that name.
        #expect(matches("**.Color", "Layer.BackgroundColor"))
        #expect(AnimationKeypath(keypath: "A.B").keys == ["A", "B"])
        #expect(AnimationKeypath(keys: ["A", "B.C"]).fullPath == "A.B.C")
    }

    @Test func theAnimationListsItsKeypathsInTheFilesOrder() throws {
        let layer = try Self.animation().makeLayer()
        let transform = ["Position", "Scale", "Rotation", "Opacity"]
        let expected =
            transform.map { "Card.Transform.\($0)" } + transform.map { "Card.Box.Transform.\($0)" }
            + ["Card.Box.Group 1.Fill 1.Color", "Card.Box.Group 1.Fill 1.Opacity"]
            + transform.map { "Card.Box.Group 1.Transform.\($0)" }
            + ["Card.Box.Line.Stroke 1.Color", "Card.Box.Line.Stroke 1.Opacity", "Card.Box.Line.Stroke 1.Stroke Width"]
            + transform.map { "Card.Box.Line.Transform.\($0)" }
        #expect(layer.allHierarchyKeypaths() == expected)
    }

    // MARK: Providers

    @Test func aColourFromAKeypathWithWildcardsFillsTheShape() throws {
        let layer = try Self.animation().makeLayer()
        let before = Self.picture(layer, frame: 10)
        Self.expectPixel(Self.pixel(before, 30, 30), [255, 0, 0, 255], "the file's red")
        layer.setValueProvider(
            ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        let after = Self.picture(layer, frame: 10)
        Self.expectPixel(Self.pixel(after, 30, 30), [0, 0, 255, 255], "the provider's blue")
        // The stroke is not a fill: still green.
        Self.expectPixel(Self.pixel(after, 65, 75), [0, 255, 0, 255], "the stroke")
    }

    @Test func keyframedColoursBlendLinearlyAndHoldOutside() throws {
        let layer = try Self.animation().makeLayer()
        layer.setValueProvider(
            ColorValueProvider([
                Keyframe(value: LottieColor(r: 0, g: 0, b: 0), time: 10),
                Keyframe(value: LottieColor(r: 1, g: 1, b: 1), time: 50),
            ]), keypath: AnimationKeypath(keypath: "Card.Box.Group 1.Fill 1.Color"))
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 0), 30, 30), [0, 0, 0, 255], "before the first")
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 30), 30, 30), [128, 128, 128, 255], "halfway")
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 20), 30, 30), [64, 64, 64, 255], "a quarter")
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 59), 30, 30), [255, 255, 255, 255], "after the last")
    }

    /// A precomposition shown twice, its dot moving along a curved motion path, with a
    /// provider on the first showing's position only: the complete engine, which works out
    /// each layer's motion once a build, moves the first showing's dot where the provider says
    /// and the second's along the file's path.
    @Test func aProviderOnOneShowingOfAPrecompositionLeavesTheOtherAsTheFileHasIt() throws {
        let text = #"""
            {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
             "assets":[{"id":"c","layers":[{"ty":4,"nm":"Dot","ind":1,"ip":0,"op":60,"st":0,
               "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,50],"to":[0,-20],"ti":[0,-20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},
                                     {"t":60,"s":[90,50]}]}},
               "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                 {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}]}],
             "layers":[{"ty":0,"nm":"First","refId":"c","ind":1,"ip":0,"op":60,"st":0,"w":100,"h":100,"ks":{}},
                       {"ty":0,"nm":"Second","refId":"c","ind":2,"ip":0,"op":60,"st":0,"w":100,"h":100,"ks":{}}]}
            """#
        let layer = try LottieAnimation(data: Data(text.utf8)).makeLayer(
            configuration: LottieConfiguration(renderingEngine: .complete))
        layer.setValueProvider(
            PointValueProvider(CGPoint(x: 50, y: 85)),
            keypath: AnimationKeypath(keypath: "First.Dot.Transform.Position"))
        let picture = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(picture, 50, 85), [255, 0, 0, 255], "the first showing where the provider puts it")
        Self.expectPixel(Self.pixel(picture, 10, 50), [255, 0, 0, 255], "the second showing at the file's start")
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 0), 30, 30), [0, 0, 0, 0], "nothing else")
    }

    @Test func aClosureIsAskedAtEachFrame() throws {
        let layer = try Self.animation().makeLayer()
        layer.setValueProvider(
            FloatValueProvider(block: { frame in frame < 30 ? 100 : 25 }),
            keypath: AnimationKeypath(keypath: "Card.Box.Group 1.Fill 1.Opacity"))
        #expect(Self.pixel(Self.picture(layer, frame: 29), 30, 30)[3] == 255)
        let quarter = Self.pixel(Self.picture(layer, frame: 30), 30, 30)[3]
        #expect(abs(quarter - 64) <= 1, "a quarter opaque from frame 30: alpha \(quarter)")
    }

    @Test func transformsAndStrokeWidthsTakeTheirProviders() throws {
        let layer = try Self.animation().makeLayer()
        layer.setValueProvider(
            PointValueProvider(CGPoint(x: 40, y: 0)),
            keypath: AnimationKeypath(keypath: "Card.Box.Group 1.Transform.Position"))
        layer.setValueProvider(FloatValueProvider(10), keypath: AnimationKeypath(keypath: "**.Stroke Width"))
        let image = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(image, 30, 30), [0, 0, 0, 0], "where the square was")
        Self.expectPixel(Self.pixel(image, 70, 30), [255, 0, 0, 255], "40 points to the right")
        // 10 points wide: the stroke reaches 5 points out of the 20-point square's edge at 65.
        Self.expectPixel(Self.pixel(image, 61, 75), [0, 255, 0, 255], "the wide stroke")
        // The layer's own scale, in percent, about its anchor (0, 0).
        layer.setValueProvider(
            SizeValueProvider(CGSize(width: 50, height: 50)), keypath: AnimationKeypath(keypath: "Card.Transform.Scale")
        )
        let scaled = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(scaled, 35, 15), [255, 0, 0, 255], "the moved square, halved")
        Self.expectPixel(Self.pixel(scaled, 61, 75), [0, 0, 0, 0], "the stroke, halved, is elsewhere")
    }

    @Test func theProviderSetLastWinsAndAKeypathSetAgainIsReplaced() throws {
        let layer = try Self.animation().makeLayer()
        let red = ColorValueProvider(LottieColor(r: 1, g: 0, b: 0))
        let blue = ColorValueProvider(LottieColor(r: 0, g: 0, b: 1))
        layer.setValueProvider(blue, keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        layer.setValueProvider(red, keypath: AnimationKeypath(keypath: "**.Color"))
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 0), 30, 30), [255, 0, 0, 255], "the last set")
        layer.setValueProvider(blue, keypath: AnimationKeypath(keypath: "**.Color"))
        let image = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(image, 30, 30), [0, 0, 255, 255], "replaced")
        Self.expectPixel(Self.pixel(image, 65, 75), [0, 0, 255, 255], "the stroke too")
    }

    /// Changes inside `batchingRebuilds` build the layers once, at its end: until then the
    /// layers are the ones built before, and after it they show every change.
    @Test func changesInABatchBuildTheLayersOnceAtItsEnd() throws {
        let layer = try Self.animation().makeLayer()
        let built = try #require(layer.contentLayer.sublayers?.first)
        layer.batchingRebuilds {
            layer.setValueProvider(
                ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color")
            )
            layer.setValueProvider(
                ColorValueProvider(LottieColor(r: 1, g: 1, b: 0)),
                keypath: AnimationKeypath(keypath: "**.Stroke 1.Color"))
            #expect(layer.contentLayer.sublayers?.first === built, "not built inside the batch")
        }
        #expect(layer.contentLayer.sublayers?.first !== built, "built at its end")
        let image = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(image, 30, 30), [0, 0, 255, 255], "the fill's provider")
        Self.expectPixel(Self.pixel(image, 65, 75), [255, 255, 0, 255], "the stroke's provider")

        // A layer made with values and playing (built once) plays with the values.
        var values = LottieValues()
        values.valueProviders = [
            .init(
                keypath: AnimationKeypath(keypath: "**.Fill 1.Color"),
                provider: ColorValueProvider(LottieColor(r: 0, g: 1, b: 0)))
        ]
        let playing = try Self.animation().makeLayer(values: values, loopMode: .loop)
        #expect(playing.isAnimationPlaying)
        Self.expectPixel(Self.pixel(Self.picture(playing, frame: 10), 30, 30), [0, 255, 0, 255], "the values' fill")
    }

    @Test func valuesReadBackAreTheProvidersAndTheOriginalsTheFiles() throws {
        let layer = try Self.animation().makeLayer()
        let fill = AnimationKeypath(keypath: "**.Fill 1.Color")
        #expect(layer.getValue(for: fill, atFrame: 0) as? LottieColor == LottieColor(r: 1, g: 0, b: 0))
        layer.setValueProvider(
            ColorValueProvider([
                Keyframe(value: LottieColor(r: 0, g: 0, b: 0), time: 0),
                Keyframe(value: LottieColor(r: 1, g: 0.5, b: 0), time: 40),
            ]), keypath: fill)
        let halfway = try #require(layer.getValue(for: fill, atFrame: 20) as? LottieColor)
        expectClose(halfway.r, 0.5, within: 1e-9)
        expectClose(halfway.g, 0.25, within: 1e-9)
        #expect(layer.getOriginalValue(for: fill, atFrame: 20) as? LottieColor == LottieColor(r: 1, g: 0, b: 0))
        #expect(layer.getValue(for: AnimationKeypath(keypath: "**.Stroke Width"), atFrame: 0) as? CGFloat == 4)
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Nothing.Here"), atFrame: 0) == nil)
    }

    @Test func providersThatChangeNothingAreNamedWithTheClosestKeypaths() throws {
        let layer = try Self.animation().makeLayer()
        layer.setValueProvider(
            ColorValueProvider(LottieColor(r: 0, g: 0, b: 0)),
            keypath: AnimationKeypath(keypath: "Card.Box.Group 1.Fil 1.Color"))
        layer.setValueProvider(FloatValueProvider(3), keypath: AnimationKeypath(keypath: "**.Color"))
        let problems = layer.valueProviderProblems()
        #expect(problems.map(\.keypath.fullPath) == ["Card.Box.Group 1.Fil 1.Color", "**.Color"])
        #expect(
            problems.first?.message
                == "matches no property of the animation; the closest keypaths: Card.Box.Group 1.Fill 1.Color, "
                + "Card.Box.Group 1.Fill 1.Opacity, Card.Box.Line.Stroke 1.Color")
        #expect(
            problems.last?.message == "gives a number, which none of the 2 properties it matches (Color) takes")
        // Unused, they leave the picture as the file draws it.
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 0), 30, 30), [255, 0, 0, 255], "the file's red")
    }

    // MARK: Viewport, images, texts

    @Test func aViewportFillsTheLayerWithThatPartOfTheAnimation() throws {
        let layer = try Self.animation().makeLayer()
        layer.viewportFrame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let image = Self.picture(layer, frame: 0)
        // Twice as large: the square's corner at (10, 10) is at (20, 20), its centre at (60, 60).
        Self.expectPixel(Self.pixel(image, 18, 18), [0, 0, 0, 0], "outside the square")
        Self.expectPixel(Self.pixel(image, 22, 22), [255, 0, 0, 255], "the square's corner")
        Self.expectPixel(Self.pixel(image, 95, 95), [255, 0, 0, 255], "the square's far side")
        // A wide viewport on a square layer fits its width, centred.
        layer.viewportFrame = CGRect(x: 0, y: 25, width: 100, height: 50)
        let wide = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(wide, 30, 30), [255, 0, 0, 255], "the same scale, the centre kept")
    }

    /// 100 × 100 points; one image layer showing the 20 × 20 asset "photo" at (30, 30).
    static let photo = Data(
        #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
         "assets":[{"id":"photo","w":20,"h":20,"u":"images/","p":"photo.png"}],
         "layers":[{"ty":2,"nm":"Photo","refId":"photo","ind":1,"ip":0,"op":60,"st":0,
                    "ks":{"p":{"a":0,"k":[30,30]},"a":{"a":0,"k":[0,0]}}}]}
        """#.utf8)

    /// Two pixels side by side: red, then blue.
    struct TwoColours: AnimationImageProvider {
        let gravity: CALayerContentsGravity

        func imageForAsset(asset: ImageAsset) -> CGImage? {
            let context = CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 8,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            context?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context?.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context?.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context?.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            return context?.makeImage()
        }

        func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
    }

    @Test func anImageProviderReplacesEveryImageWithItsGravity() throws {
        let animation = try LottieAnimation(data: Self.photo)
        #expect(
            animation.warnings.map(\.description) == [
                "assets[0]: the image photo.png is a file and no folder was given; it is not drawn"
            ])
        let layer = animation.makeLayer()
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 0), 40, 40), [0, 0, 0, 0], "no picture")
        layer.imageProvider = TwoColours(gravity: .resize)
        let stretched = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(stretched, 33, 40), [255, 0, 0, 255], "left half")
        Self.expectPixel(Self.pixel(stretched, 47, 40), [0, 0, 255, 255], "right half")
        Self.expectPixel(Self.pixel(stretched, 25, 40), [0, 0, 0, 0], "outside the asset")
        // Covering 20 × 20 with a 2 × 1 picture: 40 × 20, centred, past the asset on both sides.
        layer.imageProvider = TwoColours(gravity: .resizeAspectFill)
        let covering = Self.picture(layer, frame: 0)
        Self.expectPixel(Self.pixel(covering, 22, 40), [255, 0, 0, 255], "overflowing left")
        Self.expectPixel(Self.pixel(covering, 58, 40), [0, 0, 255, 255], "overflowing right")
        Self.expectPixel(Self.pixel(covering, 62, 40), [0, 0, 0, 0], "past the picture")
    }

    @Test func imagesBesideTheFileAreFoundAsFilepathImageProviderFindsThem() throws {
        // `p` in the file's folder first, then `u` + `p` there.
        for place in ["photo.png", "images/photo.png"] {
            let folder = try ScratchSpace.makeFolder("images")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
            try DotLottieTests.png().write(to: folder.appendingPathComponent(place))
            let file = folder.appendingPathComponent("photo.json")
            try Self.photo.write(to: file)
            let animation = try LottieAnimation(contentsOf: file)
            #expect(animation.warnings.isEmpty, "\(place): \(animation.warnings)")
            #expect(DotLottieTests.imageContents(under: animation.makeLayer()) != nil, "\(place)")
            let provided = try #require(
                FilepathImageProvider(filepath: folder).imageForAsset(
                    asset: ImageAsset(id: "photo", name: "photo.png", directory: "images/", width: 20, height: 20)))
            #expect(provided.width == 2)
        }
    }

    @Test func dictionaryTextsGoByWholeKeypathThenByName() {
        let provider = DictionaryTextProvider(["Card.Title": "whole", "Title": "name", "Other": "x"])
        #expect(provider.text(for: AnimationKeypath(keypath: "Card.Title"), sourceText: "s") == "whole")
        #expect(provider.text(for: AnimationKeypath(keypath: "Deck.Title"), sourceText: "s") == "name")
        #expect(provider.text(for: AnimationKeypath(keypath: "Deck.Subtitle"), sourceText: "s") == "s")
        #expect(HardcodedTextProvider(text: "h").text(for: AnimationKeypath(keypath: "A"), sourceText: "s") == "h")
    }

    // MARK: Values files

    @Test func aValuesFileSetsProvidersAndAViewport() throws {
        let values = try LottieValues(
            data: Data(
                #"""
                {"valueProviders": [
                   {"keypath": "**.Fill 1.Color", "colorKeyframes": [{"time": 0, "value": [0, 0, 0, 1]},
                                                                     {"time": 60, "value": [0, 0, 1, 1]}]},
                   {"keypath": "**.Line.Transform.Opacity", "float": 0}],
                 "viewport": [0, 0, 50, 50]}
                """#.utf8), name: "card.values.json", folder: URL(fileURLWithPath: "/"))
        let animation = try Self.animation()
        #expect(values.problems(with: animation).isEmpty)
        let layer = animation.makeLayer()
        values.apply(to: layer)
        let image = Self.picture(layer, frame: 30)
        Self.expectPixel(Self.pixel(image, 60, 60), [0, 0, 128, 255], "halfway to blue, twice as large")
        // The stroked square, hidden by its group's opacity, would be at (130, 130): off the
        // picture at this viewport; at the whole animation it is not drawn either.
        layer.viewportFrame = nil
        Self.expectPixel(Self.pixel(Self.picture(layer, frame: 30), 65, 75), [0, 0, 0, 0], "the hidden stroke")
    }

    @Test func aBadValuesFileIsNamedWithItsJSONPathAndValue() {
        func error(_ text: String) -> String {
            do {
                _ = try LottieValues(data: Data(text.utf8), name: "v.json", folder: URL(fileURLWithPath: "/"))
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            error(#"{"valueProviders": [{"keypath": "A", "color": [1, 0, 2, 1]}]}"#)
                == "v.json: valueProviders[0].color: a colour is [r, g, b, a] with each from 0 to 1; found [1, 0, 2, 1]"
        )
        #expect(
            error(#"{"valueProviders": [{"keypath": "A"}]}"#).hasPrefix(
                #"v.json: valueProviders[0]: a value provider has a "keypath" and one of "color""#))
        #expect(
            error(#"{"valuProviders": []}"#)
                == #"v.json: "valuProviders" is not a setting; the settings are "valueProviders", "imageProvider", "#
                + #""textProvider", "fontProvider", "slots", "viewport""#
        )
        #expect(
            error(#"{"imageProvider": {"image": "nowhere.png"}}"#)
                == "v.json: imageProvider.image: the image /nowhere.png does not exist or is not a regular file")
        #expect(
            error(
                #"{"valueProviders": [{"keypath": "A", "colorKeyframes": [{"time": 5, "value": [0,0,0]}, {"time": 1, "value": [0,0,0]}]}]}"#
            )
                == "v.json: valueProviders[0].colorKeyframes[1].time: keyframe time 1.0 comes before the previous keyframe's 5.0"
        )
        #expect(
            error(#"{"viewport": [0, 0, 0, 10]}"#)
                == "v.json: viewport: a viewport is [x, y, width, height] with a width and height above 0")
    }
}
