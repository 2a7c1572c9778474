import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `transform.translation` as Core Animation takes it: `CGPoint` values as well as `CGSize`
/// ones, and a keyframe `path`, which moves the translation as it would move a position
/// (lottie-ios positions every layer so).
@Suite("Animations of transform.translation")
struct TranslationAnimationTests {
    @Test func pointValuesAnimateTheTranslation() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "transform.translation")
            move.fromValue = CGPoint(x: 0, y: 10)
            move.toValue = CGPoint(x: 100, y: 30)
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            let warnings = collectingWarnings {
                layer.add(move, forKey: "move")
                CATransaction.flush()
            }
            #expect(warnings.isEmpty, "\(warnings)")
            clock.advance(by: 0.25)
            let shown = try #require(layer.presentation()).transform
            expectClose(shown.m41, 25, within: 1e-9)
            expectClose(shown.m42, 15, within: 1e-9)
        }
    }

    @Test func aKeyframePathMovesTheTranslation() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 50))
            let along = CAKeyframeAnimation(keyPath: "transform.translation")
            along.path = path
            along.keyTimes = [0, 0.5, 1]
            along.duration = 2
            layer.add(along, forKey: "along")
            CATransaction.flush()
            for (time, x, y) in [(0.5, 50.0, 0.0), (1.0, 100.0, 0.0), (1.5, 100.0, 25.0)] {
                clock.advance(to: time)
                let shown = try #require(layer.presentation()).transform
                expectClose(shown.m41, x, within: 1e-9, "x at \(time)")
                expectClose(shown.m42, y, within: 1e-9, "y at \(time)")
            }
        }
    }
}
