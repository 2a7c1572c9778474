/// One term of a tableau row: a symbol and its coefficient.
struct RowTerm {
    var symbol: SolverSymbol
    var coefficient: Double
}

/// A linear form `constant + Σ coefficient × symbol` over tableau symbols.
///
/// The terms are sorted by symbol and no coefficient is zero (within `solverEpsilon`). As a
/// tableau row it gives the value of its basic symbol; a constraint's new row means `row = 0`.
struct SolverRow {
    var constant: Double
    private(set) var terms: [RowTerm]

    init(constant: Double = 0) {
        self.constant = constant
        terms = []
    }

    /// `constant + Σ terms`, the terms in any order: sorted, those of one symbol added up, and
    /// those that cancel dropped.
    init(constant: Double, combining unsorted: [RowTerm]) {
        self.constant = constant
        var sorted = unsorted
        if sorted.count <= 16 {
            // Insertion sort: new rows have a handful of terms.
            for index in sorted.indices.dropFirst() {
                let term = sorted[index]
                var position = index
                while position > 0 && sorted[position - 1].symbol.raw > term.symbol.raw {
                    sorted[position] = sorted[position - 1]
                    position -= 1
                }
                sorted[position] = term
            }
        } else {
            sorted.sort { $0.symbol.raw < $1.symbol.raw }
        }
        var count = 0
        for term in sorted {
            if count > 0 && sorted[count - 1].symbol == term.symbol {
                sorted[count - 1].coefficient += term.coefficient
            } else {
                if count > 0 && abs(sorted[count - 1].coefficient) < solverEpsilon { count -= 1 }
                sorted[count] = term
                count += 1
            }
        }
        if count > 0 && abs(sorted[count - 1].coefficient) < solverEpsilon { count -= 1 }
        sorted.removeSubrange(count...)
        terms = sorted
    }

    /// The position of `symbol` among the terms, or `nil` when it has no term.
    func index(of symbol: SolverSymbol) -> Int? {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) >> 1
            let raw = terms[middle].symbol.raw
            if raw == symbol.raw { return middle }
            if raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The coefficient of `symbol`, zero when it has no term.
    func coefficient(of symbol: SolverSymbol) -> Double {
        guard let index = index(of: symbol) else { return 0 }
        return terms[index].coefficient
    }

    /// Adds `coefficient × symbol`, dropping the term if it cancels.
    mutating func add(_ coefficient: Double, times symbol: SolverSymbol) {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) >> 1
            if terms[middle].symbol.raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        if low < terms.count && terms[low].symbol == symbol {
            let sum = terms[low].coefficient + coefficient
            if abs(sum) < solverEpsilon {
                terms.remove(at: low)
            } else {
                terms[low].coefficient = sum
            }
        } else if abs(coefficient) >= solverEpsilon {
            terms.insert(RowTerm(symbol: symbol, coefficient: coefficient), at: low)
        }
    }

    /// Removes the term of `symbol`, if any.
    mutating func remove(_ symbol: SolverSymbol) {
        if let index = index(of: symbol) { terms.remove(at: index) }
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for index in terms.indices { terms[index].coefficient *= factor }
    }

    /// Turns `0 = self` into `symbol = self`: the symbol's term leaves and the rest is divided
    /// by minus its coefficient. The symbol must have a term.
    mutating func solve(for symbol: SolverSymbol) {
        guard let index = index(of: symbol) else {
            fatalError("LinearSolver: solving a row for a symbol it does not contain")
        }
        let factor = -1 / terms[index].coefficient
        terms.remove(at: index)
        scale(by: factor)
    }

    /// Turns `basic = self` into `symbol = self`, where `basic` (which has no term) joins the
    /// terms. The symbol must have a term.
    mutating func solve(for symbol: SolverSymbol, replacing basic: SolverSymbol) {
        guard let index = index(of: symbol) else {
            fatalError("LinearSolver: solving a row for a symbol it does not contain")
        }
        let factor = -1 / terms[index].coefficient
        var result: [RowTerm] = []
        result.reserveCapacity(terms.count)
        var basicPlaced = false
        for (position, term) in terms.enumerated() where position != index {
            if !basicPlaced && basic.raw < term.symbol.raw {
                result.append(RowTerm(symbol: basic, coefficient: -factor))
                basicPlaced = true
            }
            result.append(RowTerm(symbol: term.symbol, coefficient: term.coefficient * factor))
        }
        if !basicPlaced { result.append(RowTerm(symbol: basic, coefficient: -factor)) }
        constant *= factor
        terms = result
    }

    /// Adds `other × factor`, reporting each symbol that gains a term (`true`) or loses its term
    /// (`false`).
    mutating func add(
        _ other: SolverRow, times factor: Double, reporting change: (SolverSymbol, Bool) -> Void = { _, _ in }
    ) {
        merge(other, times: factor, removingAt: nil, reporting: change)
    }

    /// Replaces `symbol` by the row it equals, reporting each other symbol that gains or loses
    /// a term. Returns whether the row had a term for `symbol`.
    @discardableResult
    mutating func substitute(
        _ symbol: SolverSymbol, with row: SolverRow, reporting change: (SolverSymbol, Bool) -> Void = { _, _ in }
    ) -> Bool {
        guard let index = index(of: symbol) else { return false }
        merge(row, times: terms[index].coefficient, removingAt: index, reporting: change)
        return true
    }

    /// `self + other × factor`, without the term at `removed`, in one pass over both rows.
    private mutating func merge(
        _ other: SolverRow, times factor: Double, removingAt removed: Int?,
        reporting change: (SolverSymbol, Bool) -> Void
    ) {
        constant += other.constant * factor
        if other.terms.isEmpty {
            if let removed { terms.remove(at: removed) }
            return
        }
        let skip = removed ?? -1
        let mineCount = terms.count
        let theirsCount = other.terms.count
        var result: [RowTerm] = []
        result.reserveCapacity(mineCount + theirsCount)
        terms.withUnsafeBufferPointer { mine in
            other.terms.withUnsafeBufferPointer { theirs in
                var i = 0
                var j = 0
                while i < mineCount || j < theirsCount {
                    if i == skip {
                        i += 1
                        continue
                    }
                    if j == theirsCount || (i < mineCount && mine[i].symbol.raw < theirs[j].symbol.raw) {
                        result.append(mine[i])
                        i += 1
                    } else if i == mineCount || theirs[j].symbol.raw < mine[i].symbol.raw {
                        let coefficient = theirs[j].coefficient * factor
                        if abs(coefficient) >= solverEpsilon {
                            result.append(RowTerm(symbol: theirs[j].symbol, coefficient: coefficient))
                            change(theirs[j].symbol, true)
                        }
                        j += 1
                    } else {
                        let coefficient = mine[i].coefficient + theirs[j].coefficient * factor
                        if abs(coefficient) >= solverEpsilon {
                            result.append(RowTerm(symbol: mine[i].symbol, coefficient: coefficient))
                        } else {
                            change(mine[i].symbol, false)
                        }
                        i += 1
                        j += 1
                    }
                }
            }
        }
        terms = result
    }
}

/// The basic symbols whose rows mention one symbol, in no particular order.
struct ColumnEntries {
    private(set) var basics: [SolverSymbol] = []

    var isEmpty: Bool { basics.isEmpty }
    var count: Int { basics.count }

    /// Adds a basic symbol that is not there yet.
    mutating func insert(_ basic: SolverSymbol) {
        if basics.capacity == 0 { basics.reserveCapacity(4) }
        basics.append(basic)
    }

    mutating func remove(_ basic: SolverSymbol) {
        guard let index = basics.lastIndex(of: basic) else { return }
        basics.swapAt(index, basics.count - 1)
        basics.removeLast()
    }

    mutating func removeAll() { basics.removeAll() }
}
