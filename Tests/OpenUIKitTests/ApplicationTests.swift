import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
final class LoggingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var launched = false

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        launched = true
        return true
    }
}

@MainActor
@Suite("The application, named colours, semantic colours and index paths", .serialized)
struct ApplicationTests {
    @Test func theApplicationEndsTheResponderChainAndKnowsItsWindows() {
        let app = UIApplication.shared
        let delegate = LoggingAppDelegate()
        app.delegate = delegate
        defer { app.delegate = nil }
        #expect(delegate.application(app, didFinishLaunchingWithOptions: nil) && delegate.launched)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView()
        window.addSubview(view)
        #expect(window.next === app && app.next === delegate)
        window.makeKeyAndVisible()
        #expect(app.windows.last === window && app.keyWindow === window)
        #expect(app.applicationState == .active && !app.canOpenURL(URL(string: "https://example.com")!))
    }

    @Test func ignoringInteractionEventsKeepsTouchesFromViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let target = UIView(frame: window.bounds)
        window.addSubview(target)
        UIApplication.shared.beginIgnoringInteractionEvents()
        let ignored = window.touchDown(at: CGPoint(x: 50, y: 50))
        window.liftTouch(ignored)
        UIApplication.shared.endIgnoringInteractionEvents()
        #expect(ignored.view == nil)
        let touch = window.touchDown(at: CGPoint(x: 50, y: 50))
        window.liftTouch(touch)
        #expect(touch.view === target)
    }

    /// A colour set as Xcode writes one: a float, hex and integer component each, and a dark
    /// variant chosen only for dark traits.
    @Test func aNamedColourComesFromTheAssetCatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("colours-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("App/Assets.xcassets/Brand/accent.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let json = """
            {"colors":[
              {"idiom":"universal","color":{"color-space":"srgb","components":{"red":"1.000","green":"0x80","blue":"51","alpha":"0.500"}}},
              {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],
               "color":{"color-space":"srgb","components":{"red":"0.000","green":"0.000","blue":"1.000","alpha":"1.000"}}}
            ],"info":{"author":"xcode","version":1}}
            """
        try Data(json.utf8).write(to: set.appendingPathComponent("Contents.json"))
        let bundle = try #require(Bundle(path: folder.path))
        let light = try #require(UIColor(named: "accent", in: bundle, compatibleWith: nil))
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        light.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 1) < 1e-6 && abs(g - 128.0 / 255) < 1e-6 && abs(b - 51.0 / 255) < 1e-6 && abs(a - 0.5) < 1e-6)
        let dark = try #require(
            UIColor(named: "accent", in: bundle, compatibleWith: UITraitCollection(userInterfaceStyle: .dark)))
        dark.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 0 && b == 1 && a == 1)
        #expect(UIColor(named: "missing", in: bundle, compatibleWith: nil) == nil)
        #expect(UIColor(named: "") == nil)
    }

    @Test func semanticColoursHaveTheLightAppearancesValues() {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        UIColor.secondaryLabel.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 60.0 / 255) < 1e-6 && abs(b - 67.0 / 255) < 1e-6 && abs(a - 0.6) < 1e-6)
        #expect(UIColor.systemBackground == .white && UIColor.label == .black)
        UIColor.systemGray6.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 242.0 / 255) < 1e-6 && abs(b - 247.0 / 255) < 1e-6)
    }

    @Test func indexPathsReadAsSectionsRowsAndItems() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1 && path.row == 3 && path.item == 3)
        path.row = 4
        #expect(path == IndexPath(item: 4, section: 1))
    }

    @Test func aControllersStatusBarPreferencesCanBeOverridden() {
        final class Dark: UIViewController {
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
            override var prefersStatusBarHidden: Bool { true }
        }
        let controller: UIViewController = Dark()
        #expect(controller.preferredStatusBarStyle == .lightContent && controller.prefersStatusBarHidden)
        #expect(UIViewController().preferredStatusBarStyle == .default)
        #expect(UIScreen.main.traitCollection.horizontalSizeClass == .compact)
        #expect(UIScreen.main.traitCollection.verticalSizeClass == .regular)
    }
}

@MainActor
@Suite("Visual effect views: the effect's tint, fading in inside a block", .serialized)
struct VisualEffectViewTests {
    /// Setting a blur inside a 1 s linear block fades its tint in: the dark style's 73 % is at
    /// half that half way; the layer carries the blur as a background filter.
    @Test func aBlurFadesInInsideABlock() throws {
        try withManualClock { clock in
            let blur = UIVisualEffectView(effect: nil)
            blur.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            blur.layoutIfNeeded()
            let tint = try #require(blur.subviews.first)
            #expect(tint.alpha == 0 && blur.layer.backgroundFilters == nil)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                blur.effect = UIBlurEffect(style: .dark)
            }
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(abs(Double(tint.layer.presentation()?.opacity ?? -1) - 0.365) < 1e-6)
            #expect((blur.layer.backgroundFilters?.first as? CAFilter)?.type == "gaussianBlur")
            let label = UILabel()
            blur.contentView.addSubview(label)
            #expect(blur.subviews.last === blur.contentView)
        }
    }
}

@MainActor
@Suite struct ApplicationKeyValueCodingTests {
    /// Libraries built for app extensions reach the shared application by key.
    @Test func theClassAnswersForItsSharedInstance() {
        #expect(UIApplication.value(forKeyPath: "shared") as? UIApplication === UIApplication.shared)
        #expect(UIApplication.value(forKey: "sharedApplication") as? UIApplication === UIApplication.shared)
    }
}
