import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A stroke listed beside groups strokes their paths, as wide as where it is listed: the
/// groups' own scales move its paths but not its width (lottie-ios 4.6 divides the width by
/// each group's scale; `issue_1855`'s ring is an 11-point stroke around a group scaled by
/// 300 %).
@Suite struct HandedDownStrokeTests {
    /// A square 20 points wide at the centre of a 200 × 200 shape layer, in a group scaled by
    /// 300 %, or in a group scaled by 150 % inside one scaled by 200 %: 60 points wide either
    /// way, its left edge at x = 70. A red stroke `width` wide follows the groups.
    static func animation(nested: Bool, width: Double, scale: String = "[300,300]") -> String {
        func group(_ items: String, scale: String) -> String {
            #"{"ty":"gr","nm":"G","it":["# + items + #",{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"#
                + #""s":"# + scale + #","r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        }
        let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let groups =
            nested
            ? group(group(square, scale: #"{"a":0,"k":[150,150]}"#), scale: #"{"a":0,"k":[200,200]}"#)
            : group(square, scale: #"{"a":0,"k":"# + scale + "}")
        let stroke = #"{"ty":"st","nm":"S","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":\#(width)}}"#
        return ShapeRepeaterTests.animation(items: "[" + groups + "," + stroke + "]")
    }

    @Test(arguments: [false, true])
    func aStrokeBesideScaledGroupsKeepsItsWidth(nested: Bool) throws {
        let image = try TextLayerTests.render(
            TextLayerTests.load(Self.animation(nested: nested, width: 10)), frame: 0)
        // 10 points across the edge at x = 70: from 65 to 75 (30 points, 55 to 85, if the
        // groups' scales widened it).
        for x in [66, 70, 74] {
            #expect(TextLayerTests.isRed(image.pixel(x: x, y: 100)), "stroke at x = \(x): \(image.pixel(x: x, y: 100))")
        }
        for x in [58, 63, 77, 82] {
            #expect(TextLayerTests.isEmpty(image.pixel(x: x, y: 100)), "nothing at x = \(x): \(image.pixel(x: x, y: 100))")
        }
    }

    @Test func aStrokeBesideAGroupScaledUnevenlyIsReported() throws {
        let even = try TextLayerTests.load(Self.animation(nested: false, width: 10))
        #expect(even.coreAnimationCompatibilityIssues().isEmpty)
        let uneven = try TextLayerTests.load(Self.animation(nested: false, width: 10, scale: "[300,200]"))
        #expect(
            uneven.coreAnimationCompatibilityIssues().map(\.description) == [
                "layers[0].shapes[1]: The Core Animation rendering engine doesn't support applying separate x/y "
                    + "scale values (x: 300.0, y: 200.0) to this stroke item (S)."
            ])
    }
}
