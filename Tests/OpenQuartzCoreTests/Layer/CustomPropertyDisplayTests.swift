import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A layer with a custom drawn property, the replacement for an `@NSManaged` property: it
/// answers `needsDisplay(forKey:)` and draws from `value(forKey:)`.
private final class ProgressLayer: CALayer {
    nonisolated(unsafe) static var drawnValues: [Double] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? 0.0 : super.defaultValue(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let progress =
            (value(forKey: "progress") as? CGFloat).map(Double.init) ?? (value(forKey: "progress") as? Double) ?? -1
        Self.drawnValues.append(progress)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * CGFloat(progress), height: bounds.height))
    }
}

@Suite("Custom drawn properties", .serialized)
struct CustomPropertyDisplayTests {
    @Test func presentationCopyCarriesTheValueAndDrawsEachFrame() throws {
        try withManualClock { clock in
            ProgressLayer.drawnValues = []
            let layer = ProgressLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
            CATransaction.flush()
            #expect(layer.value(forKey: "progress") as? Double == 0, "the default value")
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 1
            fill.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fill, forKey: "fill")
            CATransaction.flush()
            ProgressLayer.drawnValues = []
            for time in [0.25, 0.5, 0.75] {
                clock.advance(to: time)
                let shown = try #require(layer.presentation())
                // A `Double`, as the default value is: the type the model's value has.
                expectClose(try #require(shown.value(forKey: "progress") as? Double), time, within: 1e-9)
            }
            expectClose(ProgressLayer.drawnValues, [0.25, 0.5, 0.75], within: 1e-9)
        }
    }

    @Test func settingTheCustomPropertyRedrawsTheModelAtCommit() {
        withManualClock { _ in
            ProgressLayer.drawnValues = []
            let layer = ProgressLayer()
            CATransaction.begin()
            layer.setValue(0.4, forKey: "progress")
            #expect(layer.needsDisplay())
            CATransaction.commit()
            CATransaction.flush()  // the layer's creation opened the implicit transaction
            #expect(ProgressLayer.drawnValues == [0.4])
        }
    }

    /// On Apple the model's and the copy's values are both `NSNumber`s, which cast to every
    /// numeric type; here the copy's animated value has the Swift type the model's value has.
    @Test(arguments: ["Double", "Float", "CGFloat", "NSNumber"])
    func anAnimatedCustomNumberReadsBackInTheModelsType(type: String) throws {
        try withManualClock { clock in
            let layer = CALayer()
            let model: Any =
                switch type {
                case "Double": 0.0
                case "Float": Float(0)
                case "NSNumber": NSNumber(value: 0)
                default: CGFloat(0)
                }
            layer.setValue(model, forKey: "level")
            CATransaction.flush()
            let rise = CABasicAnimation(keyPath: "level")
            rise.fromValue = 0.0
            rise.toValue = 2.0
            rise.duration = 1
            rise.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(rise, forKey: "rise")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let shown = try #require(layer.presentation()?.value(forKey: "level"))
            switch type {
            case "Double": expectClose(try #require(shown as? Double), 1, within: 1e-9)
            case "Float": expectClose(Double(try #require(shown as? Float)), 1, within: 1e-6)
            case "NSNumber": expectClose(try #require(shown as? NSNumber).doubleValue, 1, within: 1e-9)
            default: expectClose(Double(try #require(shown as? CGFloat)), 1, within: 1e-9)
            }
        }
    }
}
