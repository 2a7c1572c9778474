/// How a constraint's expression compares with zero.
package enum LayoutRelation {
    case lessThanOrEqual
    case equal
    case greaterThanOrEqual
}

/// A linear constraint `expression relation 0` with a priority in UIKit's scale.
///
/// Constraints are compared by identity. Change the constant and the priority through
/// `LinearSolver.setConstant(_:of:)` and `setPriority(_:of:)`, which re-solve incrementally
/// when the solver holds the constraint.
package final class SolverConstraint: Hashable, CustomStringConvertible {
    /// The priority of a constraint that must hold.
    package static let requiredPriority: Float = 1000

    /// The constraint's left side minus its right side.
    package fileprivate(set) var expression: LinearExpression
    package let relation: LayoutRelation
    /// More than 0 and at most 1000, where 1000 is required. A higher optional priority wins completely over
    /// any number of lower ones; between equal priorities the sum of the errors is minimised.
    package fileprivate(set) var priority: Float
    /// The solver that holds the constraint and the constraint's index in its entries.
    var solverSlot: SolverSlot?

    /// The index of the constraint in the solver that holds it.
    var solverIndex: Int { solverSlot!.index }

    /// `expression relation 0`.
    package init(_ expression: LinearExpression, _ relation: LayoutRelation, priority: Float = requiredPriority) {
        Self.validate(priority)
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// `lhs relation rhs`, such as `SolverConstraint(b.minX, .equal, a.minX + a.width + 8)`.
    package convenience init(
        _ lhs: some LinearExpressionConvertible, _ relation: LayoutRelation, _ rhs: some LinearExpressionConvertible,
        priority: Float = requiredPriority
    ) {
        self.init(lhs.linearExpression - rhs.linearExpression, relation, priority: priority)
    }

    /// The constant of `expression`.
    package var constant: Double { expression.constant }

    /// Whether the constraint must hold (priority 1000).
    package var isRequired: Bool { priority >= Self.requiredPriority }

    package static func == (lhs: SolverConstraint, rhs: SolverConstraint) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    package var description: String {
        let relationText =
            switch relation {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        let priorityText = isRequired ? "" : " @\(priority)"
        return "\(expression) \(relationText) 0\(priorityText)"
    }

    fileprivate static func validate(_ priority: Float) {
        guard priority > 0 && priority <= requiredPriority else {
            fatalError("SolverConstraint: priority \(priority) is outside UIKit's range (0, 1000]")
        }
    }
}

extension LinearSolver {
    /// Sets the constant of `constraint`'s expression. When the solver holds the constraint,
    /// the tableau moves in place and is re-solved from there; nothing is rebuilt. For a
    /// tableau constraint the rows that depend on its marker move by the change; for a
    /// definition, the change reaches the variables defined from it and moves the tableau
    /// constraints that mention them in the same way.
    ///
    /// Throws when a required constraint's new constant contradicts the other required
    /// constraints, leaving the solver and the constraint as they were.
    package func setConstant(_ constant: Double, of constraint: SolverConstraint) throws(UnsatisfiableConstraint) {
        let delta = constant - constraint.expression.constant
        if contains(constraint) && delta != 0 { try state.changeConstant(of: constraint, by: delta) }
        constraint.expression.constant = constant
    }

    /// Sets the priority of `constraint`. Between optional priorities its errors move from one
    /// level of the objective to the other; to or from required, the constraint is removed and
    /// added again.
    ///
    /// Throws when the constraint becomes required and contradicts the required constraints,
    /// leaving the solver and the constraint as they were.
    package func setPriority(_ priority: Float, of constraint: SolverConstraint) throws(UnsatisfiableConstraint) {
        SolverConstraint.validate(priority)
        let previous = constraint.priority
        constraint.priority = priority
        guard contains(constraint), priority != previous else { return }
        do {
            try state.changePriority(of: constraint, from: previous)
        } catch {
            constraint.priority = previous
            throw error
        }
    }
}

extension SolverState {
    /// Moves the solver to a constant of `constraint`'s expression `delta` higher.
    mutating func changeConstant(of constraint: SolverConstraint, by delta: Double) throws(UnsatisfiableConstraint) {
        let placement = constraintEntries[constraint.solverIndex]!.placement
        var canFail = true
        if case .tableau(let tag) = placement { canFail = tag.isRequired }
        beginTransaction(journaling: canFail)
        do {
            switch placement {
            case .definition(let rank):
                try changeDefinitionConstant(of: constraint, at: rank, by: delta)
            case .tableau:
                let contradicted = shiftConstant(of: constraint, by: delta)
                try restoreFeasibility(afterChanging: constraint, contradicted: contradicted)
            }
            commitTransaction()
        } catch {
            rollBackTransaction()
            throw error
        }
    }

    /// Moves the solver to `constraint`'s new priority, which was `previous`.
    mutating func changePriority(of constraint: SolverConstraint, from previous: Float) throws(UnsatisfiableConstraint)
    {
        beginTransaction(journaling: constraint.isRequired)
        do {
            if constraint.isRequired || previous >= SolverConstraint.requiredPriority {
                removeWithinTransaction(constraint)
                try addWithinTransaction(constraint, defining: definedVariable(of: constraint))
            } else {
                moveErrors(of: constraint, toPriority: constraint.priority)
            }
            commitTransaction()
        } catch {
            rollBackTransaction()
            throw error
        }
    }
}
