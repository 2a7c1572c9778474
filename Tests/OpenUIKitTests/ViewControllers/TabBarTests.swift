import OpenUIKit
import QuartzTestSupport
import Testing

/// Cross-fades the tabs over `duration`, linearly.
@MainActor
final class FadeTabs: NSObject, UITabBarControllerDelegate, UIViewControllerAnimatedTransitioning {
    var log: [String] = []
    var refuse: UIViewController?

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log.append("shouldSelect \(viewController.title ?? "")")
        return viewController !== refuse
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log.append("didSelect \(viewController.title ?? "")")
    }

    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { self }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 1 }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        guard let to = context.view(forKey: .to), let from = context.view(forKey: .from) else { return }
        to.alpha = 0
        context.containerView.addSubview(to)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            to.alpha = 1
            from.alpha = 0
        } completion: { _ in
            from.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

@MainActor
final class AnimatedTabs: UITabBarController {
    var tapped: [String] = []
    override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        tapped.append(item.title ?? "")
    }
}

@MainActor
@Suite("Tab bar controllers: tabs, taps, the delegate's transitions", .serialized)
struct TabBarTests {
    private func tab(_ title: String, _ log: CallLog) -> LoggedController {
        let controller = LoggedController(title, log)
        controller.title = title
        return controller
    }

    private func buttons(of bar: UITabBar) -> [UIView] {
        bar.subviews.filter { $0 is UIControl }.sorted { $0.frame.minX < $1.frame.minX }
    }

    /// The bar is 49 points above the bottom safe area, which its background fills; the
    /// selected child's safe area ends above it; the buttons share the width, the selected one
    /// in the tint colour.
    @Test func theFirstTabShowsAboveTheBar() throws {
        let log = CallLog()
        let tabs = AnimatedTabs()
        tabs.viewControllers = [tab("Home", log), tab("Search", log), tab("Profile", log)]
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        tabs.view.layoutIfNeeded()
        #expect(log.take() == ["Home.viewDidLoad", "Home.viewWillAppear", "Home.viewIsAppearing", "Home.viewDidAppear"])
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 844 - 83, width: 390, height: 83))
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController?.view.safeAreaInsets.bottom == 83)
        let controls = buttons(of: tabs.tabBar)
        #expect(controls.count == 3 && controls[1].frame == CGRect(x: 130, y: 0, width: 130, height: 49))
        let title = try #require(controls[0].subviews.compactMap { $0 as? UILabel }.first)
        #expect(title.text == "Home" && title.textColor == .systemBlue)
        #expect(controls[0].subviews.first is UIImageView, "the image view first, as UIKit's tab buttons have it")
    }

    /// A tap asks the delegate, runs its animator (a 1 s cross-fade: half way at 0.5 s), tells
    /// the delegate, and calls `tabBar(_:didSelect:)`; a refused tab is not selected.
    @Test func aTappedTabSwitchesThroughTheDelegatesAnimator() {
        withManualClock { clock in
            let log = CallLog()
            let tabs = AnimatedTabs()
            let home = tab("Home", log)
            let search = tab("Search", log)
            let profile = tab("Profile", log)
            tabs.viewControllers = [home, search, profile]
            let delegate = FadeTabs()
            delegate.refuse = profile
            tabs.delegate = delegate
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            tabs.view.layoutIfNeeded()
            CATransaction.flush()
            _ = log.take()
            let searchButton = buttons(of: tabs.tabBar)[1]
            let point = searchButton.convert(CGPoint(x: 65, y: 20), to: window)
            window.liftTouch(window.touchDown(at: point))
            #expect(log.take() == ["Search.viewDidLoad", "Home.viewWillDisappear", "Search.viewWillAppear"])
            #expect(delegate.log == ["shouldSelect Search", "didSelect Search"] && tabs.tapped == ["Search"])
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(abs(Double(search.view.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            clock.advance(by: 0.51)
            #expect(log.take() == ["Home.viewDidDisappear", "Search.viewIsAppearing", "Search.viewDidAppear"])
            #expect(tabs.selectedViewController === search && home.view.superview == nil)

            let profilePoint = buttons(of: tabs.tabBar)[2].convert(CGPoint(x: 65, y: 20), to: window)
            window.liftTouch(window.touchDown(at: profilePoint))
            #expect(tabs.selectedIndex == 1 && log.take().isEmpty, "the delegate refused it")
        }
    }

    @Test func selectingInCodeSwitchesAtOnceAndTellsNoOne() {
        let log = CallLog()
        let tabs = UITabBarController()
        let delegate = FadeTabs()
        tabs.delegate = delegate
        tabs.viewControllers = [tab("A", log), tab("B", log)]
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        _ = log.take()
        tabs.selectedIndex = 1
        #expect(log.take() == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewIsAppearing", "B.viewDidAppear"])
        #expect(delegate.log.isEmpty && tabs.tabBar.selectedItem === tabs.viewControllers?[1].tabBarItem)
        tabs.viewControllers?[1].tabBarItem.badgeValue = "3"
        #expect(tabs.children[1].tabBarController === tabs)
    }
}
