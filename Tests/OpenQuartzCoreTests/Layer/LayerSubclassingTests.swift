import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A layer subclass written as for Apple: `override init()`, `override init(layer:)`,
/// `required init?(coder:)` calling `super`, and a custom animatable property. The property
/// is a custom key (`value(forKey:)` / `setValue(_:forKey:)`), this module's replacement for
/// `@NSManaged`, which Swift on Linux accepts but cannot link.
class AppleStyleProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    /// A plain stored property, copied by `init(layer:)` on Apple.
    var tint = "none"
    /// Set by `init()` only.
    var madeByPlainInit = false
    /// How many times an initializer of this class ran.
    nonisolated(unsafe) static var initializerRuns = 0

    override init() {
        super.init()
        madeByPlainInit = true
        Self.initializerRuns += 1
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? AppleStyleProgressLayer { tint = layer.tint }
        Self.initializerRuns += 1
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        Self.initializerRuns += 1
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    /// The progress each drawing saw, in order.
    nonisolated(unsafe) static var drawnProgress: [CGFloat] = []

    override func draw(in ctx: CGContext) {
        Self.drawnProgress.append(progress)
    }
}

/// The same, `final`.
final class FinalProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

/// A shape layer subclass in the same style.
final class BadgeShapeLayer: CAShapeLayer {
    override init() {
        super.init()
        fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A subclass whose `init?(coder:)` refuses.
final class RefusingLayer: CALayer {
    override init() { super.init() }
    required init?(coder: NSCoder) { return nil }
}

@Suite("Layer subclasses written for Apple", .serialized)
struct LayerSubclassingTests {
    @Test func anAppleStyleSubclassRunsItsOwnInit() {
        withManualClock { _ in
            let layer = AppleStyleProgressLayer()
            #expect(layer.madeByPlainInit)
            #expect(layer.progress == 0, "the default value")
            #expect(FinalProgressLayer().progress == 0)
        }
    }

    @Test(arguments: [false, true])
    func thePresentationCopyIsAnInstanceOfTheSubclassCarryingItsCustomKeys(final isFinal: Bool) throws {
        AppleStyleProgressLayer.drawnProgress = []
        try withManualClock { clock in
            let layer: CALayer = isFinal ? FinalProgressLayer() : AppleStyleProgressLayer()
            let initializerRuns = AppleStyleProgressLayer.initializerRuns
            layer.setValue(CGFloat(0.1), forKey: "progress")
            layer.opacity = 0.5
            CATransaction.flush()
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = CGFloat(0)
            fill.toValue = CGFloat(1)
            fill.duration = 1
            fill.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fill, forKey: "fill")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let presentation = try #require(layer.presentation())
            #expect(type(of: presentation) == type(of: layer))
            expectClose(presentation.value(forKey: "progress") as? CGFloat ?? -1, 0.25, within: 1e-9)
            #expect(presentation.opacity == 0.5, "every layer property is copied")
            #expect(presentation.model() === layer)
            expectClose(
                layer.value(forKey: "progress") as? CGFloat ?? -1, 0.1, within: 1e-12, "the model keeps its value")
            if let typed = presentation as? AppleStyleProgressLayer {
                expectClose(typed.progress, 0.25, within: 1e-9)
                #expect(typed.madeByPlainInit, "the stored property is the model's")
                let drawn = try #require(AppleStyleProgressLayer.drawnProgress.last)
                expectClose(drawn, 0.25, within: 1e-9, "the subclass's draw(in:) ran on the copy")
                #expect(AppleStyleProgressLayer.initializerRuns == initializerRuns, "no initializer ran for the copy")
            }
        }
    }

    @Test func aSubclassesOwnStoredPropertiesAreCopiedFromTheModel() throws {
        // Apple copies with `init(layer:)`, whose override copies them; Swift cannot call it
        // through a metatype, so the fields themselves are copied.
        try withManualClock { _ in
            let layer = AppleStyleProgressLayer()
            layer.tint = "red"
            CATransaction.flush()
            let presentation = try #require(layer.presentation())
            #expect(presentation.tint == "red")
            presentation.tint = "blue"
            #expect(layer.tint == "red", "a copy, not the model's storage")
        }
    }

    @Test func aShapeLayerSubclassCopyCarriesTheShapeProperties() throws {
        try withManualClock { clock in
            let layer = BadgeShapeLayer()
            layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            layer.lineWidth = 3
            CATransaction.flush()
            clock.advance(by: 1)  // past the implicit animations
            let presentation = try #require(layer.presentation())
            #expect(presentation.lineWidth == 3)
            #expect(presentation.fillColor?.components == [1, 0, 0, 1], "set by the subclass's init()")
            #expect(presentation.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test func everyLayerClassOfTheModuleCopiesAsItself() throws {
        try withManualClock { clock in
            let layers: [CALayer] = [
                CALayer(), CAShapeLayer(), CAGradientLayer(), CATextLayer(), CAReplicatorLayer(),
                CATransformLayer(), CAEmitterLayer(),
            ]
            for layer in layers {
                layer.cornerRadius = 4
                CATransaction.flush()
                clock.advance(by: 1)  // past the implicit animation
                let presentation = try #require(layer.presentation())
                #expect(type(of: presentation) == type(of: layer))
                #expect(presentation.cornerRadius == 4)
            }
        }
    }

    @Test func aSubclassWhoseInitWithCoderRefusesIsStillCopiedAsItself() throws {
        try withManualClock { clock in
            let layer = RefusingLayer()
            layer.opacity = 0.25
            CATransaction.flush()
            clock.advance(by: 1)  // past the implicit animation
            let presentation = try #require(layer.presentation())
            #expect(type(of: presentation) == RefusingLayer.self)
            #expect(presentation.opacity == 0.25)
        }
    }

    @Test func aLayerFromAnArchiveHasAppleDefaults() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        try withManualClock { _ in
            let layer = try #require(CALayer(coder: unarchiver))
            #expect(layer.bounds == .zero)
            #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
            #expect(layer.opacity == 1)
            #expect(layer.model() === layer, "a new layer, not a copy")
            let shape = try #require(CAShapeLayer(coder: unarchiver))
            #expect(shape.fillColor?.components == [0, 0, 0, 1])
            #expect(CALayer.supportsSecureCoding)
        }
    }
}
