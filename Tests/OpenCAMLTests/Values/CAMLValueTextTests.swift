import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

@Suite struct CAMLValueTextTests {
    @Test func numbersAcceptInfinityInAnyCaseAndRefuseNaN() throws {
        expectClose(try #require(CAMLValueText.number("1e-100")), 1e-100, within: 1e-110)
        #expect(CAMLValueText.number("inf") == .infinity)
        #expect(CAMLValueText.number("Inf") == .infinity)
        #expect(CAMLValueText.number("-infinity") == -.infinity)
        #expect(CAMLValueText.number("nan") == nil)
        #expect(CAMLValueText.number("12px") == nil)
    }

    @Test func booleansAreDigitsOrWords() {
        #expect(CAMLValueText.bool("1") == true)
        #expect(CAMLValueText.bool("0") == false)
        #expect(CAMLValueText.bool("true") == true)
        #expect(CAMLValueText.bool("false") == false)
        #expect(CAMLValueText.bool("maybe") == nil)
    }

    @Test func pointsSizesAndRectsAreSpaceSeparated() throws {
        expectClose(try #require(CAMLValueText.point("50 772")), CGPoint(x: 50, y: 772), within: 1e-12)
        expectClose(try #require(CAMLValueText.size("390 844")), CGSize(width: 390, height: 844), within: 1e-12)
        expectClose(
            try #require(CAMLValueText.rect("-1380.61 0 390 844")),
            CGRect(x: -1380.61, y: 0, width: 390, height: 844), within: 1e-12)
        #expect(CAMLValueText.rect("0 0 390") == nil)
        #expect(CAMLValueText.point("inf 0") == nil)
    }

    @Test func coloursTakeOpacityFromTheirAttribute() throws {
        let opaque = try #require(CAMLValueText.color("1 0.5 0", opacity: nil))
        let components = try #require(opaque.components)
        expectClose(components.map(Double.init), [1, 0.5, 0, 1], within: 1e-12)
        let translucent = try #require(CAMLValueText.color("0 0 0", opacity: "0.25"))
        expectClose(Double(translucent.alpha), 0.25, within: 1e-12)
        #expect(CAMLValueText.color("1 1", opacity: nil) == nil)
    }

    @Test func emptyTransformIsIdentity() throws {
        #expect(try #require(CAMLValueText.transform("")) == CATransform3DIdentity)
        #expect(try #require(CAMLValueText.transform("  ")) == CATransform3DIdentity)
    }

    @Test func transformRotateTakesDegreesAndAxis() throws {
        let z = try #require(CAMLValueText.transform("rotate(90deg)"))
        expectClose(Double(z.m11), 0, within: 1e-12)
        expectClose(Double(z.m12), 1, within: 1e-12)
        let y = try #require(CAMLValueText.transform("rotate(90deg, 0, 1, 0)"))
        expectClose(Double(y.m13), -1, within: 1e-12)
        let radians = try #require(CAMLValueText.transform("rotate(1.5707963267948966)"))
        expectClose(Double(radians.m12), 1, within: 1e-12)
    }

    @Test func transformListReadsOuterToInner() throws {
        // Scale applies first, then the translation: a point at (1, 0) lands at (12, 20).
        let t = try #require(CAMLValueText.transform("translate(10, 20, 0) scale(2)"))
        expectClose(Double(1 * t.m11 + t.m41), 12, within: 1e-12)
        expectClose(Double(t.m42), 20, within: 1e-12)
        expectClose(Double(t.m33), 2, within: 1e-12)
        let s = try #require(CAMLValueText.transform("scale(0.5, 0.6, 1)"))
        expectClose(Double(s.m22), 0.6, within: 1e-12)
        let p = try #require(CAMLValueText.transform("perspective(500)"))
        expectClose(Double(p.m34), -1.0 / 500, within: 1e-15)
    }

    @Test func transformMatrixHasSixteenNumbers() throws {
        let m = try #require(
            CAMLValueText.transform("matrix(1 0 0 0 0 1 0 0 0 0 1 0 5 6 7 1)"))
        expectClose(Double(m.m41), 5, within: 1e-12)
        expectClose(Double(m.m43), 7, within: 1e-12)
        #expect(CAMLValueText.transform("matrix(1 2 3)") == nil)
        #expect(CAMLValueText.transform("shear(10deg)") == nil)
        #expect(CAMLValueText.transform("rotate(") == nil)
    }

    @Test func shearsTakeTheirFactorFromTheAngle() throws {
        // Apple's writer prints a shear factor f as f·180/π degrees (NSValue(CAMLWriter).mm).
        let xy = try #require(CAMLValueText.transform("shearXY(28.6478897565deg)"))
        expectClose(Double(xy.m21), 0.5, within: 1e-9)
        // A point (0, 2) moves along x by 0.5·2.
        expectClose(Double(2 * xy.m21), 1, within: 1e-9)
        let xz = try #require(CAMLValueText.transform("shearXZ(0.25rad)"))
        expectClose(Double(xz.m31), 0.25, within: 1e-12)
        let yz = try #require(CAMLValueText.transform("shearYZ(-0.75)"))
        expectClose(Double(yz.m32), -0.75, within: 1e-12)
        #expect(CAMLValueText.transform("shearXY(1deg, 2deg)") == nil)
        #expect(CAMLValueText.transform("shearXY(nan)") == nil)
    }

    @Test func shearsComposeInTheWritersOrder() throws {
        // `shearYZ shearXZ shearXY scale`, outer to inner, is the writer's decomposition
        // order: the upper 3×3 is scale · [1 0 0; xy 1 0; xz yz 1], row by row.
        let t = try #require(
            CAMLValueText.transform("shearYZ(0.3rad) shearXZ(0.2rad) shearXY(0.1rad) scale(2, 3, 4)"))
        expectClose(
            [t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33].map { Double($0) },
            [2, 0, 0, 0.3, 3, 0, 0.8, 1.2, 4], within: 1e-12)
    }

    @Test func pathTextBuildsMovesLinesCurvesAndCloses() throws {
        let path = try #require(CAMLValueText.path("0 0 m 10 0 l 10 10 5 15 0 10 c h"))
        let box = path.boundingBox  // control points included
        expectClose(box, CGRect(x: 0, y: 0, width: 10, height: 15), within: 1e-9)
        #expect(CAMLValueText.path("0 0 m 10 l") == nil)
        #expect(CAMLValueText.path("10 0 l") == nil)
        #expect(CAMLValueText.path("0 0 m 1") == nil)
    }

    @Test func timingFunctionsByNameOrControlPoints() throws {
        let named = try #require(CAMLValueText.timingFunction("easeIn"))
        var point: [Float] = [0, 0]
        named.getControlPoint(at: 1, values: &point)
        expectClose(Double(point[0]), 0.42, within: 1e-6)
        let numbers = try #require(CAMLValueText.timingFunction("0.88669 -0.015013 0.61462 1.01"))
        numbers.getControlPoint(at: 2, values: &point)
        expectClose(Double(point[1]), 1.01, within: 1e-6)
        #expect(CAMLValueText.timingFunction("bouncy") == nil)
        #expect(CAMLValueText.timingFunction("2 0 0 1") == nil)
    }
}
