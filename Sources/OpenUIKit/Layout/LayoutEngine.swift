import Foundation
import LayoutSolver
import OpenQuartzCore

/// The Auto Layout engine of one view hierarchy, kept by its root view: every active
/// constraint of the hierarchy in a `LinearSolver` (the LayoutSolver target), over four
/// variables per view or guide that takes part — its frame's minimum x and y in its parent's
/// coordinates (a view's superview, a guide's owning view), its width and height.
///
/// A constraint's attributes are expressed in the coordinates of the view it is installed on
/// (the closest common ancestor of its items): an item's left edge there is the sum of the
/// minimum x of the item and of every parent between it and that view. A view whose
/// `translatesAutoresizingMaskIntoConstraints` is on holds its frame as four required
/// constraints; a view with an intrinsic content size hugs it and resists compression below it
/// at its priorities. Changes are incremental (a constant is changed in place); a change of
/// hierarchy drops the engines concerned, which are built again when next needed.
@MainActor
final class LayoutEngine {
    let solver = LinearSolver()
    var variables: [ObjectIdentifier: ItemVariables] = [:]
    /// Each active user constraint's solver constraint and the constant its expression has
    /// without the user's constant (margins add to it); absent for one the engine broke.
    var installed: [ObjectIdentifier: (constraint: SolverConstraint, base: Double)] = [:]
    /// The frame and content size constraints of each view.
    var generated: [ObjectIdentifier: [GeneratedKind: SolverConstraint]] = [:]
    /// Constraints broken once: not reported again.
    var broken: Set<ObjectIdentifier> = []
    var needsSolve = true
    /// In an engine that measures a view (``fittingSize(of:target:horizontal:vertical:)``),
    /// that view: its origin is fixed at zero, its size is free, and its superview is left out.
    var fittingRoot: UIView?

    enum GeneratedKind: Hashable {
        case minX, minY, width, height
        case hugWidth, hugHeight, resistWidth, resistHeight
    }

    /// One item's variables and the frame last solved for it.
    @MainActor
    final class ItemVariables {
        let minX: LayoutVariable
        let minY: LayoutVariable
        let width: LayoutVariable
        let height: LayoutVariable
        weak var item: AnyObject?
        var frame: CGRect?

        init(_ item: AnyObject) {
            // Plain names: an item's description costs a type-name lookup, which would be most
            // of the cost of building a large engine.
            minX = LayoutVariable("minX")
            minY = LayoutVariable("minY")
            width = LayoutVariable("width")
            height = LayoutVariable("height")
            self.item = item
        }

        var solvedFrame: CGRect { CGRect(x: minX.value, y: minY.value, width: width.value, height: height.value) }
    }

    // MARK: Finding the engine

    /// The engine of `view`'s hierarchy, built from its active constraints if it has none.
    static func engine(for view: UIView) -> LayoutEngine {
        let root = view.rootView
        let state = root.layoutState
        if let engine = state.engine { return engine }
        let engine = LayoutEngine()
        state.engine = engine
        root.forEachInSubtree { member in
            for constraint in member.existingLayoutState?.constraints ?? [] { engine.install(constraint) }
            if let state = member.existingLayoutState, !state.translatesAutoresizingMaskIntoConstraints {
                engine.variables(of: member)
            }
        }
        return engine
    }

    /// The engine of `view`'s hierarchy if it has been built.
    static func existingEngine(for view: UIView) -> LayoutEngine? {
        view.rootView.existingLayoutState?.engine
    }

    /// Drops the engine of `view`'s hierarchy, which changed; the next layout builds another.
    /// Answers whether there was one (or one was due).
    @discardableResult
    static func hierarchyChanged(at view: UIView) -> Bool {
        let root = view.rootView
        guard let state = root.existingLayoutState, state.engine != nil || state.mayNeedEngine else { return false }
        if let engine = state.engine {
            for (_, item) in engine.variables { (item.item as? UIView)?.superview?.setNeedsLayout() }
        }
        state.engine = nil
        state.mayNeedEngine = true
        return true
    }

    /// `view` was placed in `superview`: the engines of both hierarchies are dropped.
    static func moved(_ view: UIView, into superview: UIView) {
        var carried = false
        if let state = view.existingLayoutState {
            carried = state.engine != nil || state.mayNeedEngine
            state.engine = nil
            state.mayNeedEngine = false
        }
        if !hierarchyChanged(at: superview), carried { superview.rootView.layoutState.mayNeedEngine = true }
        markTakingPart(superview)
    }

    /// Marks `view` and its superviews as taking part in layout.
    static func markTakingPart(_ view: UIView?) {
        var current = view
        while let member = current, !member.takesPartInLayout {
            member.takesPartInLayout = true
            current = member.superview
        }
    }

    /// `view` leaves its superview: the constraints installed above it that reach into it are
    /// deactivated (as UIKit removes them), and the engine is dropped.
    static func willDetach(_ view: UIView) {
        var ancestor = view.superview
        while let container = ancestor {
            let reaching = (container.existingLayoutState?.constraints ?? []).filter { constraint in
                [constraint.firstItem, constraint.secondItem].contains { item in
                    item.map { isInside($0, view) } ?? false
                }
            }
            if !reaching.isEmpty { deactivate(reaching) }
            ancestor = container.superview
        }
        // The view becomes the root of its own hierarchy, which may have constraints inside.
        if hierarchyChanged(at: view) { view.layoutState.mayNeedEngine = true }
    }

    /// The active constraints installed on `view` or above it that name `item`.
    static func constraints(reaching item: AnyObject, from view: UIView) -> [NSLayoutConstraint] {
        var found: [NSLayoutConstraint] = []
        var ancestor: UIView? = view
        while let container = ancestor {
            found += (container.existingLayoutState?.constraints ?? []).filter {
                $0.firstItem === item || $0.secondItem === item
            }
            ancestor = container.superview
        }
        return found
    }

    /// Whether `item` is `view` or inside it.
    private static func isInside(_ item: AnyObject, _ view: UIView) -> Bool {
        var current: AnyObject? = item
        while let node = current {
            if node === view { return true }
            current = parent(of: node)
        }
        return false
    }

    // MARK: Laying out

    /// `layoutIfNeeded()`: constraints updated, the engine solved, then every view that needs
    /// layout laid out, from the outermost superview of `view` that needs it, down.
    static func layOut(from view: UIView) {
        let root = view.rootView
        if root.takesPartInLayout {
            updateConstraintsIfNeeded(in: root)
            existingEngine(for: view)?.solveIfNeeded()
        }
        var top = view
        while let superview = top.superview, superview.layer.needsLayout() { top = superview }
        top.forEachInSubtree { member in
            if member.layer.needsLayout() { member.layer.layoutIfNeeded() }
        }
    }

    /// Calls `updateConstraints()` on every view that asked for it, deepest first (as UIKit).
    static func updateConstraintsIfNeeded(in root: UIView) {
        var pending: [UIView] = []
        root.forEachInSubtree { if $0.existingLayoutState?.needsUpdateConstraints == true { pending.append($0) } }
        for view in pending.reversed() { view.updateConstraints() }
    }

    /// Places the subviews of `view` whose frames the engine computes.
    static func applyFrames(toSubviewsOf view: UIView) {
        guard view.takesPartInLayout,
            view.subviews.contains(where: { $0.existingLayoutState?.translatesAutoresizingMaskIntoConstraints == false }
            ),
            let engine = existingEngine(for: view) ?? builtIfConstrained(view)
        else { return }
        engine.solveIfNeeded()
        for subview in view.subviews where engine.drivesFrame(of: subview) {
            guard let frame = engine.variables[ObjectIdentifier(subview)]?.frame else { continue }
            if subview.frame != frame { subview.frame = frame }
        }
    }

    /// The engine of `view`'s hierarchy when something in it has had constraints.
    private static func builtIfConstrained(_ view: UIView) -> LayoutEngine? {
        view.rootView.existingLayoutState?.mayNeedEngine == true ? engine(for: view) : nil
    }

    /// `systemLayoutSizeFitting(_:…)`: the size the constraints of `view` and of its subtree
    /// give it when it is pulled towards `target` at the two priorities. A separate engine, built
    /// for the question and dropped after: nothing is laid out.
    static func fittingSize(
        of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority
    ) -> CGSize {
        updateConstraintsIfNeeded(in: view)
        let engine = LayoutEngine()
        engine.fittingRoot = view
        let items = engine.variables(of: view)
        for (variable, value, priority) in [
            (items.width, target.width, horizontal), (items.height, target.height, vertical),
        ] {
            LayoutCheck.requireFinite(value, "the target size of systemLayoutSizeFitting", of: nil)
            // A required target that the constraints cannot meet is left out, as one the
            // view's own constraints outrank.
            try? engine.solver.add(SolverConstraint(variable, .equal, Double(value), priority: priority.rawValue))
        }
        view.forEachInSubtree { member in
            for constraint in member.existingLayoutState?.constraints ?? [] { engine.install(constraint) }
        }
        engine.solver.updateVariables()
        return CGSize(width: items.width.value, height: items.height.value)
    }

    // MARK: Activating

    static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where constraint.container == nil {
            guard let first = constraint.firstItem else { continue }
            let container: UIView
            if let second = constraint.secondItem {
                guard let common = commonAncestor(first, second) else {
                    fatalError(
                        "NSLayoutConstraint: unable to activate \(constraint): its items have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
                    )
                }
                container = common
            } else if let view = first as? UIView {
                container = view
            } else {
                guard let owner = parentView(of: first) else {
                    fatalError(
                        "NSLayoutConstraint: unable to activate \(constraint): its layout guide has no owning view")
                }
                container = owner
            }
            constraint.container = container
            for item in [first, constraint.secondItem] {
                markTakingPart(item as? UIView ?? (item as? UILayoutGuide)?.owningView)
            }
            markTakingPart(container)
            container.layoutState.constraints.append(constraint)
            container.rootView.layoutState.mayNeedEngine = true
            existingEngine(for: container)?.install(constraint)
            container.setNeedsLayout()
        }
    }

    static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints {
            guard let container = constraint.container else { continue }
            existingEngine(for: container)?.uninstall(constraint)
            container.existingLayoutState?.constraints.removeAll { $0 === constraint }
            constraint.container = nil
            container.setNeedsLayout()
        }
    }

    static func constantChanged(of constraint: NSLayoutConstraint) {
        guard let container = constraint.container, let engine = existingEngine(for: container) else { return }
        engine.changeConstant(of: constraint)
        container.setNeedsLayout()
    }

    static func priorityChanged(of constraint: NSLayoutConstraint) {
        guard let container = constraint.container, let engine = existingEngine(for: container) else { return }
        engine.uninstall(constraint)
        engine.install(constraint)
        container.setNeedsLayout()
    }

    /// A view whose frame stands for constraints moved or resized.
    static func frameChanged(of view: UIView) {
        guard let engine = existingEngine(for: view), let items = engine.variables[ObjectIdentifier(view)],
            view.layoutState.translatesAutoresizingMaskIntoConstraints
        else { return }
        engine.pinFrame(of: view, items)
    }

    static func contentSizeChanged(of view: UIView) {
        guard let engine = existingEngine(for: view), let items = engine.variables[ObjectIdentifier(view)] else {
            return
        }
        engine.constrainContentSize(of: view, items)
        view.superview?.setNeedsLayout()
    }

    // MARK: Solving

    /// Solves if anything changed, and marks the superview of every view whose frame the
    /// solution changes as needing layout.
    func solveIfNeeded() {
        guard needsSolve else { return }
        needsSolve = false
        solver.updateVariables()
        for (_, items) in variables {
            let frame = items.solvedFrame
            guard frame != items.frame else { continue }
            items.frame = frame
            if let view = items.item as? UIView { view.superview?.setNeedsLayout() }
        }
    }

    /// The solved frame of `item` in its parent's coordinates, nil when it takes no part.
    func solvedFrame(of item: AnyObject) -> CGRect? {
        solveIfNeeded()
        return variables[ObjectIdentifier(item)]?.frame
    }

    static func frame(of guide: UILayoutGuide, in view: UIView) -> CGRect? {
        engine(for: view).solvedFrame(of: guide)
    }

    /// Whether `view`'s frame comes from the engine (it takes part and does not translate its
    /// frame into constraints).
    func drivesFrame(of view: UIView) -> Bool {
        !(view.existingLayoutState?.translatesAutoresizingMaskIntoConstraints ?? true)
            && variables[ObjectIdentifier(view)] != nil
    }

    /// Whether the solution leaves any of `item`'s frame undetermined.
    func isAmbiguous(_ item: AnyObject) -> Bool {
        guard let items = variables[ObjectIdentifier(item)] else { return false }
        return [items.minX, items.minY, items.width, items.height].contains { solver.isAmbiguous($0) }
    }
}
