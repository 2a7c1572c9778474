import Foundation

/// The display: Apple's `UIScreen`. There is no hardware here; ``main`` describes an iPhone 13
/// (390 × 844 points at scale 3), the device snapshot tests default to, and a test may set its
/// bounds and scale to another. A new size or scale that changes the screen's traits tells the
/// screen and every view (and view controller) of the shown windows on it, through
/// `traitCollectionDidChange(_:)`.
@preconcurrency @MainActor
open class UIScreen: NSObject, UITraitEnvironment {
    /// The screen apps draw on.
    public static let main = UIScreen()

    /// The screen's rectangle in points.
    open var bounds = CGRect(x: 0, y: 0, width: 390, height: 844) {
        didSet {
            guard bounds.size != oldValue.size else { return }
            let category = UIApplication.shared.preferredContentSizeCategory
            UIView.screenTraitsChanged(self, from: traits(bounds: oldValue, scale: scale, contentSize: category))
        }
    }
    /// Pixels per point.
    open var scale: CGFloat = 3 {
        didSet {
            guard scale != oldValue else { return }
            let category = UIApplication.shared.preferredContentSizeCategory
            UIView.screenTraitsChanged(self, from: traits(bounds: bounds, scale: oldValue, contentSize: category))
        }
    }
    /// Pixels per point of the physical display: the same as ``scale`` here.
    open var nativeScale: CGFloat { scale }
    /// The screen's rectangle in pixels.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    /// The insets the status bar and the home indicator take: iPhone 13's 47 and 34 points.
    open var safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    /// The refresh rate, frames a second.
    open var maximumFramesPerSecond = 60
    /// The screen's traits: its scale, the light appearance, the size classes of its bounds
    /// (an iPhone's: compact width; compact height when wider than tall), the application's
    /// ``UIApplication/preferredContentSizeCategory`` and no force touch (`.unavailable`).
    open var traitCollection: UITraitCollection {
        traits(bounds: bounds, scale: scale, contentSize: UIApplication.shared.preferredContentSizeCategory)
    }

    /// Called after the screen's traits changed (a new size, scale or content size category);
    /// does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The traits of a screen of `bounds` and `scale` with text of `contentSize`.
    func traits(bounds: CGRect, scale: CGFloat, contentSize: UIContentSizeCategory) -> UITraitCollection {
        let landscape = bounds.width > bounds.height
        return UITraitCollection(traitsFrom: [
            UITraitCollection(displayScale: scale), UITraitCollection(userInterfaceStyle: .light),
            UITraitCollection(horizontalSizeClass: landscape && bounds.width >= 736 ? .regular : .compact),
            UITraitCollection(verticalSizeClass: landscape ? .compact : .regular),
            UITraitCollection(preferredContentSizeCategory: contentSize),
            UITraitCollection(forceTouchCapability: .unavailable),
        ])
    }
}

/// The status bar's look: UIKit's `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content in light mode, light content in dark mode.
    case `default` = 0
    /// Light content, for dark backgrounds.
    case lightContent = 1
    /// Dark content, for light backgrounds.
    case darkContent = 3
}

/// How the status bar shows or hides: UIKit's `UIStatusBarAnimation`.
public enum UIStatusBarAnimation: Int, Sendable {
    case none, fade, slide
}
