import Foundation
import OpenQuartzCore

/// The Auto Layout engine of one view hierarchy, kept by its root view: every active
/// constraint of the hierarchy in a ``LinearSolver``, over four variables per view or guide
/// that takes part — its frame's minimum x and y in its parent's coordinates (a view's
/// superview, a guide's owning view), its width and height.
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
    private var variables: [ObjectIdentifier: ItemVariables] = [:]
    /// Each active user constraint's solver constraint and the constant its expression has
    /// without the user's constant (margins add to it); absent for one the engine broke.
    private var installed: [ObjectIdentifier: (constraint: SolverConstraint, base: Double)] = [:]
    /// The frame and content size constraints of each view.
    private var generated: [ObjectIdentifier: [GeneratedKind: SolverConstraint]] = [:]
    /// Constraints broken once: not reported again.
    private var broken: Set<ObjectIdentifier> = []
    private var needsSolve = true
    /// In an engine that measures a view (``fittingSize(of:target:horizontal:vertical:)``),
    /// that view: its origin is fixed at zero, its size is free, and its superview is left out.
    private var fittingRoot: UIView?

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
            view.subviews.contains(where: { $0.existingLayoutState?.translatesAutoresizingMaskIntoConstraints == false }),
            let engine = existingEngine(for: view) ?? builtIfConstrained(view) else { return }
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
                    fatalError("NSLayoutConstraint: unable to activate \(constraint): its layout guide has no owning view")
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

    // MARK: The tableau

    private func install(_ constraint: NSLayoutConstraint) {
        guard let container = constraint.container, let first = constraint.firstItem else { return }
        var expression = attribute(constraint.firstAttribute, of: first, in: container)
        if let second = constraint.secondItem {
            expression.add(attribute(constraint.secondAttribute, of: second, in: container), times: -Double(constraint.multiplier))
        }
        let base = expression.constant
        expression.constant -= Double(constraint.constant)
        let relation: LayoutRelation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let solverConstraint = SolverConstraint(expression, relation, priority: constraint.priority.rawValue)
        do {
            try solver.add(solverConstraint)
            installed[ObjectIdentifier(constraint)] = (solverConstraint, base)
        } catch {
            report(constraint, conflictingWith: error.conflictingConstraints)
        }
        needsSolve = true
    }

    private func uninstall(_ constraint: NSLayoutConstraint) {
        broken.remove(ObjectIdentifier(constraint))
        guard let entry = installed.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        solver.remove(entry.constraint)
        needsSolve = true
    }

    private func changeConstant(of constraint: NSLayoutConstraint) {
        guard let (solverConstraint, base) = installed[ObjectIdentifier(constraint)] else { return }
        // The expression is first − m × second − constant.
        do {
            try solver.setConstant(base - Double(constraint.constant), of: solverConstraint)
        } catch {
            solver.remove(solverConstraint)
            installed[ObjectIdentifier(constraint)] = nil
            report(constraint, conflictingWith: error.conflictingConstraints)
        }
        needsSolve = true
    }

    /// The variables of `item`, made (with its parents', up to the root, and the constraints a
    /// view's frame and content size stand for) the first time.
    @discardableResult
    private func variables(of item: AnyObject) -> ItemVariables {
        if let existing = variables[ObjectIdentifier(item)] { return existing }
        let items = ItemVariables(item)
        variables[ObjectIdentifier(item)] = items
        needsSolve = true
        if let view = item as? UIView, view === fittingRoot {
            try? solver.add(SolverConstraint(items.minX, .equal, 0))
            try? solver.add(SolverConstraint(items.minY, .equal, 0))
            constrainContentSize(of: view, items)
        } else if let view = item as? UIView {
            if view.existingLayoutState?.translatesAutoresizingMaskIntoConstraints ?? true {
                pinFrame(of: view, items)
            } else {
                constrainContentSize(of: view, items)
            }
            if let superview = view.superview { variables(of: superview) }
        } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
            let ownerItems = variables(of: owner)
            if let kind = guide.kind {
                let state = owner.layoutState
                let insets = kind == .margins ? state.layoutMargins : state.safeAreaInsets
                for constraint in [
                    SolverConstraint(items.minX, .equal, Double(insets.left)),
                    SolverConstraint(items.minY, .equal, Double(insets.top)),
                    SolverConstraint(items.width, .equal, ownerItems.width - Double(insets.left + insets.right)),
                    SolverConstraint(items.height, .equal, ownerItems.height - Double(insets.top + insets.bottom)),
                ] {
                    try? solver.add(constraint)
                }
            }
        }
        return items
    }

    /// Adds (or replaces) a generated constraint of `view`.
    func setGenerated(_ kind: GeneratedKind, of view: UIView, _ constraint: SolverConstraint?) {
        let key = ObjectIdentifier(view)
        if let old = generated[key]?[kind] {
            // A kind always constrains the same variable: only its value or priority changes.
            if let constraint, old.relation == constraint.relation, old.priority == constraint.priority {
                if old.constant != constraint.constant { try? solver.setConstant(constraint.constant, of: old) }
                needsSolve = true
                return
            }
            solver.remove(old)
            generated[key]?[kind] = nil
        }
        guard let constraint else { return }
        do {
            try solver.add(constraint)
            generated[key, default: [:]][kind] = constraint
        } catch {
            Warnings.emit("[LayoutConstraints] \(NSLayoutConstraint.itemName(view)): its \(kind) cannot hold: \(error)")
        }
        needsSolve = true
    }

    private func pinFrame(of view: UIView, _ items: ItemVariables) {
        let frame = view.frame
        setGenerated(.minX, of: view, SolverConstraint(items.minX, .equal, Double(frame.minX)))
        setGenerated(.minY, of: view, SolverConstraint(items.minY, .equal, Double(frame.minY)))
        setGenerated(.width, of: view, SolverConstraint(items.width, .equal, Double(frame.width)))
        setGenerated(.height, of: view, SolverConstraint(items.height, .equal, Double(frame.height)))
    }

    private func constrainContentSize(of view: UIView, _ items: ItemVariables) {
        let size = view.intrinsicContentSize
        let state = view.layoutState
        func pair(_ variable: LayoutVariable, _ value: CGFloat, hug: UILayoutPriority, resist: UILayoutPriority)
            -> (SolverConstraint?, SolverConstraint?)
        {
            guard value >= 0 else { return (nil, nil) }
            return (
                SolverConstraint(variable, .lessThanOrEqual, Double(value), priority: hug.rawValue),
                SolverConstraint(variable, .greaterThanOrEqual, Double(value), priority: resist.rawValue)
            )
        }
        let width = pair(items.width, size.width, hug: state.hugging.0, resist: state.compressionResistance.0)
        let height = pair(items.height, size.height, hug: state.hugging.1, resist: state.compressionResistance.1)
        setGenerated(.hugWidth, of: view, width.0)
        setGenerated(.resistWidth, of: view, width.1)
        setGenerated(.hugHeight, of: view, height.0)
        setGenerated(.resistHeight, of: view, height.1)
    }

    // MARK: Attributes

    /// `attribute` of `item` in the coordinates of `container`.
    private func attribute(_ attribute: NSLayoutConstraint.Attribute, of item: AnyObject, in container: UIView)
        -> LinearExpression
    {
        let items = variables(of: item)
        var x = LinearExpression()
        var y = LinearExpression()
        if item !== container {
            var current: AnyObject? = item
            while let node = current, node !== container {
                let nodeItems = variables(of: node)
                x.add(1, times: nodeItems.minX)
                y.add(1, times: nodeItems.minY)
                current = Self.parent(of: node)
            }
            if current == nil {
                fatalError("NSLayoutConstraint: \(NSLayoutConstraint.itemName(item)) is not inside \(container)")
            }
        }
        let margins = (item as? UIView)?.existingLayoutState?.layoutMargins ?? .zero
        var result = LinearExpression()
        func width(_ factor: Double) { result.add(factor, times: items.width) }
        func height(_ factor: Double) { result.add(factor, times: items.height) }
        switch attribute {
        case .left, .leading: result = x
        case .right, .trailing: result = x; width(1)
        case .top: result = y
        case .bottom, .lastBaseline, .firstBaseline: result = y; height(1)
        case .width: width(1)
        case .height: height(1)
        case .centerX: result = x; width(0.5)
        case .centerY: result = y; height(0.5)
        case .leftMargin, .leadingMargin: result = x; result.constant += Double(margins.left)
        case .rightMargin, .trailingMargin: result = x; width(1); result.constant -= Double(margins.right)
        case .topMargin: result = y; result.constant += Double(margins.top)
        case .bottomMargin: result = y; height(1); result.constant -= Double(margins.bottom)
        case .centerXWithinMargins:
            result = x; width(0.5); result.constant += Double(margins.left - margins.right) / 2
        case .centerYWithinMargins:
            result = y; height(0.5); result.constant += Double(margins.top - margins.bottom) / 2
        case .notAnAttribute: break
        }
        return result
    }

    static func parent(of item: AnyObject) -> AnyObject? {
        if let view = item as? UIView { return view.superview }
        return (item as? UILayoutGuide)?.owningView
    }

    static func parentView(of item: AnyObject) -> UIView? {
        parent(of: item) as? UIView
    }

    /// The closest view that contains both items (a guide counts as inside its owning view;
    /// an item contains itself).
    static func commonAncestor(_ a: AnyObject, _ b: AnyObject) -> UIView? {
        var seen = Set<ObjectIdentifier>()
        var current: AnyObject? = a
        while let node = current {
            seen.insert(ObjectIdentifier(node))
            current = parent(of: node)
        }
        current = b
        while let node = current {
            if seen.contains(ObjectIdentifier(node)), let view = node as? UIView { return view }
            current = parent(of: node)
        }
        return nil
    }

    // MARK: Reporting

    /// Logs a required constraint that cannot hold as UIKit logs it, once; the layout goes on
    /// without it.
    private func report(_ constraint: NSLayoutConstraint, conflictingWith others: [SolverConstraint]) {
        guard broken.insert(ObjectIdentifier(constraint)).inserted else { return }
        let byIdentity = Dictionary(uniqueKeysWithValues: installed.map { (ObjectIdentifier($0.value.constraint), $0.key) })
        let conflicting = others.compactMap { byIdentity[ObjectIdentifier($0)] }
        var listed = constraintsByIdentity(conflicting).map(\.description)
        listed.append(constraint.description)
        Warnings.emit(
            """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(listed.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(constraint)
            """)
    }

    private func constraintsByIdentity(_ identities: [ObjectIdentifier]) -> [NSLayoutConstraint] {
        var found: [NSLayoutConstraint] = []
        for (_, items) in variables {
            guard let view = items.item as? UIView else { continue }
            for constraint in view.existingLayoutState?.constraints ?? []
            where identities.contains(ObjectIdentifier(constraint)) {
                found.append(constraint)
            }
        }
        return found
    }
}
