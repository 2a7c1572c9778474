import Foundation

/// The root of a view hierarchy on screen: Apple's `UIWindow`, as far as views need one.
///
/// Views added below a window hear `willMove(toWindow:)` and `didMoveToWindow()`, and their
/// ``UIView/window`` is that window. There is no screen, no event handling and no root view
/// controller here; ``makeKeyAndVisible()`` only marks the window as the key one.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Whether ``makeKeyAndVisible()`` was called on this window (and not on another since).
    open private(set) var isKeyWindow = false

    private static weak var keyWindow: UIWindow?

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        UIWindow.keyWindow?.isKeyWindow = false
        UIWindow.keyWindow = self
        isKeyWindow = true
        isHidden = false
    }
}
