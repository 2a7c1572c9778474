import Foundation

/// How a view's content is laid out for languages written right to left: UIKit's
/// `UISemanticContentAttribute`, with its raw values.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    /// Playback controls, which stay left to right.
    case playback = 1
    /// Directional controls (arrows, a joystick), which stay left to right.
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

extension UIView: UITraitEnvironment {}

extension UIView {
    // A view's traits are its screen's with an interface style: the nearest one set from the
    // view up, on a view or on the controller whose view it is. Nothing is stored per view but
    // the style set on it, so a move costs nothing; reading the traits walks up to the nearest
    // style set, and not at all until some view or controller sets one.

    /// Whether a view or view controller has ever set an interface style: until one does,
    /// every view's style is its screen's and reading traits walks nothing.
    static var interfaceStylesOverridden = false

    /// The style set on the view, else on the view controller whose view it is
    /// (`.unspecified`: neither sets one).
    var ownOrControllerInterfaceStyle: UIUserInterfaceStyle {
        if ownInterfaceStyle != .unspecified { return ownInterfaceStyle }
        return owningViewController?.ownInterfaceStyle ?? .unspecified
    }

    /// The nearest style set from the view up (`.unspecified`: none, the screen's applies).
    var inheritedInterfaceStyle: UIUserInterfaceStyle {
        guard UIView.interfaceStylesOverridden else { return .unspecified }
        var current: UIView? = self
        while let view = current {
            let style = view.ownOrControllerInterfaceStyle
            if style != .unspecified { return style }
            current = view.superviewReference
        }
        return .unspecified
    }

    /// The screen the view's traits come from: its window's, else the main screen.
    var traitScreen: UIScreen { window?.screen ?? UIScreen.main }

    /// What ``traitCollection`` answers unless overridden.
    var inheritedTraitCollection: UITraitCollection {
        Self.traits(traitScreen.traitCollection, style: inheritedInterfaceStyle)
    }

    /// `screenTraits` with `style` in place of the screen's style (unless unspecified).
    static func traits(_ screenTraits: UITraitCollection, style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != .unspecified, style != screenTraits.userInterfaceStyle else { return screenTraits }
        return UITraitCollection(traitsFrom: [screenTraits, UITraitCollection(userInterfaceStyle: style)])
    }

    /// Changes the style set on the view with `change`, then tells the view, and each view
    /// below it whose traits changed with it, through `traitCollectionDidChange(_:)`.
    func changeInterfaceStyle(_ change: () -> Void) {
        let before = inheritedInterfaceStyle
        change()
        if ownInterfaceStyle != .unspecified { UIView.interfaceStylesOverridden = true }
        interfaceStyleChanged(from: before)
    }

    /// Tells the view, and the views below it that inherit its style, that their traits
    /// changed, if the style the view had (`previousStyle`) gave other traits than the one it
    /// has now. Each view's controller, when it is a controller's view, is told first.
    func interfaceStyleChanged(from previousStyle: UIUserInterfaceStyle) {
        let screenTraits = traitScreen.traitCollection
        let previous = Self.traits(screenTraits, style: previousStyle)
        let current = Self.traits(screenTraits, style: inheritedInterfaceStyle)
        guard !previous.isEqual(current) else { return }
        tellTraitsChanged(from: previous)
        // An explicit stack: hierarchies may be of any depth. A view with a style of its own
        // (or its controller's) keeps its traits, and so do the views below it.
        var pending: [UIView] = subviewList.reversed()
        while let view = pending.popLast() {
            guard view.ownOrControllerInterfaceStyle == .unspecified else { continue }
            view.tellTraitsChanged(from: previous)
            pending.append(contentsOf: view.subviewList.reversed())
        }
    }

    /// Calls `traitCollectionDidChange(_:)` on the view controller whose view this is, then on
    /// the view.
    func tellTraitsChanged(from previous: UITraitCollection) {
        owningViewController?.traitCollectionDidChange(previous)
        traitCollectionDidChange(previous)
    }

    /// After `screen`'s traits changed from `previous`: tells the screen, then every view of
    /// the shown windows on it (and each controller whose view one is) whose traits changed,
    /// parents first.
    static func screenTraitsChanged(_ screen: UIScreen, from previous: UITraitCollection) {
        let current = screen.traitCollection
        guard !previous.isEqual(current) else { return }
        screen.traitCollectionDidChange(previous)
        for window in UIApplication.shared.windows where window.screen === screen {
            let root: UIView = window
            var pending: [(view: UIView, inherited: UIUserInterfaceStyle)] = [
                (view: root, inherited: root.superviewReference?.inheritedInterfaceStyle ?? .unspecified)
            ]
            while let entry = pending.popLast() {
                let own = entry.view.ownOrControllerInterfaceStyle
                let style = own != .unspecified ? own : entry.inherited
                let before = traits(previous, style: style)
                if !before.isEqual(traits(current, style: style)) { entry.view.tellTraitsChanged(from: before) }
                pending.append(contentsOf: entry.view.subviewList.reversed().map { (view: $0, inherited: style) })
            }
        }
    }

    /// After the application's content size category changed from `previous`: tells the main
    /// screen and the screens of the shown windows, and the views on them.
    static func contentSizeCategoryChanged(from previous: UIContentSizeCategory) {
        var screens = [UIScreen.main]
        for window in UIApplication.shared.windows where !screens.contains(where: { $0 === window.screen }) {
            screens.append(window.screen)
        }
        for screen in screens {
            screenTraitsChanged(
                screen, from: screen.traits(bounds: screen.bounds, scale: screen.scale, contentSize: previous))
        }
    }

    // MARK: Layout direction

    /// The direction a view with `attribute` lays out in: right to left for
    /// `.forceRightToLeft`, else left to right (the application's direction here).
    public class func userInterfaceLayoutDirection(
        for attribute: UISemanticContentAttribute
    ) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

    /// The direction a view with `semanticContentAttribute` lays out in where the surrounding
    /// direction is `layoutDirection`: the forced ones as they say, playback and spatial
    /// content left to right, unspecified content in `layoutDirection`.
    public class func userInterfaceLayoutDirection(
        for semanticContentAttribute: UISemanticContentAttribute,
        relativeTo layoutDirection: UIUserInterfaceLayoutDirection
    ) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: layoutDirection
        }
    }

    /// The direction the view's content reads in: right to left when its
    /// ``semanticContentAttribute`` is `.forceRightToLeft`, else left to right. Layout is left
    /// to right whatever this says.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        Self.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }
}
