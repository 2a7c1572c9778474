/// A required constraint that cannot hold together with the required constraints already in
/// the solver; the solver is left as it was before the change that failed.
package struct UnsatisfiableConstraint: Error, CustomStringConvertible {
    /// The constraint whose addition, priority or constant change failed.
    ///
    /// The error is made, thrown and caught where the solver is used; the constraint is not
    /// for other threads (`SolverConstraint` is not `Sendable`).
    nonisolated(unsafe) package let constraint: SolverConstraint
    /// The required constraints already in the solver that `constraint` contradicts: the
    /// tableau constraints whose markers take part in the contradiction the solver found, then
    /// the definitions (required equalities kept out of the tableau) that these reach through
    /// their variables, in the order they were made. The definitions reached may include some
    /// that do not take part.
    nonisolated(unsafe) package let conflictingConstraints: [SolverConstraint]

    package var description: String {
        var lines = ["Unable to simultaneously satisfy constraints:", "    \(constraint)"]
        lines += conflictingConstraints.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
