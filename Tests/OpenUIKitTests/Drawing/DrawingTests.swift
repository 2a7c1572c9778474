import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// A view that draws a red square and a dashed blue outline, counting its draws.
private final class BadgeView: UIView {
    var draws = 0
    var rects: [CGRect] = []

    override func draw(_ rect: CGRect) {
        draws += 1
        rects.append(rect)
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20)).fill()
        UIColor.blue.setStroke()
        let outline = UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 30, height: 30))
        outline.lineWidth = 3
        outline.lineCapStyle = .round
        var dashes: [CGFloat] = [4, 2]
        outline.setLineDash(&dashes, count: 2, phase: 1)
        outline.stroke()
    }
}

@MainActor @Suite struct DrawingTests {
    @Test func drawRunsAtTheFirstCommitWithTheViewAsTheCurrentContext() throws {
        withManualClock { _ in
            let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            #expect(view.draws == 0)
            CATransaction.flush()
            #expect(view.draws == 1)
            #expect(view.rects == [CGRect(x: 0, y: 0, width: 40, height: 40)])
            let operations = view.layer.lastDrawing?.operations ?? []
            let fills = operations.compactMap { operation -> CGColor? in
                if case .fill(let path, let color, let rule) = operation, rule == .winding,
                    path.boundingBox == CGRect(x: 10, y: 10, width: 20, height: 20)
                {
                    return color
                }
                return nil
            }
            #expect(fills == [UIColor.red.cgColor])
            let strokes = operations.compactMap { operation -> CGContext.LineStyle? in
                if case .stroke(_, let color, let line) = operation, color == UIColor.blue.cgColor { return line }
                return nil
            }
            #expect(
                strokes == [CGContext.LineStyle(width: 3, cap: .round, dashPhase: 1, dashLengths: [4, 2])],
                "\(operations)")
            // The view's drawing left nothing current behind it.
            #expect(UIGraphicsGetCurrentContext() == nil)
        }
    }

    @Test func setNeedsDisplayDrawsAgainAtTheNextCommitOnly() throws {
        withManualClock { _ in
            let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            CATransaction.flush()
            CATransaction.flush()
            #expect(view.draws == 1)
            view.setNeedsDisplay()
            view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
            #expect(view.draws == 1)
            CATransaction.flush()
            #expect(view.draws == 2)
        }
    }

    @Test func drawingGoesIntoThePushedContextAndNowhereOutsideOne() throws {
        // Outside any context: nothing happens, as UIKit only logs.
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIColor.green.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).fill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))

        let outer = CGContext(size: CGSize(width: 8, height: 8))
        let inner = CGContext(size: CGSize(width: 8, height: 8))
        UIGraphicsPushContext(outer)
        UIGraphicsPushContext(inner)
        #expect(UIGraphicsGetCurrentContext() === inner)
        UIColor.green.set()
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 8))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 4, height: 4)))
        ring.usesEvenOddFillRule = true
        ring.fill(with: .multiply, alpha: 0.5)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIRectFill(CGRect(x: 1, y: 2, width: 3, height: 4))
        UIGraphicsPopContext()
        UIGraphicsPopContext()  // one too many: nothing to pop
        #expect(UIGraphicsGetCurrentContext() == nil)

        #expect(inner.operations.contains { if case .fill(_, _, .evenOdd) = $0 { true } else { false } })
        #expect(inner.operations.contains(.setBlendMode(.multiply)))
        #expect(inner.operations.contains(.setAlpha(0.5)))
        #expect(
            outer.operations.contains {
                if case .fill(let path, _, _) = $0 { path.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4) } else { false }
            })
        #expect(!outer.operations.contains { if case .fill(_, _, .evenOdd) = $0 { true } else { false } })
    }

    @Test func addClipClipsWhatIsDrawnAfterIt() throws {
        let context = CGContext(size: CGSize(width: 8, height: 8))
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).addClip()
        #expect(context.operations.contains { if case .clip(_, .winding) = $0 { true } else { false } })
    }
}
