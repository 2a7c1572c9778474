import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("Navigation bars: items, back buttons, pushes, hiding", .serialized)
struct NavigationBarTests {
    private func titled(_ title: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        return controller
    }

    private func labels(in view: UIView) -> [UILabel] {
        view.subviews.flatMap { ($0 as? UILabel).map { [$0] } ?? labels(in: $0) }
    }

    private func buttons(in view: UIView) -> [UIButton] {
        view.subviews.flatMap { ($0 as? UIButton).map { [$0] } ?? buttons(in: $0) }
    }

    private func shown(_ navigation: UINavigationController) -> UIWindow {
        let window = keyWindow(showing: navigation)
        navigation.view.layoutIfNeeded()
        return window
    }

    /// The bar sits below the status bar; the top view fills the screen under it, its safe
    /// area starting below the bar; the title is the controller's, centred.
    @Test func theBarShowsTheTopControllersTitle() throws {
        let root = titled("Inbox")
        let navigation = UINavigationController(rootViewController: root)
        let window = shown(navigation)
        let bar = navigation.navigationBar
        #expect(bar.frame == CGRect(x: 0, y: 47, width: 390, height: 44))
        #expect(root.view.frame == window.bounds)
        #expect(root.view.safeAreaInsets.top == 91)
        let title = try #require(labels(in: bar).first { $0.text == "Inbox" })
        #expect(abs(title.frame.midX - 195) < 0.5 && abs(title.frame.midY - 22) < 0.5)
        root.navigationItem.title = "Mail"
        #expect(labels(in: bar).contains { $0.text == "Mail" })
    }

    /// A push fades the new title in alongside the slide (half way at half the 0.35 s); the new
    /// top gets a back button titled with the root's title, and tapping it pops.
    @Test func aPushFadesTheNewItemInAndTheBackButtonPops() throws {
        try withManualClock { clock in
            let root = titled("Inbox")
            let navigation = UINavigationController(rootViewController: root)
            let window = shown(navigation)
            CATransaction.flush()
            let detail = titled("Message")
            navigation.pushViewController(detail, animated: true)
            let bar = navigation.navigationBar
            let newTitle = try #require(labels(in: bar).first { $0.text == "Message" })
            let oldTitle = try #require(labels(in: bar).first { $0.text == "Inbox" })
            CATransaction.flush()
            clock.advance(by: 0.175)
            let shownPart = try #require(newTitle.superview?.layer.presentation()?.opacity)
            let leavingPart = try #require(oldTitle.superview?.layer.presentation()?.opacity)
            #expect(abs(shownPart - 0.5) < 0.01 && abs(leavingPart - 0.5) < 0.01)
            clock.advance(by: 0.2)
            CATransaction.flush()
            #expect(oldTitle.window == nil && navigation.topViewController === detail)
            let back = try #require(buttons(in: bar).first { $0.currentTitle == "‹ Inbox" })
            let point = back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: window)
            window.liftTouch(window.touchDown(at: point))
            clock.advance(by: 0.4)
            CATransaction.flush()
            #expect(navigation.viewControllers == [root])
            #expect(labels(in: bar).map(\.text) == ["Inbox"])
        }
    }

    /// Bar button items: a system item's title, a tap running its primary action.
    @Test func aBarButtonItemsActionRuns() throws {
        let root = titled("List")
        var added = 0
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .add, primaryAction: UIAction { _ in added += 1 })
        root.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain)
        let navigation = UINavigationController(rootViewController: root)
        let window = shown(navigation)
        let bar = navigation.navigationBar
        let add = try #require(buttons(in: bar).first { $0.currentTitle == "+" })
        #expect(abs(add.frame.maxX - 374) < 1e-9)
        let edit = try #require(buttons(in: bar).first { $0.currentTitle == "Edit" })
        #expect(edit.frame.minX == 8)
        let point = add.convert(CGPoint(x: add.bounds.midX, y: add.bounds.midY), to: window)
        window.liftTouch(window.touchDown(at: point))
        #expect(added == 1)
    }

    /// Hiding the bar animated slides it above the screen over 0.2 s; the safe area follows.
    @Test func hidingTheBarSlidesItAway() throws {
        try withManualClock { clock in
            let root = titled("Photos")
            let navigation = UINavigationController(rootViewController: root)
            _ = shown(navigation)
            CATransaction.flush()
            navigation.setNavigationBarHidden(true, animated: true)
            #expect(navigation.isNavigationBarHidden && root.view.safeAreaInsets.top == 47)
            CATransaction.flush()
            clock.advance(by: 0.1)
            let y = try #require(navigation.navigationBar.layer.presentation()?.frame.minY)
            #expect(abs(y - (47 + -44) / 2) < 0.01, "half way from 47 to -44, eased in and out")
            clock.advance(by: 0.11)
            #expect(navigation.navigationBar.frame.minY == -44)
        }
    }

    /// Large titles: a 96-point bar, the title on the leading side below the buttons' row.
    @Test func largeTitlesMakeTheBarTaller() throws {
        let root = titled("Settings")
        let navigation = UINavigationController(rootViewController: root)
        navigation.navigationBar.prefersLargeTitles = true
        _ = shown(navigation)
        #expect(navigation.navigationBar.frame.height == 96 && root.view.safeAreaInsets.top == 47 + 96)
        let title = try #require(labels(in: navigation.navigationBar).first { $0.text == "Settings" })
        #expect(title.frame.minX == 16 && title.frame.minY > 44 && title.font.pointSize == 34)
        root.navigationItem.largeTitleDisplayMode = .never
        navigation.view.layoutIfNeeded()
        #expect(navigation.navigationBar.frame.height == 44)
    }
}
