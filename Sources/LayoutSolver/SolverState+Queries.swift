extension SolverState {
    /// Writes every variable's value: a basic variable's row constant, zero for the other
    /// variables of the tableau and the free ones, then the definitions in rank order.
    mutating func updateVariables() {
        var values = [Double](repeating: 0, count: variableRecords.count)
        for index in variableRecords.indices {
            if let symbol = variableRecords[index]?.symbol, let row = rows[symbol.id] { values[index] = row.constant }
        }
        for rank in definitionSlots.indices {
            guard let definition = definitionSlots[rank] else { continue }
            var value = definition.constant
            for term in definition.terms { value += term.coefficient * values[term.index] }
            values[definition.variable] = value
        }
        for index in variableRecords.indices {
            variables[index]?.value = values[index]
        }
    }

    /// The value the solution gives `variable`, without writing it; zero for a variable the
    /// solver does not hold.
    mutating func value(of variable: LayoutVariable) -> Double {
        guard variable.solverSlot?.solver == identity else { return 0 }
        let expansion = expand(LinearExpression(variable))
        return expansion.terms.reduce(expansion.constant) { value, term in
            value + term.coefficient * tableauValue(of: variableRecords[term.index]!)
        }
    }

    private func tableauValue(of record: VariableRecord) -> Double {
        guard let symbol = record.symbol else { return 0 }
        return rows[symbol.id]?.constant ?? 0
    }

    /// Whether the constraints leave `variable`'s value open: whether another solution, as
    /// good at every priority, gives it another value. A variable the solver does not hold is
    /// ambiguous.
    ///
    /// The variable's value is written in the tableau's parametric symbols; it is ambiguous when
    /// that mentions a variable (which no inequality or error bounds there) or a slack or error
    /// that costs nothing at any priority and can grow without making a row negative. Limits:
    /// at a degenerate vertex, a change that needs several such symbols to move together is not
    /// looked for, so such a variable reads as determined.
    mutating func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard variable.solverSlot?.solver == identity else { return true }
        let expansion = expand(LinearExpression(variable))
        var row = SolverRow(constant: expansion.constant)
        for term in expansion.terms where abs(term.coefficient) >= solverEpsilon {
            guard let symbol = variableRecords[term.index]!.symbol else { return true }
            if let basicRow = rows[symbol.id] {
                row.add(basicRow, times: term.coefficient)
            } else {
                row.add(term.coefficient, times: symbol)
            }
        }
        for term in row.terms {
            let symbol = term.symbol
            if symbol.isExternal { return true }
            if symbol.isDummy || objective.sign(of: symbol) > 0 { continue }
            if canGrow(symbol) { return true }
        }
        return false
    }

    /// Whether the parametric restricted `symbol` can grow from zero without making any
    /// restricted row negative.
    private func canGrow(_ symbol: SolverSymbol) -> Bool {
        for basic in columns[symbol.id].basics where !basic.isExternal {
            let row = rows[basic.id]!
            if row.coefficient(of: symbol) < 0 && row.constant < solverEpsilon { return false }
        }
        return true
    }

    /// The error for `constraint`: the required tableau constraints whose markers are among
    /// `symbols` (a row that proves the contradiction), then the definitions that these and
    /// `constraint` reach through their variables.
    func unsatisfiable(_ constraint: SolverConstraint, involving symbols: [SolverSymbol]) -> UnsatisfiableConstraint {
        let involved = Set(symbols.filter { !$0.isExternal })
        var tableauConstraints: [(marker: SolverSymbol, constraint: SolverConstraint)] = []
        for case let entry? in constraintEntries where entry.constraint !== constraint {
            if case .tableau(let tag) = entry.placement, tag.isRequired, involved.contains(tag.marker) {
                tableauConstraints.append((tag.marker, entry.constraint))
            }
        }
        tableauConstraints.sort { $0.marker < $1.marker }
        var reached: Set<Int> = []
        var seen: Set<ObjectIdentifier> = []
        var pending = ([constraint] + tableauConstraints.map(\.constraint)).flatMap {
            $0.expression.terms.map(\.variable)
        }
        while let variable = pending.popLast() {
            guard seen.insert(ObjectIdentifier(variable)).inserted, let slot = variable.solverSlot,
                slot.solver == identity, let rank = variableRecords[slot.index]?.definitionRank,
                let definition = definitionSlots[rank]
            else { continue }
            if definition.constraint !== constraint { reached.insert(rank) }
            pending += definition.terms.map { variables[$0.index]! }
        }
        let definitions = reached.sorted().map { definitionSlots[$0]!.constraint }
        return UnsatisfiableConstraint(
            constraint: constraint, conflictingConstraints: tableauConstraints.map(\.constraint) + definitions)
    }
}
