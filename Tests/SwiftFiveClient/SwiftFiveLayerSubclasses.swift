// Layer and view subclasses as iOS code writes them for Apple's frameworks, compiled here in
// the Swift 5 language mode with warnings as errors: they must compile with only the `import`
// line changed. (`@NSManaged` is the one thing such code cannot keep: Swift on Linux accepts
// the attribute but emits no accessors, so the program does not link. The animatable
// property is a custom key instead; see the OpenQuartzCore article "Subclassing layers".)
import OpenUIKit

/// A custom drawn progress layer, as tutorials write it.
public class SwiftFiveProgressLayer: CALayer {
    public var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    public var trackColor: CGColor?

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? SwiftFiveProgressLayer {
            trackColor = layer.trackColor
        }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    public override func draw(in ctx: CGContext) {
        ctx.setFillColor(trackColor ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// The same, `final`, with a plain stored property.
public final class SwiftFiveFinalProgressLayer: CALayer {
    public var progress: CGFloat = 0
    public override init() { super.init() }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? SwiftFiveFinalProgressLayer { progress = layer.progress }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

/// Xcode's template: `init?(coder:)` that traps. It compiles and is presented, animated and
/// drawn; only a view's `layerClass` needs a working `init?(coder:)` (see the OpenQuartzCore
/// article "Subclassing layers").
public final class SwiftFiveTemplateShapeLayer: CAShapeLayer {
    public override init() {
        super.init()
        lineWidth = 2
    }
    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A view with its own initializer, as UIKit code writes it.
public final class SwiftFiveRingView: UIView {
    public override class var layerClass: AnyClass { CAShapeLayer.self }
    public let ring = SwiftFiveTemplateShapeLayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(ring)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(ring)
    }

    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
    }

    public func convertedCentre(to view: UIView?) -> CGPoint {
        convert(CGPoint(x: bounds.midX, y: bounds.midY), to: view)
    }
}
