import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// A presentation controller that notes when its container lays out, as iOS subclasses
/// override those calls to place their views.
@MainActor
final class LayoutNotingPresentation: UIPresentationController {
    var calls: [String] = []

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        calls.append("will")
        presentedView?.frame = frameOfPresentedViewInContainerView
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        calls.append("did")
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height - 300, width: bounds.width, height: 300)
    }
}

/// Gives ``LayoutNotingPresentation`` for a `.custom` presentation, and no animator (the
/// system's runs).
@MainActor
final class LayoutNotingTransitions: NSObject, UIViewControllerTransitioningDelegate {
    var made: LayoutNotingPresentation?

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        let presentation = LayoutNotingPresentation(presentedViewController: presented, presenting: presenting)
        made = presentation
        return presentation
    }
}

/// UIKit members real iOS files reach for: the accessibility container methods, presentation
/// controllers' layout calls, tab bar items' badges and title offset, button background images,
/// dynamic colours and HSB, a controller's additional safe area and its layout guides, and
/// `awakeFromNib` on constraints.
@MainActor
@Suite("UIKit gaps: accessibility containers, presentation layout, badges, backgrounds, colours", .serialized)
struct UIKitGapsTests {
    // MARK: Accessibility containers

    /// By default the three methods read `accessibilityElements`: its count (0 when nil), its
    /// element at an index (nil out of range) and an element's index, by identity.
    @Test func theContainerMethodsReadTheElements() throws {
        let container = UIView()
        #expect(container.accessibilityElementCount() == 0)
        #expect(container.accessibilityElement(at: 0) == nil)
        #expect(container.index(ofAccessibilityElement: UIView()) == NSNotFound)

        let first = UIView()
        let second = UIView()
        let bar = UIAccessibilityElement(accessibilityContainer: container)
        container.accessibilityElements = [first, bar, second, "a string"]
        #expect(container.accessibilityElementCount() == 4)
        #expect((container.accessibilityElement(at: 1) as? UIAccessibilityElement) === bar)
        #expect((container.accessibilityElement(at: 2) as? UIView) === second)
        #expect(container.accessibilityElement(at: 4) == nil && container.accessibilityElement(at: -1) == nil)
        #expect(container.index(ofAccessibilityElement: first) == 0)
        #expect(container.index(ofAccessibilityElement: bar) == 1)
        #expect(container.index(ofAccessibilityElement: second) == 2)
        #expect(container.index(ofAccessibilityElement: UIView()) == NSNotFound, "another view: by identity")
        #expect(container.index(ofAccessibilityElement: "a string") == NSNotFound, "not an object")
    }

    /// A view that makes its elements on demand overrides the three, as a chart does on iOS.
    @Test func aSubclassGivesItsElementsOnDemand() throws {
        final class BarChart: UIView {
            lazy var bars: [UIAccessibilityElement] = (0..<3).map { _ in
                UIAccessibilityElement(accessibilityContainer: self)
            }
            override func accessibilityElementCount() -> Int { bars.count }
            override func accessibilityElement(at index: Int) -> Any? {
                bars.indices.contains(index) ? bars[index] : nil
            }
            override func index(ofAccessibilityElement element: Any) -> Int {
                bars.firstIndex { $0 === (element as AnyObject) } ?? NSNotFound
            }
        }
        let chart = BarChart()
        let view: UIView = chart
        #expect(view.accessibilityElements == nil)
        #expect(view.accessibilityElementCount() == 3)
        #expect((view.accessibilityElement(at: 2) as? UIAccessibilityElement) === chart.bars[2])
        #expect(view.index(ofAccessibilityElement: chart.bars[1]) == 1)
        #expect(view.index(ofAccessibilityElement: UIView()) == NSNotFound)
    }

    // MARK: Presentation controllers

    /// A subclass's `containerViewWillLayoutSubviews()` runs when the container lays out during
    /// the presentation, before `containerViewDidLayoutSubviews()`, and again at each layout.
    @Test func aPresentationControllerHearsItsContainerLayOut() throws {
        try withManualClock { clock in
            let root = UIViewController()
            let window = keyWindow(showing: root)
            let transitions = LayoutNotingTransitions()
            let card = UIViewController()
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = transitions
            root.present(card, animated: true)
            CATransaction.flush()
            clock.advance(by: 0.51)
            CATransaction.flush()
            let presentation = try #require(transitions.made)
            #expect(card.presentationController === presentation)
            #expect(Array(presentation.calls.prefix(2)) == ["will", "did"], "the container laid out")
            #expect(card.view.frame == CGRect(x: 0, y: 544, width: 390, height: 300))

            let container = try #require(presentation.containerView)
            presentation.calls = []
            container.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
            container.layoutIfNeeded()
            #expect(presentation.calls == ["will", "did"])
            #expect(card.view.frame == CGRect(x: 0, y: 300, width: 390, height: 300))
            let compact = UITraitCollection(horizontalSizeClass: .compact)
            #expect(presentation.adaptivePresentationStyle(for: compact) == .custom)
            withExtendedLifetime(window) {}
        }
    }

    // MARK: Tab bar items

    /// The badge a subclass's `badgeValue` override gives is the one drawn; the title moves by
    /// `titlePositionAdjustment`; the badge text takes its `.normal` attributes.
    @Test func aTabBarItemSubclassGivesItsBadge() throws {
        final class CountedItem: UITabBarItem {
            var count = 0
            override var badgeValue: String? {
                get { count == 0 ? nil : "\(count)" }
                set { count = Int(newValue ?? "") ?? 0 }
            }
        }
        let item = CountedItem(title: "Inbox", image: nil, tag: 0)
        item.count = 7
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 390, height: 49))
        bar.items = [item]
        bar.layoutIfNeeded()
        var button = try #require(bar.subviews.first { $0 is UIControl })
        let badge = try #require(button.subviews[2] as? UILabel)
        #expect(badge.text == "7" && !badge.isHidden)
        #expect(item.titlePositionAdjustment == .zero && item.badgeColor == nil)

        item.titlePositionAdjustment = UIOffset(horizontal: 4, vertical: -3)
        item.setBadgeTextAttributes([.foregroundColor: UIColor.black], for: .normal)
        bar.layoutIfNeeded()
        button = try #require(bar.subviews.first { $0 is UIControl })
        let title = try #require(button.subviews[1] as? UILabel)
        #expect(title.text == "Inbox")
        #expect(title.frame == CGRect(x: 4, y: 32, width: 390, height: 12), "35 − 3 down, 4 right")
        #expect(item.badgeTextAttributes(for: .normal)?[.foregroundColor] as? UIColor == .black)
        #expect(item.badgeTextAttributes(for: .selected) == nil)
        #expect((button.subviews[2] as? UILabel)?.textColor == .black)
    }

    // MARK: Button background images

    /// A background image stands behind the title, stretched over the bounds; each state's
    /// falls back to the normal state's; the pressed button shows the highlighted one.
    @Test func aButtonDrawsItsBackgroundImageOverItsBounds() throws {
        let normal = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30)).image { _ in }
        let pressed = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30)).image { _ in }
        let button = UIButton(type: .custom)
        #expect(button.currentBackgroundImage == nil)
        button.setBackgroundImage(normal, for: .normal)
        button.setBackgroundImage(pressed, for: .highlighted)
        #expect(button.backgroundImage(for: .normal) === normal)
        #expect(button.backgroundImage(for: .disabled) === normal, "falls back to the normal state's")
        #expect(button.backgroundImage(for: .highlighted) === pressed)
        #expect(button.currentBackgroundImage === normal)
        #expect(button.intrinsicContentSize == CGSize(width: 60, height: 30), "at least the image's size")

        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 10, y: 20, width: 120, height: 44)
        button.layoutIfNeeded()
        let background = try #require(button.subviews.first as? UIImageView)
        #expect(background.image === normal)
        #expect(background.frame == button.bounds && background.frame == CGRect(x: 0, y: 0, width: 120, height: 44))
        #expect(button.subviews.last === button.titleLabel, "the title in front")
        #expect(!background.isUserInteractionEnabled)

        button.isHighlighted = true
        #expect(button.currentBackgroundImage === pressed && background.image === pressed)
        button.isHighlighted = false
        #expect(background.image === normal)
    }

    /// A subclass places the background through `backgroundRect(forBounds:)`.
    @Test func aSubclassPlacesTheBackgroundThroughBackgroundRect() throws {
        final class InsetButton: UIButton {
            override func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 4, dy: 2) }
        }
        let button = InsetButton(type: .custom)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in }
        button.setBackgroundImage(image, for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        button.layoutIfNeeded()
        #expect(UIButton(type: .custom).backgroundRect(forBounds: button.bounds) == button.bounds)
        let background = try #require(button.subviews.first as? UIImageView)
        #expect(background.frame == CGRect(x: 4, y: 2, width: 92, height: 36))
    }

    // MARK: Colours

    /// A dynamic colour is its light colour by default (what it draws) and its dark colour
    /// for dark traits; other colours resolve to themselves.
    @Test func aDynamicColourResolvesForTheTraits() {
        let light = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let dark = UIColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        let card = UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }
        #expect(card.cgColor == light.cgColor, "drawn light: there is no dark appearance")
        #expect(card.resolvedColor(with: UITraitCollection.current) == light)
        #expect(card.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == light)
        #expect(card.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == dark)
        let darkView = UIView()
        darkView.overrideUserInterfaceStyle = .dark
        #expect(card.resolvedColor(with: darkView.traitCollection) == dark)
        #expect(UIColor.red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === UIColor.red)

        let faded = card.withAlphaComponent(0.5)
        #expect(faded.cgColor == light.cgColor.copy(alpha: 0.5))
        #expect(faded.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == dark.withAlphaComponent(0.5))
    }

    /// `UITraitCollection.current` is the screen's (light) until set; `performAsCurrent(_:)`
    /// sets it for a while.
    @Test func theCurrentTraitsAreTheScreensUntilSet() {
        // The screen's on the main thread, a light collection on any other (tests may run on either).
        #expect(UITraitCollection.current.userInterfaceStyle == .light)
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        var inside = UIUserInterfaceStyle.unspecified
        dark.performAsCurrent { inside = UITraitCollection.current.userInterfaceStyle }
        #expect(inside == .dark)
        #expect(UITraitCollection.current.userInterfaceStyle == .light, "set back")
    }

    /// HSB as UIKit converts it: pure red is hue 0, saturation 1, brightness 1; (0.5, 0.25,
    /// 0.25) is hue 0, saturation 0.5, brightness 0.5; blue is two thirds round; a grey has no
    /// hue or saturation.
    @Test func colorsReadAsHueSaturationAndBrightness() {
        var hue: CGFloat = -1
        var saturation: CGFloat = -1
        var brightness: CGFloat = -1
        var alpha: CGFloat = -1
        let red = UIColor.red.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        #expect(red)
        #expect(hue == 0 && saturation == 1 && brightness == 1 && alpha == 1)

        let maroon = UIColor(red: 0.5, green: 0.25, blue: 0.25, alpha: 0.8)
        _ = maroon.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        #expect(abs(hue) < 1e-6 && abs(saturation - 0.5) < 1e-6 && abs(brightness - 0.5) < 1e-6)
        #expect(abs(alpha - 0.8) < 1e-6)

        _ = UIColor.blue.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        #expect(abs(hue - 2.0 / 3) < 1e-6 && saturation == 1 && brightness == 1)
        _ = UIColor.gray.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        #expect(hue == 0 && saturation == 0 && brightness == 0.5)
    }

    /// `init(hue:saturation:brightness:alpha:)` gives the RGB colour back; `getWhite` reads a
    /// grey's level and an RGB colour's luminance; Display P3 components are taken as sRGB.
    @Test func colorsAreMadeFromHueAndReadAsWhite() {
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1) == .red, "a full turn is red again")
        var red: CGFloat = -1
        var green: CGFloat = -1
        var blue: CGFloat = -1
        var alpha: CGFloat = -1
        let made = UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 0.4)
        _ = made.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        #expect(abs(red - 0.4) < 1e-9 && abs(green - 0.8) < 1e-9)
        #expect(abs(blue - 0.8) < 1e-9 && abs(alpha - 0.4) < 1e-9)
        var hue: CGFloat = -1
        var saturation: CGFloat = -1
        var brightness: CGFloat = -1
        _ = made.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: nil)
        #expect(abs(hue - 0.5) < 1e-9 && abs(saturation - 0.5) < 1e-9 && abs(brightness - 0.8) < 1e-9)

        var white: CGFloat = -1
        let read = UIColor(white: 0.25, alpha: 0.5).getWhite(&white, alpha: &alpha)
        #expect(read && white == 0.25 && alpha == 0.5)
        _ = UIColor.red.getWhite(&white, alpha: nil)
        #expect(abs(white - 0.299) < 1e-9)
        #expect(UIColor(displayP3Red: 1, green: 0.5, blue: 0, alpha: 1) == .orange)
    }

    // MARK: Safe area

    /// Additional insets add to the safe area the window gives the controller's view, and tell
    /// the controller.
    @Test func additionalInsetsAddToTheViewsSafeArea() {
        final class InsetController: UIViewController {
            var told = 0
            override func viewSafeAreaInsetsDidChange() {
                super.viewSafeAreaInsetsDidChange()
                told += 1
            }
        }
        let controller = InsetController()
        let window = keyWindow(showing: controller)
        let given = controller.view.safeAreaInsets
        #expect(given == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let toldBefore = controller.told
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        #expect(controller.view.safeAreaInsets.top == given.top + 20)
        #expect(controller.view.safeAreaInsets.bottom == given.bottom)
        #expect(controller.told == toldBefore + 1)
        controller.additionalSafeAreaInsets = .zero
        #expect(controller.view.safeAreaInsets == given && controller.told == toldBefore + 2)
        withExtendedLifetime(window) {}

        let early = InsetController()
        early.additionalSafeAreaInsets.left = 12
        #expect(early.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 0), "set before loading")
        #expect(early.told == 0, "not told from loadView(), before viewDidLoad()")
    }

    /// A container's additional insets reach the children it places: a navigation
    /// controller's top view's safe area starts below the bar, which moves down with them.
    @Test func aContainersAdditionalInsetsReachItsChildren() {
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        let window = keyWindow(showing: navigation)
        navigation.view.layoutIfNeeded()
        #expect(root.view.safeAreaInsets.top == 91)
        navigation.additionalSafeAreaInsets.top = 10
        navigation.view.layoutIfNeeded()
        #expect(navigation.navigationBar.frame.minY == 57)
        #expect(root.view.safeAreaInsets.top == 101)
        withExtendedLifetime(window) {}
    }

    /// The iOS 7 layout guides: their lengths are the safe area's top and bottom insets, and
    /// a view constrained between them fills the safe area.
    @Test func theLayoutGuidesSpanTheInsets() {
        let controller = UIViewController()
        let window = keyWindow(showing: controller)
        #expect(controller.topLayoutGuide.length == controller.view.safeAreaInsets.top)
        #expect(controller.topLayoutGuide.length == 47 && controller.bottomLayoutGuide.length == 34)
        #expect(controller.topLayoutGuide === controller.topLayoutGuide, "one guide")

        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: controller.topLayoutGuide.bottomAnchor),
            content.bottomAnchor.constraint(equalTo: controller.bottomLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
        ])
        controller.view.layoutIfNeeded()
        #expect(abs(content.frame.minY - 47) < 1e-9 && abs(content.frame.height - (844 - 47 - 34)) < 1e-9)

        controller.additionalSafeAreaInsets.top = 20
        #expect(controller.topLayoutGuide.length == 67)
        controller.view.layoutIfNeeded()
        #expect(abs(content.frame.minY - 67) < 1e-9)
        withExtendedLifetime(window) {}
    }

    // MARK: Nibs

    /// A constraint subclass overrides `awakeFromNib()`; there are no nibs, so only a call of
    /// one's own runs it.
    @Test func aConstraintSubclassOverridesAwakeFromNib() {
        final class NibConstraint: NSLayoutConstraint {
            var awoke = false
            override func awakeFromNib() {
                super.awakeFromNib()
                awoke = true
            }
        }
        let constraint = NibConstraint()
        #expect(!constraint.awoke)
        constraint.awakeFromNib()
        #expect(constraint.awoke)
    }

    /// The scroll indicators' insets (one property sets both) and the application's status bar
    /// settings of old are kept for code that sets them.
    @Test func indicatorInsetsAndTheOldStatusBarSettingsAreKept() {
        let scrollView = UIScrollView()
        scrollView.scrollIndicatorInsets = UIEdgeInsets(top: 4, left: 0, bottom: 8, right: 2)
        #expect(scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 4, left: 0, bottom: 8, right: 2))
        #expect(scrollView.horizontalScrollIndicatorInsets == scrollView.verticalScrollIndicatorInsets)
        scrollView.verticalScrollIndicatorInsets.top = 10
        #expect(scrollView.scrollIndicatorInsets.top == 10 && scrollView.horizontalScrollIndicatorInsets.top == 4)

        let application = UIApplication.shared
        defer {
            application.statusBarStyle = .default
            application.isStatusBarHidden = false
        }
        application.setStatusBarStyle(.lightContent, animated: true)
        application.setStatusBarHidden(true, with: .fade)
        #expect(application.statusBarStyle == .lightContent && application.isStatusBarHidden)
    }
}
