import Foundation

/// What a navigation bar shows for one controller: UIKit's `UINavigationItem` — a title (or a
/// title view), buttons on either side, and what the back button to it says.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// When a large title shows.
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never
    }

    /// The title in the middle of the bar.
    open var title: String? { didSet { changed() } }
    /// A view in place of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// A line above the title (kept; not drawn).
    open var prompt: String?
    /// The button the next controller's back button is (its title is used).
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// What the next controller's back button says (else this item's title, else "Back").
    open var backButtonTitle: String? { didSet { changed() } }
    /// Whether the back button is hidden while this item is on top.
    open var hidesBackButton = false { didSet { changed() } }
    /// The buttons on the leading side, leading first.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// The buttons on the trailing side, trailing first.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// Whether the left items show beside the back button rather than in its place.
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// When this item's title shows large (with the bar's `prefersLargeTitles`).
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic { didSet { changed() } }

    /// The bar showing this item, told when it changes.
    weak var bar: UINavigationBar?

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() {
        super.init()
    }

    /// The first leading button.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first trailing button.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    private func changed() {
        bar?.itemChanged(self)
    }
}

/// A button in a navigation bar or toolbar: UIKit's `UIBarButtonItem`, a ``UIBarItem`` (its
/// title, image, `isEnabled`, tag and title attributes are there). Its action is iOS 14's
/// `primaryAction` (a `UIAction`), or a target and a selector the porting step makes of
/// `#selector(…)` (docs/porting.md).
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item's title is drawn: `.done` in semibold.
    public enum Style: Int, Sendable {
        case plain, bordered, done
    }

    /// The system's items. Those iOS draws as symbols show a sign or their name in text here
    /// (there are no SF Symbols): `.add` is "+", `.close` "×", `.action` "Share".
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl, close
    }

    open var style = Style.plain { didSet { changed() } }
    open var tintColor: UIColor? { didSet { changed() } }
    /// The width of a fixed space (0: the content's).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// A view shown in place of a button.
    open var customView: UIView? { didSet { changed() } }
    /// What a tap runs.
    open var primaryAction: UIAction? { didSet { changed() } }
    /// The menu (kept; menus are not shown here).
    open var menu: UIMenu?
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?

    /// The navigation bar showing the item, told when it changes.
    weak var bar: UINavigationBar?
    /// The toolbar showing the item, told when it changes.
    weak var toolbar: UIToolbar?

    public override init() {
        systemItem = nil
        super.init()
    }

    public convenience init(title: String?, style: Style) {
        self.init()
        self.title = title
        self.style = style
    }

    public convenience init(image: UIImage?, style: Style) {
        self.init()
        self.image = image
        self.style = style
    }

    public init(barButtonSystemItem systemItem: SystemItem) {
        self.systemItem = systemItem
        super.init()
        title = Self.text(of: systemItem)
        style = systemItem == .done || systemItem == .save ? .done : .plain
    }

    /// The target of the item's action, held weakly: Apple's target–action, with the selector
    /// the porting step makes of `#selector(…)`.
    open weak var target: AnyObject?
    /// The method the item calls on ``target`` (on the first responder that has it, when the
    /// target is nil) with the item as the sender.
    open var action: Selector?

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(barButtonSystemItem: systemItem)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(title: title, style: style)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init(image: image, style: style)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// iOS 14's system item with its action.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// iOS 14's item: a title or image, and its action.
    public convenience init(
        title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
    ) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A flexible space between items.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace) }

    /// A space `width` points wide.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace)
        item.width = width
        return item
    }

    private static func text(of item: SystemItem) -> String? {
        switch item {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .add: "+"
        case .close: "×"
        case .undo: "Undo"
        case .redo: "Redo"
        case .flexibleSpace, .fixedSpace: nil
        case .compose: "Compose"
        case .reply: "Reply"
        case .action: "Share"
        case .organize: "Organize"
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .refresh: "Refresh"
        case .stop: "Stop"
        case .camera: "Camera"
        case .trash: "Delete"
        case .play: "Play"
        case .pause: "Pause"
        case .rewind: "Rewind"
        case .fastForward: "Forward"
        case .pageCurl: "Curl"
        }
    }

    override func changed() {
        bar?.itemsChanged()
        toolbar?.itemsChanged()
    }
}

extension UIBarButtonItem {
    /// Whether the item is a flexible or fixed space rather than something shown.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// The view a bar shows for the item: its custom view; for a space, an empty view
    /// `width` wide; else a system button with its image (or its title, in the `.normal`
    /// title attributes' font and each state's colour) that runs the item's primary action
    /// when tapped, else its target–action (the responder chain's first that has the method
    /// when the target is nil). The navigation bar and the toolbar make their items' views here.
    func makeBarView() -> UIView {
        if let custom = customView { return custom }
        if isSpace {
            let space = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 1))
            space.isUserInteractionEnabled = false
            return space
        }
        let button = UIButton(type: .system)
        if let image { button.setImage(image, for: .normal) }
        button.setTitle(image == nil ? title : nil, for: .normal)
        button.titleLabel?.font = .systemFont(
            ofSize: systemItem == .add ? 24 : 17, weight: style == .done ? .semibold : .regular)
        for state in statesWithTitleAttributes {
            guard let attributes = titleTextAttributes(for: state) else { continue }
            if state == .normal, let font = attributes[.font] as? UIFont { button.titleLabel?.font = font }
            if let color = attributes[.foregroundColor] as? UIColor { button.setTitleColor(color, for: state) }
        }
        button.isEnabled = isEnabled
        if let tint = tintColor { button.tintColor = tint }
        if let accessibilityLabel { button.accessibilityLabel = accessibilityLabel }
        if let accessibilityHint { button.accessibilityHint = accessibilityHint }
        if let accessibilityIdentifier { button.accessibilityIdentifier = accessibilityIdentifier }
        if let primaryAction {
            button.addAction(UIAction { _ in primaryAction.perform(sender: self) }, for: .primaryActionTriggered)
        } else if let action {
            button.addAction(
                UIAction { [weak self, weak button] _ in
                    guard let self, let button else { return }
                    if let target = self.target {
                        action.perform(on: target, sender: self)
                    } else {
                        button.sendAction(action, to: nil, for: nil)
                    }
                }, for: .primaryActionTriggered)
        }
        return button
    }
}

/// A menu of actions: UIKit's `UIMenu`, kept by the items and buttons that take one (menus are
/// not shown here).
@preconcurrency @MainActor
open class UIMenu: NSObject {
    public let title: String
    public let children: [NSObject]

    public init(title: String = "", children: [NSObject] = []) {
        self.title = title
        self.children = children
        super.init()
    }
}
