import Foundation
import OpenLottie
import Testing

/// What `carender inspect` reports of each engine (``LottieFeature/support(in:)``) is what the
/// builders build: for a feature each file below uses alone, the engine's picture differs from
/// the control file's exactly when the report says so. A control without the feature is drawn
/// alike when the feature is `ignored`; a control holding what the feature is `approximated`
/// by is drawn alike unless the feature is drawn as After Effects draws it.
@Suite struct EngineTableTests {
    /// What the control file is.
    enum Control {
        /// The file without the feature: the pictures differ when the engine draws it at all.
        case withoutTheFeature
        /// The file with what lottie-ios draws instead: the pictures differ when the engine
        /// draws the feature as After Effects does.
        case itsApproximation
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let feature: LottieFeature
        let file: Data
        let control: Data
        let relation: Control
        /// The frame drawn.
        var frame: Double = 0

        var testDescription: String { "\(feature)" }
    }

    static let square = EffectAndMatteTests.rectangle(20, 20, 60, 60, "1,0,0")

    static let cases: [Case] = [
        Case(
            feature: .mergePaths, file: MergePathsTests.merged(mode: 3),
            control: Data(
                String(decoding: MergePathsTests.merged(mode: 3), as: UTF8.self)
                    .replacingOccurrences(of: #"{"ty":"mm","mm":3},"#, with: "").utf8),
            relation: .withoutTheFeature),
        Case(
            feature: .maskOpacity,
            file: masked(MaskOpacityAndExpansionTests.mask(20, 20, 40, 40, opacity: 50)),
            control: masked(MaskOpacityAndExpansionTests.mask(20, 20, 40, 40)), relation: .withoutTheFeature),
        Case(
            feature: .maskExpansion,
            file: masked(MaskOpacityAndExpansionTests.mask(20, 20, 40, 40, expansion: 10)),
            control: masked(MaskOpacityAndExpansionTests.mask(20, 20, 40, 40)), relation: .withoutTheFeature),
        Case(
            feature: .lumaMatte, file: matted(type: 3), control: matted(type: 1), relation: .itsApproximation),
        Case(
            feature: .effect(21),
            file: EffectAndMatteTests.composition([
                EffectAndMatteTests.rectangle(
                    20, 20, 60, 60, "1,0,0",
                    extra: #""ef":[{"ty":21,"nm":"Fill","ef":["#
                        + ["0", "0", #"[0,0,1,1]"#, "0", "0", "0", "1"].map(EffectAndMatteTests.value)
                        .joined(separator: ",") + "]}]")
            ]),
            control: EffectAndMatteTests.composition([square]), relation: .withoutTheFeature),
        Case(
            feature: .autoOrient, file: orientedBar(ao: 1), control: orientedBar(ao: 0), relation: .withoutTheFeature,
            frame: 15),
        Case(
            feature: .radialGradientHighlight, file: radialGradient(highlight: 60),
            control: radialGradient(highlight: 0), relation: .withoutTheFeature),
        Case(
            feature: .repeaterOffsetAndOpacity, file: repeated(startOpacity: 30),
            control: repeated(startOpacity: 100), relation: .withoutTheFeature),
        Case(
            feature: .camera,
            file: EffectAndMatteTests.composition([
                ThreeDTests.camera(#""p":{"a":0,"k":[50,50,-50]}"#),
                ThreeDTests.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#),
            ]),
            control: EffectAndMatteTests.composition([ThreeDTests.square(20, "1,0,0", #""p":{"a":0,"k":[50,50,0]}"#)]),
            relation: .withoutTheFeature),
        Case(
            feature: .trimIndividually, file: trimmedPair(mode: 2), control: trimmedPair(mode: 1),
            relation: .itsApproximation),
        Case(
            feature: .closedOnShapeItem, file: OldBodymovinTests.openTriangle(version: "4.4.10"),
            control: OldBodymovinTests.openTriangle(version: "5.7.4"), relation: .withoutTheFeature),
        Case(
            feature: .matteByIndex, file: TrackMatteTests.sharedMatte,
            control: Data(
                String(decoding: TrackMatteTests.sharedMatte, as: UTF8.self)
                    .replacingOccurrences(of: #","tp":5"#, with: "").utf8),
            relation: .itsApproximation),
        Case(
            feature: .unusedMatteSource,
            file: EffectAndMatteTests.composition([
                EffectAndMatteTests.rectangle(0, 0, 50, 50, "1,0,0", extra: #""td":1"#), square,
            ]),
            control: EffectAndMatteTests.composition([EffectAndMatteTests.rectangle(0, 0, 50, 50, "1,0,0"), square]),
            relation: .itsApproximation),
        Case(
            feature: .puckerAndBloat,
            file: PuckerBloatTests.filled(PuckerBloatTests.square, PuckerBloatTests.amount(50)),
            control: PuckerBloatTests.filled(PuckerBloatTests.square, #"{"ty":"tr"}"#), relation: .withoutTheFeature),
    ]

    @Test(arguments: cases)
    func theReportSaysWhatIsBuilt(_ example: Case) throws {
        let file = try LottieAnimation(data: example.file)
        let control = try LottieAnimation(data: example.control)
        #expect(file.features.contains { $0.feature == example.feature }, "the file uses \(example.feature)")
        for engine in RenderingEngine.allCases {
            let support = example.feature.support(in: engine)
            let expectsADifference =
                switch (example.relation, support) {
                case (_, .drawn): true
                case (.withoutTheFeature, .approximated): true
                case (_, .ignored), (.itsApproximation, .approximated): false
                }
            let drawn = Self.pixels(file, engine: engine, frame: example.frame)
            let without = Self.pixels(control, engine: engine, frame: example.frame)
            let seen = drawn == without ? "are the same" : "differ"
            #expect(
                (drawn != without) == expectsADifference,
                "\(example.feature) with \(engine): the report says \(support), the pictures \(seen)")
        }
    }

    static func pixels(_ animation: LottieAnimation, engine: RenderingEngine, frame: Double) -> [UInt8] {
        RenderingEngineTests.picture(
            animation.evaluatingExpressions(), engine: .specific(engine), frame: frame
        ).rgbaPixels
    }

    /// A red square under `mask`.
    static func masked(_ mask: String) -> Data {
        EffectAndMatteTests.composition([
            EffectAndMatteTests.rectangle(
                0, 0, 100, 100, "1,0,0", extra: #""hasMask":true,"masksProperties":["# + mask + "]")
        ])
    }

    /// A red square under a matte of grey (luma 0.5, opaque) of `tt` `type`.
    static func matted(type: Int) -> Data {
        EffectAndMatteTests.composition([
            EffectAndMatteTests.rectangle(0, 0, 100, 100, "0.5,0.5,0.5", extra: #""td":1"#),
            EffectAndMatteTests.rectangle(0, 0, 100, 100, "1,0,0", extra: #""tt":\#(type)"#),
        ])
    }

    /// A 40 × 10 bar moving down the middle, auto-oriented when `ao` is 1.
    static func orientedBar(ao: Int) -> Data {
        let position =
            #"{"a":1,"k":[{"t":0,"s":[50,20,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,80,0]}]}"#
        return EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"Bar","ip":0,"op":30,"st":0,"ao":\#(ao),"ks":{"p":\#(position)},"shapes":[{"ty":"gr","it":["#
                + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,10]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}"#
        ])
    }

    /// A square filled with a red-to-blue radial gradient from its centre, its highlight at
    /// `highlight` percent of the radius.
    static func radialGradient(highlight: Double) -> Data {
        EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"G","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"gf","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[90,50]},"#
                + #""h":{"a":0,"k":\#(highlight)},"a":{"a":0,"k":45},"o":{"a":0,"k":100},"r":1,"#
                + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}},{"ty":"tr"}]}]}"#
        ])
    }

    /// Three copies of a small square, 25 points apart, the first at `startOpacity` percent.
    static func repeated(startOpacity: Double) -> Data {
        EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"R","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + #"{"ty":"rc","p":{"a":0,"k":[20,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},"#
                + #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[25,0]},"#
                + #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"#
                + #""so":{"a":0,"k":\#(startOpacity)},"eo":{"a":0,"k":100}}}]}"#
        ])
    }

    /// Two stroked lines, 80 and 40 points long, trimmed to 60 %: each by itself (`m` 1,
    /// simultaneously) or the two as one path, one after the other (`m` 2, individually).
    static func trimmedPair(mode: Int) -> Data {
        func line(_ y: Double, _ length: Double) -> String {
            #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,\#(y)],[\#(10 + length),\#(y)]],"#
                + #""i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
        }
        return EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"T","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + line(30, 80) + "," + line(70, 40) + ","
                + #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":60},"o":{"a":0,"k":0},"m":\#(mode)},"#
                + #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":6},"lc":1,"lj":1},"#
                + #"{"ty":"tr"}]}]}"#
        ])
    }
}
