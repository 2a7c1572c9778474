import Foundation

/// Manages a view hierarchy: Apple's `UIViewController`.
///
/// The view is made when first asked for (``loadView()``, then ``viewDidLoad()``). The
/// appearance methods arrive exactly once per change, in UIKit's order: `viewWillAppear`,
/// `viewIsAppearing` (once the view is in the window and laid out), `viewDidAppear`; and
/// `viewWillDisappear`, `viewDidDisappear`. Children hear them with their parent
/// (``shouldAutomaticallyForwardAppearanceMethods``). Presentation and navigation are in
/// `UIViewController+Presentation.swift` and ``UINavigationController``.
@preconcurrency @MainActor
open class UIViewController: UIResponder, UIContentContainer, UITraitEnvironment {
    /// Where the controller's appearance stands.
    enum Appearance {
        case disappeared, appearing, appeared, disappearing
    }

    private var loadedView: UIView?
    var appearance = Appearance.disappeared
    private var appearanceAnimated = false

    /// The controller's title, shown by containers that show titles.
    open var title: String? {
        didSet {
            navigationItemStorage?.title = title
            if let item = tabBarItemStorage, item.title == oldValue { item.title = title }
        }
    }
    /// What a tab bar shows for this controller, made when first asked for (titled with the
    /// controller's title until set).
    open var tabBarItem: UITabBarItem! {
        get {
            if let made = tabBarItemStorage { return made }
            let item = UITabBarItem()
            item.title = title
            tabBarItemStorage = item
            return item
        }
        set { tabBarItemStorage = newValue }
    }
    private var tabBarItemStorage: UITabBarItem?
    /// What a navigation bar shows for this controller, made when first asked for (its title
    /// is the controller's until set).
    open var navigationItem: UINavigationItem {
        if let made = navigationItemStorage { return made }
        let item = UINavigationItem()
        item.title = title
        navigationItemStorage = item
        return item
    }
    private var navigationItemStorage: UINavigationItem?
    /// Whether a tab bar hides while this controller is pushed (kept; the tab bar stays).
    open var hidesBottomBarWhenPushed = false
    /// The items a navigation controller's toolbar shows while this controller is on top of its
    /// stack (``UINavigationController/isToolbarHidden`` decides whether the toolbar shows).
    open var toolbarItems: [UIBarButtonItem]? {
        get { toolbarItemsStorage }
        set { setToolbarItems(newValue, animated: false) }
    }
    private var toolbarItemsStorage: [UIBarButtonItem]?

    /// Sets ``toolbarItems``; animated, the toolbar fades the new items in (0.25 s) when this
    /// controller is its navigation controller's top one.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        toolbarItemsStorage = toolbarItems
        navigationController?.toolbarItemsChanged(of: self, animated: animated)
    }
    /// The size the controller would like its view to have in a container that asks.
    open var preferredContentSize = CGSize.zero

    public override init() {
        super.init()
    }

    /// Apple's designated initializer; there are no nibs here, so both arguments are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// A controller from an archive: one with Apple's defaults (its view is made by
    /// ``UIViewController/loadView()``).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// The superview of the controller's view.
    open override var next: UIResponder? { loadedView?.superview }

    // MARK: The view

    /// The controller's root view, made by ``loadView()`` the first time it is asked for.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            let old = loadedView
            old?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
            // The additional insets leave the old view's safe area and join the new one's
            // (the controller is not told: this is commonly `loadView()`, before `viewDidLoad()`).
            if additionalSafeAreaInsets != .zero, old !== newValue {
                old?.updateSafeAreaInsets(tellingController: false)
                newValue?.updateSafeAreaInsets(tellingController: false)
            }
        }
    }

    /// The view if it has been made, without making it.
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the view has been made.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view: the default makes a plain `UIView` the size of the main screen. An
    /// override sets ``UIViewController/view`` and does not call `super`.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once, after the view is made.
    open func viewDidLoad() {}

    /// Makes the view now if it has not been made.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        guard loadedView != nil else {
            fatalError(
                "\(type(of: self)).loadView() did not set the view: an override of loadView() must set self.view")
        }
        viewDidLoad()
    }

    // MARK: Appearance

    open func viewWillAppear(_ animated: Bool) {}
    /// After ``viewWillAppear(_:)``, once the view is in the window and laid out.
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// After the view has laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Called when the system is low on memory; there is no such warning here, so only code
    /// that calls it runs it.
    open func didReceiveMemoryWarning() {}

    // MARK: Safe area

    /// Insets added to the safe area the window or container gives the controller's view
    /// (zero): its `safeAreaInsets` are theirs plus these, so a container's additional insets
    /// reach the children it places in its view too. A change tells the view
    /// (`safeAreaInsetsDidChange()`) and the controller (``viewSafeAreaInsetsDidChange()``).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            loadedView?.updateSafeAreaInsets()
        }
    }

    /// Called after the safe area of the controller's view changed, once the view was told;
    /// does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// The part of the view above the safe area (iOS 7, deprecated in iOS 11 for the view's
    /// `safeAreaLayoutGuide`): from the view's top to the safe area's, so its `length` is the
    /// view's `safeAreaInsets.top` — the status bar, and a navigation bar above the view. A
    /// layout guide of the view, made (and loading the view) when first asked for.
    open var topLayoutGuide: any UILayoutSupport {
        if let guide = topLayoutSupport, guide.owningView === loadedView { return guide }
        let guide = ViewControllerLayoutSupport(edge: .top, in: view)
        topLayoutSupport = guide
        return guide
    }

    /// The part of the view below the safe area (iOS 7, deprecated in iOS 11): from the safe
    /// area's bottom to the view's, its `length` the view's `safeAreaInsets.bottom` — the home
    /// indicator, and a tab bar or toolbar over the view.
    open var bottomLayoutGuide: any UILayoutSupport {
        if let guide = bottomLayoutSupport, guide.owningView === loadedView { return guide }
        let guide = ViewControllerLayoutSupport(edge: .bottom, in: view)
        bottomLayoutSupport = guide
        return guide
    }

    private var topLayoutSupport: ViewControllerLayoutSupport?
    private var bottomLayoutSupport: ViewControllerLayoutSupport?

    // MARK: Content container

    /// Called when a child's preferred content size changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The size of a child in a parent of `parentSize`: the parent's.
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }

    /// Called before the view's size changes with the window's (there is no rotation here;
    /// code that resizes a window calls it).
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}

    /// Called before the traits change (nothing calls it here).
    open func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {}

    /// The traits of the controller: its view's once loaded (the screen's, with the nearest
    /// interface style set from the view up, this controller's included); before that, the
    /// screen's with this controller's ``overrideUserInterfaceStyle``, else its parent's
    /// traits.
    open var traitCollection: UITraitCollection {
        if let loadedView { return loadedView.traitCollection }
        if ownInterfaceStyle != .unspecified {
            return UIView.traits(UIScreen.main.traitCollection, style: ownInterfaceStyle)
        }
        return parent?.traitCollection ?? UIScreen.main.traitCollection
    }

    /// Called after the traits changed, with the traits the controller had: when an
    /// ``overrideUserInterfaceStyle`` changes its style, and when the screen's traits change
    /// while its view is in a shown window. Told before its view.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The interface style set on this controller (`.unspecified`: inherited).
    var ownInterfaceStyle = UIUserInterfaceStyle.unspecified

    /// The interface style forced on the controller, its view and the views below it
    /// (`.unspecified`, the default: theirs come from above). A new value that changes their
    /// traits tells them (the controller first), through `traitCollectionDidChange(_:)`.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { ownInterfaceStyle }
        set {
            guard newValue != ownInterfaceStyle else { return }
            if newValue != .unspecified { UIView.interfaceStylesOverridden = true }
            if let loadedView {
                let before = loadedView.inheritedInterfaceStyle
                ownInterfaceStyle = newValue
                loadedView.interfaceStyleChanged(from: before)
            } else {
                let before = traitCollection
                ownInterfaceStyle = newValue
                if !traitCollection.isEqual(before) { traitCollectionDidChange(before) }
            }
        }
    }

    // MARK: Orientation (there is no rotation here: read by nothing, overridable)

    /// The interface orientations the controller supports: all but upside down, iPhone's
    /// default.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// Whether the interface may turn with the device (true).
    open var shouldAutorotate: Bool { true }
    /// The orientation a presented controller appears in (portrait).
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// Asks the system to read ``supportedInterfaceOrientations`` again (iOS 16); does nothing.
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}
    /// Asks the system to turn the interface to the device's orientation; does nothing.
    open class func attemptRotationToDeviceOrientation() {}

    /// Whether a presented sheet refuses interactive dismissal (false; stored). Nothing
    /// dismisses a sheet by swiping it down here, so nothing reads it.
    open var isModalInPresentation = false

    // MARK: Status bar

    /// The status bar's style while this controller's view is on screen. Read by nothing here
    /// (there is no status bar); overrides compile and can be tested.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the status bar hides while this controller's view is on screen (read by nothing).
    open var prefersStatusBarHidden: Bool { false }
    /// How a change of the status bar's style or visibility animates (read by nothing).
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// Whether a presented controller decides the status bar's look.
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Asks the system to read the status-bar preferences again; there is no status bar here.
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// The child whose ``preferredStatusBarStyle`` a container defers to (none; read by nothing).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// The child whose ``prefersStatusBarHidden`` a container defers to (none; read by nothing).
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether the home indicator hides while this controller's view is on screen (false;
    /// read by nothing: there is no home indicator).
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child whose ``prefersHomeIndicatorAutoHidden`` a container defers to (none).
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Asks the system to read ``prefersHomeIndicatorAutoHidden`` again; does nothing.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// The screen edges whose system gestures wait for the app's (none; read by nothing).
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// Asks the system to read ``preferredScreenEdgesDeferringSystemGestures`` again; does
    /// nothing.
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}

    /// Whether children hear the appearance methods with their parent; a container that
    /// returns false calls ``beginAppearanceTransition(_:animated:)`` itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Tells the controller its view is about to appear (`true`) or disappear: for custom
    /// containers. Unbalanced or repeated calls are ignored, as the state already says.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearance) {
        case (true, .disappeared), (true, .disappearing):
            appearance = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
            forwardToChildren { $0.beginAppearanceTransition(true, animated: animated) }
        case (false, .appeared), (false, .appearing):
            appearance = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
            forwardToChildren { $0.beginAppearanceTransition(false, animated: animated) }
        default:
            break
        }
    }

    /// Ends the change begun by ``beginAppearanceTransition(_:animated:)``.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            if let view = loadedView, view.window != nil { view.layoutIfNeeded() }
            viewIsAppearing(appearanceAnimated)
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
            forwardToChildren { $0.endAppearanceTransition() }
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
            forwardToChildren { $0.endAppearanceTransition() }
        default:
            break
        }
    }

    /// Both halves at once: what a change without a transition sends.
    func changeAppearance(_ isAppearing: Bool, animated: Bool) {
        beginAppearanceTransition(isAppearing, animated: animated)
        endAppearanceTransition()
    }

    /// The appearance calls go to the children whose views are shown; a container that shows
    /// one child at a time (navigation, tabs) names it in ``appearanceForwardingTarget``.
    private func forwardToChildren(_ body: (UIViewController) -> Void) {
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in children where child.loadedView?.superview != nil { body(child) }
        } else if let target = appearanceForwardingTarget {
            body(target)
        }
    }

    /// The one child a container forwards its appearance calls to while its own
    /// ``shouldAutomaticallyForwardAppearanceMethods`` is off (its transitions call the
    /// children's in between); nil for others.
    var appearanceForwardingTarget: UIViewController? { nil }

    // MARK: Children

    /// The child controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []
    /// The container this controller is a child of.
    public private(set) weak var parent: UIViewController?
    /// True between `addChild` and `didMove(toParent:)`, and between `willMove(toParent: nil)`
    /// and `removeFromParent()`.
    public private(set) var isMovingToParent = false
    public private(set) var isMovingFromParent = false

    /// Adds `child` (first taking it from any other parent) and calls its
    /// `willMove(toParent: self)`; add its view, then call its `didMove(toParent: self)`.
    open func addChild(_ child: UIViewController) {
        guard child !== self else { fatalError("UIViewController.addChild: a controller cannot be its own child") }
        if child.parent === self { return }
        child.removeFromParent()
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Takes the controller from its parent and calls its `didMove(toParent: nil)`; call
    /// `willMove(toParent: nil)` and remove its view first.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        isMovingFromParent = false
    }

    /// Puts the children in `order` (the same controllers): a container's own bookkeeping.
    func setChildrenOrder(_ order: [UIViewController]) {
        children = order
    }

    /// Called before the controller is added to or removed from a container.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil { isMovingFromParent = true }
    }

    /// Called after the controller was added to or removed from a container.
    open func didMove(toParent parent: UIViewController?) {
        isMovingToParent = false
    }

    // MARK: Presentation (UIViewController+Presentation.swift)

    /// Presents `viewControllerToPresent` modally from this controller (from its outermost
    /// container). Warns and does nothing when the presenter already presents one, or its view
    /// is in no window, as UIKit does; presenting a controller that is already presented, or
    /// is a child, traps.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        performPresentation(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, or, if it presented none, this one (or the
    /// container it is in) from its presenter. A controller presented above the one dismissed
    /// goes with it, without animation. Does nothing (and calls nothing) when there is nothing
    /// to dismiss.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// The controller this one presented, if any.
    public internal(set) var presentedViewController: UIViewController?
    weak var presentingReference: UIViewController?
    /// The presentation controller, made when first asked for or when presented.
    var presentationControllerStorage: UIPresentationController?
    /// The controller that presented this one (or one of its ancestors).
    open var presentingViewController: UIViewController? {
        presentingReference ?? parent?.presentingViewController
    }
    /// True while the controller is being presented, until the transition ends.
    public internal(set) var isBeingPresented = false
    /// True while the controller is being dismissed, until the transition ends.
    public internal(set) var isBeingDismissed = false

    /// How the controller is shown when presented.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// The system's animation when presented without a transitioning delegate's animator.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// The object that gives the animators of a custom presentation.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// Whether a full-screen controller presented from this one is placed over this
    /// controller's view rather than the window's.
    open var definesPresentationContext = false

    /// The tab bar controller this controller is in, if any.
    open var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

    /// The navigation controller this controller is in, if any.
    open var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }

    /// The split view controller this controller is in, if any.
    open var splitViewController: UISplitViewController? { nearestAncestor(UISplitViewController.self) }

    /// The closest controller above this one of `type`.
    private func nearestAncestor<Container: UIViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let controller = current {
            if let found = controller as? Container { return found }
            current = controller.parent
        }
        return nil
    }

    /// The transition in progress that this controller takes part in, for
    /// `animate(alongsideTransition:completion:)` from `viewWillAppear`.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        if let context = TransitionContext.running.last(where: { $0.involves(self) }) { return context }
        return parent?.transitionCoordinator
    }

    // MARK: Transitions between children

    /// Replaces the child `fromViewController` by `toViewController` (both children of this
    /// controller) in `fromViewController`'s superview, with `animations` in a view block of
    /// `duration`; the appearance methods of both arrive around it.
    open func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        guard fromViewController.parent === self, toViewController.parent === self else {
            fatalError(
                "UIViewController.transition(from:to:): both controllers must be children of \(type(of: self)) (addChild first)"
            )
        }
        guard let container = fromViewController.loadedView?.superview else {
            fatalError(
                "UIViewController.transition(from:to:): the view of \(type(of: fromViewController)) is in no superview")
        }
        let animated = duration > 0
        fromViewController.beginAppearanceTransition(false, animated: animated)
        toViewController.beginAppearanceTransition(true, animated: animated)
        container.addSubview(toViewController.view)
        UIView.transition(with: container, duration: duration, options: options) {
            animations?()
        } completion: { finished in
            fromViewController.view.removeFromSuperview()
            fromViewController.endAppearanceTransition()
            toViewController.endAppearanceTransition()
            completion?(finished)
        }
    }
}

/// How a presented controller is shown: Apple's `UIModalPresentationStyle`.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

/// The system's presentation animations: Apple's `UIModalTransitionStyle`.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}
