import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenUIKit
import QuartzTestSupport
import Testing

/// A view whose `draw(_:)` fills a red band along its top left and strokes a blue line down
/// its right side, in UIKit's coordinates (origin at the top left).
private final class BandView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 10)).fill()
        UIColor.blue.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 36, y: 0))
        line.addLine(to: CGPoint(x: 36, y: 40))
        line.lineWidth = 4
        line.stroke()
    }
}

@MainActor @Suite("UIKit drawing through the renderer") struct UIKitDrawingTests {
    @Test func aViewsDrawIsRenderedTheWayUpUIKitDrawsIt() {
        withManualClock { _ in
            let view = BandView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.backgroundColor = .white
            let frame = CARenderer(width: 40, height: 40, scale: 1)
            frame.layer = view.layer
            frame.beginFrame(atTime: 0)
            frame.render()
            frame.endFrame()
            let (white, red, blue) = ([255, 255, 255, 255], [255, 0, 0, 255], [0, 0, 255, 255])
            #expect(frame.image.pixel(x: 5, y: 5) == red, "the band at the top left")
            #expect(frame.image.pixel(x: 5, y: 35) == white, "the background below it")
            #expect(frame.image.pixel(x: 25, y: 5) == white, "right of the band")
            #expect(frame.image.pixel(x: 36, y: 20) == blue, "the line down the right side")
        }
    }
}
