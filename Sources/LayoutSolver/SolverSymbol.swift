/// What a column of the solver's tableau stands for, which decides the values it may take.
enum SolverSymbolKind: Int {
    /// A layout variable: any value.
    case external = 0
    /// The slack of an inequality: zero or more.
    case slack = 1
    /// The error of an optional constraint: zero or more, and minimised.
    case error = 2
    /// The marker of a required equality: always zero.
    case dummy = 3
}

/// A column of the solver's tableau, named by a small integer that indexes the solver's arrays.
///
/// The kind is kept in the low bits, so symbols order by id and hash as one integer.
struct SolverSymbol: Hashable, Comparable {
    /// The id shifted left by two bits, with the kind in the low two.
    let raw: Int

    init(id: Int, kind: SolverSymbolKind) {
        raw = id << 2 | kind.rawValue
    }

    init(raw: Int) {
        self.raw = raw
    }

    /// The index of the symbol in the solver's per-symbol arrays.
    var id: Int { raw >> 2 }

    var kind: SolverSymbolKind {
        switch raw & 3 {
        case 0: .external
        case 1: .slack
        case 2: .error
        default: .dummy
        }
    }

    /// Whether the symbol stands for a layout variable, which may take any value.
    var isExternal: Bool { raw & 3 == 0 }

    /// Whether the symbol is a required equality's marker, which is always zero.
    var isDummy: Bool { raw & 3 == 3 }

    /// Whether the symbol is a slack or an error, which may not be negative.
    var isRestricted: Bool {
        let kind = raw & 3
        return kind == 1 || kind == 2
    }

    static func < (lhs: SolverSymbol, rhs: SolverSymbol) -> Bool { lhs.raw < rhs.raw }

    func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}

/// Coefficients and constants closer to zero than this count as zero.
var solverEpsilon: Double { 1e-8 }
