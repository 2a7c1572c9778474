import Foundation

/// A control with a title and an image per state: Apple's `UIButton`, with iOS 15's
/// configurations (`configuration`, UIButton+Configuration.swift).
///
/// The title is a ``UILabel`` (15-point system font, as UIKit's buttons), the image an
/// ``UIImageView``, side by side, centred (or placed by `contentHorizontalAlignment`) inside
/// ``contentEdgeInsets``; a background image is an image view behind them, stretched over
/// ``backgroundRect(forBounds:)`` (the bounds). Each state's title, title colour, image and
/// background image fall back to the normal state's. A system button draws its title in its
/// tint colour and, while highlighted, at 20 % opacity, as UIKit dims it; a disabled button's
/// title is at 35 % unless a disabled colour is set (these figures are this module's: UIKit
/// does not document them).
///
/// A configuration sets these: the normal state's title, title colour and image, the content
/// insets, the title font, and the layer's background colour, corner radius and border, so the
/// layout below places a configured button's content too (with the configuration's image
/// padding and placement).
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static var roundedRect: ButtonType { .system }
    }

    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var symbolConfigurations: [UInt: UIImage.SymbolConfiguration] = [:]
    private var label: UILabel?
    private var imageViewStorage: UIImageView?
    /// The view showing the background image, behind every other subview; made when a
    /// background image is first shown.
    private var backgroundImageView: UIImageView?
    private var configurationStorage: Configuration?
    /// Whether ``updateConfiguration()`` is to run at the next layout.
    private var needsConfigurationUpdate = false
    /// The spinner a configuration's `showsActivityIndicator` puts in the image's place.
    var configurationActivityIndicator: UIActivityIndicatorView?

    /// Whether a highlighted button without a highlighted image darkens its image (stored: the
    /// image is drawn as it is here; give the `.highlighted` state an image of its own).
    open var adjustsImageWhenHighlighted = true
    /// Whether a disabled button without a disabled image dims its image (stored, as above).
    open var adjustsImageWhenDisabled = true

    /// Space between the content and the edges.
    open var contentEdgeInsets = UIEdgeInsets.zero {
        didSet { contentChanged() }
    }

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title.isEmpty ? nil : primaryAction.title, for: .normal)
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
    }

    // MARK: Content per state

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentChanged()
    }

    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        contentChanged()
    }

    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
            ?? (buttonType == .custom ? .white : tintColor)
    }

    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        contentChanged()
    }

    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }

    /// Sets the image drawn behind the title and image in `state`, stretched over
    /// ``backgroundRect(forBounds:)``.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        contentChanged()
    }

    /// The background image for `state`, falling back to the normal state's.
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue]
    }

    /// Draws the state's symbol images with `configuration`, its settings in place of theirs
    /// (``UIImage/applyingSymbolConfiguration(_:)``); other images are shown as they are.
    open func setPreferredSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration?, forImageIn state: State) {
        symbolConfigurations[state.rawValue] = configuration
        contentChanged()
    }

    /// The symbol configuration set for `state`, falling back to the normal state's.
    open func preferredSymbolConfigurationForImage(in state: State) -> UIImage.SymbolConfiguration? {
        symbolConfigurations[state.rawValue] ?? symbolConfigurations[State.normal.rawValue]
    }

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentImage: UIImage? { image(for: state) }
    /// The background image of the button's current state (pressed: the `.highlighted` one).
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    open var currentPreferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        preferredSymbolConfigurationForImage(in: state)
    }

    /// The label showing the title, made when first asked for or when a title is set.
    open var titleLabel: UILabel? {
        if let label { return label }
        let made = UILabel()
        made.font = .systemFont(ofSize: 15)
        label = made
        addSubview(made)
        contentChanged()
        return made
    }

    /// The image view showing the image, made when an image is set.
    open var imageView: UIImageView? { imageViewStorage }

    open override var isHighlighted: Bool {
        didSet {
            updateBackgroundImage()
            updateAppearance()
            stateChanged()
        }
    }
    open override var isSelected: Bool {
        didSet {
            contentChanged()
            stateChanged()
        }
    }
    open override var isEnabled: Bool {
        didSet {
            contentChanged()
            stateChanged()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        // A configuration's colours are the tint unless it names its own.
        if configurationStorage != nil { applyConfiguration() }
        updateAppearance()
    }

    // MARK: Configuration (UIButton+Configuration.swift)

    /// How the button looks, iOS 15's way: setting it restyles the button at once (its title,
    /// image, colours, insets, background and corners); nil leaves what it set as the plain
    /// settings they are. See `UIButton.Configuration`.
    open var configuration: Configuration? {
        get { configurationStorage }
        set {
            let wasConfigured = configurationStorage != nil
            configurationStorage = newValue
            if wasConfigured || newValue != nil { applyConfiguration() }
        }
    }

    /// Called at the next layout after ``setNeedsUpdateConfiguration()``, once
    /// ``updateConfiguration()`` has run: it may change `configuration` for the button's
    /// state. Setting it asks for an update.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Whether ``updateConfiguration()`` applies the configuration again for the button's new
    /// state, and a change of state asks for an update (true by default).
    open var automaticallyUpdatesConfiguration = true

    /// Asks for ``updateConfiguration()`` and the ``configurationUpdateHandler`` at the next
    /// layout; requests before it are one update.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Brings the button's look up to date with its configuration and state: applies the
    /// configuration again when ``automaticallyUpdatesConfiguration`` is on. Subclasses
    /// override it to change the configuration for the state, calling `super`.
    open func updateConfiguration() {
        guard automaticallyUpdatesConfiguration, configurationStorage != nil else { return }
        applyConfiguration()
    }

    /// A change of state asks a configured button for an update.
    private func stateChanged() {
        guard automaticallyUpdatesConfiguration, configurationStorage != nil || configurationUpdateHandler != nil
        else { return }
        setNeedsUpdateConfiguration()
    }

    // MARK: Accessibility

    /// A button is named by its current title and is a `.button`, with the control's state.
    override var defaultAccessibilityLabel: String? { currentTitle }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        super.defaultAccessibilityTraits.union(.button)
    }

    // MARK: Layout

    open override var intrinsicContentSize: CGSize {
        let title = currentTitle.map { _ in titleLabel?.intrinsicContentSize ?? .zero } ?? .zero
        let image = imageSlotSize
        let padding = contentPadding(title: title, image: image)
        let content =
            imageIsStacked
            ? CGSize(width: max(title.width, image.width), height: title.height + image.height + padding)
            : CGSize(width: title.width + image.width + padding, height: max(title.height, image.height))
        // At least the background image's size, as UIKit sizes a button to it.
        let background = currentBackgroundImage?.size ?? .zero
        return CGSize(
            width: max(content.width + contentEdgeInsets.left + contentEdgeInsets.right, background.width),
            height: max(content.height + contentEdgeInsets.top + contentEdgeInsets.bottom, background.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        if needsConfigurationUpdate {
            needsConfigurationUpdate = false
            updateConfiguration()
            configurationUpdateHandler?(self)
        }
        super.layoutSubviews()
        backgroundImageView?.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        let imageFrame = imageRect(forContentRect: content)
        imageViewStorage?.frame = imageFrame
        configurationActivityIndicator?.frame = imageFrame
        label?.frame = titleRect(forContentRect: content)
        if let configurationStorage, configurationStorage.cornerStyle == .capsule {
            layer.cornerRadius = bounds.height / 2
        }
    }

    /// Where the background image is drawn: the bounds. Subclasses override it, as on iOS.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the title and image go: the bounds inside ``contentEdgeInsets``. Subclasses
    /// override it (and the two below) to lay the button out their way, as on iOS.
    open func contentRect(forBounds bounds: CGRect) -> CGRect {
        bounds.inset(by: contentEdgeInsets)
    }

    /// The title's frame in `contentRect`: after the image (the configuration's
    /// `imagePadding` between them, or before, above or below it by its `imagePlacement`), the
    /// pair aligned as ``contentHorizontalAlignment`` says and centred vertically.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        contentLayout(in: contentRect).title
    }

    /// The image's frame in `contentRect`: before the title, centred vertically.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        contentLayout(in: contentRect).image
    }

    /// The frames of the title and image in `content`.
    private func contentLayout(in content: CGRect) -> (title: CGRect, image: CGRect) {
        let titleSize = currentTitle == nil ? .zero : (label?.intrinsicContentSize ?? .zero)
        let imageSize = imageSlotSize
        let padding = contentPadding(title: titleSize, image: imageSize)
        let placement = configurationStorage?.imagePlacement ?? .leading
        // Where a run of `width` starts across the content.
        func startX(_ width: CGFloat) -> CGFloat {
            switch contentHorizontalAlignment {
            case .left, .leading: content.minX
            case .right, .trailing: content.maxX - width
            case .center, .fill: content.midX - width / 2
            }
        }
        if imageIsStacked {
            let top = content.midY - (titleSize.height + imageSize.height + padding) / 2
            let imageFirst = !placement.contains(.bottom)
            let imageY = imageFirst ? top : top + titleSize.height + padding
            let titleY = imageFirst ? top + imageSize.height + padding : top
            return (
                CGRect(origin: CGPoint(x: startX(titleSize.width), y: titleY), size: titleSize),
                CGRect(origin: CGPoint(x: startX(imageSize.width), y: imageY), size: imageSize)
            )
        }
        let x = startX(titleSize.width + imageSize.width + padding)
        let imageFirst = !placement.contains(.trailing)
        let imageX = imageFirst ? x : x + titleSize.width + padding
        let titleX = imageFirst ? x + imageSize.width + padding : x
        return (
            CGRect(origin: CGPoint(x: titleX, y: content.midY - titleSize.height / 2), size: titleSize),
            CGRect(origin: CGPoint(x: imageX, y: content.midY - imageSize.height / 2), size: imageSize)
        )
    }

    /// The size of what stands where the image goes: a configuration's spinner, else the image
    /// shown.
    private var imageSlotSize: CGSize {
        configurationActivityIndicator?.bounds.size ?? imageViewStorage?.image?.size ?? .zero
    }

    /// The configuration's space between the image and the title, when there are both.
    private func contentPadding(title: CGSize, image: CGSize) -> CGFloat {
        guard let configurationStorage, title != .zero, image != .zero else { return 0 }
        return configurationStorage.imagePadding
    }

    /// Whether a configuration places the image above or below the title.
    private var imageIsStacked: Bool {
        guard let placement = configurationStorage?.imagePlacement else { return false }
        return !placement.isDisjoint(with: [.top, .bottom])
    }

    private func contentChanged() {
        if currentTitle != nil, label == nil { _ = titleLabel }
        label?.text = currentTitle
        if let image = currentImage {
            if imageViewStorage == nil {
                let view = UIImageView()
                imageViewStorage = view
                addSubview(view)
            }
            // A symbol drawn with the state's symbol configuration, when one is set.
            let symbolConfiguration = currentPreferredSymbolConfiguration
            imageViewStorage?.image = symbolConfiguration.flatMap { image.applyingSymbolConfiguration($0) } ?? image
        } else {
            imageViewStorage?.image = nil
        }
        updateBackgroundImage()
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Shows the current state's background image, in a view made behind every other subview
    /// when the first one is shown; its frame is set at layout.
    private func updateBackgroundImage() {
        let image = currentBackgroundImage
        if image != nil, backgroundImageView == nil {
            let view = UIImageView()
            // Touches go to the button, as UIKit's image views take none.
            view.isUserInteractionEnabled = false
            backgroundImageView = view
            insertSubview(view, at: 0)
            setNeedsLayout()
        }
        backgroundImageView?.image = image
    }

    /// The title's colour and the dimming for the current state: a system button's title at
    /// 20 % while highlighted; a configured button's title and image at 50 % (this module's
    /// figure: UIKit fades or darkens a configured button's content by its style).
    private func updateAppearance() {
        let configured = configurationStorage != nil
        if configured { imageViewStorage?.alpha = isHighlighted ? 0.5 : 1 }
        guard let label else { return }
        var color = titleColor(for: state) ?? .white
        if !isEnabled, titleColors[State.disabled.rawValue] == nil { color = color.withAlphaComponent(0.35) }
        label.textColor = color
        if configured {
            label.alpha = isHighlighted ? 0.5 : 1
        } else if buttonType == .system {
            label.alpha = isHighlighted ? 0.2 : 1
        }
    }
}
