import Foundation

// iOS 15's button configurations. A configuration does not lay the button out itself: it sets
// what the plain button has — the normal state's title, title colour and image, the content
// insets, the title font — and the layer's background colour, corner radius and border, so
// UIButton's own layout (`contentRect`, `titleRect`, `imageRect`) places a configured button's
// content as it places any other.

/// Edges of a rectangle that follow the writing direction: Apple's `NSDirectionalRectEdge`,
/// with its raw values.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let top = Self(rawValue: 1 << 0)
    public static let leading = Self(rawValue: 1 << 1)
    public static let bottom = Self(rawValue: 1 << 2)
    public static let trailing = Self(rawValue: 1 << 3)
    public static let all: Self = [.top, .leading, .bottom, .trailing]
}

/// What a background looks like: Apple's `UIBackgroundConfiguration`, with the settings a
/// button's background uses — its colour, corner radius and stroke.
public struct UIBackgroundConfiguration: Hashable, Sendable {
    /// The fill; nil lets the view decide (a configured button's style and base colour).
    public var backgroundColor: UIColor?
    /// The corners' radius, used by a button whose corner style is `.fixed` (0 by default).
    public var cornerRadius: CGFloat = 0
    /// The colour of the outline; nil for none.
    public var strokeColor: UIColor?
    /// The width of the outline (0 by default: set it with a stroke colour).
    public var strokeWidth: CGFloat = 0

    init() {}

    /// A background that draws nothing of its own.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}

extension UIButton {
    /// Called to update a button's configuration for its state: UIKit's
    /// `UIButton.ConfigurationUpdateHandler`.
    public typealias ConfigurationUpdateHandler = @MainActor (UIButton) -> Void

    /// How a button looks, iOS 15's way: UIKit's `UIButton.Configuration` — a style made by one
    /// of the static constructors, a title and image with their padding, placement and insets,
    /// base colours, a background and a corner style.
    ///
    ///     var configuration = UIButton.Configuration.filled()
    ///     configuration.title = "Continue"
    ///     configuration.image = UIImage(systemName: "arrow.right")
    ///     configuration.imagePlacement = .trailing
    ///     configuration.imagePadding = 8
    ///     let button = UIButton(configuration: configuration, primaryAction: continueAction)
    ///
    /// What the styles draw (`baseForegroundColor` and `background.backgroundColor`, when set,
    /// replace the foreground and background named here):
    /// - `.plain()`, `.borderless()`: no background; the title and image in the tint colour.
    /// - `.tinted()`, `.borderedTinted()`: the base background colour (the tint when nil) at
    ///   15 % opacity, the title and image in the tint colour (UIKit's tinted background is the
    ///   tint at a low alpha; 15 % is this module's figure).
    /// - `.gray()`, `.bordered()`: a `systemGray5` background (UIKit's gray fill is not
    ///   documented), the title and image in the tint colour.
    /// - `.filled()`, `.borderedProminent()`: the base background colour, else the tint; the
    ///   title and image white.
    ///
    /// The corners (this module's figures: UIKit does not document them) are 4 points for
    /// `.small`, 6 for `.medium` and `.dynamic`, 10 for `.large`, half the height for
    /// `.capsule` (kept so as the button is laid out) and `background.cornerRadius` for
    /// `.fixed`. The size sets the default insets and the title's text style: `.mini` 3 points
    /// above and below, 8 at the sides, footnote; `.small` 5 and 10, subheadline; `.medium` 7
    /// and 12 (UIKit's), body; `.large` 14 and 20, body — UIKit-like figures of this module's.
    /// While highlighted, a configured button's title and image are at 50 % opacity; disabled,
    /// its title is at 35 %, as a plain button's.
    ///
    /// Differences from UIKit: the subtitle is kept but not drawn (there is no subtitle label),
    /// so `titlePadding` moves nothing; `titleAlignment` is kept; the transformers, the
    /// indicator and the Mac idiom style are not here. Leading is left and trailing right, as
    /// everywhere in this module.
    public struct Configuration: Hashable, Sendable {
        /// The look a static constructor chose.
        enum Style: Hashable, Sendable {
            case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent
        }

        /// The rounding of a configured button's corners: UIKit's
        /// `UIButton.Configuration.CornerStyle`.
        public enum CornerStyle: Hashable, Sendable {
            /// The background's `cornerRadius`.
            case fixed
            /// As `.medium` here (UIKit adapts it to the size and Dynamic Type).
            case dynamic
            case small
            case medium
            case large
            /// Half the height: round ends.
            case capsule
        }

        /// How large a configured button is: UIKit's `UIButton.Configuration.Size`.
        public enum Size: Hashable, Sendable {
            case mini, small, medium, large
        }

        /// How the title and subtitle align with each other: UIKit's
        /// `UIButton.Configuration.TitleAlignment` (kept; the subtitle is not drawn here).
        public enum TitleAlignment: Hashable, Sendable {
            case automatic, leading, center, trailing
        }

        let style: Style

        /// The background: its colour, when set, replaces the style's.
        public var background = UIBackgroundConfiguration.clear()
        /// The rounding of the corners (`.dynamic` by default).
        public var cornerStyle = CornerStyle.dynamic
        /// The size: the default insets and the title's text style (`.medium` by default).
        public var buttonSize = Size.medium
        /// The title and image colour in place of the style's (nil: the style's).
        public var baseForegroundColor: UIColor?
        /// The background colour the style starts from (nil: the tint colour).
        public var baseBackgroundColor: UIColor?
        /// The image, before or after the title by ``imagePlacement``.
        public var image: UIImage?
        /// The symbol configuration a symbol image is drawn with, its settings in place of the
        /// image's own.
        public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?
        /// Whether a spinner (a medium ``UIActivityIndicatorView`` in the foreground colour)
        /// stands in the image's place.
        public var showsActivityIndicator = false
        /// The title with its attributes (only its characters are drawn here).
        public var attributedTitle: AttributedString?
        /// The subtitle with its attributes (kept; not drawn here).
        public var attributedSubtitle: AttributedString?
        /// Where the image is, next to the title: `.leading` (the default), `.trailing`, `.top`
        /// or `.bottom`.
        public var imagePlacement = NSDirectionalRectEdge.leading
        /// The space between the image and the title (0 by default).
        public var imagePadding: CGFloat = 0
        /// The space between the title and the subtitle (0 by default; kept).
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle align (`.automatic` by default; kept).
        public var titleAlignment = TitleAlignment.automatic
        /// The insets set; nil for the size's.
        private var explicitContentInsets: NSDirectionalEdgeInsets?

        init(style: Style) {
            self.style = style
        }

        /// No background; the content in the tint colour.
        public static func plain() -> UIButton.Configuration { Configuration(style: .plain) }
        /// The tint at a low opacity behind the content in the tint colour.
        public static func tinted() -> UIButton.Configuration { Configuration(style: .tinted) }
        /// A gray background behind the content in the tint colour.
        public static func gray() -> UIButton.Configuration { Configuration(style: .gray) }
        /// The tint behind white content.
        public static func filled() -> UIButton.Configuration { Configuration(style: .filled) }
        /// As ``plain()``.
        public static func borderless() -> UIButton.Configuration { Configuration(style: .borderless) }
        /// As ``gray()``.
        public static func bordered() -> UIButton.Configuration { Configuration(style: .bordered) }
        /// As ``tinted()``.
        public static func borderedTinted() -> UIButton.Configuration { Configuration(style: .borderedTinted) }
        /// As ``filled()``.
        public static func borderedProminent() -> UIButton.Configuration { Configuration(style: .borderedProminent) }

        /// The title, from ``attributedTitle``'s characters; setting it sets that without
        /// attributes.
        public var title: String? {
            get { attributedTitle.map { String($0.characters) } }
            set { attributedTitle = newValue.map { AttributedString($0) } }
        }

        /// The subtitle, from ``attributedSubtitle``'s characters (kept; not drawn here).
        public var subtitle: String? {
            get { attributedSubtitle.map { String($0.characters) } }
            set { attributedSubtitle = newValue.map { AttributedString($0) } }
        }

        /// The space between the content and the button's edges: the size's unless set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { explicitContentInsets ?? Self.defaultContentInsets(for: buttonSize) }
            set { explicitContentInsets = newValue }
        }

        /// Goes back to the size's insets.
        public mutating func setDefaultContentInsets() {
            explicitContentInsets = nil
        }

        /// The configuration for `button`'s state: itself here, as the button applies what
        /// depends on its state (its tint, its highlight) when it applies a configuration.
        public func updated(for button: UIButton) -> UIButton.Configuration { self }

        // MARK: What is drawn

        /// The insets of a size: UIKit-like figures of this module's (UIKit's for `.medium`).
        static func defaultContentInsets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The text style of the title at the button's size.
        var titleTextStyle: UIFont.TextStyle {
            switch buttonSize {
            case .mini: .footnote
            case .small: .subheadline
            case .medium, .large: .body
            }
        }

        /// The colour of the title and image, with `tint` the button's tint colour.
        func foregroundColor(tint: UIColor) -> UIColor {
            if let baseForegroundColor { return baseForegroundColor }
            switch style {
            case .filled, .borderedProminent: return .white
            case .plain, .borderless, .tinted, .borderedTinted, .gray, .bordered: return tint
            }
        }

        /// The background colour (nil for none), with `tint` the button's tint colour.
        func backgroundColor(tint: UIColor) -> UIColor? {
            if let color = background.backgroundColor { return color }
            switch style {
            case .plain, .borderless: return nil
            case .tinted, .borderedTinted: return (baseBackgroundColor ?? tint).withAlphaComponent(0.15)
            case .gray, .bordered: return baseBackgroundColor ?? .systemGray5
            case .filled, .borderedProminent: return baseBackgroundColor ?? tint
            }
        }

        /// The corners' radius for a button `height` points high.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: background.cornerRadius
            case .small: 4
            case .dynamic, .medium: 6
            case .large: 10
            case .capsule: height / 2
            }
        }

        /// The image as drawn: a symbol image at the title's text style, with the image's own
        /// settings and then ``preferredSymbolConfigurationForImage``'s in place of those (drawn
        /// again only when that changes its size or lines).
        var drawnImage: UIImage? {
            guard let image, let own = image.symbolConfiguration else { return image }
            let atTextStyle = UIImage.SymbolConfiguration(textStyle: titleTextStyle).applying(own)
            let configuration = atTextStyle.applying(preferredSymbolConfigurationForImage)
            let unchanged = configuration.side == own.side && configuration.lineWidth == own.lineWidth
            return unchanged ? image : image.withConfiguration(configuration)
        }
    }

    /// A system button styled by `configuration`, running `primaryAction` when tapped; the
    /// action's title and image stand in for a configuration that has none.
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        var configuration = configuration
        if let primaryAction {
            if configuration.title == nil, !primaryAction.title.isEmpty { configuration.title = primaryAction.title }
            if configuration.image == nil { configuration.image = primaryAction.image }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
        self.configuration = configuration
    }

    /// Sets what the configuration styles: the normal state's title, title colour and image,
    /// the title's font, the content insets, the image view's tint, the spinner, and the
    /// layer's background colour, corners and border. Without a configuration, gives the image
    /// view back its inherited tint and takes the spinner away.
    func applyConfiguration() {
        guard let configuration else {
            imageView?.tintColor = nil
            imageView?.alpha = 1
            removeConfigurationActivityIndicator()
            return
        }
        let tint: UIColor = tintColor
        let foreground = configuration.foregroundColor(tint: tint)
        setTitle(configuration.title, for: .normal)
        if configuration.title != nil {
            titleLabel?.font = UIFont.preferredFont(forTextStyle: configuration.titleTextStyle)
        }
        setTitleColor(foreground, for: .normal)
        setImage(configuration.drawnImage, for: .normal)
        imageView?.tintColor = foreground
        let insets = configuration.contentInsets
        contentEdgeInsets = UIEdgeInsets(
            top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing)
        if configuration.showsActivityIndicator {
            let spinner = configurationActivityIndicator ?? UIActivityIndicatorView(style: .medium)
            if configurationActivityIndicator == nil {
                configurationActivityIndicator = spinner
                addSubview(spinner)
            }
            spinner.color = foreground
            spinner.startAnimating()
            imageView?.isHidden = true
        } else {
            removeConfigurationActivityIndicator()
        }
        layer.backgroundColor = configuration.backgroundColor(tint: tint)?.cgColor
        layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let stroke = configuration.background.strokeColor
        layer.borderColor = stroke?.cgColor
        layer.borderWidth = stroke == nil ? 0 : configuration.background.strokeWidth
    }

    /// Takes the spinner away, showing the image again.
    private func removeConfigurationActivityIndicator() {
        guard let spinner = configurationActivityIndicator else { return }
        spinner.stopAnimating()
        spinner.removeFromSuperview()
        configurationActivityIndicator = nil
        imageView?.isHidden = false
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
