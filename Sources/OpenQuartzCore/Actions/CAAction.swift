import Foundation

/// An object that responds to a layer event — a property change, `onOrderIn`,
/// `onOrderOut` — usually by adding an animation: Apple's `CAAction`.
///
/// Every `CAAnimation` is an action that adds a copy of itself to the layer under the
/// event's key. `NSNull` is an action that does nothing; returned from the action search it
/// means "no action, and stop looking".
public protocol CAAction: AnyObject {
    /// Runs the action for the event `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` stands for "no action".
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The event sent when a layer becomes visible: inserted into a layer tree, or un-hidden.
public let kCAOnOrderIn = "onOrderIn"
/// The event sent when a layer stops being visible: removed from its tree, or hidden.
public let kCAOnOrderOut = "onOrderOut"
/// The key under which a `CATransition` is added to a layer.
public let kCATransition = "transition"

/// The methods a layer's delegate may implement: Apple's `CALayerDelegate`.
///
/// Every method is optional: the protocol extension supplies Apple's default behaviour, so a
/// delegate implements only what it needs. A view is its backing layer's delegate.
public protocol CALayerDelegate: AnyObject {
    /// Updates the layer's content; the default draws through `draw(in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer draws.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The first step of the action search: return an action to use it, `NSNull()` to stop
    /// the search with no action, or nil to let the search go on.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.drawContents() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
