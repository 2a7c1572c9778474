import Foundation

/// How a view hierarchy changes: the work behind `addSubview(_:)`, `insertSubview(_:at:)`,
/// `removeFromSuperview()` and the other hierarchy members `UIView` declares (so that
/// subclasses can override them), with the order in which the hooks are called.
extension UIView {
    /// Puts `view` at `index` among the subviews (clamped to their range).
    ///
    /// A view coming from elsewhere hears `willMove(toSuperview:)`, then, with its subviews,
    /// `willMove(toWindow:)` and `didMoveToWindow()` when its window changes, then
    /// `didMoveToSuperview()`; its old superview hears `willRemoveSubview(_:)` and this one
    /// `didAddSubview(_:)`. A view that is already a subview only changes place.
    func adopt(_ view: UIView, at index: Int) {
        // A view with no subviews can only be an ancestor of this one by being it: no walk up
        // the hierarchy, so that building a deep one view by view stays linear.
        require(
            view !== self && (view.subviewList.isEmpty || !isDescendant(of: view)),
            "cannot add \(view) as a subview of \(self): it would become its own ancestor")
        if view.superviewReference === self {
            removeFromList(view)
            place(view, at: index)
            return
        }
        let oldWindow = view.window
        let newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.forEachInSubtree { $0.willMove(toWindow: newWindow) } }
        view.detachFromSuperview()
        place(view, at: index)
        if view.takesPartInLayout { LayoutEngine.moved(view, into: self) }
        if oldWindow !== newWindow {
            view.setWindowInSubtree(newWindow)
            view.forEachInSubtree { $0.didMoveToWindow() }
        }
        view.didMoveToSuperview()
        view.inheritTint()
        didAddSubview(view)
    }

    /// Takes the view out of its superview, with the same calls as a move
    /// (`willMove(toSuperview: nil)`, `willMove(toWindow: nil)` when it was in a window, …).
    func leaveSuperview() {
        guard superviewReference != nil else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        detachFromSuperview()
        if oldWindow != nil {
            setWindowInSubtree(nil)
            forEachInSubtree { $0.didMoveToWindow() }
        }
        didMoveToSuperview()
        inheritTint()
    }

    /// Swaps the subviews at two indices (and their layers); an index out of range traps, as
    /// UIKit raises.
    func swapSubviews(at index1: Int, _ index2: Int) {
        require(
            subviewList.indices.contains(index1) && subviewList.indices.contains(index2),
            "exchangeSubview(at: \(index1), withSubviewAt: \(index2)): \(subviewList.count) subviews")
        guard index1 != index2 else { return }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let first = subviewList[low]
        let second = subviewList[high]
        insertSubview(second, at: low)
        insertSubview(first, at: high)
    }

    /// Moves a subview to `index` (a view that is not a subview stays where it is).
    func restack(_ view: UIView, at index: Int) {
        guard view.superviewReference === self else { return }
        insertSubview(view, at: index)
    }

    /// Inserts `view` just above or below `sibling`, which must be a subview.
    func insert(_ view: UIView, nextTo sibling: UIView, above: Bool) {
        // Where `sibling` stands once `view` has left its place among the subviews.
        let others = subviewList.filter { $0 !== view }
        guard let index = others.firstIndex(where: { $0 === sibling }) else {
            let method = above ? "insertSubview(_:aboveSubview:)" : "insertSubview(_:belowSubview:)"
            misuse("\(method): \(sibling) is not a subview of \(self)")
        }
        insertSubview(view, at: above ? index + 1 : index)
    }

    /// Whether `view` is the view or one of its ancestors.
    func hasAncestor(_ view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superviewReference
        }
        return false
    }

    /// The view itself or the first view below it, depth first, whose tag is `tag`.
    func firstView(withTag tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviewList {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Calls `body` on the view and every view below it, each before its subviews, from an
    /// explicit stack so that a hierarchy of any depth is walked.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            body(view)
            pending.append(contentsOf: view.subviewList.reversed())
        }
    }

    /// Empties the subview list; called only on a view being freed.
    nonisolated func takeSubviews() -> [UIView] {
        defer { subviewList = [] }
        return subviewList
    }

    /// Puts `view`, which has no superview, among the subviews and its layer among the
    /// sublayers, and marks this view for layout.
    private func place(_ view: UIView, at index: Int) {
        let position = min(max(index, 0), subviewList.count)
        subviewList.insert(view, at: position)
        view.superviewReference = self
        layer.insertSublayer(view.layer, at: UInt32(position))
        setNeedsLayout()
    }

    /// Takes a subview out of the list without telling anyone: the first half of a move
    /// within this view.
    private func removeFromList(_ view: UIView) {
        subviewList.removeAll { $0 === view }
        view.superviewReference = nil
        view.layer.removeFromSuperlayer()
    }

    /// Takes the view out of its superview's list, telling the superview (and Auto Layout).
    private func detachFromSuperview() {
        guard let superview = superviewReference else { return }
        if takesPartInLayout { LayoutEngine.willDetach(self) }
        superview.willRemoveSubview(self)
        superview.subviewList.removeAll { $0 === self }
        superviewReference = nil
        layer.removeFromSuperlayer()
        superview.setNeedsLayout()
    }

    /// Records `newWindow` as the window of the view and every view below it.
    private func setWindowInSubtree(_ newWindow: UIWindow?) {
        // A window inside another window is not supported: its subviews take the outer one.
        forEachInSubtree { $0.windowReference = newWindow }
    }
}
