/// Where a variable or constraint is kept: the solver that holds it and its index there.
struct SolverSlot {
    let solver: ObjectIdentifier
    let index: Int
}

/// What the solver keeps for a constraint it holds.
struct ConstraintEntry {
    let constraint: SolverConstraint
    var placement: ConstraintPlacement
}

/// Where a constraint lives in the solver.
enum ConstraintPlacement {
    /// In the tableau, with its symbols.
    case tableau(ConstraintTag)
    /// As the definition of that rank.
    case definition(rank: Int)
}

/// The tableau symbols of a constraint.
struct ConstraintTag {
    /// The symbol that stands for the constraint: its slack, its dummy or its first error.
    let marker: SolverSymbol
    /// The constraint's other error, if it has one (optional constraints).
    let other: SolverSymbol?
    /// The marker's coefficient in the constraint's row as first built (before any negation).
    let markerCoefficient: Double
    /// The constant of the expanded expression the tableau holds.
    var constant: Double
    /// The priority the constraint's errors count at.
    var priority: Float
    /// The indices of the variables (not defined) of the expanded expression, whose symbols
    /// the row uses.
    let baseVariables: [Int]

    var isRequired: Bool { priority >= SolverConstraint.requiredPriority }
}

/// What the solver keeps for a variable (the variable itself is in `SolverState.variables`).
struct VariableRecord {
    /// The variable's column in the tableau, while tableau rows use the variable.
    var symbol: SolverSymbol?
    /// How many tableau constraints use `symbol`.
    var symbolUsers = 0
    /// The rank of the variable's definition, if a definition gives its value.
    var definitionRank: Int?
}

/// One mutation of the solver's state, with what to restore to undo it.
enum SolverJournalEntry {
    /// A row slot changed; the value is its previous content.
    case row(SolverSymbol, SolverRow?)
    /// A symbol was made, from the free ids (`reused`) or as the next id.
    case symbolAllocated(SolverSymbol, reused: Bool)
    case symbolReleased(SolverSymbol)
    case constraintEntry(Int, ConstraintEntry?)
    case constraintRegistered(SolverConstraint, reused: Bool)
    case constraintUnregistered(SolverConstraint)
    case variableRecord(Int, VariableRecord?)
    case variableRegistered(LayoutVariable, reused: Bool)
    case variableUnregistered(LayoutVariable)
    /// A constraint began (`true`) or stopped mentioning the variable of that index.
    case mention(Int, SolverConstraint, Bool)
    case definitionSlot(Int, VariableDefinition?)
}

extension SolverState {
    // MARK: - Changes that succeed or are undone whole

    mutating func beginTransaction(journaling: Bool) {
        self.journaling = journaling
        if !journal.isEmpty { journal.removeAll(keepingCapacity: true) }
        if journaling { objective.startLogging() }
        definitionCountBeforeChange = definitionCount
    }

    mutating func commitTransaction() {
        if !journal.isEmpty { journal.removeAll(keepingCapacity: true) }
        if journaling { objective.stopLogging() }
        journaling = false
        compactDefinitionsIfSparse()
    }

    /// Restores the state the current change began with, down to the symbols' ids.
    mutating func rollBackTransaction() {
        while let entry = journal.popLast() {
            switch entry {
            case .row(let basic, let previous):
                if let current = rows[basic.id] {
                    for term in current.terms { columns[term.symbol.id].remove(basic) }
                }
                if let previous {
                    for term in previous.terms { columns[term.symbol.id].insert(basic) }
                }
                rows[basic.id] = previous
            case .symbolAllocated(let symbol, let reused):
                if reused { freeSymbolIDs.append(symbol.id) } else { nextSymbolID -= 1 }
            case .symbolReleased:
                freeSymbolIDs.removeLast()
            case .constraintEntry(let index, let previous):
                constraintEntries[index] = previous
            case .constraintRegistered(let constraint, let reused):
                if reused {
                    freeConstraintIndices.append(constraint.solverIndex)
                } else {
                    constraintEntries.removeLast()
                }
                constraint.solverSlot = nil
            case .constraintUnregistered(let constraint):
                constraint.solverSlot = SolverSlot(solver: identity, index: freeConstraintIndices.removeLast())
            case .variableRecord(let index, let previous):
                variableRecords[index] = previous
            case .variableRegistered(let variable, let reused):
                if reused {
                    let index = variable.solverSlot!.index
                    freeVariableIndices.append(index)
                    variables[index] = nil
                } else {
                    variableRecords.removeLast()
                    variableMentions.removeLast()
                    expansions.removeLast()
                    variables.removeLast()
                }
                variable.solverSlot = nil
            case .variableUnregistered(let variable):
                let index = freeVariableIndices.removeLast()
                variable.solverSlot = SolverSlot(solver: identity, index: index)
                variables[index] = variable
            case .mention(let index, let constraint, let added):
                if added {
                    variableMentions[index].remove(at: variableMentions[index].lastIndex { $0 === constraint }!)
                } else {
                    variableMentions[index].append(constraint)
                }
            case .definitionSlot(let rank, let previous):
                if previous == nil && rank == definitionSlots.count - 1 {
                    definitionSlots.removeLast()
                } else {
                    definitionSlots[rank] = previous
                }
            }
        }
        objective.undoChanges()
        journaling = false
        definitionCount = definitionCountBeforeChange
        artificial = nil
        infeasibleRows.removeAll()
        for index in expansions.indices { expansions[index] = nil }
    }

    // MARK: - Symbols

    /// A new symbol whose row slot and column are empty.
    mutating func makeSymbol(_ kind: SolverSymbolKind) -> SolverSymbol {
        let symbol: SolverSymbol
        if let id = freeSymbolIDs.popLast() {
            symbol = SolverSymbol(id: id, kind: kind)
            if journaling { journal.append(.symbolAllocated(symbol, reused: true)) }
        } else {
            symbol = SolverSymbol(id: nextSymbolID, kind: kind)
            nextSymbolID += 1
            while rows.count < nextSymbolID {
                rows.append(nil)
                columns.append(ColumnEntries())
            }
            if journaling { journal.append(.symbolAllocated(symbol, reused: false)) }
        }
        return symbol
    }

    /// Gives a symbol's id back; no row may mention the symbol any more.
    mutating func releaseSymbol(_ symbol: SolverSymbol) {
        freeSymbolIDs.append(symbol.id)
        if journaling { journal.append(.symbolReleased(symbol)) }
    }

    // MARK: - Constraints

    /// Gives the constraint an index (with no entry yet) and marks it as this solver's.
    mutating func registerConstraint(_ constraint: SolverConstraint) -> Int {
        let index: Int
        if let free = freeConstraintIndices.popLast() {
            index = free
            if journaling { journal.append(.constraintRegistered(constraint, reused: true)) }
        } else {
            index = constraintEntries.count
            constraintEntries.append(nil)
            if journaling { journal.append(.constraintRegistered(constraint, reused: false)) }
        }
        constraint.solverSlot = SolverSlot(solver: identity, index: index)
        return index
    }

    mutating func unregisterConstraint(_ constraint: SolverConstraint) {
        let index = constraint.solverIndex
        setEntry(nil, at: index)
        freeConstraintIndices.append(index)
        constraint.solverSlot = nil
        if journaling { journal.append(.constraintUnregistered(constraint)) }
    }

    mutating func setEntry(_ entry: ConstraintEntry?, at index: Int) {
        if journaling { journal.append(.constraintEntry(index, constraintEntries[index])) }
        constraintEntries[index] = entry
    }

    /// The tableau symbols of a constraint in the tableau.
    func tag(of constraint: SolverConstraint) -> ConstraintTag {
        guard case .tableau(let tag) = constraintEntries[constraint.solverIndex]!.placement else {
            fatalError("LinearSolver: internal error: \(constraint) is not in the tableau")
        }
        return tag
    }

    /// Whether the constraint is one of this solver's tableau constraints.
    func isInTableau(_ constraint: SolverConstraint) -> Bool {
        guard let slot = constraint.solverSlot, slot.solver == identity,
            case .tableau = constraintEntries[slot.index]!.placement
        else {
            return false
        }
        return true
    }

    mutating func setTag(_ tag: ConstraintTag, of constraint: SolverConstraint) {
        setEntry(ConstraintEntry(constraint: constraint, placement: .tableau(tag)), at: constraint.solverIndex)
    }

    // MARK: - Variables

    /// The index of a variable of this solver, registering it if need be.
    mutating func register(_ variable: LayoutVariable) -> Int {
        if let slot = variable.solverSlot {
            guard slot.solver == identity else { fatalError("LinearSolver: \(variable) is in another solver") }
            return slot.index
        }
        let index: Int
        if let free = freeVariableIndices.popLast() {
            index = free
            if journaling { journal.append(.variableRegistered(variable, reused: true)) }
        } else {
            index = variableRecords.count
            variableRecords.append(nil)
            variableMentions.append([])
            expansions.append(nil)
            variables.append(nil)
            if journaling { journal.append(.variableRegistered(variable, reused: false)) }
        }
        variable.solverSlot = SolverSlot(solver: identity, index: index)
        variables[index] = variable
        setRecord(VariableRecord(), at: index)
        return index
    }

    mutating func setRecord(_ record: VariableRecord?, at index: Int) {
        if journaling { journal.append(.variableRecord(index, variableRecords[index])) }
        variableRecords[index] = record
    }

    /// The tableau symbol of the variable (not defined), counting one more tableau constraint
    /// that uses it.
    mutating func retainSymbol(forVariableAt index: Int) -> SolverSymbol {
        var record = variableRecords[index]!
        let symbol = record.symbol ?? makeSymbol(.external)
        record.symbol = symbol
        record.symbolUsers += 1
        setRecord(record, at: index)
        return symbol
    }

    /// Counts one tableau constraint less that uses the variable's symbol, giving the symbol
    /// back when none does and no row mentions it.
    mutating func releaseSymbol(forVariableAt index: Int) {
        var record = variableRecords[index]!
        guard let symbol = record.symbol else { return }
        record.symbolUsers -= 1
        if record.symbolUsers == 0 && rows[symbol.id] == nil && columns[symbol.id].isEmpty {
            record.symbol = nil
            releaseSymbol(symbol)
        }
        setRecord(record, at: index)
        forgetIfUnused(variables[index]!)
    }

    /// Notes that `constraint` mentions `variable`.
    mutating func mention(_ variable: LayoutVariable, by constraint: SolverConstraint) {
        let index = register(variable)
        variableMentions[index].append(constraint)
        if journaling { journal.append(.mention(index, constraint, true)) }
    }

    /// Notes that `constraint` no longer mentions `variable`.
    mutating func unmention(_ variable: LayoutVariable, by constraint: SolverConstraint) {
        let index = variable.solverSlot!.index
        variableMentions[index].remove(at: variableMentions[index].lastIndex { $0 === constraint }!)
        if journaling { journal.append(.mention(index, constraint, false)) }
    }

    /// Forgets a variable that no constraint mentions, no definition defines and no tableau row
    /// uses; it keeps its last value.
    mutating func forgetIfUnused(_ variable: LayoutVariable) {
        guard let slot = variable.solverSlot, slot.solver == identity else { return }
        let index = slot.index
        let record = variableRecords[index]!
        guard variableMentions[index].isEmpty, record.symbol == nil, record.definitionRank == nil else { return }
        setRecord(nil, at: index)
        expansions[index] = nil
        variables[index] = nil
        freeVariableIndices.append(index)
        variable.solverSlot = nil
        if journaling { journal.append(.variableUnregistered(variable)) }
    }
}
