import Foundation

/// The display: Apple's `UIScreen`. There is no hardware here; ``main`` describes an iPhone 13
/// (390 × 844 points at scale 3), the device snapshot tests default to, and a test may set its
/// bounds and scale to another.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The screen apps draw on.
    public static let main = UIScreen()

    /// The screen's rectangle in points.
    open var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// Pixels per point.
    open var scale: CGFloat = 3
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
}
