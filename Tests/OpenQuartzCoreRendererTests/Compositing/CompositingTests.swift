import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A replicator layer that covers `parent`.
private func replicatorCovering(_ parent: CALayer) -> CAReplicatorLayer {
    let replicator = CAReplicatorLayer()
    replicator.frame = parent.bounds
    parent.addSublayer(replicator)
    return replicator
}

/// The standard normal distribution function: the coverage of a blurred straight edge.
private func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

@Suite("CARenderer: shadows, masks, 3D, replicators, transitions", .serialized)
struct CompositingTests {
    // MARK: Shadows

    @Test func sharpShadowIsTheLayerMovedByTheOffset() {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 24, y: 24, width: 32, height: 32), red, in: layer)
            card.shadowOpacity = 1
            card.shadowOffset = CGSize(width: 8, height: 8)
            card.shadowRadius = 0
            let image = render(layer).image
            #expect(image.pixel(x: 40, y: 40) == [255, 0, 0, 255], "the layer is above its shadow")
            #expect(image.pixel(x: 60, y: 60) == [0, 0, 0, 255], "shadow below and to the right")
            #expect(image.pixel(x: 28, y: 60) == [255, 255, 255, 255], "nothing left of the offset shadow")
        }
    }

    @Test func shadowRadiusBlursTheEdgeAsAGaussianWithThatDeviation() {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 48, height: 48), red, in: layer)
            card.shadowOpacity = 1
            card.shadowOffset = CGSize(width: 8, height: 0)
            card.shadowRadius = 3
            let image = render(layer).image
            // The shadow's right edge is at x = 72; at mid-height the corners are far away.
            for (x, expectedCoverage) in [
                (69, phi(2.5 / 3)), (71, phi(0.5 / 3)), (72, phi(-0.5 / 3)), (75, phi(-3.5 / 3)),
            ] {
                let grey = Double(image.pixel(x: x, y: 40)[0]) / 255
                expectClose(1 - grey, expectedCoverage, within: 0.04, "shadow coverage at x = \(x)")
            }
            #expect(image.pixel(x: 40, y: 40) == [255, 0, 0, 255])
        }
    }

    @Test func shadowOpacityAndColourScaleTheShadow() {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 32, height: 32), red, in: layer)
            card.shadowOpacity = 0.5
            card.shadowColor = blue
            card.shadowOffset = CGSize(width: 0, height: 40)
            card.shadowRadius = 0
            let pixel = render(layer).image.pixel(x: 32, y: 70)
            expectClose(Double(pixel[0]), 127.5, within: 1.5)
            expectClose(Double(pixel[1]), 127.5, within: 1.5)
            #expect(pixel[2] == 255)
        }
    }

    @Test func shadowPathCastsAShadowWithoutLookingAtTheContent() throws {
        try withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 64, height: 64), nil, in: layer)
            card.shadowOpacity = 1
            card.shadowRadius = 2
            card.shadowOffset = .zero
            card.shadowPath = CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48), transform: nil)
            let renderer = render(layer)
            #expect(renderer.image.pixel(x: 48, y: 48) == [0, 0, 0, 255], "the ellipse's middle")
            #expect(renderer.image.pixel(x: 20, y: 20) == [255, 255, 255, 255], "outside the ellipse")
            try Goldens.expectMatch(renderer, named: "shadow-path")
        }
    }

    @Test func aShadowOfDrawnAlphaFallsAtItsOffsetWhereverTheLayerIs() {
        withManualClock { _ in
            // A layer's shadow is cast by the alpha of what it draws (here a shape sublayer),
            // drawn in a group as large as the clip: inside a layer that masks to its bounds,
            // the group starts far from the picture's origin.
            let layer = root(side: 160)
            let clipping = box(CGRect(x: 50, y: 40, width: 100, height: 100), nil, in: layer)
            clipping.masksToBounds = true
            let holder = CALayer()
            holder.frame = CGRect(x: 40, y: 30, width: 40, height: 40)
            let shape = CAShapeLayer()
            shape.frame = holder.bounds
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
            shape.fillColor = red
            holder.addSublayer(shape)
            holder.shadowOpacity = 1
            holder.shadowOffset = CGSize(width: -20, height: 10)
            holder.shadowRadius = 0
            clipping.addSublayer(holder)
            let image = render(layer).image
            #expect(image.pixel(x: 100, y: 90) == [255, 0, 0, 255], "the shape above its shadow")
            #expect(image.pixel(x: 75, y: 100) == [0, 0, 0, 255], "the shadow 20 left and 10 down")
            #expect(image.pixel(x: 75, y: 75) == [255, 255, 255, 255], "nothing above the shadow")
            #expect(image.pixel(x: 100, y: 115) == [0, 0, 0, 255], "the shadow below the shape")
            #expect(image.pixel(x: 115, y: 115) == [255, 255, 255, 255], "nothing right of the shadow")
        }
    }

    @Test func aWideShadowBetweenPixelsIsAGaussianAtItsOffset() {
        withManualClock { _ in
            // A deviation of 12 is blurred on a picture half as large; the offset of 20.5
            // points puts the shadow's edges between pixels.
            let layer = root(side: 200)
            let card = box(CGRect(x: 40, y: 60, width: 80, height: 80), red, in: layer)
            castShadow(from: card, offset: CGSize(width: 20.5, height: 0), radius: 12)
            let image = render(layer).image
            // The shadow's right edge is at x = 140.5; at mid-height the corners are far away.
            for x in [126, 134, 138, 140, 141, 143, 147, 155] {
                let coverage = 1 - Double(image.pixel(x: x, y: 100)[0]) / 255
                expectClose(coverage, phi((140.5 - (Double(x) + 0.5)) / 12), within: 0.02, "coverage at x = \(x)")
            }
        }
    }

    @Test func aShadowedLayersGroupHoldsWhatItAndItsShadowPaintAndNoMore() {
        withManualClock { _ in
            // A card 40 wide in a layer 400 wide that masks to its bounds (as a Lottie
            // precomposition does), its content a sublayer, its shadow blurred by 10 and moved
            // 10 right and 20 down: its group holds the card and its shadow, not the clip.
            let layer = root(side: 400)
            let clipping = box(layer.bounds, nil, in: layer)
            clipping.masksToBounds = true
            let card = box(CGRect(x: 100, y: 100, width: 40, height: 40), nil, in: clipping)
            box(card.bounds, red, in: card)
            card.shadowOpacity = 1
            card.shadowOffset = CGSize(width: 10, height: 20)
            card.shadowRadius = 10
            let renderer = render(layer)
            let pixels = renderer.resources.shadowGroupPixelCount
            // The shadow covers x = 110…150 and y = 120…160, its blur 31 pixels beyond, the card
            // 100…140 with a pixel round it: x and y from 110 − 31 − 1 to 150 + 31 + 1, 104 × 104
            // pixels, where the clip holds 160,000.
            #expect(pixels > 0 && pixels <= 104 * 104, "the group holds \(pixels) pixels")
            let image = renderer.image
            #expect(image.pixel(x: 120, y: 120) == [255, 0, 0, 255], "the card above its shadow")
            // The shadow's edges, beside and beyond the card, each blurred by a Gaussian.
            func coverage(_ x: Double, _ y: Double) -> Double {
                (phi((x - 110) / 10) - phi((x - 150) / 10)) * (phi((y - 120) / 10) - phi((y - 160) / 10))
            }
            for (x, y) in [(92, 150), (100, 150), (150, 150), (170, 140), (130, 170)] {
                let shade = 1 - Double(image.pixel(x: x, y: y)[0]) / 255
                expectClose(shade, coverage(Double(x) + 0.5, Double(y) + 0.5), within: 0.02, "shadow at (\(x), \(y))")
            }
        }
    }

    /// A layer whose drawing is one path filled in an opaque colour, in a shape sublayer
    /// reached through a container that scales it, casts the path's shadow with no group; with
    /// a second shape beside it (a leaf that makes the drawing more than one path) the group
    /// returns, and the pictures agree.
    @Test(arguments: [false, true])
    func aShapeCastsItsPathsShadowWithoutAGroup(scaled: Bool) {
        func frame(onePath: Bool) -> (pixels: [UInt8], groupPixels: Int) {
            withManualClock { _ in
                let layer = root(side: 200)
                let caster = box(CGRect(x: 30, y: 40, width: 120, height: 120), nil, in: layer)
                castShadow(from: caster, opacity: 0.8, offset: CGSize(width: 12, height: 9), radius: 9)
                let container = box(caster.bounds, nil, in: caster)
                if scaled { container.transform = CATransform3DMakeScale(1.5, 1.5, 1) }
                let rounded = CGPath(
                    roundedRect: CGRect(x: 20, y: 20, width: 60, height: 50), cornerWidth: 12, cornerHeight: 12,
                    transform: nil)
                shape(rounded, fill: red, in: container)
                if !onePath {
                    // A second shape of no area: the same pixels, but two paths.
                    shape(
                        CGPath(rect: CGRect(x: 10, y: 10, width: 0.001, height: 0.001), transform: nil), fill: red,
                        in: container)
                }
                let renderer = render(layer)
                return (renderer.premultipliedBGRA, renderer.resources.shadowGroupPixelCount)
            }
        }
        let (cast, none) = frame(onePath: true)
        let (grouped, pixels) = frame(onePath: false)
        #expect(none == 0 && pixels > 0, "group pixels: \(none) for one path, \(pixels) for two")
        let largest = largestDifference(cast, grouped)
        #expect(largest <= 2, "pixels differ by up to \(largest) levels")
        let shaded = stride(from: 0, to: cast.count, by: 4).filter { cast[$0 + 2] < 200 && cast[$0] < 200 }.count
        #expect(shaded > 500, "\(shaded) pixels of shadow")
    }

    @Test func roundedCardWithASoftShadow() throws {
        try withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 20, y: 16, width: 56, height: 56), red, in: layer)
            card.cornerRadius = 12
            card.shadowOpacity = 0.6
            card.shadowOffset = CGSize(width: 0, height: 6)
            card.shadowRadius = 5
            try Goldens.expectMatch(render(layer), named: "shadow-card")
        }
    }

    // MARK: Masks

    @Test func maskKeepsTheLayerWhereTheMaskIsOpaqueAndScalesByItsAlpha() {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 64, height: 64), red, in: layer)
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 32, height: 64)
            mask.backgroundColor = black
            let half = CALayer()
            half.frame = CGRect(x: 32, y: 0, width: 16, height: 64)
            half.backgroundColor = CGColor(gray: 0, alpha: 0.5)
            mask.addSublayer(half)
            card.mask = mask
            let image = render(layer).image
            #expect(image.pixel(x: 24, y: 48) == [255, 0, 0, 255], "under the opaque part")
            let blended = image.pixel(x: 56, y: 48)
            #expect(blended[0] == 255)
            expectClose(Double(blended[1]), 127.5, within: 1.5, "half the red over white")
            #expect(image.pixel(x: 72, y: 48) == [255, 255, 255, 255], "outside the mask")
        }
    }

    @Test func shapeMaskCutsACircle() throws {
        try withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 64, height: 64), blue, in: layer)
            box(CGRect(x: 0, y: 0, width: 32, height: 32), red, in: card)
            let circle = CAShapeLayer()
            circle.frame = card.bounds
            circle.path = CGPath(ellipseIn: card.bounds.insetBy(dx: 4, dy: 4), transform: nil)
            card.mask = circle
            let renderer = render(layer)
            #expect(renderer.image.pixel(x: 48, y: 48) == [0, 0, 255, 255])
            #expect(renderer.image.pixel(x: 20, y: 20) == [255, 255, 255, 255], "the corner is cut, sublayer too")
            try Goldens.expectMatch(renderer, named: "mask-circle")
        }
    }

    // MARK: 3D

    @Test func perspectiveMakesTheNearEdgeTallerThanTheFarOne() throws {
        try withManualClock { _ in
            let layer = root()
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 150
            layer.sublayerTransform = perspective
            let card = box(CGRect(x: 24, y: 24, width: 48, height: 48), red, in: layer)
            card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            let renderer = render(layer)
            func columnHeight(_ x: Int) -> Int {
                (0..<96).filter { renderer.image.pixel(x: x, y: $0)[1] < 128 }.count
            }
            let (left, right) = (columnHeight(34), columnHeight(60))
            #expect(left > 0 && right > 0)
            // Turning about y by +45°, the left edge comes towards the viewer.
            #expect(left > right + 6, "near column \(left) px, far column \(right) px")
            try Goldens.expectMatch(renderer, named: "perspective")
        }
    }

    @Test func aLayerCrossingTheEyePlaneIsClippedThereAndOneBehindIsNotDrawn() {
        withManualClock { _ in
            let layer = root()
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 30
            layer.sublayerTransform = perspective
            // 80 points wide about the centre, turned 60° about y: its left edge comes 34.6
            // points towards the viewer, past the eye 30 points away. The part in front runs
            // from x = −34.6 (where w = 0) to the right edge, which lands at
            // 48 + 20 / 2.155 = 57.3; towards the cut it stretches past the picture's left edge.
            let card = box(CGRect(x: 8, y: 28, width: 80, height: 40), red, in: layer)
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            let picture = render(layer).image
            for x in [2, 20, 40, 56] {
                #expect(picture.pixel(x: x, y: 48) == [255, 0, 0, 255], "x = \(x): the part in front")
            }
            #expect(picture.pixel(x: 59, y: 48) == [255, 255, 255, 255], "right of the far edge")
            // Nearer the cut the card is taller: at x = 4 its half height is 20 / w with w about
            // 0.28, 71 points, past the picture's top and bottom.
            #expect(picture.pixel(x: 4, y: 1) == [255, 0, 0, 255])
            #expect(picture.pixel(x: 56, y: 36) == [255, 255, 255, 255], "the far edge is 18.6 points tall")

            card.transform = CATransform3DIdentity
            card.zPosition = 50
            #expect(render(layer).image.pixel(x: 48, y: 48) == [255, 255, 255, 255], "wholly behind the eye")
            card.zPosition = 10
            #expect(render(layer).image.pixel(x: 48, y: 48) == [255, 0, 0, 255], "in front, nearer")
        }
    }

    @Test func backFacingLayerIsCulledUnlessDoubleSided() {
        withManualClock { _ in
            let layer = root()
            let card = box(CGRect(x: 24, y: 24, width: 48, height: 48), red, in: layer)
            card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            #expect(render(layer).image.pixel(x: 48, y: 48) == [255, 0, 0, 255], "seen from behind")
            card.isDoubleSided = false
            #expect(render(layer).image.pixel(x: 48, y: 48) == [255, 255, 255, 255], "culled")
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            #expect(render(layer).image.pixel(x: 48, y: 48) == [255, 0, 0, 255], "front still shows")
        }
    }

    @Test func transformLayerSortsItsSublayersByDepth() {
        withManualClock { _ in
            let layer = root()
            for container in [CALayer(), CATransformLayer()] {
                container.frame = layer.bounds
                layer.sublayers = [container]
                let near = box(CGRect(x: 24, y: 24, width: 48, height: 48), red, in: container)
                near.transform = CATransform3DMakeTranslation(0, 0, 10)
                let far = box(CGRect(x: 32, y: 32, width: 48, height: 48), blue, in: container)
                far.transform = CATransform3DMakeTranslation(0, 0, -10)
                let flattened = !(container is CATransformLayer)
                let pixel = render(layer).image.pixel(x: 48, y: 48)
                #expect(
                    pixel == (flattened ? [0, 0, 255, 255] : [255, 0, 0, 255]),
                    "\(type(of: container)): a flat layer draws in order, a transform layer by depth")
                if !flattened {
                    container.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
                    #expect(render(layer).image.pixel(x: 48, y: 48) == [0, 0, 255, 255], "turned round")
                }
            }
        }
    }

    @Test func cubeOfTransformLayerFaces() throws {
        try withManualClock { _ in
            let layer = root()
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 300
            layer.sublayerTransform = perspective
            let cube = CATransformLayer()
            cube.frame = CGRect(x: 28, y: 28, width: 40, height: 40)
            layer.addSublayer(cube)
            let colours = [
                red, blue, CGColor(red: 0, green: 0.7, blue: 0, alpha: 1),
                CGColor(red: 1, green: 0.8, blue: 0, alpha: 1),
                CGColor(red: 0.6, green: 0, blue: 0.8, alpha: 1), CGColor(red: 0, green: 0.7, blue: 0.8, alpha: 1),
            ]
            let turns: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [
                (0, 0, 1, 0), (.pi / 2, 0, 1, 0), (.pi, 0, 1, 0), (-.pi / 2, 0, 1, 0), (.pi / 2, 1, 0, 0),
                (-.pi / 2, 1, 0, 0),
            ]
            for (colour, turn) in zip(colours, turns) {
                let face = box(cube.bounds, colour, in: cube)
                face.transform = CATransform3DTranslate(
                    CATransform3DMakeRotation(turn.0, turn.1, turn.2, turn.3), 0, 0, 20)
                face.isDoubleSided = false
            }
            cube.transform = CATransform3DRotate(CATransform3DMakeRotation(.pi / 6, 1, 0, 0), .pi / 5, 0, 1, 0)
            try Goldens.expectMatch(render(layer), named: "transform-layer-cube")
        }
    }

    // MARK: Replicators

    @Test func replicatorRepeatsItsSublayersWithTransformAndColourOffsets() {
        withManualClock { _ in
            let layer = root()
            let replicator = replicatorCovering(layer)
            box(CGRect(x: 8, y: 40, width: 16, height: 16), white, in: replicator)
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(24, 0, 0)
            replicator.instanceRedOffset = -0.5
            let image = render(layer).image
            #expect(image.pixel(x: 16, y: 48) == [255, 255, 255, 255], "copy 0 unchanged")
            let copy1 = image.pixel(x: 40, y: 48)
            expectClose(Double(copy1[0]), 127.5, within: 1.5, "copy 1 has half its red")
            #expect(copy1[1] == 255)
            #expect(image.pixel(x: 64, y: 48) == [0, 255, 255, 255], "copy 2 has none")
            #expect(image.pixel(x: 88, y: 48) == [255, 255, 255, 255], "no fourth copy")
        }
    }

    @Test func replicatorInstanceDelayShowsEachCopyEarlierInItsAnimation() {
        withManualClock { _ in
            let layer = root()
            let replicator = replicatorCovering(layer)
            let dot = box(CGRect(x: 0, y: 8, width: 8, height: 8), red, in: replicator)
            replicator.instanceCount = 3
            replicator.instanceDelay = 0.25
            replicator.instanceTransform = CATransform3DMakeTranslation(0, 24, 0)
            CATransaction.flush()
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 4
            slide.toValue = 84
            slide.duration = 1
            dot.add(slide, forKey: "slide")
            CATransaction.flush()
            let image = render(layer, at: 0.5).image
            // Copy k is 0.25 k seconds behind: at x 44, 24 and 4.
            for (copy, x) in [(0, 44), (1, 24), (2, 4)] {
                #expect(image.pixel(x: x, y: 12 + 24 * copy) == [255, 0, 0, 255], "copy \(copy) at x = \(x)")
            }
            #expect(image.pixel(x: 44, y: 36) == [255, 255, 255, 255], "copy 1 is not where copy 0 is")
            let renderer = render(layer, at: 1.2)
            #expect(renderer.nextFrameTime() == 1.2, "copy 2 still moves until 1.5 s")
            _ = render(layer, at: 1.6, renderer: renderer)
            #expect(renderer.nextFrameTime() == .infinity)
        }
    }

    @Test func replicatorRing() throws {
        try withManualClock { _ in
            let layer = root()
            let replicator = replicatorCovering(layer)
            let dot = box(CGRect(x: 44, y: 8, width: 8, height: 16), blue, in: replicator)
            dot.cornerRadius = 4
            replicator.instanceCount = 12
            replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            replicator.instanceAlphaOffset = -1 / 12
            try Goldens.expectMatch(render(layer), named: "replicator-ring")
        }
    }

    /// An `instanceCount` from a file can be any number: nested replicators of a billion
    /// copies each draw at most `LayerSnapshot.replicaLimit` copies between them, with one
    /// warning per replicator however many frames are drawn.
    @Test func hugeNestedInstanceCountsDrawABoundedNumberOfCopies() {
        withManualClock { _ in
            let layer = root()
            let outer = replicatorCovering(layer)
            let inner = CAReplicatorLayer()
            inner.frame = outer.bounds
            outer.addSublayer(inner)
            box(CGRect(x: 0, y: 0, width: 8, height: 8), red, in: inner)
            outer.instanceCount = 1_000_000_000
            inner.instanceCount = Int.max
            inner.instanceTransform = CATransform3DMakeTranslation(8, 0, 0)
            outer.instanceTransform = CATransform3DMakeTranslation(0, 8, 0)
            var first: CARenderer?
            let warnings = collectingWarnings {
                first = render(layer)
                _ = render(layer, at: 0.5)
            }
            #expect(warnings.count == 2, "one warning per replicator: \(warnings)")
            #expect(warnings.allSatisfy { $0.contains("instanceCount") })
            // The outer replicator takes the whole budget, so each of its copies keeps one inner instance.
            let image = first?.image
            #expect(image?.pixel(x: 4, y: 4) == [255, 0, 0, 255], "the first instance is drawn")
            #expect(image?.pixel(x: 12, y: 4) == [255, 255, 255, 255], "no second inner instance")
        }
    }
}
