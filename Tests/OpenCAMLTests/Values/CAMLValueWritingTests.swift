import CAMLTestSupport
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// The text the writer gives each value grammar, and that the reader gets the value back.
@Suite struct CAMLValueWritingTests {
    @Test(arguments: [
        (390.0, "390"), (-12.0, "-12"), (0.0, "0"), (-0.0, "0"), (0.25, "0.25"), (0.1 + 0.2, "0.3"),
        (1e-100, "1e-100"), (2.5e20, "2.5e+20"), (123456.789, "123456.789"), (-1380.61, "-1380.61"),
        (0.3499999940395355, "0.349999994"), (1757764249431.5, "1757764249431.5"), (0.00012, "0.00012"),
        (Double.infinity, "Inf"), (-Double.infinity, "-Inf"), (6.283185307179586, "6.283185307"),
    ])
    func numbersAreTheShortestTextWithinTheTolerance(value: Double, text: String) throws {
        #expect(CAMLValueText.text(value) == text)
        let back = try #require(CAMLValueText.number(text))
        if value.isFinite {
            expectClose(back, value, within: 1e-9)
        } else {
            #expect(back == value)
        }
    }

    @Test func floatsAreWrittenAsTheFloatTheyAre() throws {
        for value: Float in [0.35, 0.1, 1, 0.5, 1.05, 3.4e-6, 12345.678] {
            let text = CAMLValueText.text(value)
            #expect(Float(try #require(CAMLValueText.number(text))) == value, "\(value) → \(text)")
        }
        #expect(CAMLValueText.text(Float(0.35)) == "0.35")
        #expect(CAMLValueText.text(Float.infinity) == "Inf")
    }

    @Test func geometryIsSpaceSeparated() {
        #expect(CAMLValueText.text(CGPoint(x: 50, y: 772.5)) == "50 772.5")
        #expect(CAMLValueText.text(CGSize(width: 390, height: 844)) == "390 844")
        #expect(CAMLValueText.text(CGRect(x: -1380.61, y: 0, width: 390, height: 844)) == "-1380.61 0 390 844")
        #expect(CAMLValueText.text(CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 3, ty: -4)) == "matrix(1 0 0 2 3 -4)")
        #expect(
            CAMLValueText.affineTransform("matrix(1 0 0 2 3 -4)")
                == CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 3, ty: -4))
    }

    @Test func coloursWriteOpacityOnlyWhenNotOne() {
        let opaque = CAMLValueText.colorText(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(opaque.value == "1 0.5 0")
        #expect(opaque.opacity == nil)
        let translucent = CAMLValueText.colorText(red: 0, green: 0, blue: 0, alpha: 0.25)
        #expect(translucent.value == "0 0 0")
        #expect(translucent.opacity == "0.25")
    }

    @Test func pathsAreOperandsThenOperators() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 19.51, y: 15.57))
        path.addLine(to: CGPoint(x: 17.29, y: 17.8))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 1, y: 2))
        path.addCurve(to: CGPoint(x: 5, y: 6), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4))
        path.closeSubpath()
        let text = CAMLValueText.text(path)
        #expect(text == "19.51 15.57 m 17.29 17.8 l 1 2 5 6 q 1 2 3 4 5 6 c h")
        #expect(try #require(CAMLValueText.path(text)) == path)
        #expect(CAMLValueText.text(CGMutablePath()) == "")
    }

    @Test func timingFunctionsAreNamedOrFourNumbers() throws {
        #expect(CAMLValueText.text(CAMediaTimingFunction(name: .default)) == "default")
        #expect(CAMLValueText.text(CAMediaTimingFunction(name: .easeInEaseOut)) == "easeInEaseOut")
        let custom = CAMediaTimingFunction(controlPoints: 0.29712, -0.0052251, 0.24359, 0.99619)
        let text = CAMLValueText.text(custom)
        #expect(text == "0.29712 -0.0052251 0.24359 0.99619")
        let back = try #require(CAMLValueText.timingFunction(text))
        #expect(CAMLTreeFacts.value(back) == CAMLTreeFacts.value(custom))
    }

    @Test func identityTransformIsEmpty() {
        #expect(CAMLValueText.text(CATransform3DIdentity) == "")
    }

    @Test func transformsUseApplesFunctionOrder() {
        #expect(CAMLValueText.text(CATransform3DMakeRotation(.pi / 6, 0, 0, 1)) == "rotate(30deg)")
        #expect(CAMLValueText.text(CATransform3DMakeScale(0.6, 0.6, 0.6)) == "scale(0.6)")
        #expect(CAMLValueText.text(CATransform3DMakeScale(0.6, 0.6, 1)) == "scale(0.6, 0.6, 1)")
        let moved = CATransform3DTranslate(CATransform3DMakeTranslation(10, -20, 0), 0, 0, 0)
        #expect(CAMLValueText.text(moved) == "translate(10, -20, 0)")
        #expect(CAMLValueText.text(CATransform3DMakeRotation(.pi / 4, 0, 1, 0)) == "rotate(45deg, 0, 1, 0)")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(CAMLValueText.text(perspective) == "perspective(500)")
    }

    @Test(arguments: 0..<6)
    func everyTransformReadsBackWithinTheTolerance(index: Int) throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 800
        let transforms: [CATransform3D] = [
            CATransform3DRotate(CATransform3DMakeTranslation(120, 44.5, 3), 1.1, 0.2, 0.7, 0.1),
            CATransform3DScale(CATransform3DMakeRotation(-2.5, 0, 0, 1), 1.5, 0.25, 1),
            // A zero scale cannot be decomposed: a matrix.
            CATransform3DMakeScale(0, 0, 1),
            // A shear: a matrix.
            CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: 0.7, d: 1, tx: 5, ty: 6)),
            CATransform3DConcat(CATransform3DMakeRotation(0.4, 1, 0, 0), perspective),
            CATransform3DScale(CATransform3DMakeTranslation(1000.25, -3e-3, 0), -1, 1, 1),
        ]
        let transform = transforms[index]
        let text = CAMLValueText.text(transform)
        let back = try #require(CAMLValueText.transform(text), "\(text)")
        let expected = CAMLValueText.matrixEntries(transform)
        for (read, wanted) in zip(CAMLValueText.matrixEntries(back), expected) {
            expectClose(read, wanted, within: 1e-9, "\(text)")
        }
        if index == 2 || index == 3 { #expect(text.hasPrefix("matrix(")) }
        // What was read writes the same text again.
        #expect(CAMLValueText.text(back) == text)
    }
}
