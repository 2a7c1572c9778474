import Foundation

/// The app: Apple's `UIApplication`, as far as animation code reaches for it — the shared
/// instance, its delegate and windows, the end of the responder chain, the notification names.
///
/// There is no run loop or launch here (a program or test builds its window and drives the
/// clock), so nothing calls the delegate: code that wants `application(_:didFinishLaunchingWithOptions:)`
/// run calls it. Windows join ``windows`` when first shown with `makeKeyAndVisible()`.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app's one instance.
    public static let shared = UIApplication()

    /// The app's state; always `.active` here.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// The keys of the launch options passed to the delegate.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    }

    /// The keys of the options of ``open(_:options:completionHandler:)``.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The app's delegate (held weakly, as UIKit holds it).
    open weak var delegate: (any UIApplicationDelegate)?

    private var shownWindows: [WeakWindow] = []
    private struct WeakWindow {
        weak var window: UIWindow?
    }

    /// The windows shown so far with `makeKeyAndVisible()` and still alive, in that order.
    open var windows: [UIWindow] { shownWindows.compactMap(\.window) }

    /// The key window: the one `makeKeyAndVisible()` was last called on.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// The app's state: `.active`.
    open var applicationState: State { .active }

    /// Whether the screen may dim when idle (stored).
    open var isIdleTimerDisabled = false

    /// The number on the app's icon (stored).
    open var applicationIconBadgeNumber = 0

    /// The status bar's style and visibility as apps set them before view controllers chose
    /// (deprecated in iOS 9): kept, since there is no status bar to draw.
    open var statusBarStyle = UIStatusBarStyle.default
    open var isStatusBarHidden = false

    open func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        self.statusBarStyle = statusBarStyle
    }

    open func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
        isStatusBarHidden = hidden
    }

    /// The layout direction of the user interface: left to right, as everywhere here.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// The size the user chose for text: `.large`, iOS's default. Settable here (an addition,
    /// for tests, as the user changes it in Settings): a new value tells the screens and the
    /// views of the shown windows, whose traits carry it, through `traitCollectionDidChange(_:)`,
    /// then posts ``UIContentSizeCategory/didChangeNotification`` with the new category.
    open var preferredContentSizeCategory = UIContentSizeCategory.large {
        didSet {
            guard preferredContentSizeCategory != oldValue else { return }
            UIView.contentSizeCategoryChanged(from: oldValue)
            NotificationCenter.default.post(
                name: UIContentSizeCategory.didChangeNotification, object: self,
                userInfo: [UIContentSizeCategory.newValueUserInfoKey: preferredContentSizeCategory])
        }
    }

    /// Whether events are ignored (``beginIgnoringInteractionEvents()``).
    open private(set) var isIgnoringInteractionEvents = false

    private override init() {
        super.init()
    }

    /// The application's next responder: its delegate when that is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// Stops touches reaching views until ``endIgnoringInteractionEvents()``.
    open func beginIgnoringInteractionEvents() { isIgnoringInteractionEvents = true }

    /// Lets touches reach views again.
    open func endIgnoringInteractionEvents() { isIgnoringInteractionEvents = false }

    /// Whether a URL can be opened: none can, there being no other apps here.
    open func canOpenURL(_ url: URL) -> Bool { false }

    /// Opens nothing (there are no other apps here) and says so: the completion gets `false`.
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        completion?(false)
    }

    /// Notes a window that has been shown.
    func windowWasShown(_ window: UIWindow) {
        shownWindows.removeAll { $0.window == nil || $0.window === window }
        shownWindows.append(WeakWindow(window: window))
    }

    // MARK: Notification names

    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name(
        "UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")
}

/// The direction of the user interface: UIKit's `UIUserInterfaceLayoutDirection`.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// The app's delegate: UIKit's `UIApplicationDelegate`, every method optional. Nothing calls
/// these here (there is no launch); they exist so that an app delegate compiles and a test can
/// call them.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    var window: UIWindow? { get set }
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}

extension UIResponder {
    // The keyboard's notifications and their user-info keys. No keyboard posts them here; a
    // test posts them to drive code that animates with the keyboard.

    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The keyboard's frame at the start (a `CGRect`).
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame at the end (a `CGRect`).
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The animation's duration (a `Double`).
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The animation's curve (a `UIView.AnimationCurve`'s raw value).
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
}

extension UIApplication {
    /// Key-value coding on the class, as Objective-C answers it for a class method: libraries
    /// that must build for app extensions reach the shared instance with
    /// `UIApplication.value(forKeyPath: #keyPath(UIApplication.shared))`. `shared` (and its
    /// Objective-C name `sharedApplication`) is the one key the class has; any other traps, as
    /// Objective-C raises for an undefined key.
    public class func value(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "shared", "sharedApplication": return shared
        default:
            fatalError(
                "UIApplication.value(forKeyPath:): the class is not key value coding-compliant for the key '\(keyPath)'"
            )
        }
    }

    /// `value(forKeyPath:)` with one key.
    public class func value(forKey key: String) -> Any? { value(forKeyPath: key) }
}
