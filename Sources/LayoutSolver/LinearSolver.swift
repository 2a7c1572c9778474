/// An incremental Cassowary solver: linear equalities and inequalities, required or optional
/// at UIKit's priorities, solved by the simplex method in a tableau that each change updates.
///
/// Required constraints always hold. Optional ones are satisfied as well as they can be, a
/// higher priority completely before a lower one; between equal priorities the sum of the
/// absolute errors is minimised. `updateVariables()` writes the values to the variables.
///
/// A required equality that mentions a variable no other constraint mentions is kept out of the
/// tableau as that variable's *definition* (the variable is eliminated, as Cassowary would make
/// it basic); definitions are evaluated in the order they were made, and the tableau sees the
/// other constraints with defined variables replaced by what they stand for. This keeps chains
/// of views (`b.left == a.right + 8`, …) from filling the tableau's rows.
///
/// A variable or constraint is in one solver at a time. Not thread-safe: use a solver from one
/// thread (UIKit's main thread).
package final class LinearSolver {
    /// Everything the solver keeps, changed by one access per call.
    var state = SolverState()

    package init() {
        state.identity = ObjectIdentifier(self)
    }

    deinit {
        for case let entry? in state.constraintEntries { entry.constraint.solverSlot = nil }
        for case let variable? in state.variables { variable.solverSlot = nil }
    }

    /// Whether the solver holds `constraint`.
    package func contains(_ constraint: SolverConstraint) -> Bool { constraint.solverSlot?.solver == state.identity }

    /// Whether some constraint the solver holds mentions `variable` (or its tableau still uses it).
    package func contains(_ variable: LayoutVariable) -> Bool { variable.solverSlot?.solver == state.identity }

    /// Adds a constraint and re-solves.
    ///
    /// Throws when the constraint is required and contradicts the required constraints already
    /// in the solver; the solver is then exactly as it was before the call.
    package func add(_ constraint: SolverConstraint) throws(UnsatisfiableConstraint) {
        if let slot = constraint.solverSlot {
            fatalError(
                slot.solver == state.identity
                    ? "LinearSolver: \(constraint) was added twice" : "LinearSolver: \(constraint) is in another solver"
            )
        }
        try state.add(constraint)
    }

    /// Removes a constraint the solver holds and re-solves.
    package func remove(_ constraint: SolverConstraint) {
        guard contains(constraint) else {
            fatalError("LinearSolver: \(constraint) is not in the solver")
        }
        state.remove(constraint)
    }

    /// Writes every variable's value.
    package func updateVariables() { state.updateVariables() }

    /// The value the solution gives `variable`, without writing it; zero for a variable the
    /// solver does not hold.
    package func value(of variable: LayoutVariable) -> Double { state.value(of: variable) }

    /// Whether the constraints leave `variable`'s value open (see `SolverState.isAmbiguous(_:)`).
    package func isAmbiguous(_ variable: LayoutVariable) -> Bool { state.isAmbiguous(variable) }
}

/// The solver's tableau, definitions, variables and constraints, with the operations on them.
struct SolverState {
    /// Marks the variables and constraints of the solver that owns this state.
    var identity = ObjectIdentifier(SolverState.self)

    // The tableau. Per-symbol arrays are indexed by `SolverSymbol.id`.

    /// The row of each basic symbol (its value in terms of the parametric symbols); `nil` for
    /// parametric symbols.
    var rows: [SolverRow?] = []
    /// For each symbol, the basic symbols whose rows have a term for it.
    var columns: [ColumnEntries] = []
    /// The errors to minimise, one level per optional priority.
    var objective = LexicographicObjective()
    /// While a constraint is added through an artificial variable: the artificial objective.
    var artificial: LexicographicObjective?
    /// Restricted basic symbols whose constant may have become negative.
    var infeasibleRows: [SolverSymbol] = []
    var nextSymbolID = 0
    /// Ids of symbols that were released, reused before new ones.
    var freeSymbolIDs: [Int] = []

    // Constraints, by `SolverConstraint.solverIndex`.

    var constraintEntries: [ConstraintEntry?] = []
    var freeConstraintIndices: [Int] = []

    // Variables, by the index in `LayoutVariable.solverSlot`.

    var variables: [LayoutVariable?] = []
    var variableRecords: [VariableRecord?] = []
    /// The constraints that mention each variable.
    var variableMentions: [[SolverConstraint]] = []
    /// Defined variables in terms of the variables that are not defined: derived, and dropped
    /// whenever a definition changes.
    var expansions: [CachedExpansion?] = []
    var freeVariableIndices: [Int] = []

    // Definitions.

    /// The definitions by rank: a definition mentions only variables that are not defined or
    /// were defined at a lower rank. Removed definitions leave `nil` until the next compaction.
    var definitionSlots: [VariableDefinition?] = []
    /// How many definitions the solver holds.
    var definitionCount = 0

    // Undoing a change that fails.

    /// Whether the current change can fail, so that its mutations are journalled.
    var journaling = false
    /// What to restore, newest last, since the current change began.
    var journal: [SolverJournalEntry] = []
    var definitionCountBeforeChange = 0

    /// Adds a constraint (that no solver holds) and re-solves; on failure, leaves everything as
    /// it was.
    mutating func add(_ constraint: SolverConstraint) throws(UnsatisfiableConstraint) {
        let defined = definedVariable(of: constraint)
        beginTransaction(journaling: defined == nil && constraint.isRequired)
        do {
            try addWithinTransaction(constraint, defining: defined)
            commitTransaction()
        } catch {
            rollBackTransaction()
            throw error
        }
    }

    /// Removes a constraint this solver holds and re-solves.
    mutating func remove(_ constraint: SolverConstraint) {
        beginTransaction(journaling: false)
        removeWithinTransaction(constraint)
        commitTransaction()
    }

    /// Adds a constraint as the definition of `defined` (see `definedVariable(of:)`), or to the
    /// tableau when that is `nil`.
    mutating func addWithinTransaction(
        _ constraint: SolverConstraint, defining defined: LayoutVariable?
    ) throws(UnsatisfiableConstraint) {
        let index = registerConstraint(constraint)
        if let defined {
            addDefinition(constraint, at: index, defining: defined)
        } else {
            try addToTableau(constraint, at: index)
        }
        for term in constraint.expression.terms { mention(term.variable, by: constraint) }
    }

    /// The variable a required equality would define: of those no constraint mentions yet, the
    /// one with the largest coefficient (dividing by it loses the least).
    func definedVariable(of constraint: SolverConstraint) -> LayoutVariable? {
        guard constraint.relation == .equal && constraint.isRequired else { return nil }
        var best: LinearTerm?
        for term in constraint.expression.terms where term.variable.solverSlot == nil {
            if best == nil || abs(term.coefficient) > abs(best!.coefficient) { best = term }
        }
        return best?.variable
    }

    mutating func removeWithinTransaction(_ constraint: SolverConstraint) {
        let terms = constraint.expression.terms
        for term in terms { unmention(term.variable, by: constraint) }
        switch constraintEntries[constraint.solverIndex]!.placement {
        case .definition(let rank): removeDefinition(at: rank)
        case .tableau: removeFromTableau(constraint)
        }
        unregisterConstraint(constraint)
        for term in terms { forgetIfUnused(term.variable) }
    }
}
