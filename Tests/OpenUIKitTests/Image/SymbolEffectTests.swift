import OpenUIKit
import QuartzTestSupport
import Testing

/// iOS 17's symbol effects on an image view: the layer animations they play, at times on the
/// manual clock.
@MainActor
@Suite struct SymbolEffectTests {
    private func scale(_ view: UIImageView) -> CGFloat { view.layer.presentation()?.transform.m11 ?? .nan }
    private func opacity(_ view: UIImageView) -> Float { view.layer.presentation()?.opacity ?? .nan }

    @Test func aRepeatingBounceShrinksAndGrowsEveryHalfSecond() {
        withManualClock { clock in
            let view = UIImageView(image: UIImage(systemName: "heart"))
            view.addSymbolEffect(.bounce, options: .repeating)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(abs(scale(view) - 0.85) < 1e-6, "85 % at 0.15 s")
            clock.advance(by: 0.175)
            #expect(abs(scale(view) - 1.15) < 1e-6, "115 % at 0.325 s")
            clock.advance(by: 0.5)
            #expect(abs(scale(view) - 1.15) < 1e-6, "again half a second later")
            #expect(view.layer.animationKeys()?.count == 1)
            view.removeAllSymbolEffects()
            #expect(view.layer.animationKeys() == nil || view.layer.animationKeys()?.isEmpty == true)
        }
    }

    @Test func aBounceOnceEndsAndCompletesAndSpeedShortensIt() {
        withManualClock { clock in
            let view = UIImageView(image: UIImage(systemName: "star"))
            var finished: [Bool] = []
            view.addSymbolEffect(.bounce.down, options: .nonRepeating.speed(2)) { finished.append($0) }
            CATransaction.flush()
            clock.advance(by: 0.075)
            #expect(abs(scale(view) - 1.15) < 1e-6, "downwards, twice as fast: 115 % at 0.075 s")
            clock.advance(by: 0.2)
            #expect(finished == [true])
            #expect(abs(scale(view) - 1) < 1e-9)
        }
    }

    @Test func aPulseFadesAndAScaleHolds() {
        withManualClock { clock in
            let pulsing = UIImageView(image: UIImage(systemName: "wifi"))
            pulsing.addSymbolEffect(.pulse, options: .repeat(2))
            let scaled = UIImageView(image: UIImage(systemName: "wifi"))
            scaled.addSymbolEffect(.scale.down)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(abs(opacity(pulsing) - 0.4) < 1e-6)
            #expect(abs(scale(scaled) - 0.8) < 1e-6)
            clock.advance(by: 2)
            #expect(abs(opacity(pulsing) - 1) < 1e-6, "done after two pulses")
            #expect(abs(scale(scaled) - 0.8) < 1e-6, "held until removed")
            scaled.removeSymbolEffect(ofType: .scale)
            #expect(abs(scale(scaled) - 1) < 1e-9)
        }
    }
}
