import QuartzTestSupport
import Testing

@testable import LayoutSolver

/// A constraint over variable indices (`Σ coefficient × variable + constant relation 0`), so
/// that one system can be built for several solvers: a variable is in one solver at a time.
private struct ConstraintSpec {
    var terms: [(variable: Int, coefficient: Double)]
    var relation: LayoutRelation
    var constant: Double
    var priority: Float
}

/// Required constraints that a random integer point satisfies, optional ones at a few
/// priorities, and a stay for each variable at a priority of its own below all of them, which
/// makes the solution unique.
private struct RandomSystem {
    static let optionalPriorities: [Float] = [100, 250, 500, 750, 751, 999]

    let variableCount: Int
    var specs: [ConstraintSpec]

    init(seed: UInt64, variables: Int, required: Int, optional: Int) {
        var random = SplitMix64(state: seed)
        variableCount = variables
        let witness = (0..<variables).map { _ in Double(random.int(-50...50)) }
        func randomTerms() -> [(variable: Int, coefficient: Double)] {
            var chosen = Array(0..<variables)
            random.shuffle(&chosen)
            return chosen.prefix(random.int(1...min(3, variables))).map {
                (variable: $0, coefficient: Double(random.pick([-3, -2, -1, 1, 1, 1, 2, 3])))
            }
        }
        let relations: [LayoutRelation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        specs = []
        for _ in 0..<required {
            // Now and then a multiple of an earlier required equality: a redundant one.
            if let earlier = specs.last(where: { $0.relation == .equal }), random.int(0...4) == 0 {
                let factor = Double(random.pick([-2, 1, 3]))
                specs.append(
                    ConstraintSpec(
                        terms: earlier.terms.map { ($0.variable, $0.coefficient * factor) }, relation: .equal,
                        constant: earlier.constant * factor, priority: 1000))
                continue
            }
            let terms = randomTerms()
            let relation = random.pick(relations)
            let atWitness = terms.reduce(0) { $0 + $1.coefficient * witness[$1.variable] }
            let slack = relation == .equal ? 0 : Double(random.int(0...20))
            let constant = relation == .lessThanOrEqual ? -atWitness - slack : -atWitness + slack
            specs.append(ConstraintSpec(terms: terms, relation: relation, constant: constant, priority: 1000))
        }
        for _ in 0..<optional {
            specs.append(
                ConstraintSpec(
                    terms: randomTerms(), relation: random.pick(relations), constant: Double(random.int(-60...60)),
                    priority: random.pick(Self.optionalPriorities)))
        }
        for variable in 0..<variables {
            specs.append(
                ConstraintSpec(
                    terms: [(variable, 1)], relation: .equal, constant: Double(random.int(-80...80)),
                    priority: Float(variable + 1)))
        }
        random.shuffle(&specs)
    }

    /// New variables and constraints for the system.
    func instantiate() -> (variables: [LayoutVariable], constraints: [SolverConstraint]) {
        let variables = (0..<variableCount).map { LayoutVariable("v\($0)") }
        let constraints = specs.map { spec in
            var expression = LinearExpression(constant: spec.constant)
            for term in spec.terms { expression.add(term.coefficient, times: variables[term.variable]) }
            return SolverConstraint(expression, spec.relation, priority: spec.priority)
        }
        return (variables, constraints)
    }
}

/// How far `constraint` is from holding at the variables' current values.
private func violation(of constraint: SolverConstraint) -> Double {
    let value = constraint.expression.value
    switch constraint.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
}

/// The sum of the optional constraints' errors at each priority, highest first.
private func errorVector(of constraints: [SolverConstraint]) -> [Double] {
    let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
    return priorities.map { priority in
        constraints.filter { $0.priority == priority }.reduce(0) { $0 + violation(of: $1) }
    }
}

/// Whether the required constraints hold within 1e-6 at the variables' current values.
private func requiredHold(_ constraints: [SolverConstraint]) -> Bool {
    constraints.allSatisfy { !$0.isRequired || violation(of: $0) < 1e-6 }
}

/// Whether the solver's error sums are those of the constraints at the variables' values.
private func sameErrors(_ solver: LinearSolver, _ constraints: [SolverConstraint]) -> Bool {
    let sums = solver.errorSums.map(\.sum)
    let expected = errorVector(of: constraints)
    return sums.count == expected.count && zip(sums, expected).allSatisfy { abs($0 - $1) < 1e-6 }
}

/// Whether two sets of variables have the same values within `tolerance`.
private func sameValues(_ lhs: [LayoutVariable], _ rhs: [LayoutVariable], within tolerance: Double) -> Bool {
    zip(lhs, rhs).allSatisfy { abs($0.value - $1.value) < tolerance }
}

/// A solver holding the system (built on new variables), or `nil` if the required
/// constraints cannot all hold.
private func freshSolve(
    _ system: RandomSystem
) -> (solver: LinearSolver, variables: [LayoutVariable], constraints: [SolverConstraint])? {
    let (variables, constraints) = system.instantiate()
    let solver = LinearSolver()
    for constraint in constraints {
        do { try solver.add(constraint) } catch { return nil }
    }
    solver.updateVariables()
    return (solver, variables, constraints)
}

extension LinearSolverTests {
    // MARK: - Incremental changes against fresh solves

    /// Changing a constant in place gives the values a solver built with the new constant
    /// gives, over many random systems and changes; a change that cannot hold throws exactly
    /// when the system with it has no solution, and changes nothing.
    @Test func incrementalConstantChangesMatchAFreshSolve() throws {
        var random = SplitMix64(state: 7)
        var changes = 0
        var failures = 0
        for seed in 0..<120 {
            var system = RandomSystem(
                seed: UInt64(seed), variables: random.int(2...6), required: random.int(1...5),
                optional: random.int(0...5))
            let (solver, variables, constraints) = try #require(freshSolve(system))
            for _ in 0..<6 {
                let index = random.int(0...(constraints.count - 1))
                let newConstant = constraints[index].constant + Double(random.int(-25...25))
                let before = variables.map(\.value)
                system.specs[index].constant = newConstant
                let fresh = freshSolve(system)
                do {
                    try solver.setConstant(newConstant, of: constraints[index])
                    changes += 1
                } catch {
                    failures += 1
                    #expect(error.constraint === constraints[index])
                    #expect(fresh == nil, "seed \(seed): the change failed but the system has a solution")
                    system.specs[index].constant = constraints[index].constant
                    solver.updateVariables()
                    #expect(zip(variables, before).allSatisfy { abs($0.value - $1) < 1e-9 })
                    continue
                }
                solver.updateVariables()
                let expected = try #require(fresh, "seed \(seed): the change held but the system has no solution")
                #expect(requiredHold(constraints))
                #expect(sameValues(variables, expected.variables, within: 1e-6), "seed \(seed)")
                #expect(sameErrors(solver, constraints), "seed \(seed): the objective's constants")
            }
        }
        #expect(changes > 300 && failures > 20, "both outcomes were exercised (\(changes), \(failures))")
    }

    /// Every required constraint the solver holds is met after every add, removal, constant
    /// change and priority change, in random sequences.
    @Test func requiredConstraintsHoldAfterEveryChange() throws {
        var random = SplitMix64(state: 11)
        for seed in 100..<160 {
            let system = RandomSystem(
                seed: UInt64(seed), variables: random.int(2...8), required: random.int(2...8),
                optional: random.int(1...6))
            let (_, constraints) = system.instantiate()
            let solver = LinearSolver()
            var held: [SolverConstraint] = []
            for _ in 0..<40 {
                switch random.int(0...9) {
                case 0...4:
                    let candidates = constraints.filter { !solver.contains($0) }
                    guard !candidates.isEmpty else { continue }
                    let constraint = random.pick(candidates)
                    do {
                        try solver.add(constraint)
                        held.append(constraint)
                    } catch {
                        #expect(!solver.contains(constraint))
                    }
                case 5...6:
                    guard !held.isEmpty else { continue }
                    let constraint = held.remove(at: random.int(0...(held.count - 1)))
                    solver.remove(constraint)
                case 7...8:
                    guard !held.isEmpty else { continue }
                    let constraint = random.pick(held)
                    try? solver.setConstant(constraint.constant + Double(random.int(-10...10)), of: constraint)
                default:
                    guard !held.isEmpty else { continue }
                    let constraint = random.pick(held)
                    try? solver.setPriority(random.pick(RandomSystem.optionalPriorities + [1000]), of: constraint)
                }
                solver.updateVariables()
                #expect(requiredHold(held), "seed \(seed)")
                #expect(sameErrors(solver, held), "seed \(seed)")
                #expect(solver.state.invariantViolations() == [], "seed \(seed)")
                #expect(solver.constraintCount == held.count)
            }
        }
    }

    /// Changes that fail leave no trace: a solver that saw random adds, removals, constant and
    /// priority changes, some of them contradicting its required constraints, agrees after
    /// every step with a twin that saw only the changes that succeeded, and its tableau stays
    /// in solved form, feasible and optimal.
    @Test func failedChangesLeaveNoTrace() throws {
        var random = SplitMix64(state: 41)
        var failures = 0
        for seed in 500..<560 {
            var system = RandomSystem(
                seed: UInt64(seed), variables: random.int(2...6), required: random.int(1...4),
                optional: random.int(1...4))
            // Required constraints that no point was chosen to satisfy.
            let hostile = RandomSystem(
                seed: UInt64(seed) + 1000, variables: system.variableCount, required: 4, optional: 0)
            system.specs += hostile.specs.filter { $0.priority == 1000 }.map { spec in
                var spec = spec
                spec.constant += Double(random.int(-30...30))
                return spec
            }
            let (variables, constraints) = system.instantiate()
            let (twinVariables, twinConstraints) = system.instantiate()
            let solver = LinearSolver()
            let twin = LinearSolver()
            for _ in 0..<50 {
                let index = random.int(0...(constraints.count - 1))
                let constraint = constraints[index]
                let twinConstraint = twinConstraints[index]
                let change: (LinearSolver, SolverConstraint) throws(UnsatisfiableConstraint) -> Void
                switch random.int(0...5) {
                case 0...2 where !solver.contains(constraint):
                    change = { solver, constraint throws(UnsatisfiableConstraint) in try solver.add(constraint) }
                case 0...2:
                    change = { solver, constraint in solver.remove(constraint) }
                case 3...4:
                    let constant = constraint.constant + Double(random.int(-20...20))
                    change = { solver, constraint throws(UnsatisfiableConstraint) in
                        try solver.setConstant(constant, of: constraint)
                    }
                default:
                    let priority = random.pick(RandomSystem.optionalPriorities + [1000])
                    change = { solver, constraint throws(UnsatisfiableConstraint) in
                        try solver.setPriority(priority, of: constraint)
                    }
                }
                do {
                    try change(solver, constraint)
                } catch {
                    failures += 1
                    solver.updateVariables()
                    #expect(sameValues(variables, twinVariables, within: 1e-9), "seed \(seed)")
                    continue
                }
                try change(twin, twinConstraint)
                solver.updateVariables()
                twin.updateVariables()
                #expect(sameValues(variables, twinVariables, within: 1e-9), "seed \(seed)")
                #expect(solver.errorSums.map(\.sum) == twin.errorSums.map(\.sum), "seed \(seed)")
                #expect(solver.state.invariantViolations() == [], "seed \(seed)")
                #expect(requiredHold(constraints.filter(solver.contains)), "seed \(seed)")
            }
        }
        #expect(failures > 30, "\(failures) changes failed")
    }

    /// Removing every constraint in a random order and adding them back in another gives the
    /// values of a fresh solve.
    @Test func removingAndReAddingInRandomOrderMatchesAFreshSolve() throws {
        var random = SplitMix64(state: 23)
        for seed in 200..<260 {
            let system = RandomSystem(
                seed: UInt64(seed), variables: random.int(2...7), required: random.int(1...6),
                optional: random.int(0...6))
            let (solver, variables, constraints) = try #require(freshSolve(system))
            let expected = try #require(freshSolve(system))
            var order = constraints
            random.shuffle(&order)
            for constraint in order {
                solver.remove(constraint)
                solver.updateVariables()
                #expect(requiredHold(constraints.filter(solver.contains)))
            }
            #expect(solver.constraintCount == 0 && variables.allSatisfy { !solver.contains($0) })
            random.shuffle(&order)
            for constraint in order { try solver.add(constraint) }
            solver.updateVariables()
            #expect(sameValues(variables, expected.variables, within: 1e-6), "seed \(seed)")
        }
    }
}

/// The solution of `rows × x = right` by Gaussian elimination, or `nil` when it is singular.
private func solveLinearSystem(_ rows: [[Double]], _ right: [Double]) -> [Double]? {
    var matrix = zip(rows, right).map { $0 + [$1] }
    let size = rows.count
    for column in 0..<size {
        let pivot = (column..<size).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
        guard abs(matrix[pivot][column]) > 1e-9 else { return nil }
        matrix.swapAt(column, pivot)
        for row in 0..<size where row != column {
            let factor = matrix[row][column] / matrix[column][column]
            for entry in column...size { matrix[row][entry] -= factor * matrix[column][entry] }
        }
    }
    return (0..<size).map { matrix[$0][size] / matrix[$0][$0] }
}

/// Whether error vector `lhs` is lexicographically smaller than `rhs`, by more than 1e-7.
private func lexicographicallyBelow(_ lhs: [Double], _ rhs: [Double]) -> Bool {
    for (left, right) in zip(lhs, rhs) where abs(left - right) > 1e-7 { return left < right }
    return false
}

extension LinearSolverTests {
    /// For systems of two or three variables the best point is a vertex of the arrangement of
    /// the constraints' hyperplanes: among the vertices where the required constraints hold,
    /// none has a lexicographically smaller error vector than the solver's solution, and the
    /// best of them is that solution.
    @Test func smallSystemsAreLexicographicallyOptimal() throws {
        var random = SplitMix64(state: 31)
        var checked = 0
        for seed in 300..<420 {
            let dimension = random.int(2...3)
            let system = RandomSystem(
                seed: UInt64(seed), variables: dimension, required: random.int(1...3), optional: random.int(1...5))
            let (_, variables, constraints) = try #require(freshSolve(system))
            let solution = variables.map(\.value)
            let solutionErrors = errorVector(of: constraints)
            #expect(requiredHold(constraints))

            var best: (point: [Double], errors: [Double])?
            let hyperplanes = system.specs.map { spec in
                (
                    normal: (0..<dimension).map { variable in
                        spec.terms.filter { $0.variable == variable }.reduce(0) { $0 + $1.coefficient }
                    }, offset: -spec.constant
                )
            }
            func visit(_ chosen: [Int], from start: Int) {
                if chosen.count == dimension {
                    guard
                        let point = solveLinearSystem(
                            chosen.map { hyperplanes[$0].normal }, chosen.map { hyperplanes[$0].offset })
                    else { return }
                    for (variable, value) in zip(variables, point) { variable.value = value }
                    guard requiredHold(constraints) else { return }
                    let errors = errorVector(of: constraints)
                    #expect(!lexicographicallyBelow(errors, solutionErrors), "seed \(seed): \(point) beats \(solution)")
                    if best == nil || lexicographicallyBelow(errors, best!.errors) { best = (point, errors) }
                    return
                }
                for next in start..<hyperplanes.count { visit(chosen + [next], from: next + 1) }
            }
            visit([], from: 0)
            let vertex = try #require(best, "seed \(seed): some vertex is feasible")
            #expect(zip(vertex.point, solution).allSatisfy { abs($0 - $1) < 1e-6 }, "seed \(seed)")
            checked += 1
        }
        #expect(checked == 120)
    }
}
