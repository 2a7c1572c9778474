import Foundation
import OpenCoreGraphics

/// A layer that shows part of content larger than itself: Apple's `CAScrollLayer`. Scrolling
/// moves its `bounds` origin, so that its sublayers, placed in its bounds coordinates, move
/// under it; it neither clips (set `masksToBounds`, as on Apple's platforms) nor handles
/// events nor draws scrollers.
///
///     let viewport = CAScrollLayer()
///     viewport.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
///     viewport.masksToBounds = true
///     viewport.addSublayer(longStrip)                  // 1,000 points wide
///     viewport.scrollMode = .horizontally
///     viewport.scroll(to: CGPoint(x: 400, y: 0))       // shows x 400–600 of the strip
///
/// The bounds change is an ordinary property change: on a standalone layer it animates
/// implicitly, as any `bounds` change does.
open class CAScrollLayer: CALayer {
    package var scrollStorage = ScrollLayerStorage()

    /// Creates a scroll layer that scrolls both ways.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, its scroll mode included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let scroll = layer as? CAScrollLayer { scrollStorage = scroll.scrollStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, its scroll mode included.
    public required init?(coder: NSCoder) {
        if let scroll = (coder as? LayerCreationCoder)?.model as? CAScrollLayer {
            scrollStorage = scroll.scrollStorage
        }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { scrollLayerPropertyTable }

    /// The axes the layer scrolls along (``CAScrollLayerScrollMode/both`` by default);
    /// scrolling leaves the others alone.
    open var scrollMode: CAScrollLayerScrollMode {
        get { scrollStorage.scrollMode }
        set { changeValue(ScrollLayerPropertyDescriptors.scrollMode) { scrollStorage.scrollMode = newValue } }
    }

    /// Scrolls so that `p`, in the layer's coordinates, is at the top left of what it shows:
    /// the bounds origin becomes `p` along the axes ``scrollMode`` allows.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollsHorizontally { origin.x = p.x }
        if scrollsVertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as needed, along the axes ``scrollMode`` allows, for `r` (in the
    /// layer's coordinates) to show; a rectangle larger than the bounds shows its top left.
    open func scroll(to r: CGRect) {
        let shown = bounds
        scroll(
            to: CGPoint(
                x: Self.origin(showing: r.minX, r.maxX, from: shown.minX, length: shown.width),
                y: Self.origin(showing: r.minY, r.maxY, from: shown.minY, length: shown.height)))
    }

    private var scrollsHorizontally: Bool { scrollMode == .horizontally || scrollMode == .both }
    private var scrollsVertically: Bool { scrollMode == .vertically || scrollMode == .both }

    /// Where a span of `length` starting at `start` moves to show `low…high`, moving least.
    private static func origin(showing low: CGFloat, _ high: CGFloat, from start: CGFloat, length: CGFloat) -> CGFloat {
        if low < start || high - low > length { return low }
        if high > start + length { return high - length }
        return start
    }
}

/// The axes a ``CAScrollLayer`` scrolls along.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it (`"none"`, `"vertically"`,
    /// `"horizontally"`, `"both"`).
    public let rawValue: String

    /// Wraps a scroll mode's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Along y only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Along x only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// The model value `CAScrollLayer` adds.
package struct ScrollLayerStorage: SubclassLayerStorage {
    package var scrollMode = CAScrollLayerScrollMode.both

    package init() {}
}

/// `CALayer`'s properties and `CAScrollLayer`'s `scrollMode` (not animatable).
/// Each is described once here: the table is made of them, and each setter changes its own.
enum ScrollLayerPropertyDescriptors {
    static let scroll = SubclassPropertyBuilder(storage: \CAScrollLayer.scrollStorage)
    static let scrollMode = scroll.constant("scrollMode", \.scrollMode)

    static let all: [LayerProperty] = [scrollMode]
}

/// `CALayer`'s properties and these.
let scrollLayerPropertyTable = LayerPropertyTable(ScrollLayerPropertyDescriptors.all, inheriting: layerPropertyTable)

extension CALayer {
    /// Scrolls the nearest ``CAScrollLayer`` above this layer so that `p`, in this layer's
    /// coordinates, is at its top left; nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: scrollLayer.convert(p, from: self))
    }

    /// Scrolls the nearest ``CAScrollLayer`` above this layer as little as needed for `r`, in
    /// this layer's coordinates, to show; nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: scrollLayer.convert(r, from: self))
    }

    /// The part of the bounds the nearest ``CAScrollLayer`` above this layer shows, in this
    /// layer's coordinates: all of the bounds without one, `.zero` when none of it shows.
    public var visibleRect: CGRect {
        guard let scrollLayer = enclosingScrollLayer else { return bounds }
        let visible = bounds.intersection(convert(scrollLayer.bounds, from: scrollLayer))
        return visible.isNull ? .zero : visible
    }

    /// The nearest scroll layer among the superlayers.
    private var enclosingScrollLayer: CAScrollLayer? {
        var ancestor = superlayer
        while let current = ancestor {
            if let scrollLayer = current as? CAScrollLayer { return scrollLayer }
            ancestor = current.superlayer
        }
        return nil
    }
}
