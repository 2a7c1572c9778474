import Foundation
import Numerics
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@testable import OpenQuartzCore

/// Compares all sixteen entries.
private func expectClose(
    _ actual: CATransform3D, _ expected: CATransform3D, within tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let a = entries(actual)
    let e = entries(expected)
    let worst = zip(a, e).map { abs($0 - $1) }.max() ?? 0
    #expect(
        a.elementsEqual(e) { $0.isApproximatelyEqual(to: $1, absoluteTolerance: tolerance) },
        "\(actual) differs from \(expected) by up to \(worst)\(comment.map { ": \($0)" } ?? "")",
        sourceLocation: sourceLocation
    )
}

private func entries(_ t: CATransform3D) -> [Double] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ].map { Double($0) }
}

private func matrix(_ rows: [[Double]]) -> CATransform3D {
    let r = rows.map { $0.map { CGFloat($0) } }
    return CATransform3D(
        m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
        m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
        m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
        m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3]
    )
}

private func map(_ t: CATransform3D, _ x: Double, _ y: Double, _ z: Double) -> [Double] {
    let p = t.applying(to: (x, y, z))
    return [p.x, p.y, p.z]
}

@Suite("CATransform3D functions")
struct Transform3DTests {
    @Test func zeroInitIsNotTheIdentity() {
        #expect(entries(CATransform3D()).allSatisfy { $0 == 0 })
        #expect(entries(CATransform3DIdentity) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 3)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 4)))
    }

    @Test func makeTranslationAndScaleFillTheDocumentedEntries() {
        expectClose(
            CATransform3DMakeTranslation(4, 5, 6),
            matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [4, 5, 6, 1]]), within: 0)
        expectClose(
            CATransform3DMakeScale(2, 3, 4),
            matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [0, 0, 0, 1]]), within: 0)
    }

    @Test func makeRotationAboutEachAxis() {
        expectClose(
            CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
            matrix([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]), within: 1e-12)
        expectClose(
            CATransform3DMakeRotation(.pi / 2, 1, 0, 0),
            matrix([[1, 0, 0, 0], [0, 0, 1, 0], [0, -1, 0, 0], [0, 0, 0, 1]]), within: 1e-12)
        expectClose(
            CATransform3DMakeRotation(.pi / 2, 0, 1, 0),
            matrix([[0, 0, -1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]]), within: 1e-12)
        let c = cos(0.3), s = sin(0.3)
        expectClose(
            CATransform3DMakeRotation(0.3, 0, 0, 5),
            matrix([[c, s, 0, 0], [-s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]), within: 1e-12,
            "the axis is normalised")
        // A third of a turn about (1, 1, 1) cycles the axes: x → y → z → x.
        expectClose(
            CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1),
            matrix([[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]]), within: 1e-12)
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity, "zero axis gives identity")
    }

    @Test func concatIsAThenB() {
        let a = matrix([[1, 2, 0, 0], [0, 1, 3, 0], [4, 0, 1, 0], [5, 6, 7, 1]])
        let b = matrix([[2, 0, 1, 0], [1, 3, 0, 0], [0, 1, 2, 0], [-1, 2, 0, 1]])
        expectClose(
            CATransform3DConcat(a, b),
            matrix([[4, 6, 1, 0], [1, 6, 6, 0], [8, 1, 6, 0], [15, 27, 19, 1]]), within: 1e-12)
        expectClose(
            CATransform3DConcat(b, a),
            matrix([[6, 4, 1, 0], [1, 5, 9, 0], [8, 1, 5, 0], [4, 6, 13, 1]]), within: 1e-12)
        // Translate then rotate moves (1, 0, 0) to (11, 0, 0) and then to (0, 11, 0).
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        expectClose(map(CATransform3DConcat(move, turn), 1, 0, 0), [0, 11, 0], within: 1e-12)
        expectClose(map(CATransform3DConcat(turn, move), 1, 0, 0), [10, 1, 0], within: 1e-12)
    }

    @Test func translateScaleAndRotateApplyTheirOperationFirst() {
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // t' = op × t: the operation happens in t's own coordinates, before t.
        expectClose(map(CATransform3DTranslate(turn, 10, 0, 0), 1, 0, 0), [0, 11, 0], within: 1e-12)
        expectClose(map(CATransform3DRotate(move, .pi / 2, 0, 0, 1), 1, 0, 0), [10, 1, 0], within: 1e-12)
        expectClose(map(CATransform3DScale(move, 2, 3, 4), 1, 1, 1), [12, 3, 4], within: 1e-12)
        let t = matrix([[1, 2, 0, 0], [0, 1, 3, 0], [4, 0, 1, 0.5], [5, 6, 7, 1]])
        expectClose(
            CATransform3DTranslate(t, 1, 2, 3), CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), t),
            within: 1e-12)
        expectClose(
            CATransform3DScale(t, 2, 3, 4), CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), t), within: 1e-12)
        expectClose(
            CATransform3DRotate(t, 0.7, 1, 2, 3),
            CATransform3DConcat(CATransform3DMakeRotation(0.7, 1, 2, 3), t), within: 1e-12)
    }

    @Test func invertUndoesATransform() {
        let withPerspective = matrix([[2, 0, 0, 0], [0, 1, 0, 0], [1, 0, 1, -1.0 / 500], [10, 20, 30, 1]])
        // Exact inverse from Python's fractions (Gauss–Jordan).
        expectClose(
            CATransform3DInvert(withPerspective),
            matrix([
                [0.5, 0, 0, 0], [0, 1, 0, 0],
                [-51.0 / 106, -2.0 / 53, 50.0 / 53, 1.0 / 530],
                [500.0 / 53, -1000.0 / 53, -1500.0 / 53, 50.0 / 53],
            ]), within: 1e-12)
        expectClose(
            CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)),
            CATransform3DMakeTranslation(-1, -2, -3), within: 1e-12)
        let general = matrix([[1, 2, 0, 0.1], [0, 1, 3, 0], [4, 0, 1, 0.2], [5, 6, 7, 1]])
        expectClose(CATransform3DConcat(general, CATransform3DInvert(general)), CATransform3DIdentity, within: 1e-12)
        let tiny = CATransform3DMakeScale(1e-5, 1e-5, 1e-5)
        expectClose(CATransform3DInvert(tiny), CATransform3DMakeScale(1e5, 1e5, 1e5), within: 1e-6)
    }

    @Test func invertOfASingularMatrixReturnsItsInput() {
        let flat = CATransform3DMakeScale(1, 1, 0)
        #expect(CATransform3DInvert(flat) == flat)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        // Singular only up to rounding: a rotation squashed to a line.
        let squashed = CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(0.3, 1, 1, 0))
        #expect(CATransform3DInvert(squashed) == squashed)
    }

    @Test func affineRoundTrip() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        expectClose(t, matrix([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 1, 0], [5, 6, 0, 1]]), within: 0)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == affine)
        #expect(CATransform3DMakeAffineTransform(.identity) == CATransform3DIdentity)
        var perspective = t
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 0, 1)))
        #expect(
            CATransform3DGetAffineTransform(CATransform3DMakeRotation(0.1, 0, 0, 1))
                == CGAffineTransform(rotationAngle: 0.1))
    }
}

@Suite("CATransform3D decomposition, key paths and interpolation")
struct Transform3DDecompositionTests {
    /// Scale (2, 3, 4), then a 0.3 rad turn about z, then a move by (5, 6, 7).
    let composed = CATransform3DConcat(
        CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.3, 0, 0, 1)),
        CATransform3DMakeTranslation(5, 6, 7)
    )

    @Test func readersDecomposeScaleRotationAndTranslation() {
        let t = composed
        expectClose(t.scaleX, 2, within: 1e-12)
        expectClose(t.scaleY, 3, within: 1e-12)
        expectClose(t.scaleZ, 4, within: 1e-12)
        expectClose(t.scale, 3, within: 1e-12, "the average of all three factors")
        expectClose(t.rotationZ, 0.3, within: 1e-12)
        expectClose(t.rotationX, 0, within: 1e-12)
        expectClose(t.rotationY, 0, within: 1e-12)
        expectClose(t.translationX, 5, within: 1e-12)
        expectClose(t.translationY, 6, within: 1e-12)
        expectClose(t.translationZ, 7, within: 1e-12)
        expectClose(t.translation, CGSize(width: 5, height: 6), within: 1e-12)
    }

    @Test(arguments: [-3.0, -2.0, -0.5, 0.4, 1.2, 2.0944, 3.0])
    func singleAxisRotationsReadBackOnTheirOwnAxis(angle: Double) {
        let a = CGFloat(angle)
        expectClose(CATransform3DMakeRotation(a, 1, 0, 0).rotationX, a, within: 1e-12)
        expectClose(CATransform3DMakeRotation(a, 0, 1, 0).rotationY, a, within: 1e-12)
        expectClose(CATransform3DMakeRotation(a, 0, 0, 1).rotationZ, a, within: 1e-12)
        expectClose(CATransform3DMakeRotation(a, 0, 1, 0).rotationX, 0, within: 1e-12)
        expectClose(CATransform3DMakeRotation(a, 0, 1, 0).rotationZ, 0, within: 1e-12)
    }

    @Test func eulerAnglesApplyZThenYThenX() {
        let basis = DecomposedTransform(CATransform3DIdentity)!
        var parts = basis
        parts.rotation = RotationBasis(eulerX: 0.2, eulerY: -0.7, eulerZ: 1.1)
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(1.1, 0, 0, 1), CATransform3DMakeRotation(-0.7, 0, 1, 0)),
            CATransform3DMakeRotation(0.2, 1, 0, 0)
        )
        expectClose(parts.matrix, expected, within: 1e-12)
        expectClose(expected.rotationX, 0.2, within: 1e-12)
        expectClose(expected.rotationY, -0.7, within: 1e-12)
        expectClose(expected.rotationZ, 1.1, within: 1e-12)
    }

    @Test func decompositionRoundTrips() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let sheared = matrix([[1, 0.5, 0, 0], [0.25, 2, 0.1, 0], [0, 0.3, 3, 0], [4, 5, 6, 1]])
        let cases = [
            composed,
            CATransform3DRotate(perspective, 0.8, 0, 1, 0),
            CATransform3DTranslate(CATransform3DRotate(perspective, 0.8, 1, 1, 0), 10, 20, 100),
            sheared,
            CATransform3DMakeScale(-1, 1, 1),
            CATransform3DMakeScale(1, -2, 1),
            CATransform3DMakeScale(0, 0, 1),
            CATransform3DConcat(CATransform3DMakeScale(0, 2, 1), CATransform3DMakeRotation(0.4, 0, 0, 1)),
            matrix([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [1, 2, 3, 2]]),
        ]
        for t in cases {
            let parts = try #require(DecomposedTransform(t))
            expectClose(parts.matrix.multiplied(by: t.m44), t, within: 1e-12)
        }
        #expect(DecomposedTransform(matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]])) == nil)
    }

    @Test func settingRotationZOnTheIdentityIsMakeRotation() {
        expectClose(
            CATransform3DIdentity.setting(component: .rotationZ, to: .pi / 2),
            CATransform3DMakeRotation(.pi / 2, 0, 0, 1), within: 1e-12)
        expectClose(
            CATransform3DIdentity.setting(component: .rotation, to: 0.6),
            CATransform3DMakeRotation(0.6, 0, 0, 1), within: 1e-12)
        expectClose(
            CATransform3DIdentity.setting(component: .rotationX, to: 0.6),
            CATransform3DMakeRotation(0.6, 1, 0, 0), within: 1e-12)
        expectClose(
            CATransform3DIdentity.setting(component: .scale, to: 2),
            CATransform3DMakeScale(2, 2, 2), within: 1e-12)
    }

    @Test func settingScaleXKeepsTheRotation() {
        let turned = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let stretched = turned.setting(component: .scaleX, to: 2)
        expectClose(stretched, CATransform3DConcat(CATransform3DMakeScale(2, 1, 1), turned), within: 1e-12)
        expectClose(stretched.rotationZ, 0.5, within: 1e-12)
    }

    /// A flat mirror decomposes as a negative x (or y) scale, as a 2D transform does: a layer
    /// mirrored by `transform.scale.x = -1` and turned by `transform.rotation.z` is the mirror
    /// turned (Apple's pictures of Lottie's mirrored shapes show it so), not turned the other way.
    @Test func aFlatMirrorIsANegativeScaleThatATurnKeeps() throws {
        let mirrorX = try #require(DecomposedTransform(CATransform3DMakeScale(-1, 1, 1)))
        #expect(mirrorX.scale == TransformVector(-1, 1, 1))
        let mirrorY = try #require(DecomposedTransform(CATransform3DMakeScale(1, -2, 1)))
        #expect(mirrorY.scale == TransformVector(1, -2, 1))
        let angle = -30 * Double.pi / 180
        let turned = CATransform3DMakeScale(-1, 1, 1).setting(component: .rotationZ, to: angle)
        expectClose(
            turned, CATransform3DConcat(CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeRotation(angle, 0, 0, 1)),
            within: 1e-12)
        // Reading the parts back gives what was set.
        expectClose(turned.scaleX, -1, within: 1e-12)
        expectClose(turned.rotationZ, angle, within: 1e-12)
        // Mirrored through z too, the mirror stays in z.
        let deep = try #require(DecomposedTransform(CATransform3DMakeScale(1, 1, -1)))
        #expect(deep.scale == TransformVector(1, 1, -1))
    }

    /// Both flat axes negated is a scale by two negative factors, not a half turn: scale x,
    /// scale y and a rotation set one after another (as three animations of one layer apply)
    /// give the negative scales turned, as Apple draws Lottie's shapes at −100 % on both axes.
    @Test func twoNegativeScalesSetInTurnAreKeptUnderATurn() throws {
        let flipped = try #require(DecomposedTransform(CATransform3DMakeScale(-1, -0.5, 1)))
        #expect(flipped.scale == TransformVector(-1, -0.5, 1))
        expectClose(flipped.rotation.eulerAngles.z, 0, within: 1e-12)
        let composed = CATransform3DIdentity.setting(component: .scaleX, to: -1)
            .setting(component: .scaleY, to: -0.5).setting(component: .rotationZ, to: 0.3)
        expectClose(
            composed,
            CATransform3DConcat(CATransform3DMakeScale(-1, -0.5, 1), CATransform3DMakeRotation(0.3, 0, 0, 1)),
            within: 1e-12)
        // A half turn made as a rotation is not exactly diagonal, and stays a turn.
        let halfTurn = try #require(DecomposedTransform(CATransform3DMakeRotation(.pi, 0, 0, 1)))
        #expect(halfTurn.scale == TransformVector(1, 1, 1))
        expectClose(abs(halfTurn.rotation.eulerAngles.z), .pi, within: 1e-12)
    }

    /// Three animations of one layer's scale x, scale y and rotation compose as the parts they
    /// set, on the render tree's path as on `presentation()`.
    @Test func animatedNegativeScalesAndATurnCompose() throws {
        try withManualClock { clock in
            let layer = CALayer()
            for (key, value) in [
                ("transform.scale.x", -1.0), ("transform.scale.y", -0.5), ("transform.rotation.z", 0.3),
            ] {
                let animation = CABasicAnimation(keyPath: key)
                animation.fromValue = value
                animation.toValue = value
                animation.duration = 10
                layer.add(animation, forKey: key)
            }
            CATransaction.flush()
            clock.advance(to: 1)
            let presented = try #require(layer.presentation()).transform
            expectClose(
                presented,
                CATransform3DConcat(CATransform3DMakeScale(-1, -0.5, 1), CATransform3DMakeRotation(0.3, 0, 0, 1)),
                within: 1e-12)
        }
    }

    @Test func settingOneComponentKeepsTheOthers() {
        let t = composed
        let moved = t.setting(component: .translationY, to: -4)
        expectClose(
            moved,
            CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.3, 0, 0, 1)),
                CATransform3DMakeTranslation(5, -4, 7)), within: 1e-12)
        let spun = t.setting(component: .rotationZ, to: -1)
        expectClose(
            spun,
            CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(-1, 0, 0, 1)),
                CATransform3DMakeTranslation(5, 6, 7)), within: 1e-12)
        expectClose(
            t.setting(translation: CGSize(width: 1, height: 2)).translation,
            CGSize(width: 1, height: 2), within: 1e-12)
        expectClose(t.setting(translation: CGSize(width: 1, height: 2)).translationZ, 7, within: 1e-12)
    }

    @Test func settingRotationKeepsPerspective() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        expectClose(
            perspective.setting(component: .rotationY, to: 0.8),
            CATransform3DRotate(perspective, 0.8, 0, 1, 0), within: 1e-12)
    }

    @Test func makeBuildsWhatValueFunctionsBuild() {
        #expect(CATransform3D.make(component: .rotationZ, value: 0.5) == CATransform3DMakeRotation(0.5, 0, 0, 1))
        #expect(CATransform3D.make(component: .rotationY, value: 0.5) == CATransform3DMakeRotation(0.5, 0, 1, 0))
        #expect(CATransform3D.make(component: .scale, value: 3) == CATransform3DMakeScale(3, 3, 3))
        #expect(CATransform3D.make(component: .scaleY, value: 3) == CATransform3DMakeScale(1, 3, 1))
        #expect(CATransform3D.make(component: .translationX, value: 7) == CATransform3DMakeTranslation(7, 0, 0))
        #expect(CATransform3D.make(component: .translation, values: (1, 2, 3)) == CATransform3DMakeTranslation(1, 2, 3))
        #expect(CATransform3D.make(component: .scale, values: (1, 2, 3)) == CATransform3DMakeScale(1, 2, 3))
    }

    @Test func applyingDividesByW() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        // w = 1 − 100/500 = 0.8, so everything grows by 1.25.
        expectClose(map(perspective, 40, -8, 100), [50, -10, 125], within: 1e-12)
        expectClose(map(composed, 1, 0, 0), [5 + 2 * cos(0.3), 6 + 2 * sin(0.3), 7], within: 1e-12)
    }

    @Test func halfwayToAQuarterTurnIsAnEighthTurn() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let halfway = CATransform3DIdentity.interpolated(to: quarter, fraction: 0.5)
        expectClose(halfway, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), within: 1e-12)
        let elementwise = CATransform3DIdentity.elementwiseInterpolated(to: quarter, fraction: 0.5)
        expectClose(elementwise.m11, 0.5, within: 1e-12, "the average would shrink the layer")
    }

    @Test func rotationsTakeTheShorterWay() {
        let halfway = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            .interpolated(to: CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), fraction: 0.5)
        expectClose(halfway, CATransform3DIdentity, within: 1e-12)
        let threeQuarters =
            CATransform3DIdentity
            .interpolated(to: CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1), fraction: 0.5)
        expectClose(threeQuarters, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), within: 1e-12)
    }

    /// A layer mirrored along x and turned from a half turn to five quarters (as Lottie's
    /// issue_2094 turns its mirrored ring): one end decomposes with y negative, the other,
    /// where cos 450° rounds above 0, with x negative. The layer stays whole, its mirror
    /// turning the shorter way, as Apple draws it.
    @Test func aMirroredLayerTurningStaysWholeWhicheverAxisEachEndMirrors() {
        func mirrored(turnedBy degrees: Double) -> CATransform3D {
            CATransform3DScale(CATransform3DMakeRotation(degrees * .pi / 180, 0, 0, 1), -1, 1, 1)
        }
        let from = mirrored(turnedBy: 180)
        let to = mirrored(turnedBy: 450)
        for fraction in [0.25, 0.5, 0.75] {
            let between = from.interpolated(to: to, fraction: fraction)
            // Whole: the x axis keeps its length; mirrored: the determinant stays −1.
            expectClose(Double((between.m11 * between.m11 + between.m12 * between.m12).squareRoot()), 1, within: 1e-12)
            expectClose(Double(between.m11 * between.m22 - between.m12 * between.m21), -1, within: 1e-12)
        }
        // The shorter way from 180° to 450° (90°) is back through 135°.
        expectClose(from.interpolated(to: to, fraction: 0.5), mirrored(turnedBy: 135), within: 1e-12)
        // Fractions 0 and 1 are the ends exactly.
        #expect(from.interpolated(to: to, fraction: 1) == to)
    }

    @Test func scaleAndTranslationInterpolateLinearly() {
        let from = CATransform3DMakeScale(1, 1, 1)
        let to = CATransform3DMakeScale(3, 3, 3)
        expectClose(from.interpolated(to: to, fraction: 0.5), CATransform3DMakeScale(2, 2, 2), within: 1e-12)
        expectClose(
            CATransform3DMakeScale(0, 0, 1).interpolated(to: CATransform3DIdentity, fraction: 0.25),
            CATransform3DMakeScale(0.25, 0.25, 1), within: 1e-12)
        let moved = CATransform3DMakeTranslation(10, -20, 4)
        expectClose(
            CATransform3DIdentity.interpolated(to: moved, fraction: 1.2),
            CATransform3DMakeTranslation(12, -24, 4.8), within: 1e-12, "overshoot extrapolates")
        let turnedAndScaled = CATransform3DConcat(
            CATransform3DMakeScale(3, 3, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        expectClose(
            CATransform3DIdentity.interpolated(to: turnedAndScaled, fraction: 0.5),
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 4, 0, 0, 1)),
            within: 1e-12)
    }

    @Test func interpolationEndPointsAreExact() {
        let a = composed
        let b = CATransform3DMakeRotation(1, 1, 1, 0)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        let undecomposable = matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]])
        expectClose(
            CATransform3DIdentity.interpolated(to: undecomposable, fraction: 0.5),
            matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0.5]]), within: 1e-12,
            "falls back to element-wise")
    }
}
