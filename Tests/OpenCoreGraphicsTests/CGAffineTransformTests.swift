import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@Suite struct CGAffineTransformTests {
    private func expectEntries(
        _ t: CGAffineTransform, _ entries: [Double], within tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        for (name, (value, expected)) in zip(["a", "b", "c", "d", "tx", "ty"], zip(actual, entries)) {
            expectClose(Double(value), expected, within: tolerance, "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func zeroInitializerIsAllZerosNotIdentity() {
        let t = CGAffineTransform()
        expectEntries(t, [0, 0, 0, 0, 0, 0], within: 0)
        #expect(!t.isIdentity)
    }

    @Test func identityIsIdentity() {
        expectEntries(.identity, [1, 0, 0, 1, 0, 0], within: 0)
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0).isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-9).isIdentity)
    }

    @Test func memberwiseInitializerStoresEntries() {
        expectEntries(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6), [1, 2, 3, 4, 5, 6], within: 0)
    }

    @Test func translationMovesPoints() {
        let t = CGAffineTransform(translationX: 10, y: 20)
        expectEntries(t, [1, 0, 0, 1, 10, 20], within: 0)
        expectClose(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 11, y: 22), within: 1e-12)
    }

    @Test func scaleMultipliesCoordinates() {
        let t = CGAffineTransform(scaleX: 2, y: 3)
        expectEntries(t, [2, 0, 0, 3, 0, 0], within: 0)
        expectClose(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 2, y: 6), within: 1e-12)
    }

    @Test func quarterRotationMapsXAxisOntoYAxis() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        expectEntries(t, [0, 1, -1, 0, 0, 0], within: 1e-15)
        expectClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 0, y: 1), within: 1e-12)
        expectClose(CGPoint(x: 0, y: 1).applying(t), CGPoint(x: -1, y: 0), within: 1e-12)
    }

    @Test func concatenatingMultipliesSelfThenArgument() {
        let product = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
            .concatenating(CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12))
        // Hand-computed row-vector product [1 2 0; 3 4 0; 5 6 1] × [7 8 0; 9 10 0; 11 12 1].
        expectEntries(product, [25, 28, 57, 64, 100, 112], within: 1e-12)
    }

    @Test func concatenatingAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        let point = CGPoint(x: 1, y: 1)
        expectClose(point.applying(scale.concatenating(move)), CGPoint(x: 12, y: 2), within: 1e-12)
        expectClose(point.applying(move.concatenating(scale)), CGPoint(x: 22, y: 2), within: 1e-12)
    }

    @Test func invertedUndoesTheTransform() {
        expectEntries(
            CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 6, ty: 8).inverted(), [0.5, 0, 0, 0.25, -3, -2],
            within: 1e-12)
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        expectEntries(t.concatenating(t.inverted()), [1, 0, 0, 1, 0, 0], within: 1e-12)
        expectEntries(t.inverted().concatenating(t), [1, 0, 0, 1, 0, 0], within: 1e-12)
    }

    @Test func invertingASingularTransformReturnsItUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform().inverted() == CGAffineTransform())
    }

    @Test func translatedByTranslatesBeforeTheTransform() {
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 10)
        expectEntries(t, [2, 0, 0, 3, 20, 30], within: 1e-12)
        expectClose(CGPoint.zero.applying(t), CGPoint(x: 20, y: 30), within: 1e-12)
    }

    @Test func scaledByScalesBeforeTheTransform() {
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        expectEntries(t, [2, 0, 0, 3, 10, 20], within: 1e-12)
        expectClose(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 23), within: 1e-12)
    }

    @Test func rotatedByRotatesBeforeTheTransform() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        expectClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 10, y: 1), within: 1e-12)
        let same = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        expectEntries(t, [same.a, same.b, same.c, same.d, same.tx, same.ty].map { Double($0) }, within: 1e-12)
    }

    @Test func sizeApplyingIgnoresTranslation() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 100, y: 100)
        expectClose(CGSize(width: 2, height: 3).applying(t), CGSize(width: 4, height: 6), within: 1e-12)
        let rotated = CGSize(width: 2, height: 3).applying(CGAffineTransform(rotationAngle: .pi / 2))
        expectClose(rotated, CGSize(width: -3, height: 2), within: 1e-12)
    }

    @Test func rectApplyingRotationGivesTheBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 2, height: 1)
        let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        expectClose(rotated, CGRect(x: -1, y: 0, width: 1, height: 2), within: 1e-12)
        let diamond = CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4))
        expectClose(
            diamond, CGRect(x: -0.5.squareRoot(), y: 0, width: 2.0.squareRoot(), height: 2.0.squareRoot()),
            within: 1e-12)
    }

    @Test func rectApplyingANegativeScaleIsStandardized() {
        let flipped = CGRect(x: 1, y: 0, width: 2, height: 1).applying(CGAffineTransform(scaleX: -1, y: 1))
        expectClose(flipped, CGRect(x: -3, y: 0, width: 2, height: 1), within: 1e-12)
        let moved = CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(translationX: 10, y: 20))
        expectClose(moved, CGRect(x: 11, y: 22, width: 3, height: 4), within: 1e-12)
    }

    @Test func nullRectStaysNull() {
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)
    }

    @Test func codableRoundTripsAsSixNumbers() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        let numbers = try JSONDecoder().decode([Double].self, from: data)
        #expect(numbers == [1, 2, 3, 4, 5, 6])
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }

    @Test func equalTransformsHashEqually() {
        let set: Set = [CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)]
        #expect(set.count == 1)
    }

    @Test func vectorInitializersAgree() {
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0, dy: 2.0))
        #expect(CGVector(dx: CGFloat(1), dy: CGFloat(2)) == CGVector(dx: 1, dy: 2))
        #expect(CGVector() == .zero)
    }
}
