/// A term of an expansion: a variable (not defined), by its index in the solver, and its
/// coefficient.
struct IndexedTerm {
    let index: Int
    var coefficient: Double
}

/// A linear expression over the variables that are not defined, its terms in the order they
/// first appeared (zero coefficients may remain where terms cancelled).
struct VariableExpansion {
    /// The most terms a defined variable's cached expansion has.
    static let cacheLimit = 32

    var constant: Double
    private(set) var terms: [IndexedTerm] = []
    /// The position of each variable's term, once there are too many terms to search.
    private var positions: [Int: Int]?

    init(constant: Double, capacity: Int = 0) {
        self.constant = constant
        terms.reserveCapacity(capacity)
    }

    /// Adds `coefficient ×` the variable of that index.
    mutating func add(_ coefficient: Double, timesVariableAt index: Int) {
        if let positions {
            if let position = positions[index] {
                terms[position].coefficient += coefficient
                return
            }
        } else if let position = terms.firstIndex(where: { $0.index == index }) {
            terms[position].coefficient += coefficient
            return
        }
        terms.append(IndexedTerm(index: index, coefficient: coefficient))
        if positions != nil {
            positions![index] = terms.count - 1
        } else if terms.count > 16 {
            var byIndex: [Int: Int] = [:]
            for (position, term) in terms.enumerated() { byIndex[term.index] = position }
            positions = byIndex
        }
    }

    /// Adds `other × factor`.
    mutating func add(_ other: VariableExpansion, times factor: Double) {
        constant += other.constant * factor
        for term in other.terms { add(term.coefficient * factor, timesVariableAt: term.index) }
    }
}

/// A defined variable's expansion, if it is short enough to keep.
enum CachedExpansion {
    case expanded(VariableExpansion)
    /// Longer than `VariableExpansion.cacheLimit`: expanded anew, from the top down, when needed.
    case large
}

extension SolverState {
    /// `expression` with every defined variable replaced by what it stands for. Every variable
    /// of the expression must be registered.
    mutating func expand(_ expression: LinearExpression) -> VariableExpansion {
        var result = VariableExpansion(constant: expression.constant, capacity: expression.terms.count)
        var large: [IndexedTerm] = []
        for term in expression.terms {
            let index = register(term.variable)
            if variableRecords[index]!.definitionRank == nil {
                result.add(term.coefficient, timesVariableAt: index)
            } else if let expansion = cachedExpansion(ofVariableAt: index) {
                result.add(expansion, times: term.coefficient)
            } else {
                large.append(IndexedTerm(index: index, coefficient: term.coefficient))
            }
        }
        if !large.isEmpty { expandFromTheTop(large, into: &result) }
        return result
    }

    /// The cached expansion of a defined variable, made (with those it needs) if need be;
    /// `nil` when it is too long to keep.
    private mutating func cachedExpansion(ofVariableAt index: Int) -> VariableExpansion? {
        if case .expanded(let expansion) = expansions[index] { return expansion }
        var stack: [(index: Int, ready: Bool)] = [(index, false)]
        while let (current, ready) = stack.popLast() {
            if expansions[current] != nil { continue }
            let definition = definitionSlots[variableRecords[current]!.definitionRank!]!
            if !ready {
                stack.append((current, true))
                for term in definition.terms
                where variableRecords[term.index]!.definitionRank != nil && expansions[term.index] == nil {
                    stack.append((term.index, false))
                }
                continue
            }
            var expansion = VariableExpansion(constant: definition.constant, capacity: definition.terms.count)
            var isLarge = false
            for term in definition.terms {
                switch expansions[term.index] {
                case .expanded(let inner): expansion.add(inner, times: term.coefficient)
                case .large: isLarge = true
                case nil: expansion.add(term.coefficient, timesVariableAt: term.index)
                }
                if isLarge || expansion.terms.count > VariableExpansion.cacheLimit {
                    isLarge = true
                    break
                }
            }
            expansions[current] = isLarge ? .large : .expanded(expansion)
        }
        if case .expanded(let expansion) = expansions[index] { return expansion }
        return nil
    }

    /// Adds the expansions of the terms (defined variables) to `result`, replacing definitions
    /// from the highest rank down so that each is visited once.
    private mutating func expandFromTheTop(_ terms: [IndexedTerm], into result: inout VariableExpansion) {
        var pending: [Int: Double] = [:]
        var ranks = RankHeap()
        func schedule(_ variable: Int, _ coefficient: Double) {
            let rank = variableRecords[variable]!.definitionRank!
            if pending[rank] == nil { ranks.insert(rank) }
            pending[rank, default: 0] += coefficient
        }
        for term in terms { schedule(term.index, term.coefficient) }
        while let rank = ranks.popMax() {
            let coefficient = pending.removeValue(forKey: rank)!
            let definition = definitionSlots[rank]!
            if case .expanded(let expansion) = expansions[definition.variable] {
                result.add(expansion, times: coefficient)
                continue
            }
            result.constant += coefficient * definition.constant
            for term in definition.terms {
                if variableRecords[term.index]!.definitionRank != nil {
                    schedule(term.index, coefficient * term.coefficient)
                } else {
                    result.add(coefficient * term.coefficient, timesVariableAt: term.index)
                }
            }
        }
    }
}

/// A max-heap of definition ranks.
private struct RankHeap {
    private var items: [Int] = []

    mutating func insert(_ rank: Int) {
        items.append(rank)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent] < items[child] else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popMax() -> Int? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < items.count && items[left] > items[largest] { largest = left }
            if right < items.count && items[right] > items[largest] { largest = right }
            if largest == parent { break }
            items.swapAt(parent, largest)
            parent = largest
        }
        return top
    }
}
