import Foundation
import OpenCoreGraphics
import Testing

@testable import OpenQuartzCore

@Suite("NSValue boxing of animation values")
struct ValueBoxingTests {
    let transform = CATransform3DTranslate(CATransform3DMakeRotation(0.4, 1, 2, 3), 5, 6, 7)
    let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)

    @Test func geometryRoundTripsWithUIKitSpellings() {
        let point = CGPoint(x: 1.5, y: -2)
        let size = CGSize(width: 3, height: 4.25)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgPoint: point).cgPointValue == point)
        #expect(NSValue(cgSize: size).cgSizeValue == size)
        #expect(NSValue(cgRect: rect).cgRectValue == rect)
    }

    @Test func transformsRoundTrip() {
        #expect(NSValue(caTransform3D: transform).caTransform3DValue == transform)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
    }

    @Test func objCTypesAreApples() {
        func type(_ value: NSValue) -> String { String(cString: value.objCType) }
        #expect(type(NSValue(cgPoint: .zero)) == "{CGPoint=dd}")
        #expect(type(NSValue(cgSize: .zero)) == "{CGSize=dd}")
        #expect(type(NSValue(cgRect: .zero)) == "{CGRect={CGPoint=dd}{CGSize=dd}}")
        #expect(type(NSValue(caTransform3D: transform)) == "{CATransform3D=dddddddddddddddd}")
        #expect(type(NSValue(cgAffineTransform: affine)) == "{CGAffineTransform=dddddd}")
    }

    @Test func getValueCopiesTheStruct() {
        var copy = CATransform3D()
        NSValue(caTransform3D: transform).getValue(&copy)
        #expect(copy == transform)
        var affineCopy = CGAffineTransform()
        NSValue(cgAffineTransform: affine).getValue(&affineCopy)
        #expect(affineCopy == affine)
    }

    @Test func boxedTransformsCompareByValue() {
        let a = NSValue(caTransform3D: transform)
        #expect(a == NSValue(caTransform3D: transform))
        #expect(a != NSValue(caTransform3D: CATransform3DIdentity))
        #expect(a.hash == NSValue(caTransform3D: transform).hash)
        #expect(NSValue(cgAffineTransform: affine) == NSValue(cgAffineTransform: affine))
        #expect(NSValue(cgAffineTransform: affine) != NSValue(caTransform3D: transform))
        #expect(
            NSValue(caTransform3D: CATransform3DIdentity).description.hasPrefix("CATransform3D: {{1.0, 0.0, 0.0, 0.0}"))
    }

    @Test func unboxGeometryRecognisesEachKind() {
        let point = CGPoint(x: 1, y: 2)
        let size = CGSize(width: 3, height: 4)
        let rect = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(unboxGeometry(NSValue(cgPoint: point)) == .point(point))
        #expect(unboxGeometry(NSValue(cgSize: size)) == .size(size))
        #expect(unboxGeometry(NSValue(cgRect: rect)) == .rect(rect))
        #expect(unboxGeometry(NSValue(caTransform3D: transform)) == .transform3D(transform))
        #expect(unboxGeometry(NSValue(cgAffineTransform: affine)) == .affine(affine))
        #expect(unboxGeometry(NSNumber(value: 1.5)) == nil)
        #expect(unboxGeometry(NSValue(range: NSRange(location: 1, length: 2))) == nil)
    }

    @Test func readersTrapOnAnotherType() async {
        await #expect(processExitsWith: .failure) {
            _ = NSValue(cgRect: .zero).cgPointValue
        }
        await #expect(processExitsWith: .failure) {
            _ = NSValue(cgPoint: .zero).caTransform3DValue
        }
        await #expect(processExitsWith: .failure) {
            _ = NSValue(caTransform3D: CATransform3DIdentity).cgAffineTransformValue
        }
    }
}
