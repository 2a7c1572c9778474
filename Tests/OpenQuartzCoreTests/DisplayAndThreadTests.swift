import Dispatch
import OpenQuartzCore
import QuartzTestSupport
import Synchronization
import Testing

@Suite("Display hooks and per-thread transactions")
struct DisplayAndThreadTests {
    @Test func delegateDrawsWhenTheLayerIsDisplayed() {
        withManualClock { _ in
            final class Painter: CALayerDelegate {
                var drawn = 0
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    drawn += 1
                    ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                }
            }
            let painter = Painter()
            let layer = CALayer()
            layer.delegate = painter
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.setNeedsDisplay()
            #expect(layer.needsDisplay())
            #expect(painter.drawn == 0, "display waits for the commit")
            CATransaction.flush()
            #expect(painter.drawn == 1)
            #expect(!layer.needsDisplay())
            layer.displayIfNeeded()
            #expect(painter.drawn == 1, "nothing to do when not marked")
        }
    }

    @Test func subclassDrawInContextIsCalledByDisplay() {
        withManualClock { _ in
            final class Drawing: CALayer {
                var contexts: [CGContext] = []
                override func draw(in ctx: CGContext) {
                    contexts.append(ctx)
                    ctx.fillEllipse(in: bounds)
                }
            }
            let layer = Drawing()
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            layer.contentsScale = 2
            layer.display()
            #expect(layer.contexts.count == 1)
            #expect(layer.contexts.first?.size == CGSize(width: 20, height: 10))
            #expect(layer.contexts.first?.scale == 2)
            #expect(layer.contexts.first?.operations.count == 1)
        }
    }

    @Test func delegateDisplayReplacesDrawing() {
        withManualClock { _ in
            final class Displayer: CALayerDelegate {
                var displayed = 0
                var drawn = 0
                func display(_ layer: CALayer) { displayed += 1 }
                func draw(_ layer: CALayer, in ctx: CGContext) { drawn += 1 }
            }
            let delegate = Displayer()
            let layer = CALayer()
            layer.delegate = delegate
            layer.display()
            #expect(delegate.displayed == 1)
            #expect(delegate.drawn == 0)
        }
    }

    @Test func everyThreadHasItsOwnTransactionStack() {
        let otherThreadDuration = Mutex<CFTimeInterval>(0)
        let done = DispatchSemaphore(value: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        let thread = Thread {
            otherThreadDuration.withLock { $0 = CATransaction.animationDuration() }
            CATransaction.begin()
            CATransaction.setAnimationDuration(7)
            CATransaction.commit()
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(otherThreadDuration.withLock { $0 } == 0.25, "the other thread does not see this one's transaction")
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.commit()
    }
}
