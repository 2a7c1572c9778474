import Foundation

/// A running instance of the app's interface: Apple's `UIScene`. There is one here, the
/// ``UIWindowScene`` that ``UIApplication/connectedScenes`` holds, in the foreground and active.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene stands: Apple's `UIScene.ActivationState`.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    open var activationState = ActivationState.foregroundActive
    open var title: String?
    open var delegate: (any UISceneDelegate)?

    /// UIKit posts these as a scene moves between states; nothing moves one here, and tests
    /// may post them.
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")

    open override var next: UIResponder? { UIApplication.shared }
}

/// A scene's delegate: Apple's `UISceneDelegate`, its methods optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {}

/// A scene that shows windows on a screen: Apple's `UIWindowScene`.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The scene every window belongs to here.
    static let main = UIWindowScene()

    open var screen: UIScreen { .main }
    /// The shown windows of the scene, back to front as they were shown.
    open var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.windowScene === self } }
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var interfaceOrientation: UIInterfaceOrientation { .portrait }
    open var traitCollection: UITraitCollection { screen.traitCollection }
    open var coordinateSpace: any UICoordinateSpace { screen.coordinateSpace }
    /// The status bar's place: the screen's top safe-area inset, across its width.
    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager(screen: screen) }
}

/// The status bar of a scene: Apple's `UIStatusBarManager`. Nothing draws a status bar here;
/// its frame is what layout code reads.
@preconcurrency @MainActor
open class UIStatusBarManager: NSObject {
    private let screen: UIScreen

    init(screen: UIScreen) {
        self.screen = screen
        super.init()
    }

    open var statusBarFrame: CGRect {
        CGRect(x: 0, y: 0, width: screen.bounds.width, height: screen.safeAreaInsets.top)
    }

    open var isStatusBarHidden: Bool { false }

    /// The status bar's style: the ``UIViewController/preferredStatusBarStyle`` of the
    /// controller that decides it, found as UIKit finds it: from the key window's root
    /// controller, through the presented controllers that capture the status bar's look (full
    /// screen ones, or ``UIViewController/modalPresentationCapturesStatusBarAppearance``), then
    /// each container's ``UIViewController/childForStatusBarStyle``.
    open var statusBarStyle: UIStatusBarStyle {
        guard var controller = UIWindowScene.main.keyWindow?.rootViewController else { return .default }
        while let presented = controller.presentedViewController,
            presented.modalPresentationStyle == .fullScreen || presented.modalPresentationCapturesStatusBarAppearance
        {
            controller = presented
        }
        while let child = controller.childForStatusBarStyle { controller = child }
        return controller.preferredStatusBarStyle
    }
}

extension UIApplication {
    /// The app's scenes: the one window scene here.
    public var connectedScenes: Set<UIScene> { [UIWindowScene.main] }

    /// The status bar's frame (deprecated in iOS 13): the main scene's.
    @available(*, deprecated, message: "Use the window scene's statusBarManager")
    public var statusBarFrame: CGRect { UIWindowScene.main.statusBarManager?.statusBarFrame ?? .zero }

    /// The interface's orientation (deprecated in iOS 13): the main scene's, portrait.
    @available(*, deprecated, message: "Use the window scene's interfaceOrientation")
    public var statusBarOrientation: UIInterfaceOrientation { UIWindowScene.main.interfaceOrientation }
}
