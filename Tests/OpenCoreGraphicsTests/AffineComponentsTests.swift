import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

/// `CGAffineTransform.decomposed()` and `init(_:)` (issue 28): scale, shear, rotation,
/// translation, as `CGAffineTransformComponents` lays them out.
@Suite struct AffineComponentsTests {
    @Test func simpleTransformsGiveTheirOwnComponent() {
        let turned = CGAffineTransform(rotationAngle: 0.7).decomposed()
        expectClose(Double(turned.rotation), 0.7, within: 1e-12)
        expectClose(Double(turned.scale.width), 1, within: 1e-12)
        expectClose(Double(turned.scale.height), 1, within: 1e-12)
        expectClose(Double(turned.horizontalShear), 0, within: 1e-12)
        let scaled = CGAffineTransform(scaleX: 2, y: -3).decomposed()
        #expect(scaled.scale == CGSize(width: 2, height: -3), "a flip is a negative y scale")
        #expect(scaled.rotation == 0)
        let moved = CGAffineTransform(translationX: 5, y: -7).decomposed()
        #expect(moved.translation == CGVector(dx: 5, dy: -7))
        #expect(moved.scale == CGSize(width: 1, height: 1))
        // Scale first, then the turn (row vectors: S · R): the scale stays in the own axes.
        let both = CGAffineTransform(scaleX: 2, y: 0.5).concatenating(CGAffineTransform(rotationAngle: .pi / 3))
            .decomposed()
        expectClose(Double(both.rotation), Double.pi / 3, within: 1e-12)
        expectClose(Double(both.scale.width), 2, within: 1e-12)
        expectClose(Double(both.scale.height), 0.5, within: 1e-12)
    }

    @Test(arguments: [
        CGAffineTransform(a: 1.2, b: 0.4, c: -0.3, d: 0.9, tx: 12, ty: -4),
        CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        CGAffineTransform(a: 0.5, b: -2, c: 1.5, d: 0.25, tx: 3, ty: 3),
    ])
    func componentsComposeBackToTheTransform(_ transform: CGAffineTransform) {
        let rebuilt = CGAffineTransform(transform.decomposed())
        for (one, other) in [
            (rebuilt.a, transform.a), (rebuilt.b, transform.b), (rebuilt.c, transform.c), (rebuilt.d, transform.d),
            (rebuilt.tx, transform.tx), (rebuilt.ty, transform.ty),
        ] {
            expectClose(Double(one), Double(other), within: 1e-12)
        }
        #expect(transform.decomposed().scale.width >= 0)
    }
}
