import Foundation

/// An item of a tab bar: UIKit's `UITabBarItem`, a ``UIBarItem`` (its title, image,
/// `isEnabled`, tag and title attributes are there) with an image for when it is selected and
/// a badge.
///
/// Its members are declared in the class body, so that a subclass overrides them as on iOS
/// (`override var badgeValue: String? { didSet { … } }`).
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    /// The system's items; their titles are the English ones iOS shows.
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
        case mostRecent, mostViewed
    }

    /// The image shown while the item is selected (nil: ``UIBarItem/image``).
    open var selectedImage: UIImage? { didSet { changed() } }
    /// The text in a red badge on the item's corner (nil: no badge).
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's background colour (nil: `systemRed`).
    open var badgeColor: UIColor? { didSet { changed() } }
    /// How far the title is moved from where the bar puts it (right and down are positive).
    open var titlePositionAdjustment = UIOffset.zero { didSet { changed() } }

    /// The badge text's attributes per control state, by the state's raw value.
    private var badgeAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Sets the attributes of the badge's text (`.font`, `.foregroundColor`, …) for `state`.
    /// The `.normal` ones are drawn (the `.selected` ones, when set, on the selected tab); the
    /// other keys are kept.
    open func setBadgeTextAttributes(_ textAttributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        badgeAttributes[state.rawValue] = textAttributes
        changed()
    }

    /// The badge text's attributes set for `state` (nil when none were).
    open func badgeTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        badgeAttributes[state.rawValue]
    }

    weak var bar: UITabBar?

    public override init() {
        super.init()
    }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init()
        self.tag = tag
        title =
            switch systemItem {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
    }

    override func changed() {
        bar?.itemsChanged()
    }
}

/// A row of tab buttons along the bottom of the screen: UIKit's `UITabBar`.
///
/// Each item is a button (a `UIControl`, a direct subview of the bar, as UIKit's
/// `UITabBarButton` is) whose first subview is its image view and whose second is its title, so
/// that the common code that finds an item's button by sorting the bar's controls by `minX`
/// and animates its image finds them here too. The buttons share the bar's width; the selected
/// one is drawn in the tint colour, the others in ``unselectedItemTintColor`` (grey). The bar
/// is 49 points tall above the bottom safe area, which its background fills too.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The height of the bar's buttons.
    static let buttonHeight: CGFloat = 49

    open var items: [UITabBarItem]? {
        didSet {
            for item in oldValue ?? [] where item.bar === self { item.bar = nil }
            for item in items ?? [] { item.bar = self }
            if let selected = selectedItem, !(items ?? []).contains(where: { $0 === selected }) { selectedItem = nil }
            itemsChanged()
        }
    }
    open var selectedItem: UITabBarItem? { didSet { updateButtons() } }
    open weak var delegate: (any UITabBarDelegate)?
    open var unselectedItemTintColor: UIColor? { didSet { updateButtons() } }
    open var barTintColor: UIColor? { didSet { updateBackground() } }
    open var isTranslucent = true { didSet { updateBackground() } }
    open var backgroundImage: UIImage? { didSet { updateBackground() } }
    open var shadowImage: UIImage? { didSet { updateBackground() } }

    private let hairline = UIView()
    private var buttons: [TabBarButton] = []
    /// The extra height under the buttons (the bottom safe area).
    var bottomInset: CGFloat = 0 { didSet { setNeedsLayout() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        hairline.backgroundColor = .separator
        addSubview(hairline)
        updateBackground()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        hairline.backgroundColor = .separator
        addSubview(hairline)
        updateBackground()
    }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        self.items = items
    }

    func itemsChanged() {
        for button in buttons { button.removeFromSuperview() }
        buttons = (items ?? []).map { item in
            let button = TabBarButton(item: item)
            button.addAction(UIAction { [weak self] _ in self?.tapped(item) }, for: .touchUpInside)
            addSubview(button)
            return button
        }
        updateButtons()
        setNeedsLayout()
    }

    private func tapped(_ item: UITabBarItem) {
        guard item.isEnabled else { return }
        if let controller = delegate as? UITabBarController {
            controller.tabTapped(item)
        } else {
            selectedItem = item
            delegate?.tabBar(self, didSelect: item)
        }
    }

    private func updateButtons() {
        for button in buttons {
            let selected = button.item === selectedItem
            button.show(selected: selected, color: selected ? tintColor : (unselectedItemTintColor ?? .systemGray))
        }
    }

    private func updateBackground() {
        layer.contents = backgroundImage?.cgImage
        backgroundColor =
            backgroundImage != nil
            ? nil
            : barTintColor ?? (isTranslucent ? UIColor(white: 0.97, alpha: 0.94) : .systemBackground)
        hairline.isHidden = shadowImage?.size == .zero
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateButtons()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let thickness = 1 / max(UIScreen.main.scale, 1)
        hairline.frame = CGRect(x: 0, y: -thickness, width: bounds.width, height: thickness)
        guard !buttons.isEmpty else { return }
        let width = bounds.width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: Self.buttonHeight)
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.buttonHeight + bottomInset)
    }
}

/// One item's button: its image view first, then its title, then the badge.
final class TabBarButton: UIControl {
    let item: UITabBarItem
    let imageView = UIImageView()
    let titleLabel = UILabel()
    let badge = UILabel()

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        imageView.contentMode = .center
        titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
        titleLabel.textAlignment = .center
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.layer.cornerRadius = 9
        badge.layer.masksToBounds = true
        for part in [imageView, titleLabel, badge] as [UIView] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        isEnabled = item.isEnabled
    }

    required init?(coder: NSCoder) { fatalError("UITabBar's buttons are made by the bar") }

    func show(selected: Bool, color: UIColor) {
        imageView.image = (selected ? item.selectedImage : nil) ?? item.image
        imageView.tintColor = color
        titleLabel.text = item.title
        // The title attributes of the state shown, else the normal state's (UIBarItem).
        let attributes =
            (selected ? item.titleTextAttributes(for: .selected) : nil) ?? item.titleTextAttributes(for: .normal)
        titleLabel.font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 10, weight: .medium)
        titleLabel.textColor = attributes?[.foregroundColor] as? UIColor ?? color
        badge.text = item.badgeValue
        badge.isHidden = item.badgeValue == nil
        badge.backgroundColor = item.badgeColor ?? .systemRed
        let badgeAttributes =
            (selected ? item.badgeTextAttributes(for: .selected) : nil) ?? item.badgeTextAttributes(for: .normal)
        badge.font = badgeAttributes?[.font] as? UIFont ?? .systemFont(ofSize: 13)
        badge.textColor = badgeAttributes?[.foregroundColor] as? UIColor ?? .white
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let imageSide: CGFloat = 30
        imageView.frame = CGRect(x: (bounds.width - imageSide) / 2, y: 3, width: imageSide, height: imageSide)
        let adjustment = item.titlePositionAdjustment
        titleLabel.frame = CGRect(
            x: adjustment.horizontal, y: 35 + adjustment.vertical, width: bounds.width, height: 12)
        let badgeWidth = max(18, badge.intrinsicContentSize.width + 10)
        badge.frame = CGRect(x: bounds.midX + 6, y: 2, width: badgeWidth, height: 18)
    }
}

/// What a tab bar tells: UIKit's `UITabBarDelegate`.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}
