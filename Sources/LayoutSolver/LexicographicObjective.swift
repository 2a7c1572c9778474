/// What the solver minimises: for each priority level of the optional constraints, the sum of
/// their errors, compared lexicographically from the highest level down.
///
/// Each level is a row of its own, so a symbol's cost is a vector with one number per level and
/// no weighting can let many low-priority errors outweigh one higher-priority error.
struct LexicographicObjective {
    /// The priorities of the levels, highest first.
    private(set) var priorities: [Float] = []
    /// The sum of each level's errors, in terms of the parametric symbols.
    private(set) var levels: [ObjectiveRow] = []
    /// How many constraints have their errors in each level.
    private var counts: [Int] = []
    /// Symbols whose cost changed since it was last seen non-negative (some more than once):
    /// only they can enter the basis when the objective is minimised.
    private var candidates: [SolverSymbol] = []
    /// While a change that can fail is under way: how to undo what it did, newest last.
    private var undoLog: [ObjectiveUndo]?
    private var candidatesBeforeLogging: [SolverSymbol] = []

    init() {}

    /// Starts recording changes, so that `undoChanges()` can restore the objective as it is now.
    mutating func startLogging() {
        undoLog = []
        candidatesBeforeLogging = candidates
    }

    /// Forgets the changes recorded since `startLogging()`.
    mutating func stopLogging() {
        undoLog = nil
        candidatesBeforeLogging = []
    }

    /// Restores the objective as it was at `startLogging()`, and stops recording.
    mutating func undoChanges() {
        guard let log = undoLog else { return }
        undoLog = nil
        for change in log.reversed() {
            switch change {
            case .coefficient(let level, let symbol, let previous):
                levels[level].coefficients.set(previous, for: symbol)
            case .constant(let level, let previous):
                levels[level].constant = previous
            case .levelInserted(let index):
                priorities.remove(at: index)
                levels.remove(at: index)
                counts.remove(at: index)
            case .levelRemoved(let index, let priority, let row):
                priorities.insert(priority, at: index)
                levels.insert(row, at: index)
                counts.insert(0, at: index)
            case .count(let index, let previous):
                counts[index] = previous
            }
        }
        candidates = candidatesBeforeLogging
        candidatesBeforeLogging = []
    }

    /// Records a level's coefficient of `symbol` before it changes.
    private mutating func logCoefficient(_ symbol: SolverSymbol, ofLevel level: Int) {
        if undoLog != nil { undoLog!.append(.coefficient(level, symbol, levels[level].coefficients[symbol])) }
    }

    private mutating func logConstant(ofLevel level: Int) {
        if undoLog != nil { undoLog!.append(.constant(level, levels[level].constant)) }
    }

    /// Adds `row × factor` to a level, recording the change.
    private mutating func addToLevel(_ level: Int, _ row: SolverRow, times factor: Double) {
        if undoLog != nil {
            logConstant(ofLevel: level)
            for term in row.terms { logCoefficient(term.symbol, ofLevel: level) }
        }
        levels[level].add(row, times: factor)
    }

    /// An objective of one level, `row`: the artificial objective of a constraint being added.
    init(minimising row: SolverRow) {
        priorities = [0]
        levels = [ObjectiveRow()]
        levels[0].add(row, times: 1)
        counts = [1]
        for term in row.terms { candidates.append(term.symbol) }
    }

    /// The level of `priority`, made (empty) if no constraint had that priority, and counted.
    mutating func retainLevel(for priority: Float) -> Int {
        var index = 0
        while index < priorities.count && priorities[index] > priority { index += 1 }
        if index < priorities.count && priorities[index] == priority {
            if undoLog != nil { undoLog!.append(.count(index, counts[index])) }
            counts[index] += 1
        } else {
            if undoLog != nil { undoLog!.append(.levelInserted(index)) }
            priorities.insert(priority, at: index)
            levels.insert(ObjectiveRow(), at: index)
            counts.insert(1, at: index)
        }
        return index
    }

    /// Uncounts a constraint of `priority`, dropping the level when it was the last.
    mutating func releaseLevel(for priority: Float) {
        guard let index = priorities.firstIndex(of: priority) else { return }
        if undoLog != nil { undoLog!.append(.count(index, counts[index])) }
        counts[index] -= 1
        if counts[index] == 0 {
            if undoLog != nil { undoLog!.append(.levelRemoved(index, priority, levels[index])) }
            priorities.remove(at: index)
            levels.remove(at: index)
            counts.remove(at: index)
        }
    }

    /// The level of `priority`, if some constraint has it.
    func level(for priority: Float) -> Int? { priorities.firstIndex(of: priority) }

    /// Adds `row × factor` to a level.
    mutating func add(_ row: SolverRow, times factor: Double, toLevel level: Int) {
        addToLevel(level, row, times: factor)
        for term in row.terms { candidates.append(term.symbol) }
    }

    /// Adds `factor × symbol` to a level.
    mutating func add(_ factor: Double, times symbol: SolverSymbol, toLevel level: Int) {
        logCoefficient(symbol, ofLevel: level)
        levels[level].coefficients.add(factor, to: symbol)
        candidates.append(symbol)
    }

    /// Replaces `symbol`, which has just become basic, by its row in every level.
    mutating func substitute(_ symbol: SolverSymbol, with row: SolverRow) {
        var changed = false
        for index in levels.indices {
            let coefficient = levels[index].coefficients[symbol]
            guard coefficient != 0 else { continue }
            logCoefficient(symbol, ofLevel: index)
            levels[index].coefficients.removeValue(for: symbol)
            addToLevel(index, row, times: coefficient)
            changed = true
        }
        if changed {
            for term in row.terms { candidates.append(term.symbol) }
        }
    }

    /// Removes the term of `symbol` from every level: the symbol is fixed at zero.
    mutating func remove(_ symbol: SolverSymbol) {
        for index in levels.indices where levels[index].coefficients[symbol] != 0 {
            logCoefficient(symbol, ofLevel: index)
            levels[index].coefficients.removeValue(for: symbol)
        }
    }

    /// Shifts every level's constant by its coefficient of `symbol` times `amount`: the
    /// objective's value after `symbol` is replaced by `symbol + amount`.
    mutating func shift(_ symbol: SolverSymbol, by amount: Double) {
        for index in levels.indices {
            let coefficient = levels[index].coefficients[symbol]
            if coefficient != 0 {
                logConstant(ofLevel: index)
                levels[index].constant += coefficient * amount
            }
        }
    }

    /// Adds `amount` to a level's constant.
    mutating func addToConstant(_ amount: Double, ofLevel level: Int) {
        logConstant(ofLevel: level)
        levels[level].constant += amount
    }

    /// The sign of `symbol`'s cost vector: that of its first level with a non-zero coefficient.
    func sign(of symbol: SolverSymbol) -> Int {
        for index in levels.indices {
            let coefficient = levels[index].coefficients[symbol]
            if coefficient < -solverEpsilon { return -1 }
            if coefficient > solverEpsilon { return 1 }
        }
        return 0
    }

    /// Whether `cost(first) / firstDivisor` is lexicographically smaller than
    /// `cost(second) / secondDivisor` (by more than `solverEpsilon` at the first level that differs).
    func ratio(
        of first: SolverSymbol, over firstDivisor: Double, isBelowRatioOf second: SolverSymbol,
        over secondDivisor: Double
    ) -> Bool {
        for index in levels.indices {
            let difference =
                levels[index].coefficients[first] / firstDivisor - levels[index].coefficients[second] / secondDivisor
            if difference < -solverEpsilon { return true }
            if difference > solverEpsilon { return false }
        }
        return false
    }

    /// The non-dummy symbol with the smallest id whose cost is negative, dropping the candidates
    /// that are not: the entering symbol of Bland's rule.
    mutating func enteringSymbol() -> SolverSymbol? {
        var best: SolverSymbol?
        var kept = 0
        for position in candidates.indices {
            let symbol = candidates[position]
            guard !symbol.isDummy && sign(of: symbol) < 0 else { continue }
            candidates[kept] = symbol
            kept += 1
            if best == nil || symbol < best! { best = symbol }
        }
        candidates.removeSubrange(kept...)
        return best
    }

    /// The constant of each level: the errors' sums at the current solution, highest first.
    var errorSums: [Double] { levels.map(\.constant) }
}

/// One level of an objective: `constant + Σ coefficient × symbol`, hashed by symbol so that a
/// substitution costs the size of the substituted row, not of the level.
struct ObjectiveRow {
    var constant: Double = 0
    var coefficients = SymbolCoefficients()

    /// Adds `row × factor`.
    mutating func add(_ row: SolverRow, times factor: Double) {
        constant += row.constant * factor
        for term in row.terms { coefficients.add(term.coefficient * factor, to: term.symbol) }
    }
}

/// One change to an objective, with what to restore to undo it.
private enum ObjectiveUndo {
    case coefficient(Int, SolverSymbol, Double)
    case constant(Int, Double)
    case levelInserted(Int)
    case levelRemoved(Int, Float, ObjectiveRow)
    case count(Int, Int)
}
