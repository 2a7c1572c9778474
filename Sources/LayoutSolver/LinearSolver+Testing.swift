/// What the tests read of a solver besides the values: how many constraints it holds, and the
/// errors left at each priority, which a change that fails must leave as they were.
extension LinearSolver {
    /// The number of constraints the solver holds.
    package var constraintCount: Int { state.constraintEntries.count - state.freeConstraintIndices.count }

    /// The sum of the errors of each priority level of the optional constraints, highest first.
    package var errorSums: [(priority: Float, sum: Double)] {
        Array(zip(state.objective.priorities, state.objective.errorSums))
    }
}
