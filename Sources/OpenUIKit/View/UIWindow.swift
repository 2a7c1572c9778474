import Foundation

/// The root of a view hierarchy on screen: Apple's `UIWindow`, as far as views need one.
///
/// Views added below a window hear `willMove(toWindow:)` and `didMoveToWindow()`, and their
/// ``UIView/window`` is that window. A window the size of ``UIScreen/main`` has the screen's
/// safe area once it shows a root view controller or becomes key. Its ``rootViewController``'s
/// view fills it, and that controller hears the appearance methods when the window is key.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Whether ``makeKeyAndVisible()`` was called on this window (and not on another since).
    open private(set) var isKeyWindow = false

    private static weak var keyWindow: UIWindow?
    /// The touches down on the window, made when the first goes down.
    var existingTouchState: WindowTouchState?

    /// A window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// Shows the window and makes it the key window; its root view controller appears.
    open func makeKeyAndVisible() {
        UIWindow.keyWindow?.isKeyWindow = false
        UIWindow.keyWindow = self
        isKeyWindow = true
        isHidden = false
        UIApplication.shared.windowWasShown(self)
        takeScreenSafeArea()
        if let root = rootViewController, root.appearance == .disappeared {
            root.changeAppearance(true, animated: false)
        }
    }

    /// The controller whose view fills the window. Setting another takes the old one's view
    /// away (it disappears, when the window is key) and puts the new one's in.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            takeScreenSafeArea()
            if let old = oldValue {
                if isKeyWindow { old.beginAppearanceTransition(false, animated: false) }
                old.viewIfLoaded?.removeFromSuperview()
                if isKeyWindow { old.endAppearanceTransition() }
            }
            guard let root = rootViewController else { return }
            if isKeyWindow { root.beginAppearanceTransition(true, animated: false) }
            root.view.frame = bounds
            root.view.safeAreaInsets = safeAreaInsets
            insertSubview(root.view, at: 0)
            if isKeyWindow { root.endAppearanceTransition() }
        }
    }

    private func takeScreenSafeArea() {
        if bounds.size == UIScreen.main.bounds.size { safeAreaInsets = UIScreen.main.safeAreaInsets }
        rootViewController?.viewIfLoaded?.safeAreaInsets = safeAreaInsets
    }
}
