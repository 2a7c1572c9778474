import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Gradient layers, axial, radial and conic: their stops, their stretching, degenerate ones and
/// huge ones, probed against the blend Core Animation makes.
extension ShapeAndGradientTests {
    // MARK: Gradients

    @Test func axialGradientRunsFromStartToEndAndFillsTheRoundedShape() throws {
        try withManualClock { _ in
            let layer = root()
            // The default axis: top to bottom. The header: the gradient fills "the shape of the
            // layer (i.e. including rounded corners)", masking to bounds or not.
            let vertical = gradient(layer.bounds, [red, blue], in: layer)
            vertical.cornerRadius = 16
            let frame = render(layer)
            for (x, y) in [(48, 0), (48, 47), (48, 95), (10, 70)] {
                expectColor(frame.image.pixel(x: x, y: y), ramp([(0, red), (1, blue)], at: (Double(y) + 0.5) / 96))
            }
            #expect(frame.image.pixel(x: 1, y: 1) == whitePixel, "the rounded corner is cut")
            #expect(frame.image.pixel(x: 94, y: 94) == whitePixel)
            try Goldens.expectMatch(frame, named: "gradient-axial")
        }
    }

    @Test func axialGradientIsStretchedWithTheBounds() throws {
        try withManualClock { _ in
            let layer = root()
            // A diagonal on a 96 × 48 layer: in unit space the middle band runs from the top
            // right corner to the bottom left.
            let diagonal = gradient(CGRect(x: 0, y: 24, width: 96, height: 48), [red, blue], in: layer)
            diagonal.startPoint = .zero
            diagonal.endPoint = CGPoint(x: 1, y: 1)
            let frame = render(layer)
            for (x, y) in [(95, 24), (0, 71), (24, 36), (80, 60), (2, 25)] {
                let u = (Double(x) + 0.5) / 96
                let v = (Double(y) - 24 + 0.5) / 48
                expectColor(
                    frame.image.pixel(x: x, y: y), ramp([(0, red), (1, blue)], at: (u + v) / 2), "(\(x), \(y))")
            }
            #expect(frame.image.pixel(x: 48, y: 12) == whitePixel, "outside the layer")
            try Goldens.expectMatch(frame, named: "gradient-axial-stretched")
        }
    }

    @Test func explicitLocationsPlaceTheStops() throws {
        try withManualClock { _ in
            let layer = root()
            let shifted = gradient(CGRect(x: 0, y: 0, width: 96, height: 48), [red, green, blue], in: layer)
            shifted.startPoint = CGPoint(x: 0, y: 0.5)
            shifted.endPoint = CGPoint(x: 1, y: 0.5)
            shifted.locations = [0, 0.25, 1]
            // Two stops at one location: a hard edge.
            let edged = gradient(CGRect(x: 0, y: 48, width: 96, height: 48), [red, red, blue, blue], in: layer)
            edged.startPoint = CGPoint(x: 0, y: 0.5)
            edged.endPoint = CGPoint(x: 1, y: 0.5)
            edged.locations = [0, 0.5, 0.5, 1]
            let frame = render(layer)
            for x in [0, 11, 23, 24, 40, 60, 95] {
                expectColor(
                    frame.image.pixel(x: x, y: 24),
                    ramp([(0, red), (0.25, green), (1, blue)], at: (Double(x) + 0.5) / 96), "x = \(x)")
            }
            #expect(frame.image.pixel(x: 46, y: 72) == gradientRedPixel)
            #expect(frame.image.pixel(x: 49, y: 72) == gradientBluePixel)
            try Goldens.expectMatch(frame, named: "gradient-locations")
        }
    }

    @Test func locationsOfAnotherCountThanTheColoursAreIgnored() {
        withManualClock { _ in
            let layer = root()
            let even = gradient(layer.bounds, [red, green, blue], in: layer)
            even.locations = [0, 0.9]
            let image = render(layer).image
            expectColor(image.pixel(x: 48, y: 47), ramp([(0, red), (0.5, green), (1, blue)], at: 47.5 / 96))
        }
    }

    @Test func radialGradientIsAnEllipseFromStartPointToEndPoint() throws {
        try withManualClock { _ in
            let layer = root()
            // On a 96 × 64 layer, centred, reaching (1, 1): an ellipse 96 × 64 across.
            let radial = gradient(CGRect(x: 0, y: 16, width: 96, height: 64), [red, blue], in: layer)
            radial.type = .radial
            radial.startPoint = CGPoint(x: 0.5, y: 0.5)
            radial.endPoint = CGPoint(x: 1, y: 1)
            let frame = render(layer)
            for (x, y) in [(48, 48), (72, 48), (48, 32), (60, 60), (90, 48), (30, 70)] {
                let u = (Double(x) + 0.5) / 96
                let v = (Double(y) - 16 + 0.5) / 64
                let t = hypot((u - 0.5) / 0.5, (v - 0.5) / 0.5)
                expectColor(frame.image.pixel(x: x, y: y), ramp([(0, red), (1, blue)], at: t), "(\(x), \(y))")
            }
            #expect(frame.image.pixel(x: 1, y: 17) == gradientBluePixel, "beyond the ellipse: the last colour")
            #expect(frame.image.pixel(x: 48, y: 8) == whitePixel, "outside the layer")
            try Goldens.expectMatch(frame, named: "gradient-radial")
        }
    }

    @Test func conicGradientSweepsClockwiseFromTheEndPointsDirection() throws {
        try withManualClock { _ in
            let layer = root()
            // Round the middle, starting straight up.
            let conic = gradient(layer.bounds, [red, green, blue], in: layer)
            conic.type = .conic
            conic.startPoint = CGPoint(x: 0.5, y: 0.5)
            conic.endPoint = CGPoint(x: 0.5, y: 0)
            let frame = render(layer)
            // Probes half a pixel from a stop's ray are left out: where a channel leaves black the
            // blend is steep, and half a pixel of the mesh's antialiasing is several levels.
            for (x, y) in [(80, 48), (40, 80), (16, 48), (70, 20), (20, 80), (52, 16), (44, 16), (90, 90)] {
                let angle = atan2((Double(y) + 0.5) / 96 - 0.5, (Double(x) + 0.5) / 96 - 0.5) + .pi / 2
                let t = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
                expectColor(
                    frame.image.pixel(x: x, y: y), ramp([(0, red), (0.5, green), (1, blue)], at: t), "(\(x), \(y))")
            }
            try Goldens.expectMatch(frame, named: "gradient-conic")
        }
    }

    @Test func degenerateGradientsShowTheLastColourAndNoColoursShowNothing() {
        withManualClock { _ in
            let layer = root()
            let point = gradient(CGRect(x: 0, y: 0, width: 48, height: 48), [red, blue], in: layer)
            point.startPoint = CGPoint(x: 0.5, y: 0.5)
            point.endPoint = CGPoint(x: 0.5, y: 0.5)
            let flat = gradient(CGRect(x: 48, y: 0, width: 48, height: 48), [red, blue], in: layer)
            flat.type = .radial
            flat.startPoint = CGPoint(x: 0.5, y: 0.5)
            flat.endPoint = CGPoint(x: 1, y: 0.5)
            let empty = CAGradientLayer()
            empty.frame = CGRect(x: 0, y: 48, width: 96, height: 48)
            layer.addSublayer(empty)
            let image = render(layer).image
            #expect(image.pixel(x: 24, y: 24) == gradientBluePixel, "an axis of no length")
            #expect(image.pixel(x: 72, y: 24) == gradientBluePixel, "an ellipse of no height")
            #expect(image.pixel(x: 48, y: 72) == whitePixel, "no colours: no gradient")
        }
    }

    /// A gradient on a layer far larger than the canvas (lottie-ios pads its gradient layers by
    /// 10,000 points on each side) draws its ramp where the same gradient on a small layer
    /// does: the ramp's points are worked out in the layer's own points, not squeezed through
    /// a pattern matrix of 1/20,000.
    @Test(arguments: [CAGradientLayerType.axial, .radial])
    func aGradientOnAHugeLayerDrawsItsRampInPlace(type: CAGradientLayerType) {
        withManualClock { _ in
            func draw(padding: CGFloat) -> CGImage {
                let layer = root(side: 96)
                let frame = CGRect(x: -padding, y: -padding, width: 96 + 2 * padding, height: 96 + 2 * padding)
                let ramp = gradient(frame, [red, blue], in: layer)
                ramp.type = type
                // The ramp runs over the canvas's 96 points, whatever the padding.
                func unit(_ point: CGPoint) -> CGPoint {
                    CGPoint(x: (point.x + padding) / frame.width, y: (point.y + padding) / frame.height)
                }
                ramp.startPoint = unit(CGPoint(x: type == .radial ? 48 : 0, y: 48))
                ramp.endPoint = unit(CGPoint(x: 96, y: type == .radial ? 96 : 48))
                return render(layer, scale: 2).image
            }
            let small = draw(padding: 0)
            let huge = draw(padding: 10_000)
            var largest = 0
            for y in stride(from: 1, to: 192, by: 10) {
                for x in stride(from: 1, to: 192, by: 3) {
                    for (a, b) in zip(small.pixel(x: x, y: y), huge.pixel(x: x, y: y)) {
                        largest = max(largest, abs(a - b))
                    }
                }
            }
            #expect(largest <= 2, "\(type): the padded gradient differs by \(largest) levels")
        }
    }
}

/// The colour, 0…255 per channel, that stops (location, colour) give at `t`, as Core Animation
/// blends a gradient layer's colours — in Generic RGB, without premultiplying — and padded
/// beyond the ends: the reference the probes are held to (``GenericRGBBlendTests`` holds the
/// blend itself to Apple's pictures).
private func ramp(_ stops: [(Double, CGColor)], at t: Double) -> [Double] {
    func blend(_ below: CGColor, _ above: CGColor, _ fraction: Double) -> [Double] {
        let (from, to) = (below.rgba, above.rgba)
        let encoded = [from, to].map { GenericRGB.encoded(fromSRGB: SIMD3($0.red, $0.green, $0.blue)) }
        let rgb = GenericRGB.sRGB(fromEncoded: encoded[0] + (encoded[1] - encoded[0]) * fraction)
        return [rgb.x, rgb.y, rgb.z, from.alpha + (to.alpha - from.alpha) * fraction].map { $0 * 255 }
    }
    guard t > stops[0].0 else { return blend(stops[0].1, stops[0].1, 0) }
    for (below, above) in zip(stops, stops.dropFirst()) where t <= above.0 {
        return blend(below.1, above.1, (t - below.0) / (above.0 - below.0))
    }
    return blend(stops[stops.count - 1].1, stops[stops.count - 1].1, 0)
}
