import Foundation

/// The work behind the geometry members `UIView` declares: a new frame, bounds or centre
/// goes to the layer, resizes the subviews by their autoresizing masks, marks layout, and
/// tells Auto Layout; conversions go through the layers. And the layer itself, which a view
/// is made with.
extension UIView {
    /// Sets the layer's frame or bounds (`property` names which, for the message when the
    /// value is not finite), then does what a change of the view's size does.
    func setGeometry(_ rect: CGRect, of property: String, current: CGRect, _ apply: (CGRect) -> Void) {
        CALayer.requireValidGeometry(rect, property: property, of: "UIView")
        apply(rect)
        if rect.size != current.size {
            if autoresizesSubviews { resizeSubviews(fromOldSize: current.size) }
            setNeedsLayout()
            superviewReference?.setNeedsLayout()
        }
        if existingLayoutState != nil { LayoutEngine.frameChanged(of: self) }
    }

    /// Moves the layer's position to `center`, telling Auto Layout.
    func setCenter(_ center: CGPoint) {
        CALayer.requireValidGeometry(center, property: "center", of: "UIView")
        layer.position = center
        if existingLayoutState != nil { LayoutEngine.frameChanged(of: self) }
    }

    /// The layer whose coordinates `view` stands for: its layer, or for nil the window's
    /// layer (nil, the roots' space, when the view is in no window).
    func space(of view: UIView?) -> CALayer? {
        view?.layer ?? window?.layer
    }

    /// A new layer of ``layerClass``, which must be a `CALayer` subclass.
    static func makeBackingLayer() -> CALayer {
        guard let layerType = layerClass as? CALayer.Type else {
            misuse("\(Self.self).layerClass must be a CALayer subclass, got \(layerClass)")
        }
        return CALayer.makeLayer(ofClass: layerType)
    }
}
