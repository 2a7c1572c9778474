import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A layer with `bounds` at `position`, added to `superlayer` when one is given.
private func layer(bounds: CGRect, position: CGPoint, in superlayer: CALayer? = nil) -> CALayer {
    let layer = CALayer()
    layer.bounds = bounds
    layer.position = position
    superlayer?.addSublayer(layer)
    return layer
}

/// Point and rect conversion between layers (issue 14, item 6). Expected values are worked by
/// hand from Apple's layer geometry: a point goes about the anchor point, through `transform`,
/// to `position`, then through the superlayer's `sublayerTransform` about its anchor point.
@Suite("Layer geometry: converting points and rects")
struct LayerGeometryTests {
    @Test func aRootLayersOwnPositionCounts() {
        withManualClock { _ in
            // frame (150, 250, 100, 100)
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 200, y: 300))
            expectClose(root.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 150, y: 250), within: 1e-12)
            // Apple: with nil, "the original point subtracted from the layer's frame's origin".
            expectClose(root.convert(CGPoint(x: 10, y: 20), from: nil), CGPoint(x: -140, y: -230), within: 1e-12)
            expectClose(
                root.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil),
                CGRect(x: 150, y: 250, width: 10, height: 10), within: 1e-12)
        }
    }

    @Test func pointsConvertBetweenDifferentTrees() {
        withManualClock { _ in
            // Frame origins (10, 20) and (50, 70).
            let a = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 60, y: 70))
            let b = layer(bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 70, y: 90))
            let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 25, y: 25), in: a)
            expectClose(a.convert(CGPoint(x: 0, y: 0), to: b), CGPoint(x: -40, y: -50), within: 1e-12)
            expectClose(a.convert(CGPoint(x: -40, y: -50), from: b), CGPoint(x: 0, y: 0), within: 1e-12)
            // The child's origin is (20, 20) in `a`, (30, 40) in the shared space, (-20, -30) in `b`.
            expectClose(child.convert(CGPoint(x: 0, y: 0), to: b), CGPoint(x: -20, y: -30), within: 1e-12)
            expectClose(child.convert(CGPoint(x: -20, y: -30), from: b), CGPoint(x: 0, y: 0), within: 1e-12)
            expectClose(b.convert(CGPoint(x: 0, y: 0), to: child), CGPoint(x: 20, y: 30), within: 1e-12)
        }
    }

    @Test func boundsOriginShiftsTheLayersOwnCoordinates() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let scrolled = layer(
                bounds: CGRect(x: 10, y: 10, width: 100, height: 100), position: CGPoint(x: 50, y: 50), in: root)
            // The anchor point is the bounds' middle, (60, 60), placed at (50, 50).
            expectClose(scrolled.convert(CGPoint(x: 60, y: 60), to: root), CGPoint(x: 50, y: 50), within: 1e-12)
            expectClose(scrolled.convert(CGPoint(x: 10, y: 10), to: root), CGPoint(x: 0, y: 0), within: 1e-12)
            let inner = layer(
                bounds: CGRect(x: 0, y: 0, width: 0, height: 0), position: CGPoint(x: 30, y: 30), in: scrolled)
            expectClose(inner.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 20, y: 20), within: 1e-12)
        }
    }

    @Test func anchorPointAndRotationPlaceTheLayer() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
            let arm = layer(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100), in: root)
            arm.anchorPoint = CGPoint(x: 0, y: 0)
            arm.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            // (100, 0) from the anchor turns a quarter to (0, 100), then moves to the position.
            expectClose(arm.convert(CGPoint(x: 100, y: 0), to: root), CGPoint(x: 200, y: 200), within: 1e-9)
            expectClose(arm.convert(CGPoint(x: 0, y: 50), to: root), CGPoint(x: 150, y: 100), within: 1e-9)
            expectClose(root.convert(CGPoint(x: 150, y: 100), to: arm), CGPoint(x: 0, y: 50), within: 1e-9)
            // The rect's image is 50 wide, 100 tall, left of the position.
            expectClose(
                arm.convert(arm.bounds, to: root), CGRect(x: 150, y: 100, width: 50, height: 100), within: 1e-9)
        }
    }

    @Test func rectsConvertToTheBoundingBoxOfTheirCorners() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 0, height: 0), position: CGPoint(x: 0, y: 0))
            let square = layer(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 0, y: 0), in: root)
            square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            let half = 50 * 2.0.squareRoot()  // 70.710678…
            expectClose(
                square.convert(square.bounds, to: root),
                CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half), within: 1e-9)
            square.transform = CATransform3DMakeScale(2, 0.5, 1)
            expectClose(
                root.convert(CGRect(x: -100, y: -25, width: 200, height: 50), to: square),
                CGRect(x: 0, y: 0, width: 100, height: 100), within: 1e-9)
        }
    }

    @Test func sublayerTransformAppliesAboutTheSuperlayersAnchorPoint() {
        withManualClock { _ in
            let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            let child = layer(
                bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50), in: parent)
            // (40, 40) in the sublayers' space; scaled by 2 about (100, 100): (-20, -20).
            expectClose(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: -20, y: -20), within: 1e-12)
            expectClose(
                child.convert(child.bounds, to: parent), CGRect(x: -20, y: -20, width: 40, height: 40), within: 1e-12)
            expectClose(parent.convert(CGPoint(x: 20, y: 20), to: child), CGPoint(x: 20, y: 20), within: 1e-12)
            expectClose(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: -20, y: -20), within: 1e-12)
            // The parent's anchor point moves the centre of the scaling.
            parent.anchorPoint = CGPoint(x: 0, y: 0)
            parent.position = CGPoint(x: 0, y: 0)
            expectClose(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 80, y: 80), within: 1e-12)
        }
    }

    @Test func perspectiveInTheSublayerTransformDividesThrough() {
        withManualClock { _ in
            let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            parent.sublayerTransform = perspective
            let child = layer(
                bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 100, y: 100), in: parent)
            child.zPosition = 100
            // 10 right of the anchor at z = 100: w = 1 − 100/500 = 0.8, so 10 / 0.8 = 12.5.
            expectClose(child.convert(CGPoint(x: 20, y: 10), to: parent), CGPoint(x: 112.5, y: 100), within: 1e-9)
            expectClose(parent.convert(CGPoint(x: 112.5, y: 100), to: child), CGPoint(x: 20, y: 10), within: 1e-9)
        }
    }

    @Test func geometryFlippedMeasuresSublayersFromTheBottom() {
        withManualClock { _ in
            let parent = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
            parent.isGeometryFlipped = true
            let child = layer(bounds: .zero, position: CGPoint(x: 10, y: 10), in: parent)
            expectClose(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 10, y: 90), within: 1e-12)
        }
    }

    @Test func convertingThroughASharedAncestorIgnoresWhatIsAboveIt() {
        withManualClock { _ in
            let top = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
            top.transform = CATransform3DMakeScale(0, 0, 1)  // everything above the pair collapses
            let shared = layer(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50), in: top)
            let a = layer(
                bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 20), in: shared)
            let b = layer(
                bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 60, y: 20), in: shared)
            expectClose(a.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: -35, y: 5), within: 1e-12)
        }
    }
}

/// `affineTransform()`, `setAffineTransform(_:)`, `contains(_:)` and `hitTest(_:)` (issue 14,
/// item 7), as `CALayer.h` documents them.
@Suite("Layer geometry: affine transforms and hit testing")
struct LayerHitTestingTests {
    @Test func affineTransformIsTheTwoDimensionalPartOfTransform() {
        withManualClock { _ in
            let layer = CALayer()
            let turn = CGAffineTransform(rotationAngle: .pi / 6).translatedBy(x: 10, y: -4)
            layer.setAffineTransform(turn)
            let t = layer.transform
            expectClose(t.m11, cos(.pi / 6), within: 1e-12)
            expectClose(t.m12, sin(.pi / 6), within: 1e-12)
            expectClose(t.m21, -sin(.pi / 6), within: 1e-12)
            expectClose(t.m41, turn.tx, within: 1e-12)
            expectClose(t.m42, turn.ty, within: 1e-12)
            #expect(t.m33 == 1 && t.m44 == 1 && t.m34 == 0)
            let back = layer.affineTransform()
            for (got, want) in zip(
                [back.a, back.b, back.c, back.d, back.tx, back.ty], [turn.a, turn.b, turn.c, turn.d, turn.tx, turn.ty])
            {
                expectClose(got, want, within: 1e-12)
            }
            layer.transform = CATransform3DMakeRotation(.pi / 4, 1, 0, 0)
            let flattened = layer.affineTransform()
            expectClose(flattened.a, 1, within: 1e-12)
            expectClose(flattened.d, cos(.pi / 4), within: 1e-12)
        }
    }

    @Test func setAffineTransformAnimatesAsTransformDoes() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.setAffineTransform(CGAffineTransform(scaleX: 3, y: 3))
            CATransaction.commit()
            #expect(layer.animationKeys() == ["transform"])
            clock.advance(by: 0.125)
            expectClose(layer.presentation()?.affineTransform().a ?? 0, 2, within: 1e-9, "half way from 1 to 3")
        }
    }

    @Test func containsUsesTheBoundsInTheLayersOwnCoordinates() {
        withManualClock { _ in
            let layer = layer(bounds: CGRect(x: 10, y: 10, width: 100, height: 50), position: CGPoint(x: 500, y: 500))
            #expect(layer.contains(CGPoint(x: 10, y: 10)))
            #expect(layer.contains(CGPoint(x: 109.9, y: 59.9)))
            #expect(!layer.contains(CGPoint(x: 110, y: 30)), "the maximum edge is outside")
            #expect(!layer.contains(CGPoint(x: 5, y: 30)))
            #expect(!layer.contains(CGPoint(x: 500, y: 500)), "not the superlayer's coordinates")
        }
    }

    @Test func hitTestTakesAPointInTheSuperlayersCoordinates() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 300, y: 300))
            #expect(root.hitTest(CGPoint(x: 250, y: 250)) === root, "(50, 50) in its own coordinates")
            #expect(root.hitTest(CGPoint(x: 50, y: 50)) == nil)
            #expect(root.hitTest(CGPoint(x: 400, y: 300)) == nil, "the maximum edge is outside")
        }
    }

    @Test func theFrontMostSublayerWinsByZPositionThenOrder() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let a = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50), in: root)
            let b = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 60, y: 60), in: root)
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b, "the later sublayer is in front")
            #expect(root.hitTest(CGPoint(x: 30, y: 30)) === a)
            #expect(root.hitTest(CGPoint(x: 150, y: 150)) === root)
            a.zPosition = 1
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) === a, "a higher zPosition is in front")
            b.zPosition = 2
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b)
            let deep = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 25, y: 25), in: b)
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) === deep, "the farthest descendant")
        }
    }

    @Test func hiddenLayersAreSkipped() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let a = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50), in: root)
            let b = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 60, y: 60), in: root)
            b.isHidden = true
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) === a)
            let underHidden = layer(
                bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 25, y: 25), in: b)
            #expect(root.hitTest(CGPoint(x: 84, y: 84)) === root, "a hidden layer's sublayers are hidden too")
            #expect(underHidden.superlayer === b)
            root.isHidden = true
            #expect(root.hitTest(CGPoint(x: 60, y: 60)) == nil)
        }
    }

    @Test func masksToBoundsKeepsSublayersOutsideTheBoundsFromBeingHit() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let outside = layer(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 230, y: 100), in: root)
            #expect(root.hitTest(CGPoint(x: 250, y: 100)) === outside, "without masking a sublayer sticks out")
            #expect(root.hitTest(CGPoint(x: 190, y: 100)) === outside, "x 180…280")
            root.masksToBounds = true
            #expect(root.hitTest(CGPoint(x: 250, y: 100)) == nil)
            #expect(root.hitTest(CGPoint(x: 190, y: 100)) === outside, "the part inside the bounds is hit")
        }
    }

    @Test func hitTestFollowsRotationScaleAndSublayerTransform() {
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let bar = layer(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 20), position: CGPoint(x: 100, y: 100), in: root)
            bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // now x 90…110, y 50…150
            #expect(root.hitTest(CGPoint(x: 100, y: 140)) === bar)
            #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
            bar.transform = CATransform3DMakeScale(0.5, 1, 1)  // now x 75…125, y 90…110
            #expect(root.hitTest(CGPoint(x: 124, y: 100)) === bar)
            #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
            bar.removeFromSuperlayer()

            root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)  // about (100, 100)
            let dot = layer(
                bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 120, y: 120), in: root)
            // The dot covers 115…125 in the sublayers' space: 130…150 in the root's.
            #expect(root.hitTest(CGPoint(x: 140, y: 140)) === dot)
            #expect(root.hitTest(CGPoint(x: 123, y: 123)) === root, "where the dot would be without it")
        }
    }

    @Test func aSubclassShapesHitTestingThroughContains() {
        final class RoundLayer: CALayer {
            override func contains(_ p: CGPoint) -> Bool {
                let r = bounds.width / 2
                return hypot(p.x - bounds.midX, p.y - bounds.midY) <= r
            }
        }
        withManualClock { _ in
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
            let round = RoundLayer()
            round.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            round.position = CGPoint(x: 100, y: 100)
            root.addSublayer(round)
            #expect(root.hitTest(CGPoint(x: 100, y: 140)) === round)
            #expect(root.hitTest(CGPoint(x: 55, y: 55)) === root, "inside the bounds, outside the circle")
        }
    }
}
