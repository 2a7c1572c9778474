import OpenUIKit
import QuartzTestSupport
import Testing

/// Coordinate spaces, scenes, the status bar's frame, font descriptors and offsets: the UIKit
/// iOS files reach for around their animations.
@MainActor
@Suite struct CoordinateSpaceTests {
    @Test func viewsAndTheScreenConvertThroughTheWindowsFrame() {
        let window = UIWindow(frame: CGRect(x: 0, y: 100, width: 390, height: 744))
        let card = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 50))
        let badge = UIView(frame: CGRect(x: 10, y: 5, width: 20, height: 20))
        window.addSubview(card)
        card.addSubview(badge)
        let screen: any UICoordinateSpace = UIScreen.main.coordinateSpace
        #expect(badge.convert(CGPoint(x: 1, y: 2), to: screen) == CGPoint(x: 31, y: 137))
        #expect(badge.convert(CGPoint(x: 31, y: 137), from: screen) == CGPoint(x: 1, y: 2))
        #expect(
            card.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: screen)
                == CGRect(x: 20, y: 130, width: 10, height: 10))
        #expect(UIScreen.main.convert(CGPoint(x: 31, y: 137), to: badge) == CGPoint(x: 1, y: 2))
        // A view given as a space converts as a view does.
        let space: any UICoordinateSpace = card
        #expect(badge.convert(CGPoint.zero, to: space) == CGPoint(x: 10, y: 5))
        #expect(UIScreen.main.fixedCoordinateSpace.bounds == UIScreen.main.bounds)
    }

    @Test func aRotatedViewConvertsRectanglesToTheirBoundingBoxes() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(view)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let converted = view.convert(view.bounds, to: UIScreen.main)
        #expect(abs(converted.minX - 100) < 1e-9 && abs(converted.width - 100) < 1e-9)
        #expect(abs(converted.minY - 100) < 1e-9 && abs(converted.height - 100) < 1e-9)
    }

    @Test func theAppHasOneWindowSceneWithItsShownWindowsAndAStatusBar() throws {
        let scenes = UIApplication.shared.connectedScenes
        #expect(scenes.count == 1)
        let scene = try #require(scenes.first as? UIWindowScene)
        #expect(scene.activationState == .foregroundActive)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        #expect(window.windowScene === scene)
        #expect(scene.windows.contains { $0 === window })
        #expect(scene.keyWindow === window)
        #expect(window.screen === UIScreen.main)
        #expect(scene.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 47))
        #expect(scene.interfaceOrientation == .portrait)
        #expect(
            (UIApplication.shared as any StatusBarOrientationReading).statusBarOrientation == .portrait,
            "iOS 12's spelling: the scene's")
        let another = UIWindow(windowScene: scene)
        #expect(another.frame == UIScreen.main.bounds)
        #expect(another.windowScene === scene)
    }

    @Test func theStatusBarsStyleIsTheDecidingControllersPreference() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let root = StyledController(.lightContent)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let manager = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.statusBarManager
        #expect(manager?.statusBarStyle == .lightContent)
        root.child = StyledController(.darkContent)
        #expect(manager?.statusBarStyle == .darkContent, "a container defers to its child for the style")
        root.child = nil
        let sheet = StyledController(.darkContent)
        sheet.modalPresentationStyle = .fullScreen
        root.present(sheet, animated: false)
        #expect(manager?.statusBarStyle == .darkContent, "a full-screen presented controller decides")
        sheet.dismiss(animated: false)
        let card = StyledController(.darkContent)
        card.modalPresentationStyle = .formSheet
        root.present(card, animated: false)
        #expect(manager?.statusBarStyle == .lightContent, "a form sheet does not, unless it captures the look")
        card.modalPresentationCapturesStatusBarAppearance = true
        #expect(manager?.statusBarStyle == .darkContent)
        card.dismiss(animated: false)
    }

    @Test func fontDescriptorsMakeTheFontsTheirTraitsName() throws {
        let helvetica = try #require(UIFont(name: "Helvetica", size: 17))
        let bold = try #require(helvetica.fontDescriptor.withSymbolicTraits(.traitBold))
        #expect(UIFont(descriptor: bold, size: 0).fontName == "Helvetica-Bold")
        #expect(UIFont(descriptor: bold, size: 0).pointSize == 17)
        let boldItalic = try #require(helvetica.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: boldItalic, size: 20).fontName == "Helvetica-BoldItalic")
        #expect(boldItalic.symbolicTraits == [.traitBold, .traitItalic])
        let system = UIFont.systemFont(ofSize: 15).fontDescriptor
        let systemBold = try #require(system.withSymbolicTraits(.traitBold))
        #expect(UIFont(descriptor: systemBold, size: 15).fontName == ".SFUI-Bold")
        #expect(try #require(system.withDesign(.monospaced)).postscriptName == ".SFUIMono-Regular")
        #expect(helvetica.fontDescriptor.withDesign(.rounded) == nil)
        let headline = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        #expect(headline.pointSize == 17)
        #expect(UIFont(descriptor: headline.withSize(30), size: 0).pointSize == 30)
    }

    @Test func offsetsAndLiteralTypes() {
        #expect(UIOffset.zero == UIOffset(horizontal: 0, vertical: 0))
        #expect(UIOffsetMake(2, -3) == UIOffset(horizontal: 2, vertical: -3))
        let color = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(String(describing: type(of: color)) == "UIColor")
    }
}

/// Reads the deprecated `statusBarOrientation` through a requirement, without the warning.
@MainActor private protocol StatusBarOrientationReading {
    var statusBarOrientation: UIInterfaceOrientation { get }
}

extension UIApplication: StatusBarOrientationReading {}

/// A controller preferring a status-bar style, deferring to `child` when it has one.
@MainActor
private final class StyledController: UIViewController {
    let style: UIStatusBarStyle
    var child: UIViewController?

    init(_ style: UIStatusBarStyle) {
        self.style = style
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    override var preferredStatusBarStyle: UIStatusBarStyle { style }
    override var childForStatusBarStyle: UIViewController? { child }
}
