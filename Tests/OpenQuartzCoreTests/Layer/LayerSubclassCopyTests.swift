import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// What a layer subclass's fields refer to, counting its instances alive.
final class Tracked: NSObject {
    nonisolated(unsafe) static var alive = 0
    let name: String
    init(_ name: String) {
        self.name = name
        Self.alive += 1
    }
    deinit { Self.alive -= 1 }
}

protocol Palette: AnyObject {
    var colour: String { get }
}

final class NamedPalette: Palette {
    let colour: String
    init(_ colour: String) { self.colour = colour }
}

/// Xcode's template for a layer subclass: `fatalError` in `init?(coder:)`, no `init(layer:)`,
/// and stored properties of every kind of ownership.
final class TemplateGaugeLayer: CALayer {
    var level: Double = 0
    var label = "gauge"
    var marks: [Double] = []
    var owner: Tracked?
    weak var observer: Tracked?
    weak var palette: (any Palette)?
    unowned var anchorObject: Tracked
    unowned(unsafe) var unsafeObject: Tracked
    var onChange: (() -> String)?
    nonisolated(unsafe) static var deinits = 0

    init(anchor: Tracked) {
        anchorObject = anchor
        unsafeObject = anchor
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit { Self.deinits += 1 }
}

/// A generic subclass of a subclass of a shape layer, with Xcode's template.
class TemplateShapeLayer: CAShapeLayer {
    var strokeName = "plain"
    override init() { super.init() }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class TaggedShapeLayer<Tag>: TemplateShapeLayer {
    var tag: Tag?
    var count = 0
    override init() { super.init() }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@Suite("The presentation copy of a layer subclass", .serialized)
struct LayerSubclassCopyTests {
    @Test func xcodesTemplateLayerIsPresentedWithItsStoredProperties() throws {
        try withManualClock { clock in
            let anchor = Tracked("anchor")
            let observer = Tracked("observer")
            let palette = NamedPalette("teal")
            let layer = TemplateGaugeLayer(anchor: anchor)
            layer.level = 0.75
            layer.label = "speed"
            layer.marks = [0, 0.5, 1]
            layer.owner = Tracked("owner")
            layer.observer = observer
            layer.palette = palette
            layer.onChange = { "changed" }
            layer.opacity = 0.5
            CATransaction.flush()
            clock.advance(by: 1)  // past the implicit animation
            let presentation = try #require(layer.presentation())
            #expect(presentation !== layer)
            #expect(presentation.model() === layer)
            #expect(presentation.opacity == 0.5)
            #expect(presentation.level == 0.75)
            #expect(presentation.label == "speed")
            #expect(presentation.marks == [0, 0.5, 1])
            #expect(presentation.owner === layer.owner, "a strong reference is shared, as `init(layer:)` shares it")
            #expect(presentation.observer === observer)
            #expect(presentation.palette?.colour == "teal")
            #expect(presentation.anchorObject === anchor)
            #expect(presentation.unsafeObject === anchor)
            #expect(presentation.onChange?() == "changed")
        }
    }

    @Test func theCopyHoldsItsReferencesAsTheSubclassDeclaresThem() throws {
        try withManualClock { clock in
            let deinits = TemplateGaugeLayer.deinits
            let alive = Tracked.alive
            var observer: Tracked? = Tracked("observer")
            var anchor: Tracked? = Tracked("anchor")
            var copy: TemplateGaugeLayer?
            do {
                let layer = TemplateGaugeLayer(anchor: anchor!)
                layer.owner = Tracked("owner")
                layer.observer = observer
                CATransaction.flush()
                clock.advance(by: 1)
                let presented = try #require(layer.presentation())
                copy = presented
            }
            // The model is gone; the copy keeps its strong reference, and its unowned one reads.
            #expect(copy?.owner?.name == "owner")
            #expect(copy?.anchorObject.name == "anchor")
            anchor = nil
            observer = nil
            #expect(copy?.observer == nil, "a weak reference clears when its object goes")
            copy = nil
            #expect(Tracked.alive == alive, "every referenced object was freed with the layers")
            #expect(TemplateGaugeLayer.deinits == deinits + 2, "the model and its copy each ran deinit")
            _ = (observer, anchor)
        }
    }

    @Test func aGenericSubclassOfASubclassKeepsEveryLevelsFields() throws {
        try withManualClock { clock in
            let layer = TaggedShapeLayer<String>()
            layer.tag = "ring"
            layer.count = 3
            layer.strokeName = "dashed"
            layer.lineWidth = 4
            layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
            CATransaction.flush()
            clock.advance(by: 1)
            let presentation = try #require(layer.presentation())
            #expect(type(of: presentation) == TaggedShapeLayer<String>.self)
            #expect(presentation.tag == "ring")
            #expect(presentation.count == 3)
            #expect(presentation.strokeName == "dashed")
            #expect(presentation.lineWidth == 4)
            #expect(presentation.path?.boundingBox == CGRect(x: 0, y: 0, width: 8, height: 8))
            let again = presentation.presentation()
            #expect(again?.tag == "ring", "a copy of a copy")
            #expect(again?.model() === layer)
        }
    }

    @Test func theCopyShowsAnimatedValuesAndItsOwnPropertiesTogether() throws {
        try withManualClock { clock in
            let layer = TemplateGaugeLayer(anchor: Tracked("anchor"))
            layer.level = 0.3
            CATransaction.flush()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.4)
            let presentation = try #require(layer.presentation())
            expectClose(Double(presentation.opacity), 0.4, within: 1e-6)
            #expect(presentation.level == 0.3)
        }
    }
}
