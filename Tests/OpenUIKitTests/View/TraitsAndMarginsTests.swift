import Foundation
import OpenUIKit
import Testing

/// A view that writes each `traitCollectionDidChange(_:)` it hears to a log, with the
/// previous style.
@MainActor
private final class TraitView: UIView {
    let name: String
    let log: CallLog

    init(_ name: String, _ log: CallLog) {
        self.name = name
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    required init?(coder: NSCoder) { fatalError("not archived") }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log.entries.append("\(name) \(Self.describe(previousTraitCollection))")
    }

    /// The previous traits as the log shows them: the style, or the scale when asked.
    static func describe(_ traits: UITraitCollection?) -> String {
        switch traits?.userInterfaceStyle {
        case .light: "light"
        case .dark: "dark"
        case .unspecified: "unspecified"
        case nil: "nil"
        }
    }
}

/// A controller that writes each `traitCollectionDidChange(_:)` it hears to a log.
@MainActor
private final class TraitController: UIViewController {
    let log: CallLog

    init(_ log: CallLog) {
        self.log = log
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("not archived") }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log.entries.append("controller \(TraitView.describe(previousTraitCollection))")
    }
}

/// Counts what a notification observer saw (the observer's closure is `@Sendable`).
private final class Seen: @unchecked Sendable {
    var categories: [UIContentSizeCategory] = []
}

/// Traits (`UITraitEnvironment`, interface style overrides, the content size category and
/// the screen's traits), layout direction, layout margin flags, the orientation and status
/// bar preferences of view controllers, and the C spellings of the geometry functions.
@MainActor
@Suite("Traits, layout direction and margins", .serialized)
struct TraitsAndMarginsTests {
    // MARK: Content size categories

    @Test func contentSizeCategoriesCompareInSizeOrder() {
        let ordered: [UIContentSizeCategory] = [
            .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
            .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
            .accessibilityExtraExtraExtraLarge,
        ]
        #expect(Array(ordered.reversed()).sorted() == ordered)
        #expect(UIContentSizeCategory.small < .large)
        #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        #expect(UIContentSizeCategory.unspecified < .extraSmall, "unspecified comes first")
        #expect(ordered.filter(\.isAccessibilityCategory) == Array(ordered.suffix(5)))
        #expect(!UIContentSizeCategory.unspecified.isAccessibilityCategory)
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        #expect(
            UIContentSizeCategory.accessibilityExtraExtraExtraLarge.rawValue
                == "UICTContentSizeCategoryAccessibilityXXXL")
        #expect(UIContentSizeCategory.unspecified.rawValue == "_UICTContentSizeCategoryUnspecified")
        #expect(UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS") == .extraSmall)
    }

    @Test func theApplicationsCategoryIsLargeAndInEveryonesTraits() {
        #expect(UIApplication.shared.preferredContentSizeCategory == .large)
        #expect(UIScreen.main.traitCollection.preferredContentSizeCategory == .large)
        #expect(UIView().traitCollection.preferredContentSizeCategory == .large)
        #expect(UIViewController().traitCollection.preferredContentSizeCategory == .large)
        #expect(UITraitCollection().preferredContentSizeCategory == .unspecified)
        let merged = UITraitCollection(traitsFrom: [
            UITraitCollection(preferredContentSizeCategory: .small), UITraitCollection(displayScale: 2),
        ])
        #expect(merged.preferredContentSizeCategory == .small && merged.displayScale == 2)
    }

    /// A new category tells the views of a shown window (previous traits: `.large`) and posts
    /// the notification with the new category.
    @Test func aNewCategoryTellsTheViewsAndPostsTheNotification() {
        let log = CallLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let view = TraitView("view", log)
        window.addSubview(view)
        final class Previous: UIView {
            var categories: [UIContentSizeCategory?] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                categories.append(previousTraitCollection?.preferredContentSizeCategory)
            }
        }
        let recorder = Previous()
        view.addSubview(recorder)
        let seen = Seen()
        let observer = NotificationCenter.default.addObserver(
            forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: nil
        ) { note in
            if let category = note.userInfo?[UIContentSizeCategory.newValueUserInfoKey] as? UIContentSizeCategory {
                seen.categories.append(category)
            }
        }
        defer {
            NotificationCenter.default.removeObserver(observer)
            UIApplication.shared.preferredContentSizeCategory = .large
        }
        UIApplication.shared.preferredContentSizeCategory = .accessibilityLarge
        #expect(seen.categories == [.accessibilityLarge])
        #expect(recorder.categories == [.large])
        #expect(log.entries == ["view light"])
        #expect(view.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
        UIApplication.shared.preferredContentSizeCategory = .accessibilityLarge
        #expect(seen.categories.count == 1 && recorder.categories.count == 1, "the same category changes nothing")
    }

    // MARK: Trait environments

    @Test func viewsControllersScreensAndPresentationControllersAreTraitEnvironments() {
        let presented = UIViewController()
        let environments: [any UITraitEnvironment] = [
            UIView(), UIViewController(), UIScreen.main,
            UIPresentationController(presentedViewController: presented, presenting: nil),
        ]
        for environment in environments {
            #expect(environment.traitCollection == UIScreen.main.traitCollection)
        }
        let traits = UIScreen.main.traitCollection
        #expect(traits.userInterfaceStyle == .light && traits.displayScale == 3)
        #expect(traits.forceTouchCapability == .unavailable)
        #expect(UITraitCollection().forceTouchCapability == .unknown)
        #expect(UIForceTouchCapability.available.rawValue == 2)
        #expect(traits.containsTraits(in: UITraitCollection(userInterfaceStyle: .light)))
        #expect(!traits.containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(traits.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UITraitCollection(displayScale: 2) == UITraitCollection(displayScale: 2))
        #expect(UITraitCollection(displayScale: 2) != UITraitCollection(displayScale: 3))
    }

    /// `overrideUserInterfaceStyle = .dark` tells the view and its subview once each, the
    /// previous style light; a subview with a style of its own keeps its traits.
    @Test func overridingTheStyleTellsTheViewAndTheViewsBelow() {
        let log = CallLog()
        let parent = TraitView("parent", log)
        let child = TraitView("child", log)
        parent.addSubview(child)
        #expect(child.traitCollection.userInterfaceStyle == .light)
        parent.overrideUserInterfaceStyle = .dark
        #expect(log.take() == ["parent light", "child light"])
        #expect(parent.traitCollection.userInterfaceStyle == .dark && child.traitCollection.userInterfaceStyle == .dark)
        #expect(child.overrideUserInterfaceStyle == .unspecified && parent.overrideUserInterfaceStyle == .dark)
        parent.overrideUserInterfaceStyle = .dark
        #expect(log.take().isEmpty, "the same style changes nothing")

        child.overrideUserInterfaceStyle = .dark
        #expect(log.take().isEmpty, "the child's traits are the same")
        parent.overrideUserInterfaceStyle = .unspecified
        #expect(log.take() == ["parent dark"], "the child keeps its own dark")
        #expect(parent.traitCollection.userInterfaceStyle == .light)

        let plain = TraitView("plain", log)
        plain.overrideUserInterfaceStyle = .light
        #expect(log.take().isEmpty, "light is the screen's style already")
        // A view moved under a dark view reads dark (it is not told: moves tell nothing).
        let dark = UIView()
        dark.overrideUserInterfaceStyle = .dark
        let moved = UIView()
        dark.addSubview(moved)
        #expect(moved.traitCollection.userInterfaceStyle == .dark)
        #expect(moved.traitCollection.displayScale == UIScreen.main.scale)
    }

    /// A controller's style is its view's and the views' below, the controller told first.
    @Test func aControllersStyleReachesItsView() {
        let log = CallLog()
        let controller = TraitController(log)
        let view = TraitView("view", log)
        let child = TraitView("child", log)
        view.addSubview(child)
        controller.view = view
        controller.overrideUserInterfaceStyle = .dark
        #expect(log.take() == ["controller light", "view light", "child light"])
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(child.traitCollection.userInterfaceStyle == .dark)

        // Before its view is made, the controller alone is told.
        let unloaded = TraitController(log)
        unloaded.overrideUserInterfaceStyle = .dark
        #expect(log.take() == ["controller light"])
        #expect(!unloaded.isViewLoaded && unloaded.traitCollection.userInterfaceStyle == .dark)
        #expect(unloaded.view.traitCollection.userInterfaceStyle == .dark, "its view takes the style")
    }

    /// A new scale of the screen tells the screen and the views of the shown windows on it.
    @Test func aNewScreenScaleTellsTheViewsOfShownWindows() {
        let log = CallLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        final class ScaleView: UIView {
            var previousScales: [CGFloat] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                previousScales.append(previousTraitCollection?.displayScale ?? -1)
            }
        }
        let view = ScaleView()
        window.addSubview(view)
        let dark = TraitView("dark", log)
        dark.overrideUserInterfaceStyle = .dark
        #expect(log.take() == ["dark light"])
        window.addSubview(dark)
        let screen = UIScreen.main
        defer { screen.scale = 3 }
        screen.scale = 2
        #expect(view.previousScales == [3])
        #expect(view.traitCollection.displayScale == 2)
        #expect(log.take() == ["dark dark"], "a view with its own style keeps it in the previous traits")
        screen.scale = 2
        #expect(view.previousScales == [3], "the same scale changes nothing")
    }

    // MARK: Layout direction

    @Test func layoutIsLeftToRightUnlessForcedRightToLeft() {
        let view = UIView()
        #expect(view.semanticContentAttribute == .unspecified)
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
        #expect(UISemanticContentAttribute.forceRightToLeft.rawValue == 4)
        #expect(UIUserInterfaceLayoutDirection.rightToLeft.rawValue == 1)
    }

    // MARK: Margins

    @Test func marginFlagsAndDirectionalMargins() {
        let view = UIView()
        #expect(!view.preservesSuperviewLayoutMargins && view.insetsLayoutMarginsFromSafeArea)
        view.preservesSuperviewLayoutMargins = true
        view.insetsLayoutMarginsFromSafeArea = false
        #expect(view.preservesSuperviewLayoutMargins && !view.insetsLayoutMarginsFromSafeArea)
        #expect(view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), "leading is left")
        view.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        #expect(view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8))
    }

    // MARK: View controllers

    @Test func orientationAndStatusBarPreferencesHaveUIKitsDefaults() {
        let controller = UIViewController()
        #expect(controller.supportedInterfaceOrientations == .allButUpsideDown)
        #expect(controller.shouldAutorotate)
        #expect(controller.preferredInterfaceOrientationForPresentation == .portrait)
        #expect(!controller.isModalInPresentation)
        controller.isModalInPresentation = true
        #expect(controller.isModalInPresentation)
        #expect(controller.preferredStatusBarStyle == .default && !controller.prefersStatusBarHidden)
        #expect(controller.preferredStatusBarUpdateAnimation == .fade)
        #expect(!controller.prefersHomeIndicatorAutoHidden && controller.childForStatusBarStyle == nil)
        #expect(controller.preferredScreenEdgesDeferringSystemGestures == [])
        controller.setNeedsStatusBarAppearanceUpdate()
        controller.setNeedsUpdateOfSupportedInterfaceOrientations()
        UIViewController.attemptRotationToDeviceOrientation()

        final class PortraitOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
            override var shouldAutorotate: Bool { false }
            override var prefersHomeIndicatorAutoHidden: Bool { true }
            override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }
        }
        let portrait: UIViewController = PortraitOnly()
        #expect(portrait.supportedInterfaceOrientations == .portrait && !portrait.shouldAutorotate)
        #expect(portrait.prefersHomeIndicatorAutoHidden && portrait.preferredStatusBarStyle == .darkContent)
        #expect(UIStatusBarStyle.darkContent.rawValue == 3 && UIStatusBarStyle.lightContent.rawValue == 1)
    }

    // MARK: Touches

    @Test func touchesHaveNoForce() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let touch = window.touchDown(at: CGPoint(x: 10, y: 10))
        #expect(touch.force == 0 && touch.maximumPossibleForce == 0)
        touch.force = 2
        #expect(touch.force == 2)
        window.liftTouch(touch)
    }

    // MARK: The C spellings

    @Test func theCSpellingsOfTheGeometryFunctions() {
        let rect = CGRectMake(1, 2, 3, 4)
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGPointMake(1, 2) == CGPoint(x: 1, y: 2) && CGSizeMake(3, 4) == CGSize(width: 3, height: 4))
        #expect(CGRectZero == .zero && CGPointZero == .zero && CGSizeZero == .zero)
        #expect(CGRectNull.isNull && CGRectIsNull(CGRectNull) && CGRectIsEmpty(CGRectZero))
        #expect(CGRectContainsPoint(CGRectInfinite, CGPoint(x: -1e300, y: 1e300)))
        #expect(CGRectGetMinX(rect) == 1 && CGRectGetMidX(rect) == 2.5 && CGRectGetMaxX(rect) == 4)
        #expect(CGRectGetMinY(rect) == 2 && CGRectGetMidY(rect) == 4 && CGRectGetMaxY(rect) == 6)
        #expect(CGRectGetWidth(rect) == 3 && CGRectGetHeight(rect) == 4)
        #expect(CGRectInset(rect, 0.5, 1) == CGRect(x: 1.5, y: 3, width: 2, height: 2))
        #expect(CGRectOffset(rect, 10, 20) == CGRect(x: 11, y: 22, width: 3, height: 4))
        #expect(CGRectContainsPoint(rect, CGPoint(x: 2, y: 3)) && !CGRectContainsPoint(rect, CGPoint(x: 5, y: 3)))
        #expect(CGRectIntersectsRect(rect, CGRectMake(3, 5, 10, 10)))
        #expect(!CGRectIntersectsRect(rect, CGRectMake(5, 5, 1, 1)))
        #expect(CGRectUnion(rect, CGRectMake(10, 10, 1, 1)) == CGRect(x: 1, y: 2, width: 10, height: 9))
        #expect(CGRectEqualToRect(rect, CGRect(x: 4, y: 6, width: -3, height: -4)))
        #expect(CGAffineTransformIdentity == .identity && CATransform3DIdentity == CATransform3DMakeScale(1, 1, 1))
        #expect(CGAffineTransformMakeTranslation(1, 2) == CGAffineTransform(translationX: 1, y: 2))
        #expect(UIEdgeInsetsZero == .zero && NSDirectionalEdgeInsetsZero == .zero)
        let insets = UIEdgeInsetsMake(1, 2, 3, 4)
        #expect(insets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(UIEdgeInsetsInsetRect(CGRectMake(0, 0, 10, 10), insets) == CGRect(x: 2, y: 1, width: 4, height: 6))
        let directional = NSDirectionalEdgeInsetsMake(1, 2, 3, 4)
        #expect(directional == NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
    }
}
