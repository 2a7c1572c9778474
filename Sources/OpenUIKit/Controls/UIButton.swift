import Foundation

/// A control with a title and an image per state: Apple's `UIButton` (without configurations).
///
/// The title is a ``UILabel`` (15-point system font, as UIKit's buttons), the image an
/// ``UIImageView``, side by side, centred (or placed by `contentHorizontalAlignment`) inside
/// ``contentEdgeInsets``. Each state's title, title colour and image fall back to the normal
/// state's. A system button draws its title in its tint colour and, while highlighted, at 20 %
/// opacity, as UIKit dims it; a disabled button's title is at 35 % unless a disabled colour is
/// set (these figures are this module's: UIKit does not document them).
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
    private var label: UILabel?
    private var imageViewStorage: UIImageView?

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

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentImage: UIImage? { image(for: state) }

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

    open override var isHighlighted: Bool { didSet { updateAppearance() } }
    open override var isSelected: Bool { didSet { contentChanged() } }
    open override var isEnabled: Bool { didSet { contentChanged() } }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearance()
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
        let image = currentImage?.size ?? .zero
        return CGSize(
            width: title.width + image.width + contentEdgeInsets.left + contentEdgeInsets.right,
            height: max(title.height, image.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = contentRect(forBounds: bounds)
        imageViewStorage?.frame = imageRect(forContentRect: content)
        label?.frame = titleRect(forContentRect: content)
    }

    /// Where the title and image go: the bounds inside ``contentEdgeInsets``. Subclasses
    /// override it (and the two below) to lay the button out their way, as on iOS.
    open func contentRect(forBounds bounds: CGRect) -> CGRect {
        bounds.inset(by: contentEdgeInsets)
    }

    /// The title's frame in `contentRect`: after the image, the pair aligned as
    /// ``contentHorizontalAlignment`` says and centred vertically.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        let (x, titleSize, imageSize) = contentLayout(in: contentRect)
        return CGRect(
            x: x + imageSize.width, y: contentRect.midY - titleSize.height / 2, width: titleSize.width,
            height: titleSize.height)
    }

    /// The image's frame in `contentRect`: before the title, centred vertically.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        let (x, _, imageSize) = contentLayout(in: contentRect)
        return CGRect(
            x: x, y: contentRect.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
    }

    /// Where the image and title start, and their sizes.
    private func contentLayout(in content: CGRect) -> (x: CGFloat, title: CGSize, image: CGSize) {
        let titleSize = currentTitle == nil ? .zero : (label?.intrinsicContentSize ?? .zero)
        let imageSize = currentImage?.size ?? .zero
        let width = titleSize.width + imageSize.width
        let x: CGFloat =
            switch contentHorizontalAlignment {
            case .left, .leading: content.minX
            case .right, .trailing: content.maxX - width
            case .center, .fill: content.midX - width / 2
            }
        return (x, titleSize, imageSize)
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
            imageViewStorage?.image = image
        } else {
            imageViewStorage?.image = nil
        }
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The title's colour and the system button's dimming for the current state.
    private func updateAppearance() {
        guard let label else { return }
        var color = titleColor(for: state) ?? .white
        if !isEnabled, titleColors[State.disabled.rawValue] == nil { color = color.withAlphaComponent(0.35) }
        label.textColor = color
        if buttonType == .system { label.alpha = isHighlighted ? 0.2 : 1 }
    }
}
