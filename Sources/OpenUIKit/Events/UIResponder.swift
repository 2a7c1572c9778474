import Foundation

/// An object that handles touches and passes what it does not handle along the responder
/// chain: Apple's `UIResponder`. A view's next responder is its view controller, if it is one's
/// view, else its superview; a view controller's is its view's superview.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// Called on an object loaded from a nib or storyboard. There are none here, so it is
    /// never called; it exists so that views and controllers that override it compile (call it
    /// yourself from `init` if its work is needed).
    open func awakeFromNib() {}

    /// Called for Interface Builder's previews: never called here.
    open func prepareForInterfaceBuilder() {}

    /// Called when a key path this object observes with `addObserver(_:forKeyPath:options:context:)`
    /// changes (declared in the class body so that views and controllers override it as on
    /// iOS): the default does nothing.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}

    /// The responder that receives what this one does not handle.
    open var next: UIResponder? { nil }

    /// Touches began: the default passes them to ``UIResponder/next``.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Whether the responder can become the first responder: false unless a subclass says so.
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    /// Whether this is the window's first responder.
    open var isFirstResponder: Bool { UIResponder.firstResponder === self }

    nonisolated(unsafe) private static weak var firstResponder: UIResponder?

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIResponder.firstResponder, current !== self, !current.resignFirstResponder() { return false }
        UIResponder.firstResponder = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIResponder.firstResponder === self { UIResponder.firstResponder = nil }
        return true
    }
}

extension UIResponder: @preconcurrency NSKeyValueObserving {}
