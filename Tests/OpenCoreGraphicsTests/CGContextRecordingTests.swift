import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

private func context() -> CGContext { CGContext(size: CGSize(width: 100, height: 100)) }

@Suite("CGContext: what a drawing records")
struct CGContextRecordingTests {
    @Test func strokesCarryTheLineStyleAndThePensTransform() {
        let ctx = context()
        ctx.stroke(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(
            ctx.operations.last
                == .stroke(
                    CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil), color: .black,
                    line: CGContext.LineStyle()),
            "Core Graphics' defaults: width 1, butt caps, miter joins, limit 10, solid")

        ctx.setLineWidth(3)
        ctx.setLineCap(.round)
        ctx.setLineJoin(.bevel)
        ctx.setMiterLimit(4)
        ctx.setLineDash(phase: 2, lengths: [6, 3])
        ctx.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.scaleBy(x: 2, y: 2)
        ctx.strokeLineSegments(between: [CGPoint(x: 1, y: 1), CGPoint(x: 5, y: 1)])
        guard case .stroke(let path, let color, let line) = ctx.operations.last else {
            Issue.record("expected a stroke")
            return
        }
        #expect(path.elements == [.move(to: CGPoint(x: 2, y: 2)), .line(to: CGPoint(x: 10, y: 2))])
        #expect(color == blue)
        #expect(
            line
                == CGContext.LineStyle(
                    width: 3, cap: .round, join: .bevel, miterLimit: 4, dashPhase: 2, dashLengths: [6, 3],
                    transform: CGAffineTransform(scaleX: 2, y: 2)))
    }

    @Test func dashesCoreGraphicsCannotDrawAreSolid() {
        let ctx = context()
        for lengths: [CGFloat] in [[0, 0], [4, -1], [.infinity, 2], []] {
            ctx.setLineDash(phase: 1, lengths: lengths)
            ctx.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
            guard case .stroke(_, _, let line) = ctx.operations.last else { continue }
            #expect(line.dashLengths.isEmpty && line.dashPhase == 0, "\(lengths)")
        }
    }

    @Test func strokeWithAWidthLeavesTheLineWidthAlone() {
        let ctx = context()
        ctx.setLineWidth(2)
        ctx.stroke(CGRect(x: 0, y: 0, width: 4, height: 4), width: 7)
        ctx.stroke(CGRect(x: 0, y: 0, width: 4, height: 4))
        let widths = ctx.operations.compactMap { operation -> CGFloat? in
            if case .stroke(_, _, let line) = operation { return line.width }
            return nil
        }
        #expect(widths == [7, 2])
    }

    @Test func compositingStateIsRecordedWhenItChangesAndRestoredWithTheState() {
        let ctx = context()
        ctx.setAlpha(0.5)
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.multiply)
        ctx.setShouldAntialias(false)
        ctx.saveGState()
        ctx.setAlpha(2)
        ctx.setBlendMode(.normal)
        ctx.restoreGState()
        // Back at 0.5 and multiply: nothing changes, nothing is recorded.
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.multiply)
        ctx.setShouldAntialias(true)
        #expect(
            ctx.operations == [
                .setAlpha(0.5), .setBlendMode(.multiply), .setShouldAntialias(false), .saveState, .setAlpha(1),
                .setBlendMode(.normal), .restoreState, .setShouldAntialias(true),
            ])
    }

    @Test func pathsAreBuiltThroughTheCurrentTransform() {
        let ctx = context()
        ctx.translateBy(x: 10, y: 20)
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addLine(to: CGPoint(x: 5, y: 0))
        ctx.addQuadCurve(to: CGPoint(x: 5, y: 5), control: CGPoint(x: 8, y: 2))
        ctx.addCurve(to: CGPoint(x: 0, y: 5), control1: CGPoint(x: 4, y: 7), control2: CGPoint(x: 1, y: 7))
        ctx.closePath()
        expectClose(ctx.currentPointOfPath, CGPoint(x: 0, y: 0), within: 1e-12)
        ctx.addArc(center: CGPoint(x: 0, y: 0), radius: 2, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        ctx.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)])
        ctx.addRects([CGRect(x: 0, y: 0, width: 1, height: 1)])
        #expect(!ctx.isPathEmpty)
        ctx.setFillColor(gray: 0.5, alpha: 1)
        ctx.fillPath(using: .evenOdd)
        #expect(ctx.isPathEmpty, "painting empties the path")
        let expected = CGMutablePath()
        let shift = CGAffineTransform(translationX: 10, y: 20)
        expected.move(to: CGPoint(x: 0, y: 0), transform: shift)
        expected.addLine(to: CGPoint(x: 5, y: 0), transform: shift)
        expected.addQuadCurve(to: CGPoint(x: 5, y: 5), control: CGPoint(x: 8, y: 2), transform: shift)
        expected.addCurve(
            to: CGPoint(x: 0, y: 5), control1: CGPoint(x: 4, y: 7), control2: CGPoint(x: 1, y: 7), transform: shift)
        expected.closeSubpath()
        expected.addArc(
            center: CGPoint(x: 0, y: 0), radius: 2, startAngle: 0, endAngle: .pi / 2, clockwise: false,
            transform: shift)
        expected.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)], transform: shift)
        expected.addRects([CGRect(x: 0, y: 0, width: 1, height: 1)], transform: shift)
        #expect(ctx.operations == [.fill(expected, color: CGColor(gray: 0.5, alpha: 1), rule: .evenOdd)])
    }

    @Test func beginPathEmptiesAndEmptyPathsPaintNothing() {
        let ctx = context()
        ctx.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.beginPath()
        ctx.fillPath()
        ctx.strokePath()
        ctx.drawPath(using: .fillStroke)
        #expect(ctx.operations.isEmpty)
    }

    @Test func drawPathFillsThenStrokes() {
        let ctx = context()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setStrokeColor(blue)
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.drawPath(using: .eoFillStroke)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(
            ctx.operations == [
                .fill(ellipse, color: red, rule: .evenOdd), .stroke(ellipse, color: blue, line: CGContext.LineStyle()),
            ])
    }

    @Test func clipsKeepTheirRule() {
        let ctx = context()
        ctx.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.clip(using: .evenOdd)
        ctx.clip(to: CGRect(x: 1, y: 2, width: 3, height: 4))
        ctx.clip()
        #expect(
            ctx.operations == [
                .clip(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil), rule: .evenOdd),
                .clip(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil), rule: .winding),
                .clip(CGMutablePath(), rule: .winding),
            ], "an empty path clips everything away, as in Core Graphics")
    }

    @Test func imagesAndGradientsKeepTheirUserSpace() throws {
        let ctx = context()
        let image = try #require(CGImage(width: 1, height: 1, rgbaPixels: [255, 0, 0, 255]))
        ctx.translateBy(x: 50, y: 50)
        ctx.rotate(by: .pi / 2)
        ctx.draw(image, in: CGRect(x: 10, y: 10, width: -8, height: 4))
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [red, blue], locations: nil))
        ctx.drawLinearGradient(
            gradient, start: .zero, end: CGPoint(x: 10, y: 0), options: .drawsAfterEndLocation)
        ctx.drawRadialGradient(
            gradient, startCenter: .zero, startRadius: 1, endCenter: .zero, endRadius: 9, options: [])
        let ctm = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 50, y: 50))
        #expect(
            ctx.operations == [
                .drawImage(image, in: CGRect(x: 2, y: 10, width: 8, height: 4), transform: ctm),
                .drawGradient(
                    gradient, .axial(start: .zero, end: CGPoint(x: 10, y: 0)), options: .drawsAfterEndLocation,
                    transform: ctm),
                .drawGradient(
                    gradient, .radial(startCenter: .zero, startRadius: 1, endCenter: .zero, endRadius: 9),
                    options: [], transform: ctm),
            ])
    }

    @Test func clearRecordsTheTransformedRectangle() {
        let ctx = context()
        ctx.scaleBy(x: 2, y: 3)
        ctx.clear(CGRect(x: 1, y: 1, width: 4, height: 4))
        #expect(ctx.operations == [.clear(CGPath(rect: CGRect(x: 2, y: 3, width: 8, height: 12), transform: nil))])
    }

    @Test func gradientsSpreadColoursEvenlyWithoutLocations() throws {
        let even = try #require(
            CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue, red], locations: nil))
        #expect(even.locations == [0, 0.5, 1])
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [red, blue], locations: [0]) == nil)
        let gray = try #require(
            CGGradient(
                colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: [0, 1, 1, 0.5], locations: [0.2, 0.8],
                count: 2))
        #expect(gray.colors == [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 0.5)])
        #expect(gray.locations == [0.2, 0.8])
        let sRGB = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let rgb = try #require(
            CGGradient(colorSpace: sRGB, colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: nil, count: 2))
        #expect(rgb == CGGradient(colorsSpace: nil, colors: [red, blue], locations: [0, 1]))
        #expect(CGColorSpace(name: "no such space") == nil)
        #expect(CGColorSpace(name: CGColorSpace.linearGray)?.numberOfComponents == 1)
    }

    @Test func blendModesAndStylesHaveApplesRawValues() {
        #expect(CGBlendMode.normal.rawValue == 0 && CGBlendMode.luminosity.rawValue == 15)
        #expect(CGBlendMode.clear.rawValue == 16 && CGBlendMode.plusLighter.rawValue == 27)
        #expect([CGLineCap.butt, .round, .square].map(\.rawValue) == [0, 1, 2])
        #expect([CGLineJoin.miter, .round, .bevel].map(\.rawValue) == [0, 1, 2])
        #expect(CGPathDrawingMode.eoFillStroke.rawValue == 4)
        #expect(CGGradientDrawingOptions.drawsAfterEndLocation.rawValue == 2)
    }

    @Test func identicalDrawingsRecordEqualOperations() {
        func draw() -> [CGContext.Operation] {
            let ctx = context()
            ctx.setAlpha(0.5)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 1, y: 2, width: 3, height: 4))
            ctx.setLineDash(phase: 0, lengths: [2, 2])
            ctx.strokeEllipse(in: CGRect(x: 0, y: 0, width: 9, height: 9))
            return ctx.operations
        }
        #expect(draw() == draw())
    }
}
