import Foundation
import OpenUIKit
import SnapshotTesting

/// A device a view controller is snapshotted on: swift-snapshot-testing's `ViewImageConfig`,
/// which exists only where UIKit does. The devices and their sizes, safe areas and size classes
/// are swift-snapshot-testing's; the display scale is left unspecified, as there, so pictures
/// are drawn at 1 pixel a point unless the traits say otherwise.
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable {
        case landscape, portrait
    }

    public var safeArea: UIEdgeInsets
    public var size: CGSize?
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }

    /// A phone: its portrait size and safe area, turned for landscape, with the size classes
    /// phones have (a "Max" or "Plus" phone is regular wide in landscape).
    private static func phone(
        _ orientation: Orientation, width: CGFloat, height: CGFloat, portraitSafeArea: UIEdgeInsets,
        landscapeSafeArea: UIEdgeInsets, large: Bool = false
    ) -> ViewImageConfig {
        switch orientation {
        case .portrait:
            return ViewImageConfig(
                safeArea: portraitSafeArea, size: CGSize(width: width, height: height),
                traits: UITraitCollection(traitsFrom: [
                    UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(verticalSizeClass: .regular),
                ]))
        case .landscape:
            return ViewImageConfig(
                safeArea: landscapeSafeArea, size: CGSize(width: height, height: width),
                traits: UITraitCollection(traitsFrom: [
                    UITraitCollection(horizontalSizeClass: large ? .regular : .compact),
                    UITraitCollection(verticalSizeClass: .compact),
                ]))
        }
    }

    private static let homeButton = (UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), UIEdgeInsets.zero)
    private static let notch44 = (
        UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0), UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
    )
    private static let notch47 = (
        UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
    )
    private static let notch50 = (
        UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0), UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50)
    )

    public static func iPhoneSe(_ o: Orientation) -> Self {
        phone(o, width: 320, height: 568, portraitSafeArea: homeButton.0, landscapeSafeArea: homeButton.1)
    }
    public static func iPhone8(_ o: Orientation) -> Self {
        phone(o, width: 375, height: 667, portraitSafeArea: homeButton.0, landscapeSafeArea: homeButton.1)
    }
    public static func iPhone8Plus(_ o: Orientation) -> Self {
        phone(o, width: 414, height: 736, portraitSafeArea: homeButton.0, landscapeSafeArea: homeButton.1, large: true)
    }
    public static func iPhoneX(_ o: Orientation) -> Self {
        phone(o, width: 375, height: 812, portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1)
    }
    public static func iPhoneXsMax(_ o: Orientation) -> Self {
        phone(o, width: 414, height: 896, portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1, large: true)
    }
    public static func iPhoneXr(_ o: Orientation) -> Self {
        phone(o, width: 414, height: 896, portraitSafeArea: notch44.0, landscapeSafeArea: notch44.1, large: true)
    }
    public static func iPhone12(_ o: Orientation) -> Self {
        phone(o, width: 390, height: 844, portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1)
    }
    public static func iPhone12Pro(_ o: Orientation) -> Self { iPhone12(o) }
    public static func iPhone12ProMax(_ o: Orientation) -> Self {
        phone(o, width: 428, height: 926, portraitSafeArea: notch47.0, landscapeSafeArea: notch47.1, large: true)
    }
    public static func iPhone13(_ o: Orientation) -> Self { iPhone12(o) }
    public static func iPhone13Mini(_ o: Orientation) -> Self {
        phone(o, width: 375, height: 812, portraitSafeArea: notch50.0, landscapeSafeArea: notch50.1)
    }
    public static func iPhone13Pro(_ o: Orientation) -> Self { iPhone12(o) }
    public static func iPhone13ProMax(_ o: Orientation) -> Self { iPhone12ProMax(o) }

    public static let iPhoneSe = iPhoneSe(.portrait)
    public static let iPhone8 = iPhone8(.portrait)
    public static let iPhone8Plus = iPhone8Plus(.portrait)
    public static let iPhoneX = iPhoneX(.portrait)
    public static let iPhoneXsMax = iPhoneXsMax(.portrait)
    public static let iPhoneXr = iPhoneXr(.portrait)
    public static let iPhone12 = iPhone12(.portrait)
    public static let iPhone12Pro = iPhone12Pro(.portrait)
    public static let iPhone12ProMax = iPhone12ProMax(.portrait)
    public static let iPhone13 = iPhone13(.portrait)
    public static let iPhone13Mini = iPhone13Mini(.portrait)
    public static let iPhone13Pro = iPhone13Pro(.portrait)
    public static let iPhone13ProMax = iPhone13ProMax(.portrait)

    /// A tablet, full screen: regular in both size classes, 20 points of status bar (24 at the
    /// top and 20 at the bottom for the iPad Pro 11-inch).
    private static func tablet(_ o: Orientation, width: CGFloat, height: CGFloat, safeArea: UIEdgeInsets) -> Self {
        ViewImageConfig(
            safeArea: safeArea,
            size: o == .portrait ? CGSize(width: width, height: height) : CGSize(width: height, height: width),
            traits: UITraitCollection(traitsFrom: [
                UITraitCollection(horizontalSizeClass: .regular), UITraitCollection(verticalSizeClass: .regular),
            ]))
    }

    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    public static func iPadMini(_ o: Orientation) -> Self { tablet(o, width: 768, height: 1024, safeArea: statusBar) }
    public static func iPad9_7(_ o: Orientation) -> Self { iPadMini(o) }
    public static func iPad10_2(_ o: Orientation) -> Self { tablet(o, width: 810, height: 1080, safeArea: statusBar) }
    public static func iPadPro10_5(_ o: Orientation) -> Self {
        tablet(o, width: 834, height: 1112, safeArea: statusBar)
    }
    public static func iPadPro11(_ o: Orientation) -> Self {
        tablet(o, width: 834, height: 1194, safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    }
    public static func iPadPro12_9(_ o: Orientation) -> Self {
        tablet(o, width: 1024, height: 1366, safeArea: statusBar)
    }

    public static let iPadMini = iPadMini(.landscape)
    public static let iPad9_7 = iPad9_7(.landscape)
    public static let iPad10_2 = iPad10_2(.landscape)
    public static let iPadPro10_5 = iPadPro10_5(.landscape)
    public static let iPadPro11 = iPadPro11(.landscape)
    public static let iPadPro12_9 = iPadPro12_9(.landscape)
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A view controller's picture on the main screen's size (an iPhone 13), every byte to match.
    public static var image: Snapshotting { .image() }

    /// A view controller's picture on `config`'s device: its view in a window of the device's
    /// size (else `size`, else the main screen's) with the device's safe area, laid out, and
    /// drawn at the traits' display scale (1 when unspecified).
    ///
    ///     assertSnapshot(of: ProfileViewController(), as: .image(on: .iPhone13))
    public static func image(
        on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        let scale = merged.displayScale > 0 ? merged.displayScale : 1
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { controller in
                MainActor.assumeIsolated {
                    let bounds = CGRect(origin: .zero, size: size ?? config.size ?? UIScreen.main.bounds.size)
                    return ControllerPicture.draw(controller, in: bounds, safeArea: config.safeArea, scale: scale)
                }
            }
    }

    /// A view controller's picture in a window of the main screen's size (or `size`) with the
    /// main screen's safe area.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let config = ViewImageConfig(
            safeArea: MainActor.assumeIsolated { UIScreen.main.safeAreaInsets }, size: size, traits: traits)
        return image(on: config, precision: precision, perceptualPrecision: perceptualPrecision)
    }
}

/// Pictures of view controllers: shown in a window of their own for the picture, then taken
/// out of it, so that a controller can be snapshotted again.
@MainActor
enum ControllerPicture {
    static func draw(_ controller: UIViewController, in bounds: CGRect, safeArea: UIEdgeInsets, scale: CGFloat)
        -> UIImage
    {
        let window = UIWindow(frame: bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.safeAreaInsets = safeArea
        controller.view.safeAreaInsets = safeArea
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        let picture = LayerPicture.draw(window.layer, presented: false, scale: scale)
        window.rootViewController = nil
        return picture
    }
}
