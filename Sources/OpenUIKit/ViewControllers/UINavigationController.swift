import Foundation

/// A stack of controllers, the top one's view shown: Apple's `UINavigationController`.
///
/// A push slides the new view in from the right over the old one, a pop the reverse
/// (the system's animator), unless the ``delegate`` gives an animator; with an
/// interaction controller from the delegate, the transition is interactive. Appearance methods
/// arrive as for a presentation (the old top's `viewWillDisappear`, the new top's
/// `viewWillAppear`, the animation, `viewDidDisappear`, `viewDidAppear`), and the delegate
/// hears `willShow` before and `didShow` after. The ``navigationBar`` shows the top
/// controller's `navigationItem` below the status bar; the top controller's view fills the
/// navigation controller's, under the bar, its safe area starting below it. The ``toolbar``,
/// hidden until ``setToolbarHidden(_:animated:)`` shows it, is 44 points tall along the bottom,
/// above the bottom safe area, showing the top controller's `toolbarItems`; while it shows, the
/// top view still fills the navigation controller's view, under the toolbar, and its safe area
/// ends above it. A drag from the left edge of the screen pops (``interactivePopGestureRecognizer``).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The stack, the root first.
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The bar over the top controller's view.
    public let navigationBar = UINavigationBar()

    /// Whether the bar is hidden (``setNavigationBarHidden(_:animated:)`` without animation).
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var barHidden = false

    /// Hides or shows the bar; animated, it slides up out of the screen or down into it over
    /// ``UINavigationControllerHideShowBarDuration`` (0.2 s), and the top view's safe area
    /// follows it (constraints to it animate with it).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        guard isViewLoaded else { return }
        if animated {
            UIView.animate(withDuration: TimeInterval(UINavigationControllerHideShowBarDuration)) {
                self.layOutBar()
                self.topViewController?.viewIfLoaded?.layoutIfNeeded()
            }
        } else {
            layOutBar()
        }
    }

    /// Where the bar rests: below the status bar, or above the screen when hidden; the
    /// children's safe area starts below it (and ends above the toolbar when it shows).
    private func layOutBar() {
        guard let view = viewIfLoaded else { return }
        let top = view.safeAreaInsets.top
        let height = navigationBar.barHeight
        navigationBar.frame = CGRect(
            x: 0, y: barHidden ? -height : top, width: view.bounds.width, height: height)
        navigationBar.alpha = barHidden ? 0 : 1
        layOutToolbar()
        for child in children { child.viewIfLoaded?.safeAreaInsets = childSafeAreaInsets }
    }

    /// The safe area of the children's views: the navigation controller's, the bar's height at
    /// the top and the toolbar's at the bottom while they show.
    private var childSafeAreaInsets: UIEdgeInsets {
        var insets = viewIfLoaded?.safeAreaInsets ?? .zero
        if !barHidden { insets.top += navigationBar.barHeight }
        if !toolbarHidden { insets.bottom += UIToolbar.standardHeight }
        return insets
    }

    // MARK: Toolbar

    /// The toolbar along the bottom, showing the top controller's `toolbarItems`: 44 points
    /// tall above the bottom safe area (its background filling that area too), over the top
    /// controller's view. Hidden until ``setToolbarHidden(_:animated:)`` shows it, as in UIKit.
    open var toolbar: UIToolbar! { navigationToolbar }
    private let navigationToolbar = UIToolbar()

    /// Whether the toolbar is hidden (true until set; ``setToolbarHidden(_:animated:)`` without
    /// animation).
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true

    /// Hides or shows the toolbar; animated, it slides down out of the view or up into it over
    /// ``UINavigationControllerHideShowBarDuration`` (0.2 s), and the top view's safe area
    /// follows it. A hidden toolbar has `isHidden` set.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        guard isViewLoaded else { return }
        if !hidden { navigationToolbar.isHidden = false }
        guard animated else {
            navigationToolbar.isHidden = hidden
            layOutBar()
            return
        }
        UIView.animate(withDuration: TimeInterval(UINavigationControllerHideShowBarDuration)) {
            self.layOutBar()
            self.topViewController?.viewIfLoaded?.layoutIfNeeded()
        } completion: { [weak self] _ in
            guard let self, self.toolbarHidden else { return }
            self.navigationToolbar.isHidden = true
        }
    }

    /// Where the toolbar rests: above the bottom safe area, or just below the view when hidden.
    private func layOutToolbar() {
        guard let view = viewIfLoaded else { return }
        let bottom = view.safeAreaInsets.bottom
        let height = UIToolbar.standardHeight
        navigationToolbar.backgroundExtension = bottom
        navigationToolbar.frame = CGRect(
            x: 0, y: toolbarHidden ? view.bounds.height : view.bounds.height - bottom - height,
            width: view.bounds.width, height: height)
    }

    /// A child's `toolbarItems` changed: the toolbar shows them if it is the top controller.
    func toolbarItemsChanged(of controller: UIViewController, animated: Bool) {
        guard controller === topViewController, isViewLoaded else { return }
        showToolbarItems(of: controller, animated: animated)
    }

    /// Puts `controller`'s `toolbarItems` in the toolbar, unless they are there already.
    private func showToolbarItems(of controller: UIViewController?, animated: Bool) {
        let items = controller?.toolbarItems ?? []
        guard !items.elementsEqual(navigationToolbar.items ?? [], by: ===) else { return }
        navigationToolbar.setItems(controller?.toolbarItems, animated: animated)
    }

    /// The toolbar stays over the children's views, as the bar does.
    private func keepToolbarOnTop() {
        guard let view = viewIfLoaded, navigationToolbar.superview === view else { return }
        view.bringSubviewToFront(navigationToolbar)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOutBar()
    }

    public init(rootViewController: UIViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public override init() {
        super.init()
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The edge pan that pops: Apple's `interactivePopGestureRecognizer`, a
    /// ``UIScreenEdgePanGestureRecognizer`` on the left edge, attached to this controller's view
    /// once it loads, and enabled. It begins only when a controller is above the root and no
    /// transition runs (then asking its `delegate`, which code written for iOS often sets, and
    /// the view). The pop does not follow the finger here: when the pan ends more than half
    /// the view's width to the right of where it began, the top controller is popped, animated;
    /// otherwise nothing happens.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { popGestureRecognizer }
    private let popGestureRecognizer = InteractivePopGestureRecognizer()

    /// The pop gesture ended: far enough to the right, the top controller is popped.
    private func interactivePopGestureChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .ended, let pan = recognizer as? UIPanGestureRecognizer, children.count > 1,
            let view = viewIfLoaded
        else { return }
        if pan.translation(in: view).x > view.bounds.width / 2 { popViewController(animated: true) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { children.last }
    /// The controller shown: what the top one presents, else the top one.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    /// Children hear appearance methods from the transitions here, not from the parent alone.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        popGestureRecognizer.navigationController = self
        popGestureRecognizer.addTarget { [weak self] recognizer in self?.interactivePopGestureChanged(recognizer) }
        view.addGestureRecognizer(popGestureRecognizer)
        navigationBar.setItems(children.map(\.navigationItem), animated: false)
        view.addSubview(navigationBar)
        navigationToolbar.isHidden = toolbarHidden
        view.addSubview(navigationToolbar)
        showToolbarItems(of: topViewController, animated: false)
        layOutBar()
        if let top = topViewController { install(top) }
    }

    /// The shown child hears this controller's appearance calls.
    override var appearanceForwardingTarget: UIViewController? { topViewController }

    /// Pushes `viewController` on the stack and shows it.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !children.contains(where: { $0 === viewController }) else {
            fatalError(
                "UINavigationController: pushing \(type(of: viewController)), which is already on the stack, is not supported"
            )
        }
        guard !isTransitioning else {
            Warnings.emit(
                "UIKit: push of \(type(of: viewController)) while a navigation transition is in progress; nothing is pushed"
            )
            return
        }
        let old = topViewController
        addChild(viewController)
        guard let old else {
            if isViewLoaded { install(viewController) }
            viewController.didMove(toParent: self)
            return
        }
        show(viewController, replacing: old, push: true, animated: animated) { completed in
            if completed {
                viewController.didMove(toParent: self)
            } else {
                viewController.willMove(toParent: nil)
                viewController.removeFromParent()
            }
        }
    }

    /// Pops the top controller and shows the one below; nil when only the root is left.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = topViewController else { return nil }
        popToViewController(children[children.count - 2], animated: animated)
        return top
    }

    /// Pops every controller above `viewController`; answers those popped.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }), index < children.count - 1,
            let top = topViewController
        else { return nil }
        guard !isTransitioning else {
            Warnings.emit("UIKit: pop while a navigation transition is in progress; nothing is popped")
            return nil
        }
        let popped = Array(children[(index + 1)...])
        for controller in popped { controller.willMove(toParent: nil) }
        // Those between the top and the target leave at once.
        for controller in popped.dropLast() where controller !== top { controller.removeFromParent() }
        show(viewController, replacing: top, push: false, animated: animated) { completed in
            if completed {
                top.removeFromParent()
            } else {
                top.didMove(toParent: self)
            }
        }
        return popped
    }

    /// Pops to the root controller.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = children.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the stack; the new top is shown (animated as a push, or a pop when it was in
    /// the stack below the old top).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let old = topViewController
        for controller in children where !viewControllers.contains(where: { $0 === controller }) {
            if controller !== old {
                controller.willMove(toParent: nil)
                controller.removeFromParent()
            }
        }
        for controller in viewControllers where controller.parent !== self { addChild(controller) }
        reorderChildren(viewControllers)
        guard let new = viewControllers.last else {
            old?.viewIfLoaded?.removeFromSuperview()
            return
        }
        guard let old, old !== new, isViewLoaded, old.viewIfLoaded?.superview === view else {
            if let old, old !== new, !viewControllers.contains(where: { $0 === old }) {
                old.willMove(toParent: nil)
                old.removeFromParent()
            }
            if isViewLoaded, new.viewIfLoaded?.superview !== view { install(new) }
            for controller in viewControllers { controller.didMove(toParent: self) }
            return
        }
        let oldStays = viewControllers.contains { $0 === old }
        if !oldStays { reattachForTransition(old) }
        show(new, replacing: old, push: !oldStays, animated: animated) { [weak self] completed in
            guard let self else { return }
            if completed, !oldStays { old.removeFromParent() }
            for controller in viewControllers { controller.didMove(toParent: self) }
        }
    }

    // MARK: Transitions

    fileprivate var isTransitioning: Bool {
        TransitionContext.running.contains {
            $0.fromViewController.parent === self || $0.toViewController.parent === self
        }
    }

    /// Keeps a controller leaving the stack a child until its transition ends.
    private func reattachForTransition(_ controller: UIViewController) {
        if controller.parent !== self {
            addChild(controller)
            reorderChildren(children.filter { $0 !== controller } + [controller])
        }
    }

    private func reorderChildren(_ order: [UIViewController]) {
        let rest = children.filter { child in !order.contains { $0 === child } }
        setChildrenOrder(order.filter { $0.parent === self } + rest)
    }

    /// Puts `controller`'s view in this one's view, filling it.
    private func install(_ controller: UIViewController) {
        controller.view.frame = view.bounds
        controller.view.safeAreaInsets = childSafeAreaInsets
        view.insertSubview(controller.view, belowSubview: navigationBar)
        keepToolbarOnTop()
        showToolbarItems(of: controller, animated: false)
        if navigationBar.items?.last !== controller.navigationItem {
            navigationBar.setItems(children.map(\.navigationItem), animated: false)
            layOutBar()
        }
    }

    /// Shows `new` in place of `old`: an animated transition when the navigation controller is
    /// on screen, else at once.
    private func show(
        _ new: UIViewController, replacing old: UIViewController, push: Bool, animated: Bool,
        then: @escaping (Bool) -> Void
    ) {
        delegate?.navigationController(self, willShow: new, animated: animated)
        let onScreen = isViewLoaded && appearance == .appeared
        guard onScreen else {
            old.viewIfLoaded?.removeFromSuperview()
            if isViewLoaded { install(new) }
            then(true)
            delegate?.navigationController(self, didShow: new, animated: false)
            return
        }
        let operation: UINavigationController.Operation = push ? .push : .pop
        let custom =
            animated
            ? delegate?.navigationController(self, animationControllerFor: operation, from: old, to: new) : nil
        let animator = custom ?? SystemTransitionAnimator(kind: push ? .push : .pop, presenting: push)
        let interactor = custom.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        new.view.safeAreaInsets = childSafeAreaInsets
        swapShownChild(
            old, for: new, kind: push ? "push" : "pop", animated: animated, animator: animator, interactor: interactor,
            keepingOnTop: navigationBar, install: { [unowned self] in self.install($0) },
            prepare: { [unowned self] context in
                let stack = children.prefix { $0 !== new } + [new]
                navigationBar.transition(to: stack.map(\.navigationItem), with: context)
                showToolbarItems(of: new, animated: context.isAnimated)
                // The animator puts the new view over everything; the toolbar goes back on top.
                context.animate(alongsideTransition: { [weak self] _ in self?.keepToolbarOnTop() }, completion: nil)
            },
            ended: { [weak self] completed in
                guard let self else { return }
                then(completed)
                keepToolbarOnTop()
                showToolbarItems(of: topViewController, animated: false)
                delegate?.navigationController(self, didShow: completed ? new : old, animated: animated)
            })
    }

    /// What a navigation transition does: Apple's `UINavigationController.Operation`.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }
}

/// What a navigation transition does, under its Swift name before
/// `UINavigationController.Operation`.
public typealias UINavigationControllerOperation = UINavigationController.Operation

/// The navigation controller's ``UINavigationController/interactivePopGestureRecognizer``: a
/// left-edge pan that fails as soon as its touches go down when there is nothing to pop or a
/// transition is running.
@MainActor
private final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    weak var navigationController: UINavigationController?

    override init() {
        super.init()
        edges = .left
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, let navigationController else { return }
        if navigationController.viewControllers.count < 2 || navigationController.isTransitioning { state = .failed }
    }
}

/// Hears a navigation controller's transitions and gives their animators: Apple's
/// `UINavigationControllerDelegate`, each method with the default UIKit assumes when absent.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}
