import Testing

@testable import LayoutSolver

extension LinearSolverTests {
    // MARK: - Unsatisfiable constraints

    /// A required constraint that contradicts the others throws, names itself and the
    /// constraints it contradicts, and leaves the solver as if it had never been added: later
    /// changes give what a solver that never saw it gives.
    @Test func anUnsatisfiableRequiredConstraintThrowsAndChangesNothing() throws {
        func build() throws -> (LinearSolver, [LayoutVariable], [SolverConstraint]) {
            let solver = LinearSolver()
            let variables = (0..<4).map { LayoutVariable("v\($0)") }
            let constraints = [
                SolverConstraint(variables[0], .greaterThanOrEqual, 10),
                SolverConstraint(variables[1], .equal, variables[0] + 20),
                SolverConstraint(variables[1], .lessThanOrEqual, 100),
                SolverConstraint(variables[2] + variables[3], .equal, 50, priority: 500),
                SolverConstraint(variables[2], .equal, variables[1], priority: 250),
            ]
            for constraint in constraints { try solver.add(constraint) }
            solver.updateVariables()
            return (solver, variables, constraints)
        }
        let (solver, variables, constraints) = try build()
        let (twin, twinVariables, _) = try build()
        let before = variables.map(\.value)
        let errorsBefore = solver.errorSums.map(\.sum)

        // v1 = v0 + 20 <= 100 caps v0 at 80.
        let conflicting = SolverConstraint(variables[0], .greaterThanOrEqual, 90)
        let error = try #require(throws: UnsatisfiableConstraint.self) { try solver.add(conflicting) }
        #expect(error.constraint === conflicting)
        #expect(error.conflictingConstraints.contains { $0 === constraints[2] })
        #expect(error.conflictingConstraints.contains { $0 === constraints[1] })
        #expect(!error.conflictingConstraints.contains { $0 === constraints[0] || $0 === constraints[3] })
        #expect(!solver.contains(conflicting) && solver.constraintCount == constraints.count)
        solver.updateVariables()
        #expect(zip(variables, before).allSatisfy { $0.value == $1 }, "exactly the values before")
        #expect(solver.errorSums.map(\.sum) == errorsBefore)

        // Another failure, through the definition of v1 (v1 = v0 + 20 >= 30, not <= 25), then
        // the same changes on both solvers.
        #expect(throws: UnsatisfiableConstraint.self) {
            try solver.add(SolverConstraint(variables[1] + 5, .lessThanOrEqual, 30))
        }
        for (target, vars) in [(solver, variables), (twin, twinVariables)] {
            try target.add(SolverConstraint(vars[0], .equal, 30, priority: 750))
            try target.add(SolverConstraint(vars[3], .lessThanOrEqual, vars[2]))
            target.updateVariables()
        }
        #expect(zip(variables, twinVariables).allSatisfy { abs($0.value - $1.value) < 1e-12 })
        #expect(abs(variables[1].value - 50) < 1e-9)
        // A bound the cap allows: v0 rises from 30 to 80 and v1 reaches the cap.
        try solver.add(SolverConstraint(variables[0], .greaterThanOrEqual, 80))
        solver.updateVariables()
        #expect(abs(variables[0].value - 80) < 1e-9 && abs(variables[1].value - 100) < 1e-9)
    }

    /// The conflict reports name the definitions on the way: widths fixed by a chain of
    /// equalities, then a contradicting width.
    @Test func theErrorNamesTheConflictingConstraints() throws {
        let solver = LinearSolver()
        let widths = (0..<3).map { LayoutVariable("w\($0)") }
        let fixed = SolverConstraint(widths[0], .equal, 100)
        let equal1 = SolverConstraint(widths[1], .equal, widths[0])
        let equal2 = SolverConstraint(widths[2], .equal, widths[1])
        let unrelated = SolverConstraint(LayoutVariable("h"), .equal, 44)
        for constraint in [fixed, equal1, equal2, unrelated] { try solver.add(constraint) }
        let conflicting = SolverConstraint(widths[2], .equal, 120)
        let error = try #require(throws: UnsatisfiableConstraint.self) { try solver.add(conflicting) }
        #expect(error.constraint === conflicting)
        #expect(
            Set(error.conflictingConstraints.map(ObjectIdentifier.init))
                == Set([fixed, equal1, equal2].map(ObjectIdentifier.init)))
        #expect(error.description.hasPrefix("Unable to simultaneously satisfy constraints:"))
        solver.updateVariables()
        #expect(widths.allSatisfy { abs($0.value - 100) < 1e-9 })

        // A constant change that contradicts them fails the same way and is undone.
        let error2 = try #require(throws: UnsatisfiableConstraint.self) {
            try solver.add(SolverConstraint(widths[2], .lessThanOrEqual, 150))
            try solver.setConstant(-200, of: fixed)
        }
        #expect(error2.constraint === fixed)
        #expect(fixed.constant == -100)
        solver.updateVariables()
        #expect(widths.allSatisfy { abs($0.value - 100) < 1e-9 })
    }

    /// A required equality that repeats others is accepted; its constant stays tied to theirs
    /// (changing one alone contradicts the other), and removing either leaves the other in force.
    @Test func redundantRequiredEqualities() throws {
        let solver = LinearSolver()
        let y = LayoutVariable("y")
        try solver.add(SolverConstraint(y, .greaterThanOrEqual, 0))
        let first = SolverConstraint(y, .equal, 10)
        let second = SolverConstraint(y * 2, .equal, 20)
        try solver.add(first)
        try solver.add(second)
        let error = try #require(throws: UnsatisfiableConstraint.self) { try solver.setConstant(-20, of: first) }
        #expect(error.conflictingConstraints.contains { $0 === second })
        #expect(solver.state.invariantViolations() == [])
        solver.remove(first)
        #expect(solver.state.invariantViolations() == [])
        solver.updateVariables()
        #expect(abs(y.value - 10) < 1e-9, "the second equality still holds")
        try solver.setConstant(-50, of: second)
        solver.updateVariables()
        #expect(abs(y.value - 25) < 1e-9)
        solver.remove(second)
        solver.updateVariables()
        #expect(abs(y.value) < 1e-9 && solver.state.invariantViolations() == [])
    }

    // MARK: - Removing and adding

    /// A constraint removed and added again gives the values it gave before, and the solver
    /// forgets a variable when the last constraint on it goes, leaving it its last value.
    @Test func removingThenAddingAndRemovingTheLastConstraintOnAVariable() throws {
        let solver = LinearSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let sum = SolverConstraint(x + y, .equal, 100)
        let xWish = SolverConstraint(x, .equal, 30, priority: 750)
        let yLimit = SolverConstraint(y, .lessThanOrEqual, 60)
        for constraint in [sum, xWish, yLimit] { try solver.add(constraint) }
        solver.updateVariables()
        #expect(abs(x.value - 40) < 1e-9 && abs(y.value - 60) < 1e-9)

        for constraint in [sum, xWish, yLimit] {
            solver.remove(constraint)
            #expect(!solver.contains(constraint))
            try solver.add(constraint)
            solver.updateVariables()
            #expect(abs(x.value - 40) < 1e-9 && abs(y.value - 60) < 1e-9)
        }

        solver.remove(sum)
        solver.remove(yLimit)
        #expect(!solver.contains(y) && solver.contains(x))
        solver.updateVariables()
        #expect(abs(x.value - 30) < 1e-9)
        #expect(abs(y.value - 60) < 1e-9, "a forgotten variable keeps its last value")
        solver.remove(xWish)
        #expect(!solver.contains(x) && solver.constraintCount == 0)

        // Forgotten variables can join another solver.
        let other = LinearSolver()
        try other.add(SolverConstraint(x + y, .equal, 7))
        try other.add(SolverConstraint(x, .equal, 2))
        other.updateVariables()
        #expect(abs(y.value - 5) < 1e-9)
    }

    /// Definitions (required equalities that brought a new variable) follow constant changes
    /// into the tableau constraints that use them, and removing one hands the tableau back the
    /// variable it defined.
    @Test func definitionsFollowTheirConstantsIntoTheTableau() throws {
        let solver = LinearSolver()
        let xs = (0..<4).map { LayoutVariable("x\($0)") }
        let start = SolverConstraint(xs[0], .equal, 10)
        let links = (1..<4).map { SolverConstraint(xs[$0], .equal, xs[$0 - 1] + 10) }
        for constraint in [start] + links { try solver.add(constraint) }
        let cap = SolverConstraint(xs[3], .lessThanOrEqual, 100)
        let wish = SolverConstraint(xs[3], .equal, 90, priority: 500)
        try solver.add(cap)
        try solver.add(wish)
        solver.updateVariables()
        #expect(abs(xs[3].value - 40) < 1e-9)
        #expect(abs(solver.errorSums[0].sum - 50) < 1e-9)

        try solver.setConstant(-50, of: start)
        solver.updateVariables()
        #expect(abs(xs[3].value - 80) < 1e-9 && abs(solver.errorSums[0].sum - 10) < 1e-9)
        #expect(throws: UnsatisfiableConstraint.self) { try solver.setConstant(-75, of: start) }

        // Without the second link, x2 is free: the wish puts x3 at 90, x2 at 80.
        solver.remove(links[1])
        solver.updateVariables()
        #expect(abs(xs[3].value - 90) < 1e-9 && abs(xs[2].value - 80) < 1e-9)
        #expect(solver.isAmbiguous(xs[1]) == false && solver.isAmbiguous(xs[2]) == false)
        try solver.add(links[1])
        solver.updateVariables()
        #expect(abs(xs[3].value - 80) < 1e-9 && abs(xs[1].value - 60) < 1e-9)
    }

    // MARK: - Ambiguity

    /// A variable is ambiguous when the constraints leave it free to move without any
    /// priority's errors growing.
    @Test func ambiguityTellsWhichVariablesTheConstraintsDetermine() throws {
        let solver = LinearSolver()
        let fixed = LayoutVariable("fixed")
        let follower = LayoutVariable("follower")
        let free = LayoutVariable("free")
        let bounded = LayoutVariable("bounded")
        let pinched = LayoutVariable("pinched")
        let wished = LayoutVariable("wished")
        let between = LayoutVariable("between")
        try solver.add(SolverConstraint(fixed, .equal, 10))
        try solver.add(SolverConstraint(follower, .equal, fixed * 2 + 5))
        try solver.add(SolverConstraint(free + follower, .greaterThanOrEqual, fixed))
        try solver.add(SolverConstraint(bounded, .greaterThanOrEqual, 0))
        try solver.add(SolverConstraint(pinched, .greaterThanOrEqual, 3))
        try solver.add(SolverConstraint(pinched, .lessThanOrEqual, 3))
        try solver.add(SolverConstraint(wished, .equal, 7, priority: 250))
        // Two equal wishes for 0 and 10 leave [0, 10] open.
        try solver.add(SolverConstraint(between, .equal, 0, priority: 500))
        try solver.add(SolverConstraint(between, .equal, 10, priority: 500))
        #expect(!solver.isAmbiguous(fixed))
        #expect(!solver.isAmbiguous(follower))
        #expect(solver.isAmbiguous(free))
        #expect(solver.isAmbiguous(bounded))
        #expect(!solver.isAmbiguous(pinched))
        #expect(!solver.isAmbiguous(wished))
        #expect(solver.isAmbiguous(between))
        #expect(solver.isAmbiguous(LayoutVariable("unknown")))
        try solver.add(SolverConstraint(between, .equal, 3, priority: 1))
        #expect(!solver.isAmbiguous(between))
        solver.updateVariables()
        #expect(abs(follower.value - 25) < 1e-9 && abs(pinched.value - 3) < 1e-9 && abs(between.value - 3) < 1e-9)
        #expect(abs(solver.value(of: follower) - 25) < 1e-9)
    }

    // MARK: - Scale

    /// A thousand views in a row, each 8 points after the one before, widths all equal to the
    /// first view's, which would like to be 30 wide; moving the first view moves them all.
    @Test func aThousandViewsInARow() throws {
        let solver = LinearSolver()
        let xs = (0..<1000).map { LayoutVariable("x\($0)") }
        let widths = (0..<1000).map { LayoutVariable("w\($0)") }
        let start = SolverConstraint(xs[0], .equal, 0)
        try solver.add(start)
        try solver.add(SolverConstraint(widths[0], .equal, 30, priority: 750))
        for index in 1..<1000 {
            try solver.add(SolverConstraint(xs[index], .equal, xs[index - 1] + widths[index - 1] + 8))
            try solver.add(SolverConstraint(widths[index], .equal, widths[index - 1]))
        }
        // The row must end by 30 000: 1 000 widths and 999 gaps leave each view 22.008 wide.
        try solver.add(SolverConstraint(xs[999] + widths[999], .lessThanOrEqual, 30_000))
        solver.updateVariables()
        let width = (30_000 - 999 * 8) / 1000.0
        #expect(abs(widths[500].value - width) < 1e-6)
        #expect(abs(xs[999].value - 999 * (width + 8)) < 1e-6)
        try solver.setConstant(-100, of: start)
        solver.updateVariables()
        #expect(abs(xs[0].value - 100) < 1e-9)
        #expect(abs(xs[999].value + widths[999].value - 30_000) < 1e-6, "the end stays at its limit")
        #expect(!solver.isAmbiguous(xs[700]))
    }
}
