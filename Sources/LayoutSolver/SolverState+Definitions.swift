/// A required equality kept out of the tableau: `variable = Σ terms + constant`, where the
/// variable was new to the solver when the constraint was added. Variables are named by their
/// indices in the solver.
struct VariableDefinition {
    let constraint: SolverConstraint
    /// The index of the defined variable.
    let variable: Int
    let terms: [IndexedTerm]
    var constant: Double
    /// The coefficient of the defined variable in the constraint's expression.
    let scale: Double

    /// The coefficient of the variable of index `index` among the terms.
    func coefficient(ofVariableAt index: Int) -> Double {
        terms.first { $0.index == index }?.coefficient ?? 0
    }
}

extension SolverState {
    /// Makes `constraint` (a required equality) the definition of `variable`, which is new to
    /// the solver.
    mutating func addDefinition(_ constraint: SolverConstraint, at index: Int, defining variable: LayoutVariable) {
        let expression = constraint.expression
        let scale = expression.coefficient(of: variable)
        let variableIndex = register(variable)
        var terms: [IndexedTerm] = []
        terms.reserveCapacity(expression.terms.count - 1)
        for term in expression.terms where term.variable !== variable {
            terms.append(IndexedTerm(index: register(term.variable), coefficient: -term.coefficient / scale))
        }
        let rank = definitionSlots.count
        if journaling { journal.append(.definitionSlot(rank, nil)) }
        definitionSlots.append(
            VariableDefinition(
                constraint: constraint, variable: variableIndex, terms: terms, constant: -expression.constant / scale,
                scale: scale))
        definitionCount += 1
        setEntry(ConstraintEntry(constraint: constraint, placement: .definition(rank: rank)), at: index)
        var record = variableRecords[variableIndex]!
        record.definitionRank = rank
        setRecord(record, at: variableIndex)
    }

    /// Removes a definition: its variable is no longer defined, and the tableau constraints that
    /// used it through their expansions are taken out and added again. The constraint must no
    /// longer be among its variables' mentions.
    mutating func removeDefinition(at rank: Int) {
        let definition = definitionSlots[rank]!
        if journaling { journal.append(.definitionSlot(rank, definition)) }
        definitionSlots[rank] = nil
        definitionCount -= 1
        var record = variableRecords[definition.variable]!
        record.definitionRank = nil
        setRecord(record, at: definition.variable)
        var users: [SolverConstraint] = []
        for variable in definedDependents(ofVariableAt: definition.variable) {
            expansions[variable] = nil
            for user in variableMentions[variable] where isInTableau(user) {
                if !users.contains(where: { $0 === user }) { users.append(user) }
            }
        }
        users.sort { tag(of: $0).marker < tag(of: $1).marker }
        for user in users { removeFromTableau(user) }
        for user in users {
            do {
                try addToTableau(user, at: user.solverIndex)
            } catch {
                // It held with the definition, so it holds without.
                fatalError("LinearSolver: internal error: \(user) failed when added again: \(error)")
            }
        }
    }

    /// Moves the solver to a constant of a definition's expression `delta` higher: the values
    /// of its variable and of the variables defined from it move, and so do the constants of the
    /// tableau constraints that mention them.
    mutating func changeDefinitionConstant(
        of constraint: SolverConstraint, at rank: Int, by delta: Double
    ) throws(UnsatisfiableConstraint) {
        var definition = definitionSlots[rank]!
        if journaling { journal.append(.definitionSlot(rank, definition)) }
        let change = -delta / definition.scale
        definition.constant += change
        definitionSlots[rank] = definition
        var changes: [Int: Double] = [definition.variable: change]
        var tableauChanges: [(constraint: SolverConstraint, change: Double)] = []
        var tableauPositions: [ObjectIdentifier: Int] = [:]
        for variable in definedDependents(ofVariableAt: definition.variable) {
            expansions[variable] = nil
            guard let change = changes[variable], change != 0 else { continue }
            let object = variables[variable]!
            for user in variableMentions[variable] {
                switch constraintEntries[user.solverIndex]!.placement {
                case .definition(let userRank):
                    let dependent = definitionSlots[userRank]!
                    if dependent.variable != variable {
                        changes[dependent.variable, default: 0] +=
                            dependent.coefficient(ofVariableAt: variable) * change
                    }
                case .tableau:
                    let amount = user.expression.coefficient(of: object) * change
                    if let position = tableauPositions[ObjectIdentifier(user)] {
                        tableauChanges[position].change += amount
                    } else {
                        tableauPositions[ObjectIdentifier(user)] = tableauChanges.count
                        tableauChanges.append((user, amount))
                    }
                }
            }
        }
        var contradicted: SolverSymbol?
        tableauChanges.sort { tag(of: $0.constraint).marker < tag(of: $1.constraint).marker }
        for (user, change) in tableauChanges {
            contradicted = shiftConstant(of: user, by: change) ?? contradicted
        }
        try restoreFeasibility(afterChanging: constraint, contradicted: contradicted)
    }

    /// The variable of index `index` and the variables defined, directly or not, in terms of
    /// it, by rank.
    func definedDependents(ofVariableAt index: Int) -> [Int] {
        var found: [(rank: Int, variable: Int)] = [(variableRecords[index]!.definitionRank ?? -1, index)]
        var seen: Set<Int> = [index]
        var next = 0
        while next < found.count {
            let current = found[next].variable
            next += 1
            for user in variableMentions[current] {
                guard case .definition(let rank) = constraintEntries[user.solverIndex]!.placement else { continue }
                let dependent = definitionSlots[rank]!.variable
                if dependent != current && seen.insert(dependent).inserted { found.append((rank, dependent)) }
            }
        }
        if found.count > 1 { found.sort { $0.rank < $1.rank } }
        return found.map(\.variable)
    }

    /// Drops the empty slots of removed definitions once they are most of them, renumbering
    /// the ranks in the same order.
    mutating func compactDefinitionsIfSparse() {
        let holes = definitionSlots.count - definitionCount
        guard holes > 64 && holes * 2 > definitionSlots.count else { return }
        var compacted: [VariableDefinition?] = []
        compacted.reserveCapacity(definitionCount)
        for case let definition? in definitionSlots {
            let rank = compacted.count
            constraintEntries[definition.constraint.solverIndex]!.placement = .definition(rank: rank)
            variableRecords[definition.variable]!.definitionRank = rank
            compacted.append(definition)
        }
        definitionSlots = compacted
    }
}
