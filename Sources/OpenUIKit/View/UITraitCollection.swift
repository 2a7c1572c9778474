import Foundation

/// The interface style a trait collection names: UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

/// A size class a trait collection names: UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// Traits of the environment things are drawn for: UIKit's `UITraitCollection`, with its
/// display scale, interface style and size classes.
///
/// Differences from UIKit: there is no screen and no dark appearance. `displayScale` chooses
/// among an image's scales (`UIImage(named:in:compatibleWith:)`) and the scale of snapshot
/// pictures; the interface style and size classes are kept for code that reads them, and
/// nothing here draws differently for them.
open class UITraitCollection: NSObject, @unchecked Sendable {
    // `@unchecked Sendable` as UIKit's: the stored properties never change.

    /// Pixels per point of the display (0: unspecified).
    public let displayScale: CGFloat
    /// Light or dark (`.unspecified` unless given).
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// The horizontal size class (`.unspecified` unless given).
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// The vertical size class (`.unspecified` unless given).
    public let verticalSizeClass: UIUserInterfaceSizeClass

    private init(
        displayScale: CGFloat, style: UIUserInterfaceStyle, horizontal: UIUserInterfaceSizeClass,
        vertical: UIUserInterfaceSizeClass
    ) {
        self.displayScale = displayScale
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        super.init()
    }

    /// Traits with nothing specified.
    public override convenience init() {
        self.init(displayScale: 0, style: .unspecified, horizontal: .unspecified, vertical: .unspecified)
    }

    /// Traits with a display scale.
    public convenience init(displayScale: CGFloat) {
        self.init(displayScale: displayScale, style: .unspecified, horizontal: .unspecified, vertical: .unspecified)
    }

    /// Traits with an interface style.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(displayScale: 0, style: userInterfaceStyle, horizontal: .unspecified, vertical: .unspecified)
    }

    /// Traits with a horizontal size class.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, style: .unspecified, horizontal: horizontalSizeClass, vertical: .unspecified)
    }

    /// Traits with a vertical size class.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, style: .unspecified, horizontal: .unspecified, vertical: verticalSizeClass)
    }

    /// The traits of `traitCollections` together: each trait from the last collection that
    /// specifies it, as UIKit merges them.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        let scale = traitCollections.last(where: { $0.displayScale != 0 })?.displayScale ?? 0
        let style = traitCollections.last(where: { $0.userInterfaceStyle != .unspecified })?.userInterfaceStyle
        let horizontal = traitCollections.last(where: { $0.horizontalSizeClass != .unspecified })?.horizontalSizeClass
        let vertical = traitCollections.last(where: { $0.verticalSizeClass != .unspecified })?.verticalSizeClass
        self.init(
            displayScale: scale, style: style ?? .unspecified, horizontal: horizontal ?? .unspecified,
            vertical: vertical ?? .unspecified)
    }
}
