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

    /// The scene the window is shown in: the app's one window scene, from when it is made or
    /// first shown.
    open weak var windowScene: UIWindowScene?

    /// The screen the window is on.
    open var screen: UIScreen { windowScene?.screen ?? .main }

    /// A window in `windowScene`, the size of its screen.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
    }

    /// A window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// Shows the window and makes it the key window; its root view controller appears.
    open func makeKeyAndVisible() {
        UIWindow.keyWindow?.isKeyWindow = false
        UIWindow.keyWindow = self
        isKeyWindow = true
        isHidden = false
        if windowScene == nil { windowScene = .main }
        UIApplication.shared.windowWasShown(self)
        takeScreenSafeArea()
        if let root = rootViewController, root.appearance == .disappeared {
            root.changeAppearance(true, animated: false)
        }
    }

    /// Where the window stands among the app's windows: higher levels in front. Defaults to
    /// ``UIWindow/Level/normal``.
    open var windowLevel: Level = .normal

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

extension UIWindow {
    /// A window's place among the app's windows: Apple's `UIWindow.Level`, a number with three
    /// named values.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat

        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// The app's windows: 0.
        public static let normal = Level(rawValue: 0)
        /// The status bar's: 1000.
        public static let statusBar = Level(rawValue: 1000)
        /// Alerts': 2000.
        public static let alert = Level(rawValue: 2000)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// A level `offset` above or below `level`, as `.alert + 1` writes it.
        public static func + (level: Level, offset: CGFloat) -> Level { Level(rawValue: level.rawValue + offset) }
        public static func - (level: Level, offset: CGFloat) -> Level { Level(rawValue: level.rawValue - offset) }
    }
}
