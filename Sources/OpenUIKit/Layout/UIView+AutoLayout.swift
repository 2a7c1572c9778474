import Foundation

/// Auto Layout on views: anchors, constraints, intrinsic content size and its priorities,
/// layout guides and margins. The overridable members (`intrinsicContentSize`,
/// `updateConstraints()`, `layoutSubviews()`) are declared with the class.
extension UIView {
    /// A size along an axis where the view has no intrinsic one: −1, as UIKit's.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The constraint fitting size UIKit names: as small as the constraints allow.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// As large as the constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    var layoutState: ViewLayoutState {
        if let state = existingLayoutState { return state }
        let state = ViewLayoutState()
        existingLayoutState = state
        return state
    }

    /// The outermost superview (the view itself when it has none).
    var rootView: UIView {
        var root = self
        while let superview = root.superview { root = superview }
        return root
    }

    /// Whether the view's frame, as code sets it, becomes constraints (on by default; off for
    /// a view that constraints place — the frame then comes from them at layout).
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { existingLayoutState?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            layoutState.translatesAutoresizingMaskIntoConstraints = newValue
            LayoutEngine.hierarchyChanged(at: self)
            superview?.setNeedsLayout()
        }
    }

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// A view without text has its baselines at its bottom, as on iOS.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Constraints

    /// The active constraints installed on this view (those whose closest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { existingLayoutState?.constraints ?? [] }

    /// Activates `constraint` (UIKit's older way; it is installed where `isActive` would put it).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        NSLayoutConstraint.activate([constraint])
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        NSLayoutConstraint.activate(constraints)
    }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        NSLayoutConstraint.deactivate([constraint])
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        NSLayoutConstraint.deactivate(constraints)
    }

    /// Asks for ``updateConstraints()`` before the next layout.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        setNeedsLayout()
    }

    public func needsUpdateConstraints() -> Bool { existingLayoutState?.needsUpdateConstraints ?? false }

    /// Runs ``updateConstraints()`` now on the views of this hierarchy that asked for it.
    public func updateConstraintsIfNeeded() {
        LayoutEngine.updateConstraintsIfNeeded(in: self)
    }

    /// Whether the constraints leave the view's frame undetermined.
    public var hasAmbiguousLayout: Bool {
        LayoutEngine.existingEngine(for: self)?.isAmbiguous(self) ?? false
    }

    /// The size the view's constraints and those of its subviews give it, as close to
    /// `targetSize` as they allow: the target holds at ``UILayoutPriority/fittingSizeLevel``.
    /// Nothing is laid out.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the constraints give the view with each dimension of `targetSize` held at its
    /// priority: `.required` for a width that must stay, `.fittingSizeLevel` for one that fits.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        LayoutEngine.fittingSize(
            of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// Does nothing here: UIKit's debugging aid, kept so that code calling it compiles.
    public func exerciseAmbiguityInLayout() {}

    // MARK: Content size priorities

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let hugging = existingLayoutState?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? hugging.0 : hugging.1
    }

    /// How much the view resists growing beyond its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { layoutState.hugging.0 = priority } else { layoutState.hugging.1 = priority }
        LayoutEngine.contentSizeChanged(of: self)
    }

    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let resistance = existingLayoutState?.compressionResistance ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? resistance.0 : resistance.1
    }

    /// How much the view resists shrinking below its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis)
    {
        if axis == .horizontal {
            layoutState.compressionResistance.0 = priority
        } else {
            layoutState.compressionResistance.1 = priority
        }
        LayoutEngine.contentSizeChanged(of: self)
    }

    // MARK: Guides and margins

    /// The layout guides added to the view.
    public var layoutGuides: [UILayoutGuide] { existingLayoutState?.guides ?? [] }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        if let owner = guide.owningView, owner !== self { owner.removeLayoutGuide(guide) }
        guide.owningView = self
        if !layoutState.guides.contains(where: { $0 === guide }) { layoutState.guides.append(guide) }
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        let reaching = LayoutEngine.constraints(reaching: guide, from: self)
        NSLayoutConstraint.deactivate(reaching)
        existingLayoutState?.guides.removeAll { $0 === guide }
        guide.owningView = nil
        LayoutEngine.hierarchyChanged(at: self)
    }

    /// The space the view keeps clear inside its edges for its content: 8 points a side by default.
    public var layoutMargins: UIEdgeInsets {
        get { existingLayoutState?.layoutMargins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        set {
            guard newValue != layoutMargins else { return }
            layoutState.layoutMargins = newValue
            LayoutEngine.hierarchyChanged(at: self)
            setNeedsLayout()
            layoutMarginsDidChange()
        }
    }

    /// The layout margins with leading and trailing edges: leading is left and trailing right,
    /// layout here being left to right. Setting them sets ``layoutMargins``.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let margins = layoutMargins
            return NSDirectionalEdgeInsets(
                top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(
                top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// The view's bounds inset by its layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = existingLayoutState?.marginsGuide { return guide }
        let guide = UILayoutGuide(kind: .margins, identifier: "UIViewLayoutMarginsGuide")
        layoutState.marginsGuide = guide
        addLayoutGuide(guide)
        return guide
    }

    /// The part of the view no bar or screen edge covers; its insets come from the view
    /// controller or device the view is shown in (``safeAreaInsets``).
    ///
    /// What the window or container gives a controller's view is what is set here; the view
    /// reads it with its controller's `additionalSafeAreaInsets` added, as UIKit's does, so the
    /// children a container places take those too.
    public package(set) var safeAreaInsets: UIEdgeInsets {
        get { existingLayoutState?.safeAreaInsets ?? .zero }
        set {
            guard newValue != (existingLayoutState?.givenSafeAreaInsets ?? .zero) else { return }
            layoutState.givenSafeAreaInsets = newValue
            updateSafeAreaInsets()
        }
    }

    /// Works the safe area out again from the insets given and the controller's
    /// `additionalSafeAreaInsets` (when the view is a controller's): a change lays the view out
    /// again and tells it, through ``safeAreaInsetsDidChange()``, and then its controller,
    /// through `viewSafeAreaInsetsDidChange()` — unless `tellingController` is false, as when
    /// the view is just being given to its controller, before the controller's `viewDidLoad()`.
    func updateSafeAreaInsets(tellingController: Bool = true) {
        let given = existingLayoutState?.givenSafeAreaInsets ?? .zero
        let additional = owningViewController?.additionalSafeAreaInsets ?? .zero
        let insets = UIEdgeInsets(
            top: given.top + additional.top, left: given.left + additional.left,
            bottom: given.bottom + additional.bottom, right: given.right + additional.right)
        guard insets != safeAreaInsets else { return }
        layoutState.safeAreaInsets = insets
        LayoutEngine.hierarchyChanged(at: self)
        setNeedsLayout()
        safeAreaInsetsDidChange()
        if tellingController { owningViewController?.viewSafeAreaInsetsDidChange() }
    }

    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = existingLayoutState?.safeAreaGuide { return guide }
        let guide = UILayoutGuide(kind: .safeArea, identifier: "UIViewSafeAreaLayoutGuide")
        layoutState.safeAreaGuide = guide
        addLayoutGuide(guide)
        return guide
    }
}

extension NSLayoutConstraint {
    /// The two axes content priorities apply to. Raw values are Apple's.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}
