import Foundation

/// A view a collection view reuses: UIKit's `UICollectionReusableView`, what section headers,
/// footers and decoration views are, and the base of ``UICollectionViewCell``.
///
/// The collection view makes the views of a registered class with `init(frame:)` (a subclass
/// overrides it, and `init?(coder:)`, as on iOS), puts each where its layout attributes say and
/// then calls ``apply(_:)`` with them. A view that scrolls off goes back to its collection
/// view's pool and comes out again, after ``prepareForReuse()``, for another element.
///
/// Differences from UIKit: a view's default ``preferredLayoutAttributesFitting(_:)`` measures
/// its constraints (a cell's content view's) only when its layout sizes items by their views,
/// and answers the attributes unchanged otherwise.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the collection view reuses the view by; nil for a view not made by a
    /// collection view.
    public internal(set) var reuseIdentifier: String?

    /// Set by the collection view before it asks for the preferred attributes: whether its
    /// layout sizes items by their views.
    var measuresItselfForLayout = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// How a collection view makes the views of a registered class: through the class's
    /// `init(frame:)`, which a subclass overrides (a subclass that overrides it and
    /// `init?(coder:)`, or declares no initializer, inherits this one).
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(frame: .zero)
        reuseIdentifier = identifier
    }

    /// Called before the collection view hands the view out again; an override calls `super`.
    open func prepareForReuse() {}

    /// Called after the collection view has put the view where `layoutAttributes` say (its
    /// centre, size, transform, alpha, z position and hidden state): a subclass reads the
    /// properties its layout's attributes subclass adds. Does nothing here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like instead of `layoutAttributes` (a copy, which it may
    /// change and return). When the layout sizes items by their views (a flow layout with an
    /// estimated item size), the size becomes what the view's constraints ask for (a cell's
    /// content view's), if it has any; otherwise the attributes are returned unchanged.
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        guard measuresItselfForLayout else { return layoutAttributes }
        let measured: UIView = (self as? UICollectionViewCell)?.contentView ?? self
        guard measured.takesPartInLayout else { return layoutAttributes }
        layoutAttributes.size = measured.systemLayoutSizeFitting(
            layoutAttributes.size, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        return layoutAttributes
    }

    /// Called before the collection view changes to another layout. Does nothing.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    /// Called after the collection view changed to another layout. Does nothing.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
}

/// An item of a collection view: UIKit's `UICollectionViewCell`.
///
/// Its ``contentView`` holds what the item shows and is always the size of the cell. A
/// ``backgroundView`` goes behind it; a ``selectedBackgroundView``, between the two, shows
/// while the cell is selected or highlighted. The collection view sets ``isSelected`` and
/// ``isHighlighted`` (a finger down on the item); subclasses override them with `didSet` to
/// restyle themselves, as on iOS.
///
/// Differences from UIKit: there are no content or background configurations, and changes of
/// selection show at once, without animation.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view the cell's content goes in: the size of the cell.
    public let contentView = UIView()

    /// A view behind everything else, the size of the cell.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// A view between the background and the content while the cell is selected or
    /// highlighted (none by default).
    open var selectedBackgroundView: UIView? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            updateSelectedBackground()
        }
    }

    /// Whether the item is selected.
    open var isSelected = false {
        didSet { updateSelectedBackground() }
    }

    /// Whether a finger is down on the item.
    open var isHighlighted = false {
        didSet { updateSelectedBackground() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpContentView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContentView()
    }

    private func setUpContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// Shows the selected background while the cell is selected or highlighted.
    private func updateSelectedBackground() {
        guard let selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            guard selectedBackgroundView.superview !== self else { return }
            selectedBackgroundView.frame = bounds
            if contentView.superview === self {
                insertSubview(selectedBackgroundView, belowSubview: contentView)
            } else {
                addSubview(selectedBackgroundView)
            }
        } else if selectedBackgroundView.superview === self {
            selectedBackgroundView.removeFromSuperview()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}
