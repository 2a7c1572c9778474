extension SolverState {
    /// What is wrong with the solver's state, for tests and debugging: empty when the tableau is
    /// in solved form, feasible and optimal, its columns index its rows, the objective mentions
    /// only parametric restricted symbols, and every definition mentions only variables that
    /// are not defined or were defined before it.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var symbols: [Int: SolverSymbol] = [:]
        for case let record? in variableRecords {
            if let symbol = record.symbol { symbols[symbol.id] = symbol }
        }
        for case let entry? in constraintEntries {
            guard case .tableau(let tag) = entry.placement else { continue }
            symbols[tag.marker.id] = tag.marker
            if let other = tag.other { symbols[other.id] = other }
        }
        var termCount = 0
        for (id, row) in rows.enumerated() {
            guard let row else { continue }
            guard let basic = symbols[id] else {
                problems.append("row \(id) belongs to no constraint or variable")
                continue
            }
            if basic.isRestricted && row.constant < -1e-7 { problems.append("\(basic.raw) is negative") }
            if basic.isDummy && abs(row.constant) > 1e-7 { problems.append("dummy \(basic.raw) is not zero") }
            for term in row.terms {
                termCount += 1
                if rows[term.symbol.id] != nil { problems.append("row \(basic.raw) mentions basic \(term.symbol.raw)") }
                if symbols[term.symbol.id] != term.symbol {
                    problems.append("row \(basic.raw) mentions unknown symbol")
                }
                if term.symbol.isExternal && !basic.isExternal {
                    problems.append("restricted row \(basic.raw) mentions a variable")
                }
                if basic.isDummy && !term.symbol.isDummy {
                    problems.append("dummy row \(basic.raw) mentions a symbol that can move")
                }
                if !columns[term.symbol.id].basics.contains(basic) {
                    problems.append("column \(term.symbol.raw) misses \(basic.raw)")
                }
            }
        }
        if columns.reduce(0, { $0 + $1.count }) != termCount { problems.append("columns hold stale entries") }
        for level in objective.levels {
            for symbol in level.coefficients.symbols {
                if rows[symbol.id] != nil { problems.append("the objective mentions basic \(symbol.raw)") }
                if symbol.isExternal { problems.append("the objective mentions a variable") }
                if !symbol.isDummy && objective.sign(of: symbol) < 0 { problems.append("not optimal at \(symbol.raw)") }
            }
        }
        for (rank, slot) in definitionSlots.enumerated() {
            guard let definition = slot else { continue }
            for term in definition.terms {
                let inner = variableRecords[term.index]?.definitionRank ?? -1
                if inner >= rank { problems.append("definition \(rank) mentions one made after it") }
            }
        }
        return problems
    }
}
