/// An unknown of the layout, such as a view's x or width, that the solver gives a value.
///
/// Variables are compared by identity; `name` only helps reading diagnostics. A variable is in
/// at most one solver at a time: from the first constraint that mentions it until the solver
/// forgets it (when no constraint it holds mentions it any more).
package final class LayoutVariable: Hashable, CustomStringConvertible {
    /// A name for diagnostics, such as `"button.minX"`.
    package let name: String
    /// The value the solver wrote at its last `updateVariables()`; zero before.
    package var value: Double = 0
    /// The solver that holds the variable and the variable's index in its per-variable arrays.
    var solverSlot: SolverSlot?

    package init(_ name: String = "") {
        self.name = name
    }

    package static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    package var description: String { name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" : name }
}

/// A variable and its coefficient in a linear expression.
package struct LinearTerm {
    package let variable: LayoutVariable
    package var coefficient: Double
}

/// `Σ coefficient × variable + constant`, with at most one term per variable and none with a
/// zero coefficient.
package struct LinearExpression: CustomStringConvertible {
    /// The terms, in the order their variables first appeared.
    private(set) var terms: [LinearTerm] = []
    package var constant: Double

    package init(constant: Double = 0) {
        self.constant = constant
    }

    package init(_ variable: LayoutVariable, coefficient: Double = 1) {
        constant = 0
        add(coefficient, times: variable)
    }

    /// The coefficient of `variable`, zero when it has no term.
    package func coefficient(of variable: LayoutVariable) -> Double {
        terms.first { $0.variable === variable }?.coefficient ?? 0
    }

    /// Adds `coefficient × variable`, dropping the term if it cancels.
    package mutating func add(_ coefficient: Double, times variable: LayoutVariable) {
        if let index = terms.firstIndex(where: { $0.variable === variable }) {
            terms[index].coefficient += coefficient
            if terms[index].coefficient == 0 { terms.remove(at: index) }
        } else if coefficient != 0 {
            terms.append(LinearTerm(variable: variable, coefficient: coefficient))
        }
    }

    /// Adds `other × factor`.
    package mutating func add(_ other: LinearExpression, times factor: Double = 1) {
        constant += other.constant * factor
        for term in other.terms { add(term.coefficient * factor, times: term.variable) }
    }

    /// The expression's value with the variables' current `value`s.
    package var value: Double {
        terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
    }

    package var description: String {
        var text = terms.map { "\($0.coefficient) * \($0.variable)" }.joined(separator: " + ")
        if text.isEmpty || constant != 0 { text += text.isEmpty ? "\(constant)" : " + \(constant)" }
        return text
    }
}

/// Something that reads as a linear expression: a variable, an expression or a number.
package protocol LinearExpressionConvertible {
    var linearExpression: LinearExpression { get }
}

extension LinearExpression: LinearExpressionConvertible {
    package var linearExpression: LinearExpression { self }
}

extension LayoutVariable: LinearExpressionConvertible {
    package var linearExpression: LinearExpression { LinearExpression(self) }
}

extension Double: LinearExpressionConvertible {
    package var linearExpression: LinearExpression { LinearExpression(constant: self) }
}

extension Int: LinearExpressionConvertible {
    package var linearExpression: LinearExpression { LinearExpression(constant: Double(self)) }
}

// MARK: - Arithmetic, so that expressions read as `a + 2 * b - 10`

package func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
    var sum = lhs
    sum.add(rhs)
    return sum
}

package func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + LinearExpression(rhs) }
package func + (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
package func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression {
    LinearExpression(lhs) + LinearExpression(rhs)
}

package func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
    var sum = lhs
    sum.constant += rhs
    return sum
}

package func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
package func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
package func + (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(rhs) + lhs }

package func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
    var difference = lhs
    difference.add(rhs, times: -1)
    return difference
}

package func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs - LinearExpression(rhs) }
package func - (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }
package func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression {
    LinearExpression(lhs) - LinearExpression(rhs)
}
package func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }
package func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }
package func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + -rhs }
package func - (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(rhs, coefficient: -1) + lhs }

package prefix func - (operand: LinearExpression) -> LinearExpression { operand * -1 }
package prefix func - (operand: LayoutVariable) -> LinearExpression { LinearExpression(operand, coefficient: -1) }

package func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
    var product = LinearExpression(constant: 0)
    product.add(lhs, times: rhs)
    return product
}

package func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }
package func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs, coefficient: rhs) }
package func * (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(rhs, coefficient: lhs) }
package func / (lhs: LinearExpression, rhs: Double) -> LinearExpression {
    var quotient = LinearExpression(constant: lhs.constant / rhs)
    for term in lhs.terms { quotient.add(term.coefficient / rhs, times: term.variable) }
    return quotient
}

package func / (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs, coefficient: 1 / rhs) }
