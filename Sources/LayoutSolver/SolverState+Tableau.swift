extension SolverState {
    // MARK: - Rows

    /// Makes `basic` basic with `row`, which must not mention it.
    mutating func insertRow(_ row: SolverRow, for basic: SolverSymbol) {
        if journaling { journal.append(.row(basic, nil)) }
        for term in row.terms { columns[term.symbol.id].insert(basic) }
        rows[basic.id] = row
    }

    /// Takes the row of the basic symbol `basic` out of the tableau.
    mutating func takeRow(for basic: SolverSymbol) -> SolverRow {
        let row = rows[basic.id]!
        if journaling { journal.append(.row(basic, row)) }
        for term in row.terms { columns[term.symbol.id].remove(basic) }
        rows[basic.id] = nil
        return row
    }

    /// Replaces `symbol` by `row` in every row and objective that mentions it: `symbol` is
    /// becoming basic with that row. Restricted rows left with a negative constant are noted.
    mutating func substitute(_ symbol: SolverSymbol, with row: SolverRow) {
        let holders = columns[symbol.id]
        if !holders.isEmpty {
            columns[symbol.id].removeAll()
            for basic in holders.basics {
                if journaling { journal.append(.row(basic, rows[basic.id])) }
                rows[basic.id]!.substitute(symbol, with: row) { changed, appeared in
                    if appeared {
                        columns[changed.id].insert(basic)
                    } else {
                        columns[changed.id].remove(basic)
                    }
                }
                if basic.isRestricted && rows[basic.id]!.constant < 0 { infeasibleRows.append(basic) }
            }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Exchanges a basic symbol for a parametric one that its row mentions.
    mutating func pivot(leaving: SolverSymbol, entering: SolverSymbol) {
        var row = takeRow(for: leaving)
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        insertRow(row, for: entering)
    }

    /// Fixes `symbol` at zero: drops its row if it is basic, and its terms everywhere.
    mutating func eliminate(_ symbol: SolverSymbol) {
        if rows[symbol.id] != nil { _ = takeRow(for: symbol) }
        let holders = columns[symbol.id]
        columns[symbol.id].removeAll()
        for basic in holders.basics {
            if journaling { journal.append(.row(basic, rows[basic.id])) }
            rows[basic.id]!.remove(symbol)
        }
        objective.remove(symbol)
    }

    // MARK: - Simplex

    /// Minimises the objective (or, while a constraint is being added through an artificial
    /// variable, the artificial objective) by the primal simplex method, from a feasible tableau.
    ///
    /// Bland's rule: the entering symbol is the one with the smallest id whose cost vector is
    /// lexicographically negative, the leaving row the one with the smallest ratio, ties going
    /// to the smallest basic symbol, so degenerate pivots cannot cycle.
    mutating func optimize(artificialPhase: Bool = false) {
        while true {
            let candidate = artificialPhase ? artificial!.enteringSymbol() : objective.enteringSymbol()
            guard let entering = candidate else { return }
            var leaving: SolverSymbol?
            var smallestRatio = Double.infinity
            for basic in columns[entering.id].basics where !basic.isExternal {
                let row = rows[basic.id]!
                let coefficient = row.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let ratio = -row.constant / coefficient
                if ratio < smallestRatio - solverEpsilon {
                    leaving = basic
                    smallestRatio = ratio
                } else if ratio <= smallestRatio + solverEpsilon && basic < leaving! {
                    leaving = basic
                    smallestRatio = min(ratio, smallestRatio)
                }
            }
            guard let leaving else {
                fatalError("LinearSolver: internal error: the objective is unbounded")
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Restores feasibility by the dual simplex method after constants changed, keeping the
    /// objective optimal. Returns the basic symbol of a row that cannot become feasible, if any.
    mutating func dualOptimize() -> SolverSymbol? {
        while true {
            var leaving: SolverSymbol?
            var stillInfeasible: [SolverSymbol] = []
            for basic in infeasibleRows {
                guard let row = rows[basic.id], row.constant < -solverEpsilon else { continue }
                stillInfeasible.append(basic)
                if leaving == nil || basic < leaving! { leaving = basic }
            }
            infeasibleRows = stillInfeasible
            guard let leaving else { return nil }
            let row = rows[leaving.id]!
            var entering: SolverSymbol?
            var enteringCoefficient = 0.0
            for term in row.terms where term.coefficient > solverEpsilon && !term.symbol.isDummy {
                if entering == nil
                    || objective.ratio(
                        of: term.symbol, over: term.coefficient, isBelowRatioOf: entering!, over: enteringCoefficient)
                {
                    entering = term.symbol
                    enteringCoefficient = term.coefficient
                }
            }
            guard let entering else { return leaving }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Adds a row that has no variable and no usable subject through an artificial variable
    /// equal to it, which phase one of the simplex method drives to zero; fails if it cannot.
    mutating func addWithArtificialVariable(_ row: SolverRow, for constraint: SolverConstraint)
        throws(UnsatisfiableConstraint)
    {
        let artificialSymbol = makeSymbol(.slack)
        insertRow(row, for: artificialSymbol)
        artificial = LexicographicObjective(minimising: row)
        optimize(artificialPhase: true)
        let residual = artificial!.levels[0]
        artificial = nil
        guard residual.constant < solverEpsilon else {
            // The residual, positive at its minimum, proves the contradiction: its terms are the
            // markers of the constraints it combines.
            throw unsatisfiable(constraint, involving: residual.coefficients.symbols)
        }
        if rows[artificialSymbol.id] != nil {
            var artificialRow = takeRow(for: artificialSymbol)
            if let entering = artificialRow.terms.first(where: { !$0.symbol.isDummy })?.symbol {
                artificialRow.solve(for: entering, replacing: artificialSymbol)
                substitute(entering, with: artificialRow)
                insertRow(artificialRow, for: entering)
            }
        }
        eliminate(artificialSymbol)
        releaseSymbol(artificialSymbol)
    }

    /// Restores feasibility after constants changed (`shiftConstant(of:by:)`), then optimality;
    /// throws, naming `constraint`, when the required constraints cannot all hold any more.
    mutating func restoreFeasibility(
        afterChanging constraint: SolverConstraint, contradicted: SolverSymbol?
    ) throws(UnsatisfiableConstraint) {
        if let contradicted = contradicted ?? dualOptimize() {
            // A required equality's marker that must stay zero, or a restricted row that stays
            // negative: its terms name the constraints that contradict each other.
            let symbols = [contradicted] + (rows[contradicted.id]?.terms.map(\.symbol) ?? [])
            throw unsatisfiable(constraint, involving: symbols)
        }
        optimize()
    }
}
