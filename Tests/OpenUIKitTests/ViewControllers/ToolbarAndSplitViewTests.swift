import OpenUIKit
import QuartzTestSupport
import Testing

/// Collapses the secondary itself (so the primary shows) and records what it hears.
@MainActor
final class CollapsingSplitDelegate: NSObject, UISplitViewControllerDelegate {
    var collapses = 0
    var modes: [UISplitViewController.DisplayMode] = []

    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool {
        collapses += 1
        return true
    }

    func splitViewController(
        _ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode
    ) {
        modes.append(displayMode)
    }
}

/// A toolbar delegate that implements nothing.
@MainActor
final class SilentToolbarDelegate: NSObject, UIToolbarDelegate {}

@MainActor
@Suite("Bar items, toolbars and split view controllers", .serialized)
struct ToolbarAndSplitViewTests {
    private func buttons(in view: UIView) -> [UIButton] {
        view.subviews.flatMap { ($0 as? UIButton).map { [$0] } ?? buttons(in: $0) }
    }

    private func button(_ title: String, in view: UIView) throws -> UIButton {
        try #require(buttons(in: view).first { $0.currentTitle == title })
    }

    private func tap(_ view: UIView, in window: UIWindow) {
        let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
        window.liftTouch(window.touchDown(at: point))
    }

    // MARK: UIBarItem

    /// UIBarButtonItem and UITabBarItem are UIBarItems: the title set through the superclass
    /// redraws the navigation bar's button; title attributes and the accessibility label reach it.
    @Test func barButtonItemsAreBarItems() throws {
        let item = UIBarButtonItem(title: "Edit", style: .plain)
        let barItem: UIBarItem = item
        #expect(barItem.title == "Edit" && barItem.isEnabled && barItem.tag == 0)
        let root = UIViewController()
        root.navigationItem.rightBarButtonItem = item
        let navigation = UINavigationController(rootViewController: root)
        let window = keyWindow(showing: navigation)
        defer { withExtendedLifetime(window) {} }
        navigation.view.layoutIfNeeded()
        let bar = navigation.navigationBar
        #expect(buttons(in: bar).contains { $0.currentTitle == "Edit" })
        barItem.title = "Save"
        #expect(item.title == "Save")
        #expect(buttons(in: bar).contains { $0.currentTitle == "Save" })
        #expect(!buttons(in: bar).contains { $0.currentTitle == "Edit" })
        item.setTitleTextAttributes([.foregroundColor: UIColor.red], for: .normal)
        item.accessibilityLabel = "Save the draft"
        let save = try button("Save", in: bar)
        #expect(save.titleColor(for: .normal) == UIColor.red)
        #expect(save.accessibilityLabel == "Save the draft")
        let normalColor = item.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor
        #expect(normalColor == UIColor.red)
        #expect(item.titleTextAttributes(for: .highlighted)?.count == nil, "nothing set for .highlighted")
        item.isEnabled = false
        #expect(try button("Save", in: bar).isEnabled == false)

        let tab: UIBarItem = UITabBarItem(title: "Mail", image: nil, tag: 3)
        #expect(tab.title == "Mail" && tab.tag == 3)
    }

    // MARK: Toolbars

    /// Two flexible spaces centre the item between them; the toolbar is 44 points tall.
    @Test func flexibleSpacesCentreAnItem() throws {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        toolbar.items = [
            UIBarButtonItem.flexibleSpace(), UIBarButtonItem(title: "Edit", style: .plain),
            UIBarButtonItem.flexibleSpace(),
        ]
        toolbar.layoutIfNeeded()
        let edit = try button("Edit", in: toolbar)
        #expect(edit.frame.width > 0)
        expectClose(edit.frame.midX, 195, within: 0.5)
        expectClose(edit.frame.midY, 22, within: 0.5)
        #expect(toolbar.sizeThatFits(CGSize(width: 320, height: 10)) == CGSize(width: 320, height: 44))
        #expect(toolbar.intrinsicContentSize.height == 44)
        #expect(toolbar.barStyle == .default && toolbar.isTranslucent && toolbar.barPosition == .bottom)
        let delegate = SilentToolbarDelegate()
        toolbar.delegate = delegate
        #expect(toolbar.barPosition == .bottom, "position(for:) defaults to .bottom")
    }

    /// Items lie 8 points from the edge and 8 points apart; a fixed space adds its width
    /// between them; an item with a width takes it.
    @Test func aFixedSpaceKeepsItsWidth() throws {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        let wide = UIBarButtonItem(title: "C", style: .plain)
        wide.width = 100
        toolbar.items = [
            UIBarButtonItem(title: "A", style: .plain), UIBarButtonItem.fixedSpace(30),
            UIBarButtonItem(title: "B", style: .plain), wide,
        ]
        toolbar.layoutIfNeeded()
        let a = try button("A", in: toolbar)
        let b = try button("B", in: toolbar)
        let c = try button("C", in: toolbar)
        #expect(a.frame.minX == 8)
        expectClose(b.frame.minX, a.frame.maxX + 8 + 30 + 8, within: 1e-9)
        expectClose(c.frame.minX, b.frame.maxX + 8, within: 1e-9)
        #expect(c.frame.width == 100)
    }

    /// A tapped item runs its primary action once, or its target–action.
    @Test func aTappedToolbarItemRunsItsAction() throws {
        final class Counter {
            var senders: [AnyObject] = []
            func tapped(_ sender: UIBarButtonItem) { senders.append(sender) }
        }
        var shared = 0
        let share = UIBarButtonItem(title: "Share", primaryAction: UIAction { _ in shared += 1 })
        let counter = Counter()
        let count = UIBarButtonItem(
            title: "Count", style: .plain, target: counter, action: Selector("tapped(_:)", Counter.tapped(_:)))
        let root = UIViewController()
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 700, width: 390, height: 44))
        toolbar.items = [share, UIBarButtonItem.flexibleSpace(), count]
        root.view.addSubview(toolbar)
        let window = keyWindow(showing: root)
        defer { withExtendedLifetime(window) {} }
        toolbar.layoutIfNeeded()
        tap(try button("Share", in: toolbar), in: window)
        #expect(shared == 1)
        tap(try button("Count", in: toolbar), in: window)
        #expect(counter.senders.count == 1 && counter.senders.first === count && shared == 1)
    }

    /// Animated, the new item's view fades in over 0.25 s, eased in and out: transparent at
    /// first, half way at 0.125 s (the curve is symmetric about its middle); the removed one's
    /// fades out and leaves; the one that stays keeps its view.
    @Test func setItemsAnimatedFadesTheNewItemsIn() throws {
        try withManualClock { clock in
            let keep = UIBarButtonItem(title: "Keep", style: .plain)
            let root = UIViewController()
            let toolbar = UIToolbar(frame: CGRect(x: 0, y: 700, width: 390, height: 44))
            toolbar.items = [keep, UIBarButtonItem(title: "Gone", style: .plain)]
            root.view.addSubview(toolbar)
            let window = keyWindow(showing: root)
            defer { withExtendedLifetime(window) {} }
            toolbar.layoutIfNeeded()
            CATransaction.flush()
            let kept = try button("Keep", in: toolbar)
            let gone = try button("Gone", in: toolbar)
            toolbar.setItems([keep, UIBarButtonItem(title: "New", style: .plain)], animated: true)
            let added = try button("New", in: toolbar)
            #expect(try button("Keep", in: toolbar) === kept)
            #expect(added.alpha == 1, "the model holds the end value")
            CATransaction.flush()
            expectClose(Double(added.layer.presentation()?.opacity ?? .nan), 0, within: 1e-6, "transparent at first")
            clock.advance(by: 0.125)
            expectClose(Double(added.layer.presentation()?.opacity ?? .nan), 0.5, within: 0.01)
            expectClose(Double(gone.layer.presentation()?.opacity ?? .nan), 0.5, within: 0.01)
            clock.advance(by: 0.15)
            CATransaction.flush()
            expectClose(Double(added.layer.presentation()?.opacity ?? .nan), 1, within: 1e-9)
            #expect(gone.superview == nil && gone.alpha == 1)
            #expect(kept.superview === toolbar)
        }
    }

    /// A navigation controller's toolbar is hidden until shown; shown, it is 44 points tall
    /// above the bottom safe area, with the top controller's items, and the top view's safe area
    /// ends above it. A push shows the new top's items; a pop brings the old ones back.
    @Test func theNavigationControllersToolbarShowsTheTopControllersItems() throws {
        let root = UIViewController()
        let compose = UIBarButtonItem(title: "Compose", style: .plain)
        root.toolbarItems = [UIBarButtonItem.flexibleSpace(), compose]
        let navigation = UINavigationController(rootViewController: root)
        let window = keyWindow(showing: navigation)
        defer { withExtendedLifetime(window) {} }
        navigation.view.layoutIfNeeded()
        #expect(navigation.isToolbarHidden && navigation.toolbar.isHidden)
        #expect(root.view.safeAreaInsets.bottom == 34)
        navigation.setToolbarHidden(false, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(!navigation.isToolbarHidden && !navigation.toolbar.isHidden)
        #expect(navigation.toolbar.frame == CGRect(x: 0, y: 844 - 34 - 44, width: 390, height: 44))
        #expect(abs(root.view.safeAreaInsets.bottom - (34 + 44)) < 1e-9)
        #expect(navigation.toolbar.items?.count == 2 && navigation.toolbar.items?.last === compose)
        navigation.toolbar.layoutIfNeeded()
        let composeButton = try button("Compose", in: navigation.toolbar)
        expectClose(composeButton.frame.maxX, 390 - 8, within: 1e-9)
        #expect(composeButton.window === window)

        let detail = UIViewController()
        let reply = UIBarButtonItem(title: "Reply", style: .plain)
        detail.toolbarItems = [reply]
        navigation.pushViewController(detail, animated: false)
        #expect(navigation.toolbar.items?.count == 1 && navigation.toolbar.items?.first === reply)
        let topmost = navigation.view.subviews.last
        #expect(topmost === navigation.toolbar || topmost === navigation.navigationBar, "the bars stay over the views")
        navigation.popViewController(animated: false)
        #expect(navigation.toolbar.items?.last === compose)
        let archive = UIBarButtonItem(title: "Archive", style: .plain)
        root.setToolbarItems([archive], animated: false)
        #expect(navigation.toolbar.items?.first === archive)
        navigation.setToolbarHidden(true, animated: false)
        #expect(navigation.toolbar.isHidden && root.view.safeAreaInsets.bottom == 34)
    }

    // MARK: Split view controllers

    /// On the iPhone screen the split view controller is collapsed: the primary's view fills
    /// it; `show(.secondary)` puts the secondary's in its place, with the appearance methods;
    /// `hide(.secondary)` goes back.
    @Test func aCollapsedSplitViewShowsThePrimaryThenTheSecondary() throws {
        let log = CallLog()
        let primary = LoggedController("Primary", log)
        let secondary = LoggedController("Secondary", log)
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(primary, for: .primary)
        split.setViewController(secondary, for: .secondary)
        #expect(split.style == .doubleColumn && split.isCollapsed)
        #expect(split.children.count == 2 && split.children.first === primary && split.children.last === secondary)
        #expect(primary.parent === split && secondary.parent === split)
        #expect(split.viewController(for: .secondary) === secondary && split.viewController(for: .primary) === primary)
        #expect(split.viewController(for: .supplementary) == nil && split.viewController(for: .compact) == nil)
        #expect(primary.splitViewController === split && secondary.splitViewController === split)
        #expect(split.preferredPrimaryColumnWidthFraction == UISplitViewController.automaticDimension)
        #expect(split.preferredDisplayMode == .automatic && split.presentsWithGesture)
        let window = keyWindow(showing: split)
        defer { withExtendedLifetime(window) {} }
        split.view.layoutIfNeeded()
        #expect(
            log.take() == [
                "Primary.viewDidLoad", "Primary.viewWillAppear", "Primary.viewIsAppearing", "Primary.viewDidAppear",
            ])
        #expect(primary.view.superview === split.view && primary.view.frame == window.bounds)
        #expect(primary.view.safeAreaInsets == split.view.safeAreaInsets && primary.view.safeAreaInsets.top == 47)
        #expect(!secondary.isViewLoaded)
        #expect(split.primaryColumnWidth == 390)

        split.show(.secondary)
        #expect(
            log.take() == [
                "Secondary.viewDidLoad", "Primary.viewWillDisappear", "Secondary.viewWillAppear",
                "Primary.viewDidDisappear", "Secondary.viewIsAppearing", "Secondary.viewDidAppear",
            ])
        #expect(secondary.view.superview === split.view && primary.view.superview == nil)
        #expect(secondary.view.frame == split.view.bounds)
        split.hide(.secondary)
        #expect(primary.view.superview === split.view && secondary.view.superview == nil)
        #expect(
            log.take() == [
                "Secondary.viewWillDisappear", "Primary.viewWillAppear", "Secondary.viewDidDisappear",
                "Primary.viewIsAppearing", "Primary.viewDidAppear",
            ])

        // A new secondary replaces the old as a child; a controller inside a column finds the
        // split view controller above its navigation controller.
        let list = UIViewController()
        split.setViewController(UINavigationController(rootViewController: list), for: .secondary)
        #expect(secondary.parent == nil && split.children.count == 2)
        #expect(list.splitViewController === split && list.navigationController?.parent === split)
    }

    /// A compact column's controller is what a collapsed split view shows (iOS 14).
    @Test func theCompactColumnShowsWhenSet() {
        let split = UISplitViewController(style: .tripleColumn)
        let primary = UIViewController()
        let compact = UIViewController()
        split.viewControllers = [primary, UIViewController(), UIViewController()]
        split.setViewController(compact, for: .compact)
        #expect(split.viewControllers.count == 3 && split.viewController(for: .supplementary) != nil)
        split.loadViewIfNeeded()
        #expect(compact.view.superview === split.view && !primary.isViewLoaded)
        split.show(.primary)
        #expect(primary.view.superview === split.view && compact.view.superview == nil)
    }

    /// The classic style collapses as iOS does: the detail shows over a navigation controller
    /// unless the delegate collapses it; display-mode changes are told to the delegate.
    @Test func aClassicSplitCollapsesAsIOSDoes() {
        let list = UINavigationController(rootViewController: UIViewController())
        let detail = UIViewController()
        let split = UISplitViewController()
        split.viewControllers = [list, detail]
        #expect(split.style == .unspecified && split.viewControllers.count == 2)
        #expect(split.viewControllers.first === list && split.viewControllers.last === detail)
        split.loadViewIfNeeded()
        #expect(detail.view.superview === split.view && list.viewIfLoaded?.superview == nil)

        let delegate = CollapsingSplitDelegate()
        let other = UISplitViewController(nibName: nil, bundle: nil)
        other.delegate = delegate
        let otherList = UINavigationController(rootViewController: UIViewController())
        other.viewControllers = [otherList, UIViewController()]
        other.loadViewIfNeeded()
        #expect(delegate.collapses == 1 && otherList.view.superview === other.view)
        #expect(other.displayMode == .secondaryOnly)
        other.preferredDisplayMode = .oneBesideSecondary
        other.preferredDisplayMode = .oneBesideSecondary
        #expect(other.displayMode == .oneBesideSecondary && delegate.modes == [.oneBesideSecondary])
    }
}
