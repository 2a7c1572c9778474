import OpenUIKit
import Testing

@Suite("UIKit's string forms of geometry")
struct GeometryStringTests {
    @Test func valuesAreWrittenInUIKitsForms() {
        #expect(NSCoder.string(for: CGPoint(x: 1, y: 2.5)) == "{1, 2.5}")
        #expect(NSCoder.string(for: CGSize(width: 320, height: -4)) == "{320, -4}")
        #expect(NSCoder.string(for: CGRect(x: 0, y: 10, width: 30, height: 40)) == "{{0, 10}, {30, 40}}")
        #expect(NSCoder.string(for: CGVector(dx: 3, dy: 4)) == "{3, 4}")
        #expect(NSCoder.string(for: CGAffineTransform(translationX: 5, y: 6)) == "[1, 0, 0, 1, 5, 6]")
        #expect(NSStringFromCGPoint(CGPoint(x: 0.1, y: 0)) == "{0.10000000000000001, 0}", "17 digits: exact")
        #expect(NSStringFromCGRect(.zero) == "{{0, 0}, {0, 0}}")
    }

    @Test func stringsAreReadBackIgnoringWhiteSpace() {
        #expect(NSCoder.cgPoint(for: "{3.0,2.4}") == CGPoint(x: 3, y: 2.4))
        #expect(NSCoder.cgPoint(for: " { -1 ,  2e3 } ") == CGPoint(x: -1, y: 2000))
        #expect(NSCoder.cgSize(for: "{320, 480}") == CGSize(width: 320, height: 480))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgVector(for: "{3, 4}") == CGVector(dx: 3, dy: 4))
        #expect(
            NSCoder.cgAffineTransform(for: "[2, 0, 0, 2, 5, 6]")
                == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        let point = CGPoint(x: 0.1, y: 1.0 / 3)
        #expect(CGPointFromString(NSStringFromCGPoint(point)) == point, "a round trip is exact")
    }

    @Test func malformedStringsReadAsZero() {
        #expect(NSCoder.cgPoint(for: "1, 2") == .zero)
        #expect(NSCoder.cgPoint(for: "{1, 2, 3}") == .zero)
        #expect(NSCoder.cgPoint(for: "{x, 2}") == .zero)
        #expect(NSCoder.cgRect(for: "{1, 2}") == .zero)
        #expect(CGSizeFromString("") == .zero)
        #expect(CGAffineTransformFromString("[1, 2]") == .identity)
    }

    @Test func nsValueBoxesGeometryWithUIKitsNames() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(
            NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        let t = CGAffineTransform(rotationAngle: 1)
        #expect(NSValue(cgAffineTransform: t).cgAffineTransformValue == t)
        let t3 = CATransform3DMakeScale(1, 2, 3)
        #expect(NSValue(caTransform3D: t3).caTransform3DValue == t3)
    }
}
