import Foundation
import OpenLottie
import Testing

/// Which layer mattes which: the complete engine pairs them as lottie-web does (the layer whose
/// index is the matted layer's `tp`, anywhere in the composition and shared by several layers,
/// else the layer before it; a matte layer, `td`, never drawn itself); lottie-ios's engines
/// read neither `tp` nor `td` and take the layer before as the matte.
@Suite struct TrackMatteTests {
    typealias M = EffectAndMatteTests

    /// A matte (index 5, `td`) over the left half; a green bar at the top right that is no
    /// matte; a red bar along the bottom over a blue square, both matted by index 5.
    static let sharedMatte = M.composition([
        M.rectangle(0, 0, 50, 100, "1,1,1", extra: #""ind":5,"td":1"#),
        M.rectangle(60, 0, 40, 20, "0,1,0", extra: #""ind":2"#),
        M.rectangle(0, 80, 100, 20, "1,0,0", extra: #""ind":4,"tt":1,"tp":5"#),
        M.rectangle(0, 0, 100, 100, "0,0,1", extra: #""ind":3,"tt":1,"tp":5"#),
    ])

    @Test func aMatteGivenByIndexMattesEveryLayerThatNamesIt() throws {
        let data = Self.sharedMatte
        ValueProviderTests.expectPixel(try M.pixel(data, 25, 50), [0, 0, 255, 255], "blue inside the matte")
        #expect(try M.pixel(data, engine: .coreAnimation, 75, 50)[3] == 0, "lottie-ios: blue only under red")
        #expect(try M.pixel(data, 75, 50)[3] == 0, "blue outside the matte is cut away")
        ValueProviderTests.expectPixel(try M.pixel(data, 25, 90), [255, 0, 0, 255], "red inside the shared matte")
        #expect(try M.pixel(data, 75, 90)[3] == 0, "red outside it is cut away")
        ValueProviderTests.expectPixel(
            try M.pixel(data, 80, 10), [0, 255, 0, 255], "the green bar is drawn: it is no matte")
        let matteAlone = M.composition([M.rectangle(0, 0, 50, 100, "1,1,1", extra: #""ind":5,"td":1"#)])
        #expect(try M.pixel(matteAlone, 25, 50)[3] == 0, "the matte itself is not drawn")
    }

    /// lottie-ios pairs the blue square with the red bar before it, as its matte, and the
    /// white matte and the green bar are drawn as ordinary layers.
    @Test func lottieIOSsEnginesTakeTheLayerBeforeAsTheMatte() throws {
        for engine in [RenderingEngineOption.coreAnimation, .mainThread] {
            let data = Self.sharedMatte
            ValueProviderTests.expectPixel(
                try M.pixel(data, engine: engine, 75, 90), [0, 0, 255, 255], "\(engine): blue, matted by red")
            ValueProviderTests.expectPixel(
                try M.pixel(data, engine: engine, 25, 50), [255, 255, 255, 255], "\(engine): the white layer drawn")
        }
    }

    /// A `tp` naming no layer: lottie-web draws the layer without a matte.
    @Test func aMatteIndexThatNamesNoLayerLeavesTheLayerUnmatted() throws {
        let data = M.composition([
            M.rectangle(0, 0, 50, 100, "1,1,1", extra: #""ind":5,"td":1"#),
            M.rectangle(0, 0, 100, 100, "0,0,1", extra: #""ind":3,"tt":1,"tp":9"#),
        ])
        ValueProviderTests.expectPixel(try M.pixel(data, 75, 50), [0, 0, 255, 255], "blue everywhere")
        #expect(try M.pixel(data, 25, 50)[2] == 255, "the matte layer stays hidden")
    }

    /// A matte layer no layer uses (Figma exports leave them): hidden in the complete engine,
    /// drawn by lottie-ios's.
    @Test func aMatteLayerWithNothingToMatteStaysHidden() throws {
        let data = M.composition([
            M.rectangle(0, 0, 100, 100, "1,0,0", extra: #""ind":1,"td":1"#),
            M.rectangle(40, 40, 20, 20, "0,0,1", extra: #""ind":2"#),
        ])
        #expect(try M.pixel(data, 10, 10)[3] == 0, "the unused matte is not drawn")
        ValueProviderTests.expectPixel(try M.pixel(data, 50, 50), [0, 0, 255, 255], "the other layer is")
        ValueProviderTests.expectPixel(
            try M.pixel(data, engine: .coreAnimation, 10, 10), [255, 0, 0, 255], "lottie-ios draws it")
        let animation = try LottieAnimation(data: data)
        #expect(animation.features.map(\.feature).contains(.unusedMatteSource))
        #expect(!(try LottieAnimation(data: Self.sharedMatte)).features.map(\.feature).contains(.unusedMatteSource))
        #expect((try LottieAnimation(data: Self.sharedMatte)).features.map(\.feature).contains(.matteByIndex))
    }
}
