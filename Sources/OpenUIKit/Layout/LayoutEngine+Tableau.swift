import Foundation
import LayoutSolver

/// The engine's tableau: constraints installed as the solver's rows, the items' attributes as
/// expressions of their variables, and the report of a constraint that cannot hold.
extension LayoutEngine {
    // MARK: The tableau

    func install(_ constraint: NSLayoutConstraint) {
        guard let container = constraint.container, let first = constraint.firstItem else { return }
        var expression = attribute(constraint.firstAttribute, of: first, in: container)
        if let second = constraint.secondItem {
            expression.add(
                attribute(constraint.secondAttribute, of: second, in: container), times: -Double(constraint.multiplier))
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

    func uninstall(_ constraint: NSLayoutConstraint) {
        broken.remove(ObjectIdentifier(constraint))
        guard let entry = installed.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        solver.remove(entry.constraint)
        needsSolve = true
    }

    func changeConstant(of constraint: NSLayoutConstraint) {
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
    func variables(of item: AnyObject) -> ItemVariables {
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

    func pinFrame(of view: UIView, _ items: ItemVariables) {
        let frame = view.frame
        setGenerated(.minX, of: view, SolverConstraint(items.minX, .equal, Double(frame.minX)))
        setGenerated(.minY, of: view, SolverConstraint(items.minY, .equal, Double(frame.minY)))
        setGenerated(.width, of: view, SolverConstraint(items.width, .equal, Double(frame.width)))
        setGenerated(.height, of: view, SolverConstraint(items.height, .equal, Double(frame.height)))
    }

    func constrainContentSize(of view: UIView, _ items: ItemVariables) {
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
    func attribute(_ attribute: NSLayoutConstraint.Attribute, of item: AnyObject, in container: UIView)
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
    func report(_ constraint: NSLayoutConstraint, conflictingWith others: [SolverConstraint]) {
        guard broken.insert(ObjectIdentifier(constraint)).inserted else { return }
        let byIdentity = Dictionary(
            uniqueKeysWithValues: installed.map { (ObjectIdentifier($0.value.constraint), $0.key) })
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

    func constraintsByIdentity(_ identities: [ObjectIdentifier]) -> [NSLayoutConstraint] {
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
