import Foundation

/// A view that lines up its arranged subviews in a row or a column with constraints of its
/// own: Apple's `UIStackView`.
///
/// Hiding an arranged view collapses it to nothing along the axis, with the spacing next to
/// it; inside an animation block the others slide over, animated, and the view's layer is
/// hidden only when the block's animations have ended, as on iOS (its `isHidden` reads `true`
/// at once).
///
///     let row = UIStackView(arrangedSubviews: [icon, title, badge])
///     row.spacing = 8
///     UIView.animate(withDuration: 0.3) { badge.isHidden = true }
@preconcurrency @MainActor
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    /// As a custom spacing: the stack view's ``spacing``.
    public static let spacingUseDefault = -CGFloat.greatestFiniteMagnitude
    /// As a spacing: the system's spacing between views, 8 points here.
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    /// The views lined up, in order; each is also a subview.
    public private(set) var arrangedSubviews: [UIView] = []

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { rearrange() } }
    open var distribution: Distribution = .fill { didSet { rearrange() } }
    open var alignment: Alignment = .fill { didSet { rearrange() } }
    /// The space between neighbouring arranged views (the least space with
    /// ``Distribution/equalSpacing`` and ``Distribution/equalCentering``).
    open var spacing: CGFloat = 0 {
        didSet {
            LayoutCheck.requireFinite(spacing, "UIStackView.spacing", of: nil)
            rearrange()
        }
    }
    /// Whether the views are lined up inside the stack view's layout margins rather than its
    /// edges.
    open var isLayoutMarginsRelativeArrangement = false { didSet { rearrange() } }
    /// Accepted for compatibility: baselines here are views' bottoms.
    open var isBaselineRelativeArrangement = false

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var arrangement: [NSLayoutConstraint] = []
    private var guides: [UILayoutGuide] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Arranged views

    /// Adds `view` at the end of the arrangement (and as the last subview if it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Puts `view` at `stackIndex` in the arrangement; a view already arranged moves there.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { fatalError("UIStackView: a stack view cannot arrange itself") }
        var index = stackIndex
        if let current = arrangedSubviews.firstIndex(of: view) {
            arrangedSubviews.remove(at: current)
            if current < index { index -= 1 }
        }
        guard (0...arrangedSubviews.count).contains(index) else {
            fatalError("UIStackView: index \(stackIndex) is beyond the \(arrangedSubviews.count) arranged subviews")
        }
        arrangedSubviews.insert(view, at: index)
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        rearrange()
    }

    /// Takes `view` out of the arrangement; it stays a subview (remove it from its superview
    /// to take it away), as on iOS.
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arrangedSubviews.firstIndex(of: view) else { return }
        arrangedSubviews.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        rearrange()
    }

    /// The space after `arrangedSubview`, in place of ``spacing``.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard spacing == Self.spacingUseDefault || spacing.isFinite else {
            fatalError("UIStackView: a custom spacing must be finite; got \(spacing)")
        }
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        rearrange()
    }

    /// The space after `arrangedSubview` set with ``setCustomSpacing(_:after:)``, else
    /// ``spacingUseDefault``.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        if isLayoutMarginsRelativeArrangement { rearrange() }
    }

    /// An arranged view's `isHidden` was set: its layer is hidden at once, or, inside an
    /// animation block, when the block's animations end; the arrangement closes over it, laid
    /// out inside the block so that it animates.
    func arrangedSubview(_ view: UIView, setHidden hidden: Bool) {
        guard view.isHidden != hidden else { return }
        let state = view.layoutState
        state.hidingGeneration += 1
        if hidden, let block = UIView.currentAnimationContext as? UIViewAnimationState {
            state.hiddenUntilAnimationEnds = true
            let generation = state.hidingGeneration
            block.blockDelegate.whenDone { [weak view] in
                guard let view, let state = view.existingLayoutState, state.hidingGeneration == generation else {
                    return
                }
                state.hiddenUntilAnimationEnds = false
                view.layer.isHidden = true
            }
        } else {
            state.hiddenUntilAnimationEnds = false
            view.layer.isHidden = hidden
        }
        rearrange()
        if UIView.currentAnimationContext != nil { rootView.layoutIfNeeded() }
    }

    // MARK: The constraints

    /// Replaces the stack view's constraints with those of the current arrangement.
    private func rearrange() {
        NSLayoutConstraint.deactivate(arrangement)
        for guide in guides { removeLayoutGuide(guide) }
        guides = []
        arrangement = []
        let alongX = axis == .horizontal
        let visible = arrangedSubviews.filter { !$0.isHidden }
        arrangeAlongTheAxis(visible: visible, alongX: alongX)
        for view in arrangedSubviews { align(view, alongX: alongX) }
        if alignment != .fill, !arrangedSubviews.isEmpty {
            // Nothing else sizes the stack across its axis: it fits its largest view.
            add(self, alongX ? .height : .width, .equal, nil, .notAnAttribute, priority: UILayoutPriority(25),
                "UISV-ambiguity-suppression")
        }
        NSLayoutConstraint.activate(arrangement)
    }

    private func arrangeAlongTheAxis(visible: [UIView], alongX: Bool) {
        let (start, end, size, center): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            alongX ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let margins = isLayoutMarginsRelativeArrangement
        let canvasStart: NSLayoutConstraint.Attribute = margins ? (alongX ? .leadingMargin : .topMargin) : start
        let canvasEnd: NSLayoutConstraint.Attribute = margins ? (alongX ? .trailingMargin : .bottomMargin) : end
        // Hidden views sit, with no size, where the visible view before them ends.
        var previousVisible: UIView?
        for view in arrangedSubviews {
            if view.isHidden {
                add(view, size, .equal, nil, .notAnAttribute, "UISV-hiding")
                if let previousVisible {
                    add(view, start, .equal, previousVisible, end, "UISV-spacing")
                } else {
                    add(view, start, .equal, self, canvasStart, "UISV-canvas-connection")
                }
            } else {
                previousVisible = view
            }
        }
        guard let first = visible.first, let last = visible.last else { return }
        add(first, start, .equal, self, canvasStart, "UISV-canvas-connection")
        add(last, end, .equal, self, canvasEnd, "UISV-canvas-connection")
        let gaps = zip(visible, visible.dropFirst()).map { pair in gap(after: pair.0) }
        for ((before, after), gap) in zip(zip(visible, visible.dropFirst()), gaps) {
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(after, start, .equal, before, end, constant: gap, "UISV-spacing")
            case .equalSpacing, .equalCentering:
                add(after, start, .greaterThanOrEqual, before, end, constant: gap, "UISV-spacing")
            }
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() { add(view, size, .equal, first, size, "UISV-fill-equally") }
        case .fillProportionally:
            let weights = visible.map { view in
                max(0, alongX ? view.intrinsicContentSize.width : view.intrinsicContentSize.height)
            }
            let total = weights.reduce(0, +)
            guard total > 0 else {
                for view in visible.dropFirst() { add(view, size, .equal, first, size, "UISV-fill-equally") }
                break
            }
            var taken = gaps.reduce(0, +)
            if margins {
                taken += alongX ? layoutMargins.left + layoutMargins.right : layoutMargins.top + layoutMargins.bottom
            }
            for (view, weight) in zip(visible, weights) {
                add(view, size, .equal, self, size, multiplier: weight / total, constant: -taken * weight / total,
                    priority: UILayoutPriority(999), "UISV-fill-proportionally")
            }
        case .equalSpacing, .equalCentering:
            // A guide spans each gap (between edges, or between centres): all as long as the first.
            let (from, to) = distribution == .equalSpacing ? (end, start) : (center, center)
            var spans: [UILayoutGuide] = []
            for (before, after) in zip(visible, visible.dropFirst()) {
                let guide = UILayoutGuide()
                guide.identifier = "UISV-distributing"
                addLayoutGuide(guide)
                guides.append(guide)
                add(guide, start, .equal, before, from, "UISV-distributing-edge")
                add(guide, end, .equal, after, to, "UISV-distributing-edge")
                // A guide needs a place across the axis too.
                let crossStart: NSLayoutConstraint.Attribute = alongX ? .top : .leading
                let crossSize: NSLayoutConstraint.Attribute = alongX ? .height : .width
                add(guide, crossStart, .equal, self, crossStart, "UISV-distributing-edge")
                add(guide, crossSize, .equal, nil, .notAnAttribute, "UISV-distributing-edge")
                spans.append(guide)
            }
            for guide in spans.dropFirst() { add(guide, size, .equal, spans[0], size, "UISV-fill-equally") }
        }
    }

    /// The space after the visible view `view` when another visible view follows.
    private func gap(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == Self.spacingUseSystem ? 8 : value
    }

    private func align(_ view: UIView, alongX: Bool) {
        let margins = isLayoutMarginsRelativeArrangement
        let (start, end, center): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            alongX ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
        let canvasStart: NSLayoutConstraint.Attribute = margins ? (alongX ? .topMargin : .leadingMargin) : start
        let canvasEnd: NSLayoutConstraint.Attribute = margins ? (alongX ? .bottomMargin : .trailingMargin) : end
        let canvasCenter: NSLayoutConstraint.Attribute =
            margins ? (alongX ? .centerYWithinMargins : .centerXWithinMargins) : center
        switch alignment {
        case .fill:
            add(view, start, .equal, self, canvasStart, "UISV-alignment")
            add(view, end, .equal, self, canvasEnd, "UISV-alignment")
        case .leading:
            add(view, start, .equal, self, canvasStart, "UISV-alignment")
            add(view, end, .lessThanOrEqual, self, canvasEnd, "UISV-canvas-connection")
        case .trailing, .firstBaseline, .lastBaseline:
            add(view, end, .equal, self, canvasEnd, "UISV-alignment")
            add(view, start, .greaterThanOrEqual, self, canvasStart, "UISV-canvas-connection")
        case .center:
            add(view, center, .equal, self, canvasCenter, "UISV-alignment")
            add(view, start, .greaterThanOrEqual, self, canvasStart, "UISV-canvas-connection")
        }
    }

    private func add(
        _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
        _ other: AnyObject?, _ otherAttribute: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1,
        constant: CGFloat = 0, priority: UILayoutPriority = .required, _ identifier: String
    ) {
        let constraint = NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other, attribute: otherAttribute,
            multiplier: multiplier, constant: constant)
        constraint.priority = priority
        constraint.identifier = identifier
        arrangement.append(constraint)
    }
}
