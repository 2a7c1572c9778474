import Foundation

/// Children one at a time, chosen by a tab bar: UIKit's `UITabBarController`.
///
/// The selected child's view fills the controller's, its safe area ending above the
/// ``tabBar`` (49 points above the bottom safe area). The bar's items are the children's
/// `tabBarItem`s (titled with the children's titles until set). Tapping a tab asks the
/// delegate (`tabBarController(_:shouldSelect:)`), switches the children — their appearance
/// methods in UIKit's order, animated by the delegate's animator
/// (`tabBarController(_:animationControllerForTransitionFrom:to:)`) through the custom
/// transition protocol when it gives one, at once otherwise — then tells the delegate
/// (`didSelect`) and calls ``tabBar(_:didSelect:)``, which a subclass overrides to animate the
/// tapped item. Setting ``selectedIndex`` or ``selectedViewController`` switches at once and
/// tells the delegate nothing, as on iOS.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// The bar along the bottom.
    public let tabBar = UITabBar()
    open weak var delegate: (any UITabBarControllerDelegate)?

    public override init() {
        super.init()
        tabBar.delegate = self
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.delegate = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        tabBar.delegate = self
    }

    /// The children, one per tab.
    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The index of the selected child (`NSNotFound` when there is none).
    open var selectedIndex: Int {
        get { selectedViewController.flatMap { selected in children.firstIndex { $0 === selected } } ?? NSNotFound }
        set {
            guard children.indices.contains(newValue) else {
                fatalError("UITabBarController.selectedIndex: \(newValue) is out of bounds (\(children.count) tabs)")
            }
            switchTo(children[newValue], animated: false)
        }
    }

    /// The selected child.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let newValue else { return }
            guard children.contains(where: { $0 === newValue }) else {
                fatalError("UITabBarController.selectedViewController: \(type(of: newValue)) is not one of the tabs")
            }
            switchTo(newValue, animated: false)
        }
    }
    private weak var selected: UIViewController?

    /// Children hear appearance methods from the switches here.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// Replaces the children; the first is selected when the old selection is gone.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let new = viewControllers ?? []
        for child in children where !new.contains(where: { $0 === child }) {
            if child === selected, isViewLoaded {
                if appearance == .appeared { child.beginAppearanceTransition(false, animated: false) }
                child.viewIfLoaded?.removeFromSuperview()
                if appearance == .appeared { child.endAppearanceTransition() }
                selected = nil
            }
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        for child in new where child.parent !== self {
            addChild(child)
            child.didMove(toParent: self)
        }
        setChildrenOrder(new)
        tabBar.items = new.map(\.tabBarItem)
        if selected == nil, let first = new.first { switchTo(first, animated: false) }
        tabBar.selectedItem = selected?.tabBarItem
    }

    // MARK: Views

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tabBar)
        layOutTabBar()
        if let selected { install(selected) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOutTabBar()
    }

    private func layOutTabBar() {
        guard let view = viewIfLoaded else { return }
        let bottom = view.safeAreaInsets.bottom
        tabBar.bottomInset = bottom
        let height = UITabBar.buttonHeight + bottom
        tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        view.bringSubviewToFront(tabBar)
        for child in children { child.viewIfLoaded?.safeAreaInsets = childSafeAreaInsets }
    }

    private var childSafeAreaInsets: UIEdgeInsets {
        var insets = viewIfLoaded?.safeAreaInsets ?? .zero
        insets.bottom += UITabBar.buttonHeight
        return insets
    }

    private func install(_ child: UIViewController) {
        child.view.frame = view.bounds
        child.view.safeAreaInsets = childSafeAreaInsets
        view.insertSubview(child.view, belowSubview: tabBar)
    }

    /// The shown child hears this controller's appearance calls.
    override var appearanceForwardingTarget: UIViewController? { selected }

    // MARK: Switching

    /// A tab tapped: the delegate asked, the switch, the delegate told, then
    /// ``tabBar(_:didSelect:)``.
    func tabTapped(_ item: UITabBarItem) {
        guard let child = children.first(where: { $0.tabBarItem === item }) else { return }
        guard delegate?.tabBarController(self, shouldSelect: child) ?? true else { return }
        if child !== selected { switchTo(child, animated: true) }
        delegate?.tabBarController(self, didSelect: child)
        tabBar(tabBar, didSelect: item)
    }

    /// Called when a tab is tapped, after the switch; a subclass overrides it (to animate the
    /// item's button, say).
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}

    private func switchTo(_ child: UIViewController, animated: Bool) {
        let old = selected
        guard old !== child else { return }
        selected = child
        tabBar.selectedItem = child.tabBarItem
        guard isViewLoaded else { return }
        child.loadViewIfNeeded()
        let onScreen = appearance == .appeared
        let animator = animated && onScreen
            ? old.flatMap { delegate?.tabBarController(self, animationControllerForTransitionFrom: $0, to: child) } : nil
        guard let old, let animator, old.isViewLoaded else {
            if onScreen { old?.beginAppearanceTransition(false, animated: false) }
            if onScreen { child.beginAppearanceTransition(true, animated: false) }
            old?.viewIfLoaded?.removeFromSuperview()
            install(child)
            if onScreen {
                old?.endAppearanceTransition()
                child.endAppearanceTransition()
            }
            return
        }
        child.view.safeAreaInsets = childSafeAreaInsets
        let interactor = delegate?.tabBarController(self, interactionControllerFor: animator)
        swapShownChild(
            old, for: child, kind: "tab switch", animated: true, animator: animator, interactor: interactor,
            keepingOnTop: tabBar, install: { [unowned self] in self.install($0) },
            ended: { [weak self] completed in
                guard let self, !completed else { return }
                selected = old
                tabBar.selectedItem = old.tabBarItem
            })
    }
}

/// What a tab bar controller asks and tells: UIKit's `UITabBarControllerDelegate`, every
/// method optional.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UITabBarControllerDelegate {
    public func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}
