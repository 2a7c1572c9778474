import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// The renderer keeps its evaluated tree between frames; every change made between frames
/// shows in the next one.
@Suite(.serialized) struct NodeCaptureInvalidationTests {
    @Test func treeChangedBetweenFramesRendersTheChange() {
        withManualClock { clock in
            let layer = root()
            let card = box(CGRect(x: 16, y: 16, width: 32, height: 32), red, in: layer)
            let renderer = render(layer)
            #expect(renderer.image.pixel(x: 30, y: 30) == redPixel)
            card.backgroundColor = blue
            _ = render(layer, renderer: renderer)
            #expect(renderer.image.pixel(x: 30, y: 30) == bluePixel, "a model property set between frames")
            let other = box(CGRect(x: 60, y: 60, width: 20, height: 20), green, in: layer)
            _ = render(layer, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 70) == greenPixel, "a sublayer added")
            other.removeFromSuperlayer()
            _ = render(layer, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 70) == whitePixel, "a sublayer removed")
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 70.0
            move.toValue = 70.0
            move.duration = 1
            card.add(move, forKey: "move")
            _ = render(layer, at: 0.5, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 30) == bluePixel, "an animation added")
            card.removeAnimation(forKey: "move")
            _ = render(layer, at: 0.6, renderer: renderer)
            #expect(renderer.image.pixel(x: 70, y: 30) == whitePixel, "an animation removed")
            _ = clock
        }
    }
}
