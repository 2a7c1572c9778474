import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("CALayer: maskedCorners and cornerCurve")
struct CornerMaskTests {
    @Test func cornerDefaultsMatchApple() {
        withManualClock { _ in
            let layer = CALayer()
            #expect(
                layer.maskedCorners == [
                    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
                ])
            #expect(layer.maskedCorners.rawValue == 15)
            #expect(layer.cornerCurve == .circular)
            #expect(
                [CACornerMask.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
                    .map(\.rawValue) == [1, 2, 4, 8])
            #expect([CALayerCornerCurve.circular, .continuous].map(\.rawValue) == ["circular", "continuous"])
            #expect(CALayer.defaultValue(forKey: "maskedCorners") as? CACornerMask == CACornerMask(rawValue: 15))
            #expect(CALayer.defaultValue(forKey: "cornerCurve") as? String == "circular")
        }
    }

    @Test func expansionFactorIsApples() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        expectClose(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, within: 1e-6)
    }

    @Test func cornerPropertiesChangeAtOnceAsCALayerHDoesNotMarkThemAnimatable() {
        withManualClock { _ in
            let layer = CALayer()
            layer.maskedCorners = [.layerMinXMinYCorner]
            layer.cornerCurve = .continuous
            CATransaction.flush()
            #expect(layer.animationKeys() == nil)
            #expect(CALayer.defaultAction(forKey: "maskedCorners") == nil)
            #expect(CALayer.defaultAction(forKey: "cornerCurve") == nil)
        }
    }

    @Test func cornerPropertiesGoThroughTheActionSearch() {
        final class Recorder: CALayerDelegate {
            var events: [String] = []
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                events.append(event)
                return nil
            }
        }
        withManualClock { _ in
            let recorder = Recorder()
            withExtendedLifetime(recorder) {
                let layer = CALayer()
                layer.delegate = recorder
                layer.maskedCorners = [.layerMaxXMaxYCorner]
                layer.cornerCurve = .continuous
                #expect(recorder.events == ["maskedCorners", "cornerCurve"])
            }
        }
    }

    @Test func keyValueCodingRoundTrips() {
        withManualClock { _ in
            let layer = CALayer()
            layer.setValue(CACornerMask.layerMaxXMinYCorner, forKey: "maskedCorners")
            #expect(layer.maskedCorners == .layerMaxXMinYCorner)
            #expect(layer.value(forKey: "maskedCorners") as? CACornerMask == .layerMaxXMinYCorner)
            // Objective-C passes the NSUInteger bits.
            layer.setValue(NSNumber(value: 12), forKey: "maskedCorners")
            #expect(layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
            layer.setValue(UInt(1), forKey: "maskedCorners")
            #expect(layer.maskedCorners == .layerMinXMinYCorner)

            layer.setValue("continuous", forKey: "cornerCurve")
            #expect(layer.cornerCurve == .continuous)
            #expect(layer.value(forKey: "cornerCurve") as? String == "continuous")
            layer.setValue(CALayerCornerCurve.circular, forKey: "cornerCurve")
            #expect(layer.cornerCurve == .circular)
        }
    }

    @Test func presentationCopiesCarryTheCorners() throws {
        try withManualClock { clock in
            let layer = CALayer()
            layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            layer.cornerCurve = .continuous
            layer.cornerRadius = 10
            CATransaction.flush()
            clock.advance(by: 0.1)
            let presentation = try #require(layer.presentation())
            #expect(presentation.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
            #expect(presentation.cornerCurve == .continuous)
            #expect(presentation.model() === layer)
        }
    }
}
