import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing
import ZipTestSupport

/// Lottie's slots: properties marked with a slot id take the file's slot, a slots file's or a
/// dotLottie theme's.
@Suite struct SlotTests {
    /// 100 × 100, frames 0–60: a square whose fill colour is the slot "bg" (red in the file's
    /// `slots`) and whose opacity is the slot "fade" (not in the file: the property's own 100).
    static let square = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,
         "slots":{"bg":{"p":{"a":0,"k":[1,0,0,1]}}},
         "layers":[{"ty":4,"nm":"Box","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[
           {"ty":"gr","nm":"Group 1","it":[
             {"ty":"rc","nm":"Rect","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}},
             {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,1,0,1],"sid":"bg"},"o":{"a":0,"k":100,"sid":"fade"}},
             {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
              "o":{"a":0,"k":100}}]}]}]}
        """#

    static func fill(_ animation: LottieAnimation, frame: Double) -> (color: LottieColor?, opacity: CGFloat?) {
        let layer = animation.makeLayer()
        return (
            layer.getValue(for: AnimationKeypath(keypath: "**.Fill 1.Color"), atFrame: frame) as? LottieColor,
            layer.getValue(for: AnimationKeypath(keypath: "**.Fill 1.Opacity"), atFrame: frame) as? CGFloat
        )
    }

    @Test func aPropertyWithASlotIDTakesTheFilesSlot() throws {
        let animation = try LottieAnimation(data: Data(Self.square.utf8))
        #expect(Self.fill(animation, frame: 0).color == LottieColor(r: 1, g: 0, b: 0))
        #expect(Self.fill(animation, frame: 0).opacity == 100, "no slot \"fade\": the property's own value")
    }

    @Test func slotsFromOutsideReplaceTheFilesAndThemeRulesBecomeProperties() throws {
        let folder = try ScratchSpace.makeFolder("slots")
        let file = folder.appendingPathComponent("square.json")
        try Data(Self.square.utf8).write(to: file)
        let slots = try LottieSlots(data: Data(#"{"bg": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}"#.utf8), name: "blue.json")
        #expect(slots.ids == ["bg"])
        let blue = try LottieAnimation(contentsOf: file, animationID: nil, slots: slots)
        #expect(Self.fill(blue, frame: 0).color == LottieColor(r: 0, g: 0, b: 1))

        let theme = try LottieSlots(
            data: Data(
                #"""
                {"rules": [
                  {"id": "bg", "type": "Color", "value": [0, 1, 1, 1]},
                  {"id": "fade", "type": "Scalar", "keyframes": [{"frame": 0, "value": 0}, {"frame": 60, "value": 100}]},
                  {"id": "logo", "type": "Image", "value": {"id": "img"}}
                ]}
                """#.utf8), name: "theme.json")
        #expect(
            theme.warnings.map(\.description) == [
                #"rules[2]: a theme rule of type "Image" is not applied (colours, numbers, points and gradients are)"#
            ])
        let themed = try LottieAnimation(contentsOf: file, animationID: nil, slots: theme)
        #expect(Self.fill(themed, frame: 0).color == LottieColor(r: 0, g: 1, b: 1))
        expectClose(Double(try #require(Self.fill(themed, frame: 30).opacity)), 50, within: 1e-9, "linear keyframes")
        #expect(themed.warnings.contains { $0.path == "theme.json: rules[2]" })
    }

    @Test func aPackagesThemeFillsTheSlotsAndAThemeItLacksIsNamed() throws {
        let manifest = #"{"version": "2", "animations": [{"id": "square"}], "themes": [{"id": "dark"}]}"#
        let url = try ScratchSpace.makeFolder("slots").appendingPathComponent("square.lottie")
        try writeZip(
            [
                (path: "manifest.json", data: Data(manifest.utf8)),
                (path: "a/square.json", data: Data(Self.square.utf8)),
                (
                    path: "t/dark.json",
                    data: Data(#"{"rules": [{"id": "bg", "type": "Color", "value": [0.1, 0.1, 0.1, 1]}]}"#.utf8)
                ),
            ], to: url)
        let dark = try LottieAnimation(contentsOf: url, animationID: nil, theme: "dark")
        #expect(Self.fill(dark, frame: 0).color == LottieColor(r: 0.1, g: 0.1, b: 0.1))
        #expect(Self.fill(try LottieAnimation(contentsOf: url), frame: 0).color == LottieColor(r: 1, g: 0, b: 0))
        do {
            _ = try LottieAnimation(contentsOf: url, animationID: nil, theme: "light")
            Issue.record("a theme the package lacks reads")
        } catch {
            #expect(
                error.description
                    == "\(url.path): t/light.json: is missing: the package has no theme \"light\"; its themes: dark")
        }
    }

    @Test func valuesAndVariantRowsCarrySlotsTheirOwnOverTheOnesGivenApart() throws {
        let folder = try ScratchSpace.makeFolder("slots")
        let file = folder.appendingPathComponent("square.json")
        try Data(Self.square.utf8).write(to: file)
        // A values file's slots.
        let values = try LottieValues(
            data: Data(#"{"slots": {"bg": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}}"#.utf8), name: "v.json", folder: folder)
        #expect(values.slots?.ids == ["bg"])
        // A CSV column per slot: a colour or a number; a row's value over the ones given apart.
        let variants = try LottieVariants(
            text: "output,slot:bg,slot:fade\nteal,#00ffff,50\nplain,,\nbad,blue,\n", name: "list.csv", folder: folder)
        let teal = try variants.rows[0].values.get()
        let given = try LottieSlots(
            data: Data(#"{"bg": {"p": {"a": 0, "k": [1, 1, 0, 1]}}, "fade": {"p": {"a": 0, "k": 20}}}"#.utf8),
            name: "s.json")
        let row = try LottieAnimation(
            contentsOf: file, animationID: nil, slots: given.adding(try #require(teal.slots)))
        #expect(Self.fill(row, frame: 0).color == LottieColor(r: 0, g: 1, b: 1))
        #expect(Self.fill(row, frame: 0).opacity == 50)
        #expect(try variants.rows[1].values.get().slots == nil, "empty cells set nothing")
        switch variants.rows[2].values {
        case .success: Issue.record("\"blue\" is not a slot's value")
        case .failure(let error):
            #expect(
                error.description.contains("list.csv:4: column \"slot:bg\": \"blue\" is not a slot's value"), "\(error)"
            )
        }
        // Merged: the later one's ids win, the others stay.
        let merged = given.adding(try #require(values.slots))
        #expect(merged.ids == ["bg", "fade"])
        let both = try LottieAnimation(contentsOf: file, animationID: nil, slots: merged)
        #expect(Self.fill(both, frame: 0).color == LottieColor(r: 0, g: 0, b: 1))
        #expect(Self.fill(both, frame: 0).opacity == 20)
    }
}
