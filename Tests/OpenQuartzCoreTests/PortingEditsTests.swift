import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The README's edits for iOS code that Swift on Linux cannot compile, as code: a layer
/// subclass observing its bounds with `didSet` (for KVO's `observe`), a property over
/// key-value coding (for `@NSManaged`), a key path as its string (for `#keyPath`).
private final class GaugeLayer: CALayer {
    var boundsChanges = 0

    override var bounds: CGRect {
        didSet { boundsChanges += 1 }
    }

    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

@Suite("The README's porting edits")
struct PortingEditsTests {
    @Test func theEditedConstructsBehaveAsTheOriginalsDo() throws {
        try withManualClock { clock in
            let gauge = GaugeLayer()
            gauge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            gauge.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            #expect(gauge.boundsChanges == 2)
            gauge.progress = 0.25
            #expect(gauge.progress == 0.25)
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = CGFloat(0)
            fill.toValue = CGFloat(1)
            fill.duration = 1
            gauge.add(fill, forKey: "fill")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let shown = try #require(gauge.presentation())
            expectClose(Double(shown.progress), 0.5, within: 1e-9)
        }
    }
}
