import Foundation

/// Columns of controllers side by side on a wide screen, one at a time on a narrow one: UIKit's
/// `UISplitViewController`, in its classic form (`init()`, ``viewControllers``) and its
/// iOS 14 column form (``init(style:)``, ``setViewController(_:for:)``).
///
/// `UIScreen.main` is an iPhone here (390 points wide, compact width), so a split view
/// controller is always collapsed, as on an iPhone: ``isCollapsed`` is true and one column's
/// controller at a time fills the split view controller's view, with its safe area. Which one
/// is decided when the view loads, as iOS decides when it collapses:
///
/// - in the column style, the ``Column/compact`` column's controller when one is set; otherwise
///   the column the delegate's `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`
///   answers for the proposed `.primary` (by default, the primary);
/// - in the classic style, the secondary when the delegate's
///   `splitViewController(_:collapseSecondary:onto:)` answers false (the default) and the
///   primary is a `UINavigationController` — iOS pushes the secondary onto it, showing the
///   detail first — and otherwise the primary.
///
/// ``show(_:)`` puts a column's controller in place of the one shown, at once (iOS pushes it onto
/// the primary's navigation stack, with a back button; here there is none, and ``hide(_:)`` of
/// that column goes back). Every column's controller is a child of the split view controller
/// (`addChild`, then `didMove(toParent:)`); only the shown one's view is in its view, and only
/// it hears the appearance methods, in UIKit's order. Controllers are not wrapped in navigation
/// controllers, as iOS 14's column style does with those that are not one.
/// ``preferredDisplayMode``, ``preferredSplitBehavior``, the column widths and
/// ``presentsWithGesture`` are kept for code that sets them; a collapsed interface does not
/// read them.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// The kind of interface: UIKit's `UISplitViewController.Style`, with its raw values.
    public enum Style: Int, Sendable {
        /// The classic interface (``viewControllers``).
        case unspecified = 0
        case doubleColumn = 1
        case tripleColumn = 2
    }

    /// A column of the interface: UIKit's `UISplitViewController.Column`, with its raw values.
    public enum Column: Int, Sendable {
        case primary = 0
        case supplementary = 1
        case secondary = 2
        /// The controller shown instead of the others in a compact width.
        case compact = 3
    }

    /// How the columns are arranged when expanded: UIKit's `UISplitViewController.DisplayMode`,
    /// with its raw values and the names before iOS 14.
    public enum DisplayMode: Int, Sendable {
        case automatic = 0
        case secondaryOnly = 1
        case oneBesideSecondary = 2
        case oneOverSecondary = 3
        case twoBesideSecondary = 4
        case twoOverSecondary = 5
        case twoDisplaceSecondary = 6

        public static var primaryHidden: DisplayMode { .secondaryOnly }
        public static var allVisible: DisplayMode { .oneBesideSecondary }
        public static var primaryOverlay: DisplayMode { .oneOverSecondary }
    }

    /// How the columns share the width when expanded: UIKit's
    /// `UISplitViewController.SplitBehavior`, with its raw values.
    public enum SplitBehavior: Int, Sendable {
        case automatic = 0
        case tile = 1
        case overlay = 2
        case displace = 3
    }

    /// The side the primary column is on: UIKit's `UISplitViewController.PrimaryEdge`.
    public enum PrimaryEdge: Int, Sendable {
        case leading = 0
        case trailing = 1
    }

    /// The value that leaves a column width to the split view controller (−1 here).
    public static let automaticDimension: CGFloat = -1

    /// The kind of interface, fixed when made.
    public let style: Style
    open weak var delegate: (any UISplitViewControllerDelegate)?

    /// The arrangement asked for (`.automatic` by default); a change that changes
    /// ``displayMode`` is told to the delegate's `splitViewController(_:willChangeTo:)`.
    open var preferredDisplayMode = DisplayMode.automatic {
        didSet {
            let old = Self.resolved(oldValue)
            let new = Self.resolved(preferredDisplayMode)
            if old != new { delegate?.splitViewController(self, willChangeTo: new) }
        }
    }
    /// The arrangement: the preferred one, `.automatic` resolving to `.secondaryOnly` (a
    /// collapsed interface shows one column at a time).
    open var displayMode: DisplayMode { Self.resolved(preferredDisplayMode) }
    open var preferredSplitBehavior = SplitBehavior.automatic
    /// The sharing of the width: the preferred one, `.automatic` resolving to `.tile`.
    open var splitBehavior: SplitBehavior { preferredSplitBehavior == .automatic ? .tile : preferredSplitBehavior }
    /// Whether a swipe shows and hides the primary column when expanded (kept).
    open var presentsWithGesture = true
    /// Whether a button in the secondary column hides the others when expanded (kept).
    open var showsSecondaryOnlyButton = false
    open var primaryEdge = PrimaryEdge.leading
    /// The primary column's share of the width when expanded (``automaticDimension`` by
    /// default, as in UIKit).
    open var preferredPrimaryColumnWidthFraction = UISplitViewController.automaticDimension
    open var preferredPrimaryColumnWidth = UISplitViewController.automaticDimension
    open var minimumPrimaryColumnWidth = UISplitViewController.automaticDimension
    open var maximumPrimaryColumnWidth = UISplitViewController.automaticDimension
    open var preferredSupplementaryColumnWidthFraction = UISplitViewController.automaticDimension
    open var preferredSupplementaryColumnWidth = UISplitViewController.automaticDimension

    /// The primary column's width: collapsed, a column fills the view, so the view's width
    /// (the screen's before the view loads).
    open var primaryColumnWidth: CGFloat { viewIfLoaded?.bounds.width ?? UIScreen.main.bounds.width }

    /// Always true here: the screen is an iPhone's (see the class's description).
    open var isCollapsed: Bool { true }

    /// The button that changes the display mode when expanded; collapsed, it does nothing.
    open var displayModeButtonItem: UIBarButtonItem {
        if let made = displayModeButton { return made }
        let item = UIBarButtonItem()
        displayModeButton = item
        return item
    }
    private var displayModeButton: UIBarButtonItem?

    /// The controllers of the columns.
    private var columns: [Column: UIViewController] = [:]
    /// The column shown above the base one (``show(_:)``); nil: the base column.
    private var topColumn: Column?
    /// Whether the column shown has been decided: by the collapse when the view loaded, or by
    /// ``show(_:)`` or ``hide(_:)`` before.
    private var columnDecided = false
    /// The child whose view fills this controller's.
    private weak var shownController: UIViewController?

    /// A split view controller of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// A classic split view controller (style `.unspecified`).
    public override init() {
        style = .unspecified
        super.init()
    }

    /// A classic split view controller; there are no nibs, so both arguments are ignored.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        style = .unspecified
        super.init(coder: coder)
    }

    // MARK: Columns

    /// The columns' controllers, the classic way: the primary then the secondary (with the
    /// supplementary between them in the triple-column style). Setting one controller sets the
    /// primary and clears the secondary; further controllers are ignored.
    open var viewControllers: [UIViewController] {
        get { columnOrder(count: 3).compactMap { columns[$0] } }
        set {
            for (index, column) in columnOrder(count: newValue.count).enumerated() {
                setViewController(index < newValue.count ? newValue[index] : nil, for: column)
            }
        }
    }

    /// The columns the classic array fills, in its order.
    private func columnOrder(count: Int) -> [Column] {
        style == .tripleColumn && count >= 3 ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
    }

    /// The controller set for `column`, as set (nil when none is).
    open func viewController(for column: Column) -> UIViewController? {
        columns[column]
    }

    /// Sets the controller of `column` (nil removes it). It becomes a child at once; when its
    /// column is the one shown, it is shown in place of the old one.
    open func setViewController(_ viewController: UIViewController?, for column: Column) {
        let old = columns[column]
        guard old !== viewController else { return }
        columns[column] = viewController
        if let viewController, viewController.parent !== self {
            addChild(viewController)
            viewController.didMove(toParent: self)
        }
        showChosenController()
        if let old, !columns.values.contains(where: { $0 === old }), old.parent === self {
            old.willMove(toParent: nil)
            old.removeFromParent()
        }
    }

    /// Shows `column`'s controller in place of the one shown (nothing when the column has
    /// none, or is shown).
    open func show(_ column: Column) {
        guard let controller = columns[column], controller !== shownController else { return }
        delegate?.splitViewController(self, willShow: column)
        columnDecided = true
        topColumn = column == baseColumn ? nil : column
        showChosenController()
    }

    /// Hides `column` when it is shown above the base column (the compact one when set, else the
    /// primary), which shows again; hiding the base column does nothing.
    open func hide(_ column: Column) {
        guard let top = topColumn, top == column else { return }
        delegate?.splitViewController(self, willHide: column)
        columnDecided = true
        topColumn = nil
        showChosenController()
    }

    /// The column shown when no other is above it: the compact one when set, else the primary.
    private var baseColumn: Column { columns[.compact] != nil ? .compact : .primary }

    /// The controller to show: the top column's, else the base column's, else any there is.
    private var chosenController: UIViewController? {
        if let topColumn, let controller = columns[topColumn] { return controller }
        return columns[baseColumn] ?? columns[.secondary] ?? columns[.supplementary] ?? columns[.primary]
    }

    /// Decides which column is shown, as iOS does when it collapses (the class's description).
    private func collapse() {
        columnDecided = true
        if style == .unspecified {
            if let primary = columns[.primary], let secondary = columns[.secondary] {
                let collapsed =
                    delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
                topColumn = !collapsed && primary is UINavigationController ? .secondary : nil
            }
        } else if columns[.compact] == nil {
            let column =
                delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .primary) ?? .primary
            topColumn = column == .primary ? nil : column
        }
        delegate?.splitViewControllerDidCollapse(self)
    }

    // MARK: Views

    /// Children hear appearance methods from the switches here.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The shown child hears this controller's appearance calls.
    override var appearanceForwardingTarget: UIViewController? { shownController }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if !columnDecided { collapse() }
        showChosenController()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let shown = shownController?.viewIfLoaded, shown.superview === view else { return }
        shown.frame = view.bounds
        shown.safeAreaInsets = view.safeAreaInsets
    }

    /// Shows ``chosenController`` in place of the shown child: the appearance methods of both
    /// when on screen, the views exchanged at once. While this controller is appearing (its
    /// view loaded by a window that is already key), the new child begins appearing with it and
    /// ends with it.
    private func showChosenController() {
        guard isViewLoaded else { return }
        let new = chosenController
        let old = shownController
        guard old !== new else { return }
        shownController = new
        new?.loadViewIfNeeded()
        let onScreen = appearance == .appeared
        let appearing = appearance == .appearing
        if onScreen || appearing {
            old?.beginAppearanceTransition(false, animated: false)
            new?.beginAppearanceTransition(true, animated: false)
        }
        if let oldView = old?.viewIfLoaded, oldView.superview === view { oldView.removeFromSuperview() }
        if let new { install(new) }
        if onScreen {
            old?.endAppearanceTransition()
            new?.endAppearanceTransition()
        } else if appearing {
            old?.endAppearanceTransition()
        }
    }

    /// Puts `child`'s view in this one's view, filling it, with its safe area.
    private func install(_ child: UIViewController) {
        child.view.frame = view.bounds
        child.view.safeAreaInsets = view.safeAreaInsets
        view.addSubview(child.view)
    }

    private static func resolved(_ mode: DisplayMode) -> DisplayMode {
        mode == .automatic ? .secondaryOnly : mode
    }
}

/// What a split view controller asks and tells: UIKit's `UISplitViewControllerDelegate`,
/// every method optional, with the default UIKit assumes when one is absent.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change.
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// Classic style, collapsing: true when the delegate dealt with the secondary (the primary
    /// is shown), false (the default) to let the split view controller do it.
    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool
    /// Column style, collapsing: the column to show (the default: the one proposed, `.primary`).
    func splitViewController(
        _ svc: UISplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
    ) -> UISplitViewController.Column
    /// A column is about to show (``UISplitViewController/show(_:)``).
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// A column is about to hide (``UISplitViewController/hide(_:)``).
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// The split view controller collapsed (once, when its view loads).
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The split view controller expanded (never, here).
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
}

extension UISplitViewControllerDelegate {
    public func splitViewController(
        _ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode
    ) {}
    public func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool { false }
    public func splitViewController(
        _ svc: UISplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
    ) -> UISplitViewController.Column { proposedTopColumn }
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
}
