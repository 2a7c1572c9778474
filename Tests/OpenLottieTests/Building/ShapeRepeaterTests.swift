import Foundation
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A repeater copies the items before it in its group, each copy through its transform taken as
/// many times as the copy's index, inside the group's own transform; at the top of a shape
/// layer and inside a group alike (`issue_2270`'s rays are a repeater in a group).
@Suite struct ShapeRepeaterTests {
    /// A 200 × 200 shape layer at the centre whose items are `items`.
    static func animation(items: String) -> String {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"#
            + #""ks":{"p":{"a":0,"k":[100,100]},"a":{"a":0,"k":[0,0]}},"shapes":"# + items + "}]}"
    }

    static let ray =
        #"{"ty":"rc","p":{"a":0,"k":[0,-60]},"s":{"a":0,"k":[10,20]},"r":{"a":0,"k":0}},"#
        + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    static let fourTurns =
        #"{"ty":"rp","c":{"a":0,"k":4},"o":{"a":0,"k":0},"m":1,"#
        + #""tr":{"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":90},"#
        + #""so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    static let identity =
        #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"#
        + #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
    /// The group moved 5 points right: the copies turn inside it.
    static let movedRight =
        #"{"ty":"tr","p":{"a":0,"k":[5,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"#
        + #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#

    @Test(arguments: [false, true])
    func aRepeaterCopiesItsItemsAtTheTopOrInAGroup(inGroup: Bool) throws {
        let items =
            inGroup
            ? "[{\"ty\":\"gr\",\"it\":[" + Self.ray + "," + Self.fourTurns + "," + Self.movedRight + "]}]"
            : "[" + Self.ray + "," + Self.fourTurns + "," + Self.identity + "]"
        let image = try TextLayerTests.render(TextLayerTests.load(Self.animation(items: items)), frame: 0)
        let shift = inGroup ? 5 : 0
        // A ray above the centre, and the three turned copies right, below and left of it.
        for (x, y) in [(100, 40), (160, 100), (100, 160), (40, 100)] {
            let pixel = image.pixel(x: x + shift, y: y)
            #expect(TextLayerTests.isRed(pixel), "a ray at (\(x + shift), \(y)), got \(pixel)")
        }
        #expect(TextLayerTests.isEmpty(image.pixel(x: 100 + shift, y: 100)), "nothing at the centre")
    }
}
