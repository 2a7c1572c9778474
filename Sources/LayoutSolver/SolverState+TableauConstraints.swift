extension SolverState {
    /// Adds a constraint to the tableau: builds its row, solves it for a subject and re-solves.
    mutating func addToTableau(_ constraint: SolverConstraint, at index: Int) throws(UnsatisfiableConstraint) {
        let (initialRow, tag) = makeRow(for: constraint)
        var row = initialRow
        setEntry(ConstraintEntry(constraint: constraint, placement: .tableau(tag)), at: index)
        var subject = chooseSubject(of: row, tag: tag)
        if subject == nil && row.terms.allSatisfy({ $0.symbol.isDummy }) {
            // Required equalities only: the constraint is implied when the constant is zero,
            // and contradicts them otherwise.
            guard abs(row.constant) < solverEpsilon else {
                throw unsatisfiable(constraint, involving: row.terms.map(\.symbol))
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, for: subject)
        } else {
            try addWithArtificialVariable(row, for: constraint)
        }
        optimize()
    }

    /// Takes a constraint out of the tableau (its entry stays) and re-solves.
    mutating func removeFromTableau(_ constraint: SolverConstraint) {
        let tag = tag(of: constraint)
        if !tag.isRequired {
            addErrors(of: tag, times: -1)
            objective.releaseLevel(for: tag.priority)
        }
        let marker = tag.marker
        if rows[marker.id] != nil {
            _ = takeRow(for: marker)
        } else {
            // A marker that no row mentions leaves nothing to undo.
            if let leaving = markerLeavingRow(for: marker) {
                var row = takeRow(for: leaving)
                row.solve(for: marker, replacing: leaving)
                substitute(marker, with: row)
            }
        }
        releaseSymbol(marker)
        if let other = tag.other {
            eliminate(other)  // only rounding leaves terms of it
            releaseSymbol(other)
        }
        for index in tag.baseVariables { releaseSymbol(forVariableAt: index) }
        optimize()
    }

    /// The constraint's row before solving (`row = 0`) and its tag.
    ///
    /// `expression + slack = 0` for `<=` (`expression - slack = 0` for `>=`), plus `- error`
    /// (`+ error`) when optional; `expression + dummy = 0` for a required equality and
    /// `expression - error⁺ + error⁻ = 0` for an optional one. Defined variables are replaced by
    /// their expansions and basic variables by their rows, and the row is negated if need be so
    /// that its constant is not negative.
    private mutating func makeRow(for constraint: SolverConstraint) -> (SolverRow, ConstraintTag) {
        let expanded = expand(constraint.expression)
        var constant = expanded.constant
        var terms: [RowTerm] = []
        terms.reserveCapacity(expanded.terms.count + 4)
        var baseVariables: [Int] = []
        baseVariables.reserveCapacity(expanded.terms.count)
        for term in expanded.terms where abs(term.coefficient) >= solverEpsilon {
            let symbol = retainSymbol(forVariableAt: term.index)
            baseVariables.append(term.index)
            if let basicRow = rows[symbol.id] {
                constant += basicRow.constant * term.coefficient
                for inner in basicRow.terms {
                    terms.append(RowTerm(symbol: inner.symbol, coefficient: inner.coefficient * term.coefficient))
                }
            } else {
                terms.append(RowTerm(symbol: symbol, coefficient: term.coefficient))
            }
        }
        let priority = constraint.priority
        let isRequired = priority >= SolverConstraint.requiredPriority
        let marker: SolverSymbol
        var other: SolverSymbol?
        let markerCoefficient: Double
        switch (constraint.relation, isRequired) {
        case (.equal, true):
            marker = makeSymbol(.dummy)
            markerCoefficient = 1
        case (.equal, false):
            marker = makeSymbol(.error)
            other = makeSymbol(.error)
            markerCoefficient = -1
            terms.append(RowTerm(symbol: other!, coefficient: 1))
        case (.lessThanOrEqual, _), (.greaterThanOrEqual, _):
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            if !isRequired {
                other = makeSymbol(.error)
                terms.append(RowTerm(symbol: other!, coefficient: -markerCoefficient))
            }
        }
        terms.append(RowTerm(symbol: marker, coefficient: markerCoefficient))
        var row = SolverRow(constant: constant, combining: terms)
        let tag = ConstraintTag(
            marker: marker, other: other, markerCoefficient: markerCoefficient, constant: expanded.constant,
            priority: priority, baseVariables: baseVariables)
        if !tag.isRequired {
            _ = objective.retainLevel(for: tag.priority)
            addErrors(of: tag, times: 1)
        }
        if row.constant < 0 { row.scale(by: -1) }
        return (row, tag)
    }

    /// The symbol to make basic with the new row: the variable that the fewest rows mention
    /// (it must be substituted in them), else the constraint's own slack or error if its
    /// coefficient is negative (the row's constant is not, so the symbol's value will not be).
    private func chooseSubject(of row: SolverRow, tag: ConstraintTag) -> SolverSymbol? {
        var subject: SolverSymbol?
        var fewestRows = Int.max
        for term in row.terms where term.symbol.isExternal {
            let count = columns[term.symbol.id].count
            if count < fewestRows {
                subject = term.symbol
                fewestRows = count
            }
        }
        if subject != nil { return subject }
        if tag.marker.isRestricted && row.coefficient(of: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isRestricted && row.coefficient(of: other) < 0 { return other }
        return nil
    }

    /// Adds `factor ×` each of the constraint's errors to its level of the objective.
    mutating func addErrors(of tag: ConstraintTag, times factor: Double) {
        guard let level = objective.level(for: tag.priority) else { return }
        for error in [tag.marker, tag.other] {
            guard let error, error.kind == .error else { continue }
            if let row = rows[error.id] {
                objective.add(row, times: factor, toLevel: level)
            } else {
                objective.add(factor, times: error, toLevel: level)
            }
        }
    }

    /// The row to pivot a removed constraint's parametric marker into: a required equality's
    /// basic marker if one mentions it (which must stay zero, so the marker cannot move), else
    /// among the restricted rows the one that keeps the others feasible, else a variable's row.
    private func markerLeavingRow(for marker: SolverSymbol) -> SolverSymbol? {
        var dummy: SolverSymbol?
        var decreasing: SolverSymbol?
        var decreasingRatio = Double.infinity
        var increasing: SolverSymbol?
        var increasingRatio = Double.infinity
        var variable: SolverSymbol?
        for basic in columns[marker.id].basics {
            let row = rows[basic.id]!
            let coefficient = row.coefficient(of: marker)
            if basic.isDummy {
                if dummy == nil || basic < dummy! { dummy = basic }
            } else if basic.isExternal {
                if variable == nil || basic < variable! { variable = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < decreasingRatio || (ratio == decreasingRatio && basic < decreasing!) {
                    decreasing = basic
                    decreasingRatio = ratio
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < increasingRatio || (ratio == increasingRatio && basic < increasing!) {
                    increasing = basic
                    increasingRatio = ratio
                }
            }
        }
        return dummy ?? decreasing ?? increasing ?? variable
    }

    /// Moves the tableau to a constant of `constraint`'s expanded expression `delta` higher.
    ///
    /// A change `δ` of the constant is the same as replacing the marker `m` (coefficient `c` in
    /// the constraint's row) by `m + δ / c`: a basic marker's constant moves by `-δ / c`, and
    /// otherwise every row (and objective level) with a term `a × m` moves by `a × δ / c`; the
    /// objective's coefficients stay, so the solution stays optimal.
    /// Restricted rows that become negative are noted for `dualOptimize()`. Returns a required
    /// equality's basic marker that no longer reads zero, if any.
    mutating func shiftConstant(of constraint: SolverConstraint, by delta: Double) -> SolverSymbol? {
        var tag = tag(of: constraint)
        let shift = delta / tag.markerCoefficient
        tag.constant += delta
        setTag(tag, of: constraint)
        let marker = tag.marker
        var contradicted: SolverSymbol?
        func move(_ basic: SolverSymbol, by amount: Double) {
            if journaling { journal.append(.row(basic, rows[basic.id])) }
            rows[basic.id]!.constant += amount
            let value = rows[basic.id]!.constant
            if basic.isDummy {
                if abs(value) >= solverEpsilon { contradicted = basic }
            } else if !basic.isExternal && value < 0 {
                infeasibleRows.append(basic)
            }
        }
        if rows[marker.id] != nil {
            move(marker, by: -shift)
        } else {
            for basic in columns[marker.id].basics {
                move(basic, by: rows[basic.id]!.coefficient(of: marker) * shift)
            }
            objective.shift(marker, by: shift)
        }
        if marker.kind == .error, let level = objective.level(for: tag.priority) {
            // The level counts the marker's own value, which is now `m`, not `m + δ / c`.
            objective.addToConstant(-shift, ofLevel: level)
        }
        return contradicted
    }

    /// Moves an optional constraint's errors from its priority's level to `priority`'s.
    mutating func moveErrors(of constraint: SolverConstraint, toPriority priority: Float) {
        var tag = tag(of: constraint)
        addErrors(of: tag, times: -1)
        objective.releaseLevel(for: tag.priority)
        tag.priority = priority
        setTag(tag, of: constraint)
        _ = objective.retainLevel(for: priority)
        addErrors(of: tag, times: 1)
        optimize()
    }
}
