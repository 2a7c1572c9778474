import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// A darker green than the shared one: this file's goldens and probes were made with it.
private let darkGreen = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)

/// A sublayer with a frame, a colour and rounded corners.
private func card(
    _ frame: CGRect, _ color: CGColor, radius: CGFloat, corners: CACornerMask? = nil,
    curve: CALayerCornerCurve = .circular, in parent: CALayer
) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.cornerRadius = radius
    if let corners { layer.maskedCorners = corners }
    layer.cornerCurve = curve
    parent.addSublayer(layer)
    return layer
}

@Suite("CARenderer: masked corners and continuous corner curves", .serialized)
struct CornerRenderingTests {
    @Test func maskedCornersRoundOnlyTheCornersTheyName() throws {
        try withManualClock { _ in
            let layer = root()
            // Top corners, left corners, one corner (bottom right), none.
            _ = card(
                CGRect(x: 4, y: 4, width: 40, height: 40), red, radius: 14,
                corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner], in: layer)
            _ = card(
                CGRect(x: 52, y: 4, width: 40, height: 40), blue, radius: 14,
                corners: [.layerMinXMinYCorner, .layerMinXMaxYCorner], in: layer)
            _ = card(
                CGRect(x: 4, y: 52, width: 40, height: 40), darkGreen, radius: 14, corners: .layerMaxXMaxYCorner,
                in: layer)
            _ = card(CGRect(x: 52, y: 52, width: 40, height: 40), black, radius: 14, corners: [], in: layer)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 5, y: 5) == whitePixel, "top-left of the first card is cut")
            #expect(frame.image.pixel(x: 5, y: 42) == [255, 0, 0, 255], "its bottom-left stays square")
            #expect(frame.image.pixel(x: 90, y: 5) == [0, 0, 255, 255], "the second's top-right stays square")
            #expect(frame.image.pixel(x: 53, y: 42) == whitePixel, "its bottom-left is cut")
            #expect(frame.image.pixel(x: 42, y: 90) == whitePixel, "the third's bottom-right is cut")
            #expect(frame.image.pixel(x: 5, y: 53) == [0, 153, 0, 255])
            #expect(frame.image.pixel(x: 53, y: 53) == [0, 0, 0, 255], "no corners masked: square")
            try Goldens.expectMatch(frame, named: "corners-masked")
        }
    }

    @Test func continuousCornersStartFartherAlongTheEdges() throws {
        try withManualClock { _ in
            // A close-up, 3 pixels per point, of the top-left corner of the same square drawn
            // twice: circular in blue, continuous in red on top. Blue shows where the continuous
            // curve, which leaves the edge 1.53 radii from the corner instead of 1, cuts deeper.
            let layer = root(side: 32)
            _ = card(CGRect(x: 2, y: 2, width: 100, height: 100), blue, radius: 20, in: layer)
            _ = card(CGRect(x: 2, y: 2, width: 100, height: 100), red, radius: 20, curve: .continuous, in: layer)
            let frame = render(layer, scale: 3)
            // 0.86 radii from the corner the circle is 0.20 points below the edge, the continuous
            // curve 0.45: pixel row 6 (2 to 2.33 points) is partly blue and not red at all.
            let sliver = frame.image.pixel(x: 57, y: 6)
            #expect(sliver[2] > 60 && sliver[0] > 150 && sliver[1] < 200, "blue over white, no red: \(sliver)")
            #expect(frame.image.pixel(x: 30, y: 30) == [255, 0, 0, 255], "the continuous corner covers the rest")
            #expect(frame.image.pixel(x: 7, y: 7) == whitePixel)
            try Goldens.expectMatch(frame, named: "corners-continuous-vs-circular")
        }
    }

    @Test func continuousCapsuleAndLargeRadiiFallBackToCircles() throws {
        try withManualClock { _ in
            let layer = root()
            // Radius 12 on a 24-point-tall bar: a capsule; 9 leaves the continuous corner part
            // of its reach; 6 all of it.
            for (row, radius) in [12.0, 9, 6].enumerated() {
                _ = card(
                    CGRect(x: 8, y: 8 + CGFloat(row) * 28, width: 80, height: 24), blue, radius: radius,
                    curve: .continuous, in: layer)
            }
            let frame = render(layer)
            #expect(frame.image.pixel(x: 9, y: 9) == whitePixel)
            #expect(frame.image.pixel(x: 48, y: 20) == [0, 0, 255, 255])
            try Goldens.expectMatch(frame, named: "corners-continuous-radii")
        }
    }

    @Test func bordersClipsAndGradientsFollowTheMaskedCorners() throws {
        try withManualClock { _ in
            let layer = root()
            // A bordered card rounded at the top right and bottom left, continuous.
            let bordered = card(
                CGRect(x: 4, y: 4, width: 56, height: 40), white, radius: 16,
                corners: [.layerMaxXMinYCorner, .layerMinXMaxYCorner], curve: .continuous, in: layer)
            bordered.borderWidth = 4
            bordered.borderColor = black
            // A card that masks a red sublayer to its rounded top-left corner only.
            let clip = card(
                CGRect(x: 4, y: 52, width: 40, height: 40), darkGreen, radius: 20, corners: .layerMinXMinYCorner,
                in: layer)
            clip.masksToBounds = true
            let child = CALayer()
            child.frame = CGRect(x: -10, y: -10, width: 40, height: 40)
            child.backgroundColor = red
            clip.addSublayer(child)
            // A gradient filling only the bottom corners' rounded shape.
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 52, y: 52, width: 40, height: 40)
            gradient.colors = [red, blue]
            gradient.cornerRadius = 16
            gradient.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            layer.addSublayer(gradient)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 5, y: 5) == [0, 0, 0, 255], "the border's square top-left corner")
            #expect(frame.image.pixel(x: 59, y: 4) == whitePixel, "the rounded top-right is cut")
            #expect(frame.image.pixel(x: 5, y: 53) == whitePixel, "the clip cuts the sublayer's corner")
            #expect(frame.image.pixel(x: 20, y: 60) == [255, 0, 0, 255], "the sublayer inside the clip")
            let gradientCorner = frame.image.pixel(x: 53, y: 53)
            // Core Animation's red, clipped to Generic RGB: (255, 38, 0).
            #expect(gradientCorner[0] > 230 && gradientCorner[2] < 30, "the gradient's square top-left: \(gradientCorner)")
            #expect(frame.image.pixel(x: 53, y: 91) == whitePixel, "its rounded bottom-left")
            try Goldens.expectMatch(frame, named: "corners-border-clip-gradient")
        }
    }
}
