import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

/// A layer that draws with a closure.
private final class SketchLayer: CALayer {
    var sketch: (CGContext) -> Void = { _ in }

    override func draw(in ctx: CGContext) { sketch(ctx) }
}

/// Renders, on a white 96 × 96 root, a layer covering it that draws `sketch`.
private func render(background: CGColor? = nil, _ sketch: @escaping (CGContext) -> Void) -> CARenderer {
    let layer = root()
    let canvas = SketchLayer()
    canvas.frame = layer.bounds
    canvas.backgroundColor = background
    canvas.sketch = sketch
    layer.addSublayer(canvas)
    canvas.setNeedsDisplay()
    return render(layer)
}

@Suite("CARenderer: Core Graphics drawing played back", .serialized)
struct ContextDrawingTests {
    @Test func lineCapsJoinsAndMiterLimit() throws {
        try withManualClock { _ in
            let frame = render { ctx in
                // Thin red guides where the three capped lines end.
                ctx.setStrokeColor(red)
                ctx.strokeLineSegments(between: [point(20.5, 4), point(20.5, 46), point(75.5, 4), point(75.5, 46)])
                ctx.setStrokeColor(black)
                ctx.setLineWidth(8)
                for (row, cap) in [CGLineCap.butt, .round, .square].enumerated() {
                    ctx.setLineCap(cap)
                    let y = 12 + CGFloat(row) * 14
                    ctx.strokeLineSegments(between: [point(20, y), point(76, y)])
                }
                ctx.setLineCap(.butt)
                for (column, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
                    ctx.setLineJoin(join)
                    let x = 14 + CGFloat(column) * 28
                    ctx.addLines(between: [point(x, 88), point(x + 10, 60), point(x + 20, 88)])
                    ctx.strokePath()
                }
            }
            let image = frame.image
            #expect(image.pixel(x: 16, y: 12) == whitePixel, "a butt cap stops at the end")
            #expect(image.pixel(x: 17, y: 26) == blackPixel, "a round cap reaches half the width past it")
            #expect(image.pixel(x: 16, y: 21) == whitePixel, "… round")
            #expect(image.pixel(x: 17, y: 37) == blackPixel, "a square cap, square")
            #expect(image.pixel(x: 24, y: 54) == blackPixel, "the miter's point, 12 above the corner")
            #expect(image.pixel(x: 52, y: 54) == whitePixel, "a round join reaches 4 above it")
            #expect(image.pixel(x: 80, y: 54) == whitePixel, "a bevel join less")
            try Goldens.expectMatch(frame, named: "drawing-caps-joins")
        }
    }

    @Test func dashesAndPensFollowTheUserSpace() throws {
        try withManualClock { _ in
            let frame = render { ctx in
                ctx.setStrokeColor(blue)
                ctx.setLineWidth(4)
                ctx.setLineDash(phase: 0, lengths: [8, 4])
                ctx.strokeLineSegments(between: [point(8, 8), point(88, 8)])
                ctx.setLineDash(phase: 6, lengths: [8, 4])
                ctx.strokeLineSegments(between: [point(8, 18), point(88, 18)])
                ctx.setLineCap(.round)
                ctx.setLineDash(phase: 0, lengths: [0, 8])
                ctx.strokeLineSegments(between: [point(8, 28), point(88, 28)])
                ctx.setLineCap(.butt)
                ctx.setLineDash(phase: 0, lengths: [])
                // A pen scaled 4 times vertically: horizontal sides 8 thick, vertical ones 2.
                ctx.saveGState()
                ctx.translateBy(x: 8, y: 40)
                ctx.scaleBy(x: 1, y: 4)
                ctx.setLineWidth(2)
                ctx.stroke(CGRect(x: 4, y: 1, width: 32, height: 10))
                ctx.restoreGState()
                // A hairline stays one pixel wide however scaled.
                ctx.saveGState()
                ctx.scaleBy(x: 4, y: 4)
                ctx.setLineWidth(0)
                ctx.strokeLineSegments(between: [point(13, 11.125), point(22, 11.125)])
                ctx.restoreGState()
                // Dashes scale with the pen: 4 on, 2 off at twice the size.
                ctx.saveGState()
                ctx.translateBy(x: 52, y: 60)
                ctx.scaleBy(x: 2, y: 2)
                ctx.setLineWidth(2)
                ctx.setLineDash(phase: 0, lengths: [4, 2])
                ctx.strokeLineSegments(between: [point(0, 0), point(18, 0)])
                ctx.restoreGState()
            }
            let image = frame.image
            #expect(image.pixel(x: 10, y: 8) == bluePixel)
            #expect(image.pixel(x: 18, y: 8) == whitePixel, "the first gap, 16 to 20")
            #expect(image.pixel(x: 22, y: 8) == bluePixel)
            #expect(image.pixel(x: 12, y: 18) == whitePixel, "6 into the pattern: the gap is 10 to 14")
            #expect(image.pixel(x: 16, y: 18) == bluePixel)
            #expect(image.pixel(x: 8, y: 28) == bluePixel, "a dot: a zero-length dash with round caps")
            #expect(image.pixel(x: 12, y: 28) == whitePixel)
            #expect(image.pixel(x: 28, y: 46) == bluePixel, "the scaled pen's top side, 40 to 48")
            #expect(image.pixel(x: 28, y: 49) == whitePixel)
            #expect(image.pixel(x: 12, y: 60) == bluePixel, "its left side, 11 to 13")
            #expect(image.pixel(x: 14, y: 60) == whitePixel)
            #expect(image.pixel(x: 70, y: 44) == bluePixel, "the hairline")
            #expect(image.pixel(x: 70, y: 45) == whitePixel)
            #expect(image.pixel(x: 56, y: 60) == bluePixel, "a dash 8 long")
            #expect(image.pixel(x: 62, y: 60) == whitePixel, "a gap 4 long")
            #expect(image.pixel(x: 68, y: 60) == bluePixel)
            try Goldens.expectMatch(frame, named: "drawing-dashes-pens")
        }
    }

    @Test func blendModesAlphaAndClearingAffectOnlyTheLayersOwnDrawing() throws {
        try withManualClock { _ in
            let gray = CGColor(gray: 0.8, alpha: 1)
            let frame = render(background: gray) { ctx in
                ctx.setFillColor(white)
                ctx.fill(CGRect(x: 0, y: 0, width: 96, height: 44))
                // Multiply: cyan over yellow is green; over white, cyan.
                ctx.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
                ctx.fill(CGRect(x: 4, y: 4, width: 28, height: 24))
                ctx.setBlendMode(.multiply)
                ctx.setFillColor(red: 0, green: 1, blue: 1, alpha: 1)
                ctx.fill(CGRect(x: 20, y: 14, width: 24, height: 26))
                // Screen: red over blue is magenta; over white, white.
                ctx.setBlendMode(.normal)
                ctx.setFillColor(blue)
                ctx.fill(CGRect(x: 52, y: 4, width: 28, height: 24))
                ctx.setBlendMode(.screen)
                ctx.setFillColor(red)
                ctx.fill(CGRect(x: 64, y: 14, width: 28, height: 26))
                // Half alpha: black at 0.5 over the gray layer background.
                ctx.setBlendMode(.normal)
                ctx.setAlpha(0.5)
                ctx.setFillColor(black)
                ctx.fill(CGRect(x: 4, y: 48, width: 40, height: 20))
                ctx.setAlpha(1)
                // Clear: a hole in a green square shows the layer's background, not white.
                ctx.setFillColor(green)
                ctx.fill(CGRect(x: 52, y: 48, width: 40, height: 40))
                ctx.clear(CGRect(x: 64, y: 60, width: 16, height: 16))
                // Copy: half-transparent red replaces black instead of covering it.
                ctx.setFillColor(black)
                ctx.fill(CGRect(x: 4, y: 72, width: 40, height: 20))
                ctx.setBlendMode(.copy)
                ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
                ctx.fill(CGRect(x: 14, y: 72, width: 20, height: 20))
            }
            let image = frame.image
            #expect(image.pixel(x: 26, y: 20) == greenPixel, "multiply: cyan × yellow")
            #expect(image.pixel(x: 40, y: 36) == [0, 255, 255, 255], "multiply: cyan × white")
            #expect(image.pixel(x: 70, y: 20) == [255, 0, 255, 255], "screen: red + blue")
            #expect(image.pixel(x: 88, y: 36) == whitePixel, "screen: red over white is white")
            let half = image.pixel(x: 20, y: 58)
            expectClose(Double(half[0]), 102, within: 1.5, "0.5 × 0.8 of 255")
            #expect(image.pixel(x: 72, y: 68) == [204, 204, 204, 255], "cleared to the layer's background")
            #expect(image.pixel(x: 56, y: 52) == greenPixel)
            let copied = image.pixel(x: 24, y: 82)
            expectClose(Double(copied[0]), 229.5, within: 1.5, "half red over the gray background")
            expectClose(Double(copied[1]), 102, within: 1.5)
            #expect(image.pixel(x: 8, y: 82) == blackPixel, "outside the copied rectangle the black stays")
            try Goldens.expectMatch(frame, named: "drawing-blend-alpha-clear")
        }
    }

    @Test func linearAndRadialGradientsWithTheirOptions() throws {
        try withManualClock { _ in
            let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue], locations: nil)!
            let frame = render { ctx in
                let options: [CGGradientDrawingOptions] = [
                    [], .drawsBeforeStartLocation, .drawsAfterEndLocation,
                    [.drawsBeforeStartLocation, .drawsAfterEndLocation],
                ]
                for (row, option) in options.enumerated() {
                    let y = 4 + CGFloat(row) * 22
                    ctx.saveGState()
                    ctx.clip(to: CGRect(x: 4, y: y, width: 40, height: 18))
                    ctx.drawLinearGradient(gradient, start: point(14, 0), end: point(34, 0), options: option)
                    ctx.restoreGState()
                }
                ctx.saveGState()
                ctx.clip(to: CGRect(x: 48, y: 4, width: 44, height: 40))
                ctx.drawRadialGradient(
                    gradient, startCenter: point(70, 24), startRadius: 4, endCenter: point(70, 24), endRadius: 18,
                    options: [])
                ctx.restoreGState()
                // Rotated a quarter turn: the colours change downwards.
                ctx.saveGState()
                ctx.translateBy(x: 70, y: 70)
                ctx.rotate(by: .pi / 2)
                ctx.clip(to: CGRect(x: -20, y: -20, width: 40, height: 40))
                ctx.drawLinearGradient(
                    gradient, start: point(-10, 0), end: point(10, 0),
                    options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                ctx.restoreGState()
            }
            let image = frame.image
            #expect(image.pixel(x: 8, y: 12) == whitePixel, "nothing before the start")
            #expect(image.pixel(x: 40, y: 12) == whitePixel, "nor after the end")
            let middle = image.pixel(x: 24, y: 12)
            #expect(middle[0] > 100 && middle[2] > 100 && middle[1] == 0, "half way: \(middle)")
            #expect(image.pixel(x: 8, y: 34) == redPixel, "the start colour goes on before")
            #expect(image.pixel(x: 40, y: 34) == whitePixel)
            #expect(image.pixel(x: 8, y: 56) == whitePixel)
            #expect(image.pixel(x: 40, y: 56) == bluePixel, "the end colour goes on after")
            #expect(image.pixel(x: 8, y: 78) == redPixel)
            #expect(image.pixel(x: 40, y: 78) == bluePixel)
            #expect(image.pixel(x: 70, y: 24) == whitePixel, "inside the start circle")
            #expect(image.pixel(x: 90, y: 24) == whitePixel, "outside the end circle")
            let ring = image.pixel(x: 81, y: 24)
            #expect(ring[0] > 90 && ring[2] > 90, "between the circles: \(ring)")
            #expect(image.pixel(x: 70, y: 53) == redPixel, "rotated: red above")
            #expect(image.pixel(x: 70, y: 87) == bluePixel, "blue below")
            #expect(image.pixel(x: 53, y: 53) == redPixel, "constant across the axis")
            try Goldens.expectMatch(frame, named: "drawing-gradients")
        }
    }

    @Test func imagesHonourRotationScaleFlipAndAlpha() throws {
        try withManualClock { _ in
            let image = quadrantImage()
            let frame = render { ctx in
                ctx.draw(image, in: CGRect(x: 4, y: 4, width: 40, height: 40))
                // A quarter turn clockwise on the screen about (72, 24).
                ctx.saveGState()
                ctx.translateBy(x: 72, y: 24)
                ctx.rotate(by: .pi / 2)
                ctx.draw(image, in: CGRect(x: -20, y: -20, width: 40, height: 40))
                ctx.restoreGState()
                // Mirrored left to right.
                ctx.saveGState()
                ctx.translateBy(x: 44, y: 52)
                ctx.scaleBy(x: -1, y: 1)
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 40))
                ctx.restoreGState()
                // Twice the size, half transparent.
                ctx.saveGState()
                ctx.setAlpha(0.5)
                ctx.translateBy(x: 52, y: 52)
                ctx.scaleBy(x: 2, y: 2)
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20))
                ctx.restoreGState()
            }
            let pixels = frame.image
            #expect(pixels.pixel(x: 14, y: 14) == redPixel, "upright")
            #expect(pixels.pixel(x: 34, y: 14) == greenPixel)
            #expect(pixels.pixel(x: 82, y: 14) == redPixel, "rotated: red at the top right")
            #expect(pixels.pixel(x: 82, y: 34) == greenPixel, "green below it")
            #expect(pixels.pixel(x: 62, y: 14) == bluePixel)
            #expect(pixels.pixel(x: 62, y: 34) == yellowPixel)
            #expect(pixels.pixel(x: 34, y: 62) == redPixel, "mirrored: red on the right")
            #expect(pixels.pixel(x: 14, y: 62) == greenPixel)
            #expect(pixels.pixel(x: 14, y: 82) == yellowPixel)
            let faded = pixels.pixel(x: 62, y: 62)
            #expect(faded[0] == 255 && abs(faded[1] - 128) <= 1, "half red over white: \(faded)")
            try Goldens.expectMatch(frame, named: "drawing-transformed-images")
        }
    }

    @Test func arcsCurvesEvenOddClipsAndAliasedEdges() throws {
        try withManualClock { _ in
            let frame = render { ctx in
                ctx.setFillColor(red)
                ctx.move(to: point(24, 24))
                ctx.addArc(center: point(24, 24), radius: 20, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: false)
                ctx.closePath()
                ctx.fillPath()
                ctx.setStrokeColor(blue)
                ctx.setLineWidth(3)
                ctx.move(to: point(52, 40))
                ctx.addQuadCurve(to: point(92, 40), control: point(72, 4))
                ctx.move(to: point(52, 44))
                ctx.addArc(tangent1End: point(92, 44), tangent2End: point(92, 4), radius: 8)
                ctx.strokePath()
                // A ring: the even-odd clip of two circles, filled.
                ctx.saveGState()
                ctx.addEllipse(in: CGRect(x: 8, y: 52, width: 36, height: 36))
                ctx.addEllipse(in: CGRect(x: 18, y: 62, width: 16, height: 16))
                ctx.clip(using: .evenOdd)
                ctx.setFillColor(green)
                ctx.fill(CGRect(x: 8, y: 52, width: 36, height: 36))
                ctx.restoreGState()
                ctx.setShouldAntialias(false)
                ctx.setFillColor(black)
                ctx.fillEllipse(in: CGRect(x: 52, y: 52, width: 36, height: 36))
            }
            let image = frame.image
            #expect(image.pixel(x: 14, y: 14) == redPixel, "the pie's top-left quarter")
            #expect(image.pixel(x: 34, y: 14) == whitePixel, "the quarter it leaves out")
            #expect(image.pixel(x: 34, y: 34) == redPixel)
            #expect(image.pixel(x: 72, y: 22) == bluePixel, "the curve's top, half way to its control")
            #expect(image.pixel(x: 26, y: 70) == whitePixel, "the ring's hole")
            #expect(image.pixel(x: 12, y: 70) == greenPixel, "the ring")
            let edge = (52..<88).flatMap { y in (52..<88).map { image.pixel(x: $0, y: y) } }
            #expect(edge.allSatisfy { $0 == blackPixel || $0 == whitePixel }, "no antialiased greys")
            #expect(edge.contains(blackPixel) && edge.contains(whitePixel))
            try Goldens.expectMatch(frame, named: "drawing-paths-clips")
        }
    }
}
