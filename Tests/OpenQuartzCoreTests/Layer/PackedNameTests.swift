import Foundation
import OpenQuartzCore
import Testing

/// Core Animation's string constants (filters, gravities, corner curves) kept in one word:
/// equal exactly when their strings are, whatever the string.
@Suite struct PackedNameTests {
    @Test func aDefinedNameIsTheConstantOfItsName() {
        #expect(CALayerContentsGravity(rawValue: "resizeAspect") == .resizeAspect)
        #expect(CALayerContentsGravity(rawValue: "resizeAspect") != .resizeAspectFill)
        #expect(CALayerContentsFilter(rawValue: "nearest") == .nearest)
        #expect(CALayerCornerCurve(rawValue: "continuous") == .continuous)
        #expect(CALayerContentsGravity.bottomRight.rawValue == "bottomRight")
        #expect(CALayerContentsFilter.trilinear.rawValue == "trilinear")
        #expect(CALayerCornerCurve.circular.rawValue == "circular")
    }

    @Test func anyOtherNameIsKeptAndComparedByItsString() {
        let made = CALayerContentsFilter(rawValue: "lanczos")
        let again = CALayerContentsFilter(rawValue: "lanczos")
        #expect(made.rawValue == "lanczos")
        #expect(made == again)
        #expect(made.hashValue == again.hashValue)
        #expect(made != CALayerContentsFilter(rawValue: "Lanczos"))
        #expect(made != .linear)
        #expect(Set([made, again, .linear, .nearest]).count == 3)
        #expect(CALayerContentsGravity(rawValue: "").rawValue == "")
    }

    @Test func aLayerReadsBackTheNamesItWasGiven() {
        let layer = CALayer()
        layer.contentsGravity = CALayerContentsGravity(rawValue: "middle")
        layer.minificationFilter = CALayerContentsFilter(rawValue: "box")
        layer.cornerCurve = .continuous
        #expect(layer.contentsGravity.rawValue == "middle")
        #expect(layer.minificationFilter.rawValue == "box")
        #expect(layer.magnificationFilter == .linear)
        #expect(layer.cornerCurve == .continuous)
        layer.setValue("topLeft", forKey: "contentsGravity")
        #expect(layer.contentsGravity == .topLeft)
    }

    @Test func eachNameTakesOneWord() {
        #expect(MemoryLayout<CALayerContentsGravity>.size == 8)
        #expect(MemoryLayout<CALayerContentsFilter>.size == 8)
        #expect(MemoryLayout<CALayerCornerCurve>.size == 8)
    }
}
