import Foundation

/// The bar over a navigation controller's views: UIKit's `UINavigationBar`, showing its top
/// item — the title centred (17-point semibold), a back button ("‹" and the previous item's
/// back title) on the leading side, the items' buttons on both sides in the tint colour.
///
/// It is 44 points tall below the status bar, 96 with `prefersLargeTitles` (the title 34-point
/// bold on the leading side under the buttons). Its background follows iOS 15 and later over
/// content at its top edge: transparent, unless ``barTintColor`` is set (that colour, with the
/// hairline under it) or ``isTranslucent`` is off (the system background). A background image
/// set for `.default` is drawn stretched; an empty one, with an empty ``shadowImage``, is the
/// transparent bar the common idiom asks for. When the top item changes in a transition, the
/// old content fades out and the new one in alongside it.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The height of the bar's standard row.
    static let standardHeight: CGFloat = 44
    /// The height with a large title.
    static let largeHeight: CGFloat = 96

    /// The items, the root first; the last is shown.
    open private(set) var items: [UINavigationItem]?
    /// Large titles for items whose display mode allows them.
    open var prefersLargeTitles = false { didSet { itemsChanged() } }
    open var isTranslucent = true { didSet { updateBackground() } }
    /// The bar's background colour (nil: see the class's description).
    open var barTintColor: UIColor? { didSet { updateBackground() } }
    /// Attributes of the title (`.font`, `.foregroundColor`).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }
    /// Attributes of large titles.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }
    /// The line under the bar (an empty image hides it).
    open var shadowImage: UIImage? { didSet { updateBackground() } }
    private var backgroundImage: UIImage?

    private let background = UIImageView()
    private let hairline = UIView()
    private var content: UIView?
    /// What the back button does: the navigation controller pops.
    var onBack: (() -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addSubview(background)
        hairline.backgroundColor = .separator
        addSubview(hairline)
        updateBackground()
    }

    /// The item on top.
    open var topItem: UINavigationItem? { items?.last }
    /// The item below the top one.
    open var backItem: UINavigationItem? {
        guard let items, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    /// The image drawn behind the bar for `barMetrics` `.default`.
    open func setBackgroundImage(_ image: UIImage?, for barMetrics: UIBarMetrics) {
        guard barMetrics == .default else { return }
        backgroundImage = image
        updateBackground()
    }

    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? {
        barMetrics == .default ? backgroundImage : nil
    }

    /// Replaces the items; the new top's content shows at once.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in self.items ?? [] where item.bar === self { item.bar = nil }
        self.items = items
        for item in items ?? [] { item.bar = self }
        itemsChanged()
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        setItems((items ?? []) + [item], animated: animated)
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var items, let top = items.popLast() else { return nil }
        setItems(items, animated: animated)
        return top
    }

    /// The height the bar takes for its top item.
    var barHeight: CGFloat {
        showsLargeTitle(topItem) ? Self.largeHeight : Self.standardHeight
    }

    private func showsLargeTitle(_ item: UINavigationItem?) -> Bool {
        guard prefersLargeTitles, let item else { return false }
        return item.largeTitleDisplayMode != .never
    }

    // MARK: Content

    func itemChanged(_ item: UINavigationItem) {
        if item === topItem || item === backItem { itemsChanged() }
    }

    /// Rebuilds the content for the top item at once.
    func itemsChanged() {
        content?.removeFromSuperview()
        content = makeContent()
        if let content { addSubview(content) }
        setNeedsLayout()
        // The bar's height may change with the item: the navigation controller places it again.
        superview?.setNeedsLayout()
    }

    /// Shows `items` alongside a navigation transition: the new content fades in as the old
    /// fades out; a cancelled transition puts the old items back.
    func transition(to newItems: [UINavigationItem], with coordinator: any UIViewControllerTransitionCoordinator) {
        guard coordinator.isAnimated else {
            setItems(newItems, animated: false)
            return
        }
        let oldItems = items ?? []
        let oldContent = content
        for item in oldItems where item.bar === self { item.bar = nil }
        items = newItems
        for item in newItems { item.bar = self }
        let newContent = makeContent()
        content = newContent
        newContent.alpha = 0
        addSubview(newContent)
        layoutIfNeeded()
        coordinator.animate(
            alongsideTransition: { _ in
                oldContent?.alpha = 0
                newContent.alpha = 1
            },
            completion: { [weak self] context in
                guard let self else { return }
                if context.isCancelled {
                    newContent.removeFromSuperview()
                    oldContent?.alpha = 1
                    for item in newItems where item.bar === self { item.bar = nil }
                    self.items = oldItems
                    for item in oldItems { item.bar = self }
                    self.content = oldContent
                } else {
                    oldContent?.removeFromSuperview()
                }
                self.setNeedsLayout()
            })
    }

    /// A view with the top item's title, back button and buttons, laid out for the bar's bounds.
    private func makeContent() -> UIView {
        let view = NavigationBarContent(frame: bounds)
        guard let top = topItem else { return view }
        let large = showsLargeTitle(top)
        if let titleView = top.titleView, !large {
            view.titleView = titleView
        } else if let title = top.title {
            let label = UILabel()
            label.text = title
            let attributes = large ? largeTitleTextAttributes : titleTextAttributes
            label.font =
                attributes?[.font] as? UIFont
                ?? (large ? .systemFont(ofSize: 34, weight: .bold) : .systemFont(ofSize: 17, weight: .semibold))
            label.textColor = attributes?[.foregroundColor] as? UIColor ?? .label
            view.titleView = label
            view.largeTitle = large
        }
        var leading: [UIView] = []
        if let back = backItem, !top.hidesBackButton, top.leftBarButtonItems == nil || top.leftItemsSupplementBackButton
        {
            let title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
            let button = UIButton(type: .system)
            button.setTitle("‹ " + (title.count > 12 ? "Back" : title), for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 17)
            button.addAction(UIAction { [weak self] _ in self?.onBack?() }, for: .primaryActionTriggered)
            leading.append(button)
        }
        leading += (top.leftBarButtonItems ?? []).map(buttonView)
        view.leading = leading
        view.trailing = (top.rightBarButtonItems ?? []).map(buttonView)
        for part in view.leading + view.trailing + [view.titleView].compactMap({ $0 }) { view.addSubview(part) }
        return view
    }

    /// The view of a bar button item (`UIBarButtonItem.makeBarView()`): its custom view, a
    /// space, or a system button. The item tells the bar when it changes.
    private func buttonView(_ item: UIBarButtonItem) -> UIView {
        item.bar = self
        return item.makeBarView()
    }

    // MARK: Background and layout

    private func updateBackground() {
        let transparentImage = backgroundImage.map { $0.size == .zero } ?? false
        if let image = backgroundImage, !transparentImage {
            background.image = image
            background.backgroundColor = nil
        } else {
            background.image = nil
            background.backgroundColor =
                transparentImage ? nil : barTintColor ?? (isTranslucent ? nil : .systemBackground)
        }
        let opaqueBackground = background.image != nil || background.backgroundColor != nil
        hairline.isHidden = !opaqueBackground || shadowImage?.size == .zero
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The background reaches up under the status bar, as iOS draws it.
        background.frame = CGRect(x: 0, y: -frame.minY, width: bounds.width, height: bounds.height + frame.minY)
        let thickness = 1 / max(UIScreen.main.scale, 1)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: bounds.width, height: thickness)
        content?.frame = bounds
        content?.setNeedsLayout()
        content?.layoutIfNeeded()
    }
}

/// The top item's views in a navigation bar, placed as iOS places them.
private final class NavigationBarContent: UIView {
    var titleView: UIView?
    var largeTitle = false
    var leading: [UIView] = []
    var trailing: [UIView] = []

    override func layoutSubviews() {
        super.layoutSubviews()
        let row = UINavigationBar.standardHeight
        var x: CGFloat = 8
        for view in leading {
            let size = fitted(view)
            view.frame = CGRect(x: x, y: (row - size.height) / 2, width: size.width, height: size.height)
            x = view.frame.maxX + 8
        }
        var right = bounds.width - 16
        for view in trailing {
            let size = fitted(view)
            view.frame = CGRect(
                x: right - size.width, y: (row - size.height) / 2, width: size.width, height: size.height)
            right = view.frame.minX - 8
        }
        guard let titleView else { return }
        let size = fitted(titleView)
        if largeTitle {
            titleView.frame = CGRect(
                x: 16, y: row + (bounds.height - row - size.height) / 2, width: size.width, height: size.height)
        } else {
            // Centred in the bar, moved aside only as far as the buttons need.
            let width = min(size.width, max(0, right - x))
            var minX = (bounds.width - width) / 2
            minX = min(max(minX, x), right - width)
            titleView.frame = CGRect(x: minX, y: (row - size.height) / 2, width: width, height: size.height)
        }
    }

    private func fitted(_ view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        if intrinsic.width >= 0 && intrinsic.height >= 0 && intrinsic != .zero { return intrinsic }
        return view.frame.size
    }
}

/// The bar metrics a background image is for: UIKit's `UIBarMetrics`.
public enum UIBarMetrics: Int, Sendable {
    case `default`, compact, defaultPrompt, compactPrompt
}

/// How long a navigation controller's bar takes to hide or show: UIKit's constant, 0.2 s.
public let UINavigationControllerHideShowBarDuration: CGFloat = 0.2
