import Foundation

/// A row of bar button items, usually along the bottom of the screen: UIKit's `UIToolbar`.
///
/// The bar is 44 points tall (``sizeThatFits(_:)`` keeps the width it is given and answers that
/// height; ``intrinsicContentSize`` has that height and no width). Its items lie left to right,
/// centred vertically: 8 points from each edge and 8 points apart, spaces included (so a
/// `fixedSpace(20)` puts 36 points between the buttons either side of it); a `flexibleSpace`
/// takes an equal share of the width left over, a `fixedSpace` its `width`, a custom view its
/// intrinsic size (else its frame's), an item with a `width` above 0 that width, and a button
/// its content's size. An item shows its `customView` if it has one, else a system button with
/// its image or title in the tint colour (the item's `tintColor`, else the bar's) that runs its
/// `primaryAction`, else its target–action, when tapped — the same view a navigation bar makes
/// for it. Changing an item redraws the bar at once.
///
/// ``setItems(_:animated:)`` animated fades the new items' views in and the removed ones' out
/// over 0.25 s, eased in and out, in one view animation block; the views of items that stay
/// move to their new places in the same block. The background is translucent light grey
/// (white 0.97 at 94 %; a `.black` bar, white 0.11), the system background when not
/// ``isTranslucent`` (black for `.black`), or ``barTintColor`` when set, with a hairline along
/// the top, as ``UITabBar`` draws its own.
@preconcurrency @MainActor
open class UIToolbar: UIView, UIBarPositioning {
    /// UIKit's toolbar height.
    static let standardHeight: CGFloat = 44
    /// The distance from the edges to the outer items and between items.
    static let itemSpacing: CGFloat = 8
    /// How long ``setItems(_:animated:)`` fades.
    static let fadeDuration: TimeInterval = 0.25

    /// The items, left to right; setting them shows them at once.
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UIBarButtonItem]?
    /// The bar's look: `.black` darkens the background.
    open var barStyle = UIBarStyle.default { didSet { updateBackground() } }
    open var isTranslucent = true { didSet { updateBackground() } }
    /// The background colour (nil: the bar style's).
    open var barTintColor: UIColor? { didSet { updateBackground() } }
    /// Tells the bar where it is (``UIToolbarDelegate``).
    open weak var delegate: (any UIToolbarDelegate)?

    /// Where the bar is: what the delegate says, `.bottom` without one.
    open var barPosition: UIBarPosition { delegate?.position(for: self) ?? .bottom }

    private let background = UIView()
    private let hairline = UIView()
    /// The items' views, in the items' order.
    private var itemViews: [UIView] = []
    /// How far the background reaches below the bar: a navigation controller's toolbar fills the
    /// bottom safe area under it, as on iOS.
    var backgroundExtension: CGFloat = 0 { didSet { setNeedsLayout() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        background.isUserInteractionEnabled = false
        addSubview(background)
        hairline.backgroundColor = .separator
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
        updateBackground()
    }

    /// Replaces the items. Animated, the views of new items fade in and those of removed items
    /// fade out over 0.25 s (eased in and out), and those of items that stay move to their new
    /// places; otherwise every item's view is made again at once.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        let oldItems = storedItems ?? []
        let oldViews = itemViews
        for item in oldItems where item.toolbar === self { item.toolbar = nil }
        storedItems = items
        let newItems = items ?? []
        for item in newItems { item.toolbar = self }
        guard animated, oldViews.count == oldItems.count else {
            itemsChanged()
            return
        }
        var views: [UIView] = []
        var fresh: [UIView] = []
        for item in newItems {
            if let index = oldItems.firstIndex(where: { $0 === item }) {
                views.append(oldViews[index])
            } else {
                let view = item.makeBarView()
                fresh.append(view)
                views.append(view)
            }
        }
        let leaving = oldViews.filter { old in !views.contains { $0 === old } }
        itemViews = views
        let frames = itemFrames()
        // The new views appear at their places, transparent, without animating (even when
        // called inside an animation block).
        UIView.performWithoutAnimation {
            for (view, frame) in zip(views, frames) where fresh.contains(where: { $0 === view }) {
                view.alpha = 0
                addSubview(view)
                view.frame = frame
            }
        }
        UIView.animate(withDuration: Self.fadeDuration, delay: 0, options: [.curveEaseInOut]) {
            for (view, frame) in zip(views, frames) { view.frame = frame }
            for view in fresh { view.alpha = 1 }
            for view in leaving { view.alpha = 0 }
        } completion: { [weak self] _ in
            let shown = self?.itemViews ?? []
            for view in leaving where !shown.contains(where: { $0 === view }) {
                if view.superview === self { view.removeFromSuperview() }
                // A custom view goes back to its item as it was.
                view.alpha = 1
            }
        }
    }

    /// Makes every item's view again, at once (an item changed, or the items were replaced).
    func itemsChanged() {
        UIView.performWithoutAnimation {
            for view in itemViews where view.superview === self { view.removeFromSuperview() }
            itemViews = (storedItems ?? []).map { item in
                item.toolbar = self
                return item.makeBarView()
            }
            for view in itemViews { addSubview(view) }
            layOutItems()
        }
        setNeedsLayout()
    }

    // MARK: Layout

    /// The frames of the items' views: 8 points from the edges and apart, the width left over
    /// shared by the flexible spaces, each view centred vertically.
    private func itemFrames() -> [CGRect] {
        let items = storedItems ?? []
        guard items.count == itemViews.count else { return itemViews.map(\.frame) }
        let spacing = Self.itemSpacing
        let row = bounds.height
        var sizes: [CGSize] = []
        var flexibleCount = 0
        for (item, view) in zip(items, itemViews) {
            switch item.systemItem {
            case .flexibleSpace?:
                flexibleCount += 1
                sizes.append(CGSize(width: 0, height: row))
            case .fixedSpace?:
                sizes.append(CGSize(width: item.width, height: row))
            default:
                var size = fitted(view)
                if item.width > 0 { size.width = item.width }
                sizes.append(size)
            }
        }
        let used = sizes.reduce(CGFloat(0)) { $0 + $1.width } + spacing * CGFloat(items.count + 1)
        let flexibleWidth = flexibleCount > 0 ? max(0, bounds.width - used) / CGFloat(flexibleCount) : 0
        var x = spacing
        var frames: [CGRect] = []
        for (item, size) in zip(items, sizes) {
            let width = item.systemItem == .flexibleSpace ? flexibleWidth : size.width
            let height = min(size.height, row)
            frames.append(CGRect(x: x, y: (row - height) / 2, width: width, height: height))
            x += width + spacing
        }
        return frames
    }

    /// A view's size in the bar: its intrinsic size, else its frame's.
    private func fitted(_ view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        if intrinsic.width >= 0 && intrinsic.height >= 0 && intrinsic != .zero { return intrinsic }
        return view.frame.size
    }

    private func layOutItems() {
        for (view, frame) in zip(itemViews, itemFrames()) { view.frame = frame }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + backgroundExtension)
        let thickness = 1 / max(UIScreen.main.scale, 1)
        hairline.frame = CGRect(x: 0, y: -thickness, width: bounds.width, height: thickness)
        layOutItems()
    }

    /// The width given, 44 points tall.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.standardHeight)
    }

    /// 44 points tall, with no width of its own.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight)
    }

    // MARK: Background

    private func updateBackground() {
        let dark = barStyle != .default
        let translucent = dark ? UIColor(white: 0.11, alpha: 0.94) : UIColor(white: 0.97, alpha: 0.94)
        let opaque: UIColor = dark ? .black : .systemBackground
        background.backgroundColor = barTintColor ?? (isTranslucent ? translucent : opaque)
    }
}

/// A bar's look: UIKit's `UIBarStyle`, with its raw values.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    /// Deprecated in UIKit: `.black` with `isTranslucent`.
    case blackTranslucent = 2

    /// Deprecated in UIKit: `.black`.
    public static var blackOpaque: UIBarStyle { .black }
}

/// Where a bar is: UIKit's `UIBarPosition`, with its raw values.
public enum UIBarPosition: Int, Sendable {
    case any = 0
    case bottom = 1
    case top = 2
    /// At the top of the screen, its background reaching under the status bar.
    case topAttached = 3
}

/// A bar that has a position: UIKit's `UIBarPositioning`.
@preconcurrency @MainActor
public protocol UIBarPositioning: AnyObject {
    var barPosition: UIBarPosition { get }
}

/// Tells a bar where it is: UIKit's `UIBarPositioningDelegate`.
@preconcurrency @MainActor
public protocol UIBarPositioningDelegate: AnyObject {
    func position(for bar: any UIBarPositioning) -> UIBarPosition
}

/// A toolbar's delegate: UIKit's `UIToolbarDelegate`; `position(for:)` is optional and says
/// `.bottom` when not implemented.
@preconcurrency @MainActor
public protocol UIToolbarDelegate: UIBarPositioningDelegate {}

extension UIToolbarDelegate {
    public func position(for bar: any UIBarPositioning) -> UIBarPosition { .bottom }
}
