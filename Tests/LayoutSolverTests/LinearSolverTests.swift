import Testing

@testable import LayoutSolver

/// The incremental Cassowary solver under Auto Layout: worked examples computed by hand, the
/// lexicographic priorities, incremental constant changes, and properties of random systems
/// checked against fresh solves and a brute-force search.
@Suite("The linear constraint solver")
struct LinearSolverTests {
    // MARK: - Worked examples

    /// Badros, Borning and Stuckey's example: a midpoint between two ends on a line of 100,
    /// with weak preferences for where the middle and the left end are.
    @Test func theCassowaryPaperExample() throws {
        let solver = LinearSolver()
        let left = LayoutVariable("xl")
        let middle = LayoutVariable("xm")
        let right = LayoutVariable("xr")
        try solver.add(SolverConstraint(middle * 2, .equal, left + right))
        try solver.add(SolverConstraint(left + 10, .lessThanOrEqual, right))
        try solver.add(SolverConstraint(right, .lessThanOrEqual, 100))
        try solver.add(SolverConstraint(left, .greaterThanOrEqual, 0))
        try solver.add(SolverConstraint(middle, .equal, 50, priority: 250))
        try solver.add(SolverConstraint(left, .equal, 30, priority: 250))
        solver.updateVariables()
        // Both preferences hold: xl = 30, xm = 50, so xr = 70.
        #expect(abs(left.value - 30) < 1e-9 && abs(middle.value - 50) < 1e-9 && abs(right.value - 70) < 1e-9)

        // A stronger wish for the middle at 90: xl + xr = 180 with xr <= 100 puts xl at 80 at
        // least, as near 30 as it can be; the weak middle preference gives way entirely.
        let drag = SolverConstraint(middle, .equal, 90, priority: 750)
        try solver.add(drag)
        solver.updateVariables()
        #expect(abs(left.value - 80) < 1e-9 && abs(middle.value - 90) < 1e-9 && abs(right.value - 100) < 1e-9)

        // Dragging to 5: xl + xr = 10 and xl + 10 <= xr leave only xl = 0, xr = 10.
        try solver.setConstant(-5, of: drag)
        solver.updateVariables()
        #expect(abs(left.value - 0) < 1e-9 && abs(middle.value - 5) < 1e-9 && abs(right.value - 10) < 1e-9)

        solver.remove(drag)
        solver.updateVariables()
        #expect(abs(left.value - 30) < 1e-9 && abs(middle.value - 50) < 1e-9 && abs(right.value - 70) < 1e-9)
    }

    /// Five views laid out left to right, 8 points apart, widths 40, 50, …, from x = 20:
    /// view i starts at 20 + Σ (width + 8) of the views before it.
    @Test func viewsChainedLeftToRightWithSpacing() throws {
        let solver = LinearSolver()
        let xs = (0..<5).map { LayoutVariable("x\($0)") }
        let widths = (0..<5).map { LayoutVariable("w\($0)") }
        try solver.add(SolverConstraint(xs[0], .equal, 20))
        for index in 0..<5 { try solver.add(SolverConstraint(widths[index], .equal, Double(40 + 10 * index))) }
        var spacings: [SolverConstraint] = []
        for index in 1..<5 {
            let spacing = SolverConstraint(xs[index], .equal, xs[index - 1] + widths[index - 1] + 8)
            spacings.append(spacing)
            try solver.add(spacing)
        }
        // The trailing edge must stay within 400, and would like to be at 380.
        let trailing = xs[4] + widths[4]
        try solver.add(SolverConstraint(trailing, .lessThanOrEqual, 400))
        try solver.add(SolverConstraint(trailing, .equal, 380, priority: 500))
        solver.updateVariables()
        for (index, expected) in [20.0, 68, 126, 194, 272].enumerated() {
            #expect(abs(xs[index].value - expected) < 1e-9, "x\(index)")
        }

        // Widening the second gap to 80 would move the three views after it by 72 and the
        // trailing edge from 352 to 424, past 400: that change cannot hold.
        #expect(throws: UnsatisfiableConstraint.self) { try solver.setConstant(-80, of: spacings[1]) }
        solver.updateVariables()
        #expect(abs(xs[4].value - 272) < 1e-9, "the failed change left everything as it was")

        // A gap of 18 instead: the views after it move by 10 and the trailing edge reaches 362.
        try solver.setConstant(-18, of: spacings[1])
        solver.updateVariables()
        for (index, expected) in [20.0, 68, 136, 204, 282].enumerated() {
            #expect(abs(xs[index].value - expected) < 1e-9, "x\(index)")
        }
        #expect(!solver.isAmbiguous(xs[4]))
    }

    /// `x <= limit` against a wish for x = 100: inactive while the limit is above 100, then
    /// holding x at the limit, then inactive again.
    @Test func anInequalityBecomesActiveAndInactiveAsItsConstantChanges() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        let limit = SolverConstraint(x, .lessThanOrEqual, 150)
        try solver.add(limit)
        try solver.add(SolverConstraint(x, .equal, 100, priority: 500))
        for (bound, expected) in [(150.0, 100.0), (80, 80), (20, 20), (99, 99), (120, 100), (100, 100)] {
            try solver.setConstant(-bound, of: limit)
            solver.updateVariables()
            #expect(abs(x.value - expected) < 1e-9, "limit \(bound)")
            #expect(solver.errorSums.count == 1 && abs(solver.errorSums[0].sum - (100 - expected)) < 1e-9)
        }
    }

    // MARK: - Priorities

    /// One error at 751 outweighs any number at 750: Auto Layout satisfies higher priorities
    /// completely first.
    @Test func priority751BeatsThree750s() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        for _ in 0..<3 { try solver.add(SolverConstraint(x, .equal, 10, priority: 750)) }
        try solver.add(SolverConstraint(x, .equal, 0, priority: 751))
        solver.updateVariables()
        #expect(abs(x.value) < 1e-9)
        // Even a thousand of them.
        for _ in 0..<1000 { try solver.add(SolverConstraint(x, .equal, 10, priority: 750)) }
        solver.updateVariables()
        #expect(abs(x.value) < 1e-9)
    }

    /// Optional constraints give way to required ones, whatever their priority.
    @Test func requiredConstraintsAlwaysWin() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        try solver.add(SolverConstraint(x, .equal, 0, priority: 999))
        try solver.add(SolverConstraint(y, .equal, 0, priority: 999))
        try solver.add(SolverConstraint(x + y, .greaterThanOrEqual, 100))
        try solver.add(SolverConstraint(x, .lessThanOrEqual, 30))
        solver.updateVariables()
        // y's error is the least the 999 level can have, 70, with x at its bound of 30.
        #expect(abs(x.value - 30) < 1e-9 && abs(y.value - 70) < 1e-9)
    }

    /// Between equal priorities the sum of the absolute errors is minimised: three wishes
    /// at 500 for 0, 10 and 30 meet at the median; two for 0 and 10 leave [0, 10] open, where
    /// a lower priority decides.
    @Test func equalPrioritiesMinimiseTheSumOfErrors() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        let wishes = [0.0, 10, 30].map { SolverConstraint(x, .equal, $0, priority: 500) }
        for wish in wishes { try solver.add(wish) }
        solver.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        #expect(abs(solver.errorSums[0].sum - 30) < 1e-9)

        solver.remove(wishes[2])
        try solver.add(SolverConstraint(x, .equal, 4, priority: 250))
        solver.updateVariables()
        #expect(abs(x.value - 4) < 1e-9)
        #expect(solver.errorSums.map(\.priority) == [500, 250])
        #expect(abs(solver.errorSums[0].sum - 10) < 1e-9 && abs(solver.errorSums[1].sum) < 1e-9)
    }

    /// A strong preference pulls a variable past a weaker limit, and a priority change swaps
    /// which one wins.
    @Test func aStrongPreferencePullsPastAWeakerOne() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        let strong = SolverConstraint(x, .equal, 100, priority: 750)
        let weakLimit = SolverConstraint(x, .lessThanOrEqual, 50, priority: 250)
        try solver.add(strong)
        try solver.add(weakLimit)
        solver.updateVariables()
        #expect(abs(x.value - 100) < 1e-9)

        try solver.setPriority(800, of: weakLimit)
        solver.updateVariables()
        #expect(abs(x.value - 50) < 1e-9)
        #expect(weakLimit.priority == 800)

        // Made required, the limit still wins; the preference made required cannot hold.
        try solver.setPriority(1000, of: weakLimit)
        #expect(throws: UnsatisfiableConstraint.self) { try solver.setPriority(1000, of: strong) }
        #expect(strong.priority == 750, "a failed priority change leaves the priority as it was")
        try solver.setPriority(1, of: weakLimit)
        solver.updateVariables()
        #expect(abs(x.value - 100) < 1e-9)
    }

    // MARK: - Expressions

    /// The arithmetic builds `Σ coefficient × variable + constant`, combining the terms of a
    /// variable and dropping those that cancel.
    @Test func expressionsCombineTermsAndConstants() {
        let a = LayoutVariable("a")
        let b = LayoutVariable("b")
        let expression = a + 2 * b - 10
        #expect(expression.terms.count == 2 && expression.coefficient(of: b) == 2 && expression.constant == -10)
        let combined = (expression - a) * 3 + b / 2 - (5 - a)
        #expect(combined.coefficient(of: a) == 1 && combined.coefficient(of: b) == 6.5 && combined.constant == -35)
        #expect((a - a + 1).terms.isEmpty)
        #expect((-(a * 4) + 4 * a).terms.isEmpty)
        a.value = 3
        b.value = 4
        #expect(combined.value == 3 + 26 - 35)
        let constraint = SolverConstraint(a + 8, .lessThanOrEqual, b)
        #expect(constraint.expression.constant == 8 && constraint.expression.coefficient(of: b) == -1)
        #expect(constraint.isRequired && constraint.description == "1.0 * a + -1.0 * b + 8.0 <= 0")
    }
}
