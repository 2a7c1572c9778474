import Foundation

/// A row of a table view: UIKit's `UITableViewCell`.
///
/// Its ``contentView`` holds what the row shows: in the standard styles a ``textLabel``, a
/// ``detailTextLabel`` and an ``imageView``, made when first asked for and placed as iOS places
/// them (16 points in from the leading edge, the label centred vertically; `.value1` puts the
/// detail on the right in secondary grey, `.subtitle` below the title), or your own views with
/// constraints to the content view, from which a table with automatic row heights sizes the
/// row. While highlighted or selected the ``selectedBackgroundView`` shows (UIKit's grey);
/// deselecting with animation fades it out over 0.25 s.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The standard layouts of a cell's labels.
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    /// How a selected cell looks: `.none` shows nothing, the others the selected background.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// What a row offers in editing mode.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The standard accessory on a cell's trailing edge.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// The separators between rows (the table's `separatorStyle`).
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine
    }

    /// The cell's layout of its labels.
    public let style: CellStyle
    /// The identifier the table reuses the cell by.
    public let reuseIdentifier: String?

    /// The view a cell's content goes in (the whole cell but the accessory).
    public let contentView = UIView()
    private var textLabelStorage: UILabel?
    private var detailLabelStorage: UILabel?
    private var imageViewStorage: UIImageView?
    private var accessory: UIView?
    /// The line under the cell, placed by the table.
    let separator = UIView()

    /// The view behind the content while the cell is highlighted or selected; a grey view
    /// unless set.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateSelectionLook()
        }
    }

    /// A view behind everything else.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether and how a selected cell shows it.
    open var selectionStyle = SelectionStyle.default {
        didSet { updateSelectionLook() }
    }

    /// The standard accessory.
    open var accessoryType = AccessoryType.none {
        didSet { updateAccessory() }
    }

    /// A view of your own on the trailing edge, in place of ``accessoryType``'s.
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateAccessory()
        }
    }

    /// The insets of the line under the cell (nil: the table's `separatorInset`).
    open var separatorInset: UIEdgeInsets? {
        didSet { setNeedsLayout() }
    }

    /// Whether the cell is selected; ``setSelected(_:animated:)`` without animation.
    open var isSelected: Bool {
        get { selectedStorage }
        set { setSelected(newValue, animated: false) }
    }
    private var selectedStorage = false

    /// Whether the cell is highlighted (a finger is on it); ``setHighlighted(_:animated:)``
    /// without animation.
    open var isHighlighted: Bool {
        get { highlightedStorage }
        set { setHighlighted(newValue, animated: false) }
    }
    private var highlightedStorage = false

    /// Whether the table is in editing mode.
    open private(set) var isEditing = false

    /// A cell of `style` reused by `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUp()
    }

    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }

    /// A default-style cell without a reuse identifier.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table view makes the cells of a registered class: through the class's
    /// `init(style:reuseIdentifier:)`, which a subclass overrides (a subclass that overrides
    /// it, or declares no initializer, inherits this one).
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    private func setUp() {
        backgroundColor = .systemBackground
        contentView.frame = bounds
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
        separator.backgroundColor = .separator
        separator.isUserInteractionEnabled = false
        addSubview(separator)
    }

    // MARK: The standard views

    /// The title label, made when first asked for.
    open var textLabel: UILabel? {
        if let textLabelStorage { return textLabelStorage }
        let label = UILabel()
        label.font = .systemFont(ofSize: 17)
        contentView.addSubview(label)
        textLabelStorage = label
        setNeedsLayout()
        return label
    }

    /// The detail label of the `.value1`, `.value2` and `.subtitle` styles (nil in `.default`).
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let detailLabelStorage { return detailLabelStorage }
        let label = UILabel()
        label.font = .systemFont(ofSize: style == .subtitle ? 12 : 17)
        label.textColor = style == .subtitle ? .label : .secondaryLabel
        contentView.addSubview(label)
        detailLabelStorage = label
        setNeedsLayout()
        return label
    }

    /// The image on the leading edge, made when first asked for.
    open var imageView: UIImageView? {
        if let imageViewStorage { return imageViewStorage }
        let view = UIImageView()
        contentView.addSubview(view)
        imageViewStorage = view
        setNeedsLayout()
        return view
    }

    // MARK: Reuse, selection, editing

    /// Called before the table hands the cell out again; an override calls `super`.
    open func prepareForReuse() {}

    /// Selects or deselects the cell; deselecting with `animated` fades the selected
    /// background out over 0.25 s.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != selectedStorage else { return }
        selectedStorage = selected
        updateSelectionLook(animated: animated)
    }

    /// Highlights the cell or ends its highlight.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != highlightedStorage else { return }
        highlightedStorage = highlighted
        updateSelectionLook(animated: animated)
    }

    /// Enters or leaves editing mode.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    private func updateSelectionLook(animated: Bool = false) {
        let shows = (selectedStorage || highlightedStorage) && selectionStyle != .none
        if shows {
            let background = selectedBackgroundView ?? defaultSelectedBackground
            if background.superview !== self {
                background.frame = bounds
                insertSubview(background, belowSubview: contentView)
            }
            background.alpha = 1
        } else if let background = selectedBackgroundView ?? defaultSelectedBackgroundIfMade,
            background.superview === self
        {
            if animated {
                UIView.animate(withDuration: 0.25) {
                    background.alpha = 0
                } completion: { _ in
                    if !(self.selectedStorage || self.highlightedStorage) { background.removeFromSuperview() }
                }
            } else {
                background.removeFromSuperview()
            }
        }
    }

    private var defaultSelectedBackgroundIfMade: UIView?
    private var defaultSelectedBackground: UIView {
        if let made = defaultSelectedBackgroundIfMade { return made }
        let view = UIView()
        view.backgroundColor = .systemGray4
        defaultSelectedBackgroundIfMade = view
        return view
    }

    private func updateAccessory() {
        accessory?.removeFromSuperview()
        accessory = accessoryView ?? StandardAccessory.view(for: accessoryType)
        if let accessory { addSubview(accessory) }
        setNeedsLayout()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        var contentFrame = bounds
        if let accessory {
            let size = accessory.frame.size
            accessory.frame.origin = CGPoint(x: bounds.maxX - 16 - size.width, y: (bounds.height - size.height) / 2)
            contentFrame.size.width = max(0, accessory.frame.minX - 4)
        }
        contentView.frame = contentFrame
        backgroundView?.frame = bounds
        (selectedBackgroundView ?? defaultSelectedBackgroundIfMade)?.frame = bounds
        layOutStandardViews(in: contentView.bounds)
    }

    /// The standard views placed as iOS places them.
    private func layOutStandardViews(in bounds: CGRect) {
        let margins = contentView.layoutMargins
        var leading = margins.left
        if let imageView = imageViewStorage, let image = imageView.image {
            let size = image.size
            imageView.frame = CGRect(x: leading, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            leading = imageView.frame.maxX + 16
        }
        let trailing = bounds.width - margins.right
        let width = max(0, trailing - leading)
        guard let title = textLabelStorage else { return }
        let titleSize = title.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        let detail = detailLabelStorage
        let detailSize = detail?.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)) ?? .zero
        switch style {
        case .subtitle:
            let total = titleSize.height + detailSize.height
            let top = (bounds.height - total) / 2
            title.frame = CGRect(x: leading, y: top, width: min(titleSize.width, width), height: titleSize.height)
            detail?.frame = CGRect(
                x: leading, y: top + titleSize.height, width: min(detailSize.width, width), height: detailSize.height)
        case .value1:
            title.frame = CGRect(
                x: leading, y: (bounds.height - titleSize.height) / 2, width: min(titleSize.width, width),
                height: titleSize.height)
            detail?.frame = CGRect(
                x: trailing - detailSize.width, y: (bounds.height - detailSize.height) / 2, width: detailSize.width,
                height: detailSize.height)
        case .value2, .default:
            title.frame = CGRect(
                x: leading, y: (bounds.height - titleSize.height) / 2, width: min(titleSize.width, width),
                height: titleSize.height)
            detail?.frame = CGRect(
                x: title.frame.maxX + 6, y: (bounds.height - detailSize.height) / 2,
                width: max(0, min(detailSize.width, trailing - title.frame.maxX - 6)), height: detailSize.height)
        }
    }

    /// The height the cell's content asks for at `width`: its constraints' fitting height when
    /// the content view has any, else the standard labels' (at least 44 points).
    func fittingHeight(width: CGFloat) -> CGFloat {
        frame.size.width = width
        layoutIfNeeded()
        if contentView.takesPartInLayout {
            let size = contentView.systemLayoutSizeFitting(
                CGSize(width: contentView.bounds.width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            return max(size.height, 1)
        }
        let margins = contentView.layoutMargins
        let labelWidth = max(0, contentView.bounds.width - margins.left - margins.right)
        let title = textLabelStorage?.sizeThatFits(CGSize(width: labelWidth, height: .greatestFiniteMagnitude)).height ?? 0
        let detail = detailLabelStorage?.sizeThatFits(CGSize(width: labelWidth, height: .greatestFiniteMagnitude)).height ?? 0
        let text = style == .subtitle ? title + detail : max(title, detail)
        return max(44, text + margins.top + margins.bottom)
    }
}

/// The standard accessories, drawn as iOS draws them: a grey chevron, a blue checkmark, a
/// blue circled "i".
enum StandardAccessory {
    @MainActor static func view(for type: UITableViewCell.AccessoryType) -> UIView? {
        let path = UIBezierPath()
        let size: CGSize
        let color: UIColor
        switch type {
        case .none:
            return nil
        case .disclosureIndicator:
            size = CGSize(width: 8, height: 13)
            path.move(to: CGPoint(x: 1, y: 1))
            path.addLine(to: CGPoint(x: 7, y: 6.5))
            path.addLine(to: CGPoint(x: 1, y: 12))
            color = .tertiaryLabel
        case .checkmark:
            size = CGSize(width: 14, height: 12)
            path.move(to: CGPoint(x: 1, y: 6.5))
            path.addLine(to: CGPoint(x: 5, y: 10.5))
            path.addLine(to: CGPoint(x: 13, y: 1.5))
            color = .systemBlue
        case .detailButton, .detailDisclosureButton:
            size = CGSize(width: 22, height: 22)
            path.append(UIBezierPath(ovalIn: CGRect(x: 1, y: 1, width: 20, height: 20)))
            path.move(to: CGPoint(x: 11, y: 9))
            path.addLine(to: CGPoint(x: 11, y: 16))
            path.move(to: CGPoint(x: 11, y: 6))
            path.addLine(to: CGPoint(x: 11, y: 6.5))
            color = .systemBlue
        }
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        view.isUserInteractionEnabled = false
        let shape = CAShapeLayer()
        shape.frame = view.bounds
        shape.path = path.cgPath
        shape.fillColor = nil
        shape.strokeColor = color.cgColor
        shape.lineWidth = 2
        shape.lineCap = .round
        shape.lineJoin = .round
        view.layer.addSublayer(shape)
        return view
    }
}

/// A section's header or footer that a table view reuses: UIKit's
/// `UITableViewHeaderFooterView`, with a ``textLabel`` (13-point, secondary grey) and a
/// ``contentView``.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the table reuses the view by.
    public let reuseIdentifier: String?
    /// The view content goes in.
    public let contentView = UIView()
    private var label: UILabel?

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
    }

    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table view makes the views of a registered class (see `UITableViewCell`'s).
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    /// The title, made when first asked for.
    open var textLabel: UILabel? {
        if let label { return label }
        let made = UILabel()
        made.font = .systemFont(ofSize: 13)
        made.textColor = .secondaryLabel
        contentView.addSubview(made)
        label = made
        return made
    }

    /// Called before the table hands the view out again.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        if let label {
            let size = label.sizeThatFits(CGSize(width: bounds.width - 32, height: .greatestFiniteMagnitude))
            label.frame = CGRect(x: 16, y: bounds.height - size.height - 6, width: bounds.width - 32, height: size.height)
        }
    }
}
