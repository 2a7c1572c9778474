import Foundation
import Synchronization

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

/// Whether a device's screen senses how hard it is pressed: UIKit's `UIForceTouchCapability`.
public enum UIForceTouchCapability: Int, Sendable {
    case unknown = 0
    case unavailable = 1
    case available = 2
}

/// Traits of the environment things are drawn for: UIKit's `UITraitCollection`, with its
/// display scale, interface style, size classes, preferred content size category and force
/// touch capability. Two collections are equal (`isEqual(_:)`, `==`) when every trait is.
///
/// Differences from UIKit: there is no hardware and no dark appearance. `displayScale` chooses
/// among an image's scales (`UIImage(named:in:compatibleWith:)`) and the scale of snapshot
/// pictures; the interface style, size classes and content size category are kept for code
/// that reads them, and nothing here draws differently for them.
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
    /// The size the user chose for text (`.unspecified` unless given).
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Whether the screen senses pressure (`.unknown` unless given; the screen's is
    /// `.unavailable`).
    public let forceTouchCapability: UIForceTouchCapability

    private init(
        displayScale: CGFloat, style: UIUserInterfaceStyle, horizontal: UIUserInterfaceSizeClass,
        vertical: UIUserInterfaceSizeClass, contentSize: UIContentSizeCategory = .unspecified,
        forceTouch: UIForceTouchCapability = .unknown
    ) {
        self.displayScale = displayScale
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        preferredContentSizeCategory = contentSize
        forceTouchCapability = forceTouch
        super.init()
    }

    /// The collection set as the current one, if any (``current``).
    private static let currentStorage = Mutex<UITraitCollection?>(nil)

    /// The traits code runs with (iOS 13), which ``UIColor/resolvedColor(with:)`` is commonly
    /// asked with: the collection last set (``performAsCurrent(_:)`` sets it for a while), else
    /// `UIScreen.main`'s traits (light) — off the main thread, where the screen cannot be read,
    /// a collection of just the light interface style.
    ///
    /// Differences from UIKit: it is one value for the whole process (UIKit keeps one per
    /// thread), and nothing here sets it around a view's `layoutSubviews()`, `draw(_:)` or
    /// `traitCollectionDidChange(_:)`, as UIKit sets it to the view's traits there.
    public static var current: UITraitCollection {
        get {
            if let chosen = currentStorage.withLock({ $0 }) { return chosen }
            guard Thread.isMainThread else { return UITraitCollection(userInterfaceStyle: .light) }
            return MainActor.assumeIsolated { UIScreen.main.traitCollection }
        }
        set { currentStorage.withLock { $0 = newValue } }
    }

    /// Runs `actions` with this collection as ``current``, then sets back the one before.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let before = UITraitCollection.currentStorage.withLock { stored in
            let before = stored
            stored = self
            return before
        }
        defer { UITraitCollection.currentStorage.withLock { $0 = before } }
        try actions()
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

    /// Traits with a preferred content size category.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(
            displayScale: 0, style: .unspecified, horizontal: .unspecified, vertical: .unspecified,
            contentSize: preferredContentSizeCategory)
    }

    /// Traits with a force touch capability.
    public convenience init(forceTouchCapability: UIForceTouchCapability) {
        self.init(
            displayScale: 0, style: .unspecified, horizontal: .unspecified, vertical: .unspecified,
            forceTouch: forceTouchCapability)
    }

    /// The traits of `traitCollections` together: each trait from the last collection that
    /// specifies it, as UIKit merges them.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        let scale = traitCollections.last(where: { $0.displayScale != 0 })?.displayScale ?? 0
        let style = traitCollections.last(where: { $0.userInterfaceStyle != .unspecified })?.userInterfaceStyle
        let horizontal = traitCollections.last(where: { $0.horizontalSizeClass != .unspecified })?.horizontalSizeClass
        let vertical = traitCollections.last(where: { $0.verticalSizeClass != .unspecified })?.verticalSizeClass
        let contentSize = traitCollections.last(where: { $0.preferredContentSizeCategory != .unspecified })?
            .preferredContentSizeCategory
        let forceTouch = traitCollections.last(where: { $0.forceTouchCapability != .unknown })?.forceTouchCapability
        self.init(
            displayScale: scale, style: style ?? .unspecified, horizontal: horizontal ?? .unspecified,
            vertical: vertical ?? .unspecified, contentSize: contentSize ?? .unspecified,
            forceTouch: forceTouch ?? .unknown)
    }

    /// Whether `object` is a trait collection with the same value for every trait.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return displayScale == other.displayScale && userInterfaceStyle == other.userInterfaceStyle
            && horizontalSizeClass == other.horizontalSizeClass && verticalSizeClass == other.verticalSizeClass
            && preferredContentSizeCategory == other.preferredContentSizeCategory
            && forceTouchCapability == other.forceTouchCapability
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(displayScale)
        hasher.combine(userInterfaceStyle)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(preferredContentSizeCategory)
        hasher.combine(forceTouchCapability)
        return hasher.finalize()
    }

    /// Whether every trait `trait` specifies has the same value here: UIKit's
    /// `containsTraits(in:)` (true for nil).
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.preferredContentSizeCategory == .unspecified
                || trait.preferredContentSizeCategory == preferredContentSizeCategory)
            && (trait.forceTouchCapability == .unknown || trait.forceTouchCapability == forceTouchCapability)
    }

    /// Whether colours would resolve differently for the two collections: whether their
    /// interface styles differ (UIKit also compares the contrast and the elevation, which there
    /// are none of here); true against nil.
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        userInterfaceStyle != traitCollection?.userInterfaceStyle
    }
}

/// Something that has traits and hears when they change: UIKit's `UITraitEnvironment`. Views,
/// view controllers, presentation controllers and screens are trait environments.
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    /// The traits the environment is drawn for.
    var traitCollection: UITraitCollection { get }
    /// Called after ``traitCollection`` changed, with the traits it had before.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
