import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A shape layer covering the root, drawing `path` with no fill and a blue stroke `width` wide.
private func strokedShape(_ path: CGPath, width: CGFloat, in parent: CALayer) -> CAShapeLayer {
    let shape = CAShapeLayer()
    shape.frame = parent.bounds
    shape.path = path
    shape.fillColor = nil
    shape.strokeColor = blue
    shape.lineWidth = width
    parent.addSublayer(shape)
    return shape
}

/// A path through `points`, closed when `closed`.
private func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
    let path = CGMutablePath()
    path.addLines(between: points)
    if closed { path.closeSubpath() }
    return path
}

/// A gradient layer with `frame` and `colors` in `parent`.
func gradient(_ frame: CGRect, _ colors: [CGColor], in parent: CALayer) -> CAGradientLayer {
    let layer = CAGradientLayer()
    layer.frame = frame
    layer.colors = colors
    parent.addSublayer(layer)
    return layer
}

/// A gradient layer's red and blue, as Core Animation draws them (clipped to Generic RGB:
/// ``GenericRGBBlendTests``).
let gradientRedPixel = [255, 38, 0, 255]
let gradientBluePixel = [4, 50, 255, 255]

/// Checks every channel of a probed pixel against the expected colour.
func expectColor(
    _ pixel: [Int], _ expected: [Double], within tolerance: Double = 3, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let close = zip(pixel, expected).allSatisfy { abs(Double($0) - $1) <= tolerance }
    #expect(
        close,
        "\(pixel) is not within \(tolerance) of \(expected.map { ($0 * 10).rounded() / 10 })\(comment.map { ": \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

@Suite("CAShapeLayer and CAGradientLayer drawn as Core Animation draws them", .serialized)
struct ShapeAndGradientTests {
    // MARK: Shapes

    @Test(arguments: [CAShapeLayerFillRule.nonZero, .evenOdd])
    func fillRuleDecidesWhetherTheStarsMiddleIsFilled(rule: CAShapeLayerFillRule) throws {
        try withManualClock { _ in
            let layer = root()
            let star = CAShapeLayer()
            star.frame = layer.bounds
            // A pentagram: its middle is wound round twice, so inside by non-zero, outside by
            // even-odd.
            star.path = polyline(
                (0..<5).map { k in
                    let angle = (-90 + 144 * Double(k)) * .pi / 180
                    return CGPoint(x: 48 + 40 * cos(angle), y: 48 + 40 * sin(angle))
                }, closed: true)
            star.fillColor = red
            star.fillRule = rule
            layer.addSublayer(star)
            let frame = render(layer)
            #expect(frame.image.pixel(x: 48, y: 48) == (rule == .evenOdd ? whitePixel : redPixel), "the middle")
            #expect(frame.image.pixel(x: 48, y: 22) == redPixel, "the top point, wound round once")
            #expect(frame.image.pixel(x: 5, y: 90) == whitePixel, "outside")
            try Goldens.expectMatch(frame, named: rule == .evenOdd ? "shape-fill-evenodd" : "shape-fill-nonzero")
        }
    }

    @Test func defaultFillIsOpaqueBlackAndNilFillsNothing() {
        withManualClock { _ in
            let layer = root()
            let filled = CAShapeLayer()
            filled.frame = layer.bounds
            filled.path = CGPath(rect: CGRect(x: 8, y: 8, width: 32, height: 32), transform: nil)
            layer.addSublayer(filled)
            shape(CGPath(rect: CGRect(x: 56, y: 56, width: 32, height: 32), transform: nil), fill: nil, in: layer)
            let frame = render(layer)
            #expect(
                frame.image.pixel(x: 24, y: 24) == [0, 0, 0, 255], "CAShapeLayer.h: the fill defaults to opaque black")
            #expect(frame.image.pixel(x: 72, y: 72) == whitePixel, "a nil fill and the default nil stroke draw nothing")
        }
    }

    @Test func lineCapsEndTheStrokeAsTheirNamesSay() throws {
        try withManualClock { _ in
            let layer = root()
            for (y, cap) in [(16.0, CAShapeLayerLineCap.butt), (48, .round), (80, .square)] {
                let line = strokedShape(polyline([CGPoint(x: 24, y: y), CGPoint(x: 72, y: y)]), width: 12, in: layer)
                line.lineCap = cap
            }
            let frame = render(layer)
            let image = frame.image
            #expect(image.pixel(x: 25, y: 16) == bluePixel, "butt: the line")
            #expect(image.pixel(x: 22, y: 16) == whitePixel, "butt: nothing past the end")
            #expect(image.pixel(x: 73, y: 16) == whitePixel, "butt: nothing past the other end")
            #expect(image.pixel(x: 19, y: 48) == bluePixel, "round: inside the half circle of radius 6")
            #expect(image.pixel(x: 18, y: 42) == whitePixel, "round: the corner of the square is cut")
            #expect(image.pixel(x: 19, y: 75) == bluePixel, "square: the corner, half the width past the end")
            #expect(image.pixel(x: 18, y: 80) == bluePixel, "square: up to 6 past the end")
            #expect(image.pixel(x: 17, y: 80) == whitePixel, "square: no further")
            try Goldens.expectMatch(frame, named: "shape-caps")
        }
    }

    @Test func lineJoinsShapeTheCorners() throws {
        try withManualClock { _ in
            let layer = root()
            // Each path runs right to a corner at (64, y), then down; the outer corner is at the
            // top right, 6 out each way.
            let joins: [(CGFloat, CAShapeLayerLineJoin)] = [(16, .miter), (48, .round), (80, .bevel)]
            for (y, join) in joins {
                let corner = strokedShape(
                    polyline([CGPoint(x: 24, y: y), CGPoint(x: 64, y: y), CGPoint(x: 64, y: y + 14)]), width: 12,
                    in: layer)
                corner.lineJoin = join
            }
            let frame = render(layer)
            let image = frame.image
            for (y, join) in joins {
                let y = Int(y)
                // Pixel (3…4, −4…−3) from the corner lies within the round join's radius 6 but
                // wholly beyond the bevel's cut from (0, −6) to (6, 0); pixel (5…6, −6…−5) only
                // within the miter's square.
                #expect(image.pixel(x: 67, y: y - 4) == (join == .bevel ? whitePixel : bluePixel), "\(join.rawValue)")
                #expect(image.pixel(x: 69, y: y - 6) == (join == .miter ? bluePixel : whitePixel), "\(join.rawValue)")
                #expect(image.pixel(x: 60, y: y) == bluePixel, "\(join.rawValue): the corner itself")
            }
            try Goldens.expectMatch(frame, named: "shape-joins")
        }
    }

    @Test func miterLimitBevelsCornersSharperThanIt() {
        withManualClock { _ in
            let layer = root()
            // A right angle's miter is √2 line widths long: within the default limit of 10,
            // beyond a limit of 1.2.
            for (y, limit) in [(CGFloat(24), CGFloat(10)), (72, 1.2)] {
                let corner = strokedShape(
                    polyline([CGPoint(x: 24, y: y), CGPoint(x: 64, y: y), CGPoint(x: 64, y: y + 14)]), width: 12,
                    in: layer)
                corner.miterLimit = limit
            }
            let image = render(layer).image
            #expect(image.pixel(x: 69, y: 18) == bluePixel, "mitered")
            #expect(image.pixel(x: 69, y: 66) == whitePixel, "bevelled")
        }
    }

    @Test func dashPatternAndPhaseBreakTheStroke() throws {
        try withManualClock { _ in
            let layer = root()
            let plain = strokedShape(polyline([CGPoint(x: 0, y: 24), CGPoint(x: 96, y: 24)]), width: 8, in: layer)
            plain.lineDashPattern = [12, 4]
            let dots = strokedShape(polyline([CGPoint(x: 0, y: 48), CGPoint(x: 96, y: 48)]), width: 8, in: layer)
            dots.lineDashPattern = [0, 12]
            dots.lineCap = .round
            let shifted = strokedShape(polyline([CGPoint(x: 0, y: 72), CGPoint(x: 96, y: 72)]), width: 8, in: layer)
            shifted.lineDashPattern = [12, 4]
            shifted.lineDashPhase = 6
            let frame = render(layer)
            let image = frame.image
            // Painted 0…12, 16…28, …
            #expect(image.pixel(x: 5, y: 24) == bluePixel)
            #expect(image.pixel(x: 13, y: 24) == whitePixel)
            #expect(image.pixel(x: 14, y: 24) == whitePixel)
            #expect(image.pixel(x: 17, y: 24) == bluePixel)
            // Zero-length dashes with round caps: dots of radius 4 every 12.
            #expect(image.pixel(x: 12, y: 48) == bluePixel)
            #expect(image.pixel(x: 18, y: 48) == whitePixel)
            #expect(image.pixel(x: 24, y: 47) == bluePixel)
            // Six into the pattern: painted 0…6, 10…22, 26…38, …
            #expect(image.pixel(x: 3, y: 72) == bluePixel)
            #expect(image.pixel(x: 7, y: 72) == whitePixel)
            #expect(image.pixel(x: 8, y: 72) == whitePixel)
            #expect(image.pixel(x: 15, y: 72) == bluePixel)
            #expect(image.pixel(x: 23, y: 72) == whitePixel)
            try Goldens.expectMatch(frame, named: "shape-dashes")
        }
    }

    @Test func invalidDashPatternsDrawASolidLine() {
        withManualClock { _ in
            let layer = root()
            let zeros = strokedShape(polyline([CGPoint(x: 0, y: 24), CGPoint(x: 96, y: 24)]), width: 8, in: layer)
            zeros.lineDashPattern = [0, 0]
            let negative = strokedShape(polyline([CGPoint(x: 0, y: 72), CGPoint(x: 96, y: 72)]), width: 8, in: layer)
            negative.lineDashPattern = [4, -4]
            _ = gradient(CGRect(x: 0, y: 40, width: 96, height: 16), [red], in: layer)
            let image = render(layer).image
            #expect(image.pixel(x: 14, y: 24) == bluePixel)
            #expect(image.pixel(x: 6, y: 72) == bluePixel)
            #expect(image.pixel(x: 48, y: 48) == gradientRedPixel, "the context still draws what follows")
        }
    }

    @Test func strokeEndHalfwayStopsHalfwayAlongStraightLines() throws {
        try withManualClock { _ in
            let layer = root()
            let line = strokedShape(polyline([CGPoint(x: 8, y: 24), CGPoint(x: 88, y: 24)]), width: 8, in: layer)
            line.strokeEnd = 0.5
            // 64 + 32 long: half-way is 48 along, on the first line.
            let bent = strokedShape(
                polyline([CGPoint(x: 8, y: 56), CGPoint(x: 72, y: 56), CGPoint(x: 72, y: 88)]), width: 8, in: layer)
            bent.strokeEnd = 0.5
            let frame = render(layer)
            let image = frame.image
            #expect(image.pixel(x: 46, y: 24) == bluePixel)
            #expect(image.pixel(x: 48, y: 24) == whitePixel, "ends at x = 48")
            #expect(image.pixel(x: 54, y: 56) == bluePixel)
            #expect(image.pixel(x: 56, y: 56) == whitePixel, "ends at x = 56")
            #expect(image.pixel(x: 72, y: 75) == whitePixel, "the second line is not reached")
            try Goldens.expectMatch(frame, named: "shape-stroke-end-lines")
        }
    }

    @Test func strokeEndHalfwayStopsHalfwayRoundACircle() throws {
        try withManualClock { _ in
            let layer = root()
            // The circle's path starts at its right and runs down first (clockwise on screen),
            // in four cubic curves of equal length: half-way is its left.
            let circle = strokedShape(
                CGPath(ellipseIn: CGRect(x: 16, y: 16, width: 64, height: 64), transform: nil), width: 8, in: layer)
            circle.strokeEnd = 0.5
            let frame = render(layer)
            let image = frame.image
            #expect(image.pixel(x: 48, y: 80) == bluePixel, "the bottom")
            #expect(image.pixel(x: 16, y: 56) == bluePixel, "the lower left")
            #expect(image.pixel(x: 48, y: 16) == whitePixel, "the top is not stroked")
            #expect(image.pixel(x: 16, y: 40) == whitePixel, "nor the upper left")
            #expect(image.pixel(x: 78, y: 40) == whitePixel, "nor the upper right: the stroke starts at the right")
            try Goldens.expectMatch(frame, named: "shape-stroke-end-curve")
        }
    }

    @Test func strokeEndMeasuresArcLengthNotTheCurveParameter() {
        withManualClock { _ in
            let layer = root()
            // A quadratic curve along a straight line whose control point lies near its start:
            // half-way in its parameter is x = 32, half-way in length x = 48.
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 8, y: 48))
            path.addQuadCurve(to: CGPoint(x: 88, y: 48), control: CGPoint(x: 16, y: 48))
            let curve = strokedShape(path, width: 8, in: layer)
            curve.strokeEnd = 0.5
            let image = render(layer).image
            #expect(image.pixel(x: 46, y: 48) == bluePixel)
            #expect(image.pixel(x: 49, y: 48) == whitePixel)
        }
    }

    @Test func strokeStartTrimsTheBeginningAndDashesStayInPlace() throws {
        try withManualClock { _ in
            let layer = root()
            let middle = strokedShape(polyline([CGPoint(x: 8, y: 24), CGPoint(x: 88, y: 24)]), width: 8, in: layer)
            middle.strokeStart = 0.25
            middle.strokeEnd = 0.75
            let crossed = strokedShape(polyline([CGPoint(x: 8, y: 48), CGPoint(x: 88, y: 48)]), width: 8, in: layer)
            crossed.strokeStart = 0.6
            crossed.strokeEnd = 0.4
            // Two lines of 96, dashed 8 on, 8 off, from 52 along the first: the dashes lie where
            // they lie on the whole path (52…56, 64…72, …), and the second line's start afresh.
            let dashed = CGMutablePath()
            dashed.addLines(between: [CGPoint(x: 0, y: 72), CGPoint(x: 96, y: 72)])
            dashed.addLines(between: [CGPoint(x: 0, y: 88), CGPoint(x: 96, y: 88)])
            let trimmed = strokedShape(dashed, width: 6, in: layer)
            trimmed.lineDashPattern = [8, 8]
            trimmed.strokeStart = 52.0 / 192
            let frame = render(layer)
            let image = frame.image
            #expect(image.pixel(x: 26, y: 24) == whitePixel, "starts at x = 28")
            #expect(image.pixel(x: 29, y: 24) == bluePixel)
            #expect(image.pixel(x: 66, y: 24) == bluePixel)
            #expect(image.pixel(x: 68, y: 24) == whitePixel, "ends at x = 68")
            #expect(image.pixel(x: 48, y: 48) == whitePixel, "strokeStart after strokeEnd strokes nothing")
            #expect(image.pixel(x: 50, y: 72) == whitePixel, "before strokeStart")
            #expect(image.pixel(x: 53, y: 72) == bluePixel)
            #expect(image.pixel(x: 58, y: 72) == whitePixel, "the gap of the whole path's pattern")
            #expect(image.pixel(x: 65, y: 72) == bluePixel)
            #expect(image.pixel(x: 4, y: 88) == bluePixel, "the next subpath starts its pattern afresh")
            #expect(image.pixel(x: 12, y: 88) == whitePixel)
            try Goldens.expectMatch(frame, named: "shape-stroke-start")
        }
    }

    @Test func trimmedDashedPiecesOverlappingLayATranslucentColourOnce() {
        withManualClock { _ in
            let layer = root()
            // The same line twice, dashed 8 on, 8 off, from 16 along the first: the first piece
            // is dashed 16…24, 32…40, …, the second 0…8, 16…24, …, so both cover 16…24.
            let twice = CGMutablePath()
            twice.addLines(between: [CGPoint(x: 0, y: 48), CGPoint(x: 96, y: 48)])
            twice.addLines(between: [CGPoint(x: 0, y: 48), CGPoint(x: 96, y: 48)])
            let line = strokedShape(twice, width: 8, in: layer)
            line.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            line.lineDashPattern = [8, 8]
            line.strokeStart = 16.0 / 192
            let image = render(layer).image
            let once = image.pixel(x: 4, y: 48)
            expectColor(once, [127.5, 127.5, 255, 255], within: 1, "half blue over white")
            #expect(image.pixel(x: 20, y: 48) == once, "where both pieces are dashed, no darker")
        }
    }

    @Test func animatedStrokeEndDrawsTheLineOn() {
        withManualClock { _ in
            let layer = root()
            let line = strokedShape(polyline([CGPoint(x: 8, y: 48), CGPoint(x: 88, y: 48)]), width: 8, in: layer)
            CATransaction.flush()
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0
            draw.toValue = 1
            draw.duration = 1
            draw.timingFunction = CAMediaTimingFunction(name: .linear)
            line.add(draw, forKey: "draw")
            let early = render(layer, at: 0.25).image
            #expect(early.pixel(x: 26, y: 48) == bluePixel, "a quarter drawn: to x = 28")
            #expect(early.pixel(x: 30, y: 48) == whitePixel)
            let late = render(layer, at: 0.75).image
            #expect(late.pixel(x: 66, y: 48) == bluePixel, "three quarters drawn: to x = 68")
            #expect(late.pixel(x: 70, y: 48) == whitePixel)
        }
    }
}
