import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Repeating with Darwin's HUGE")
struct RepeatForeverTests {
    @Test func repeatCountHugeKeepsAnAnimationRunningForAMillionSeconds() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            fade.repeatCount = HUGE
            layer.add(fade, forKey: "pulse")
            CATransaction.flush()
            clock.advance(to: 1_000_000.25)
            expectClose(Double(try #require(layer.presentation()).opacity), 0.25, within: 1e-3)
            #expect(layer.animation(forKey: "pulse") != nil)
        }
    }
}
