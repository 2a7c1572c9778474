/// Coefficients by symbol in an open-addressing hash table (linear probing, backward-shift
/// deletion) hashed by multiplying the symbol's integer: the objective's levels look symbols up
/// far more often than anything else.
struct SymbolCoefficients {
    /// `raw + 1` of the symbol in each slot; zero for an empty slot.
    private var keys: [Int] = []
    private var values: [Double] = []
    private(set) var count = 0

    init() {}

    /// The coefficient of `symbol`, zero when it has none.
    subscript(symbol: SolverSymbol) -> Double {
        guard count > 0 else { return 0 }
        let key = symbol.raw + 1
        var slot = home(of: key)
        let mask = keys.count - 1
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return 0 }
            slot = (slot + 1) & mask
        }
    }

    /// The symbols with a coefficient, in no particular order.
    var symbols: [SolverSymbol] {
        keys.compactMap { $0 == 0 ? nil : SolverSymbol(raw: $0 - 1) }
    }

    /// Adds `amount` to the coefficient of `symbol`, dropping it when it cancels.
    mutating func add(_ amount: Double, to symbol: SolverSymbol) {
        if (count + 1) * 2 > keys.count { grow() }
        let key = symbol.raw + 1
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key {
                let sum = values[slot] + amount
                if abs(sum) < solverEpsilon {
                    removeSlot(slot)
                } else {
                    values[slot] = sum
                }
                return
            }
            if found == 0 {
                guard abs(amount) >= solverEpsilon else { return }
                keys[slot] = key
                values[slot] = amount
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Sets the coefficient of `symbol` (zero removes it).
    mutating func set(_ value: Double, for symbol: SolverSymbol) {
        let current = self[symbol]
        if current == value { return }
        removeValue(for: symbol)
        if value != 0 { insertNew(value, for: symbol) }
    }

    /// Inserts a coefficient for a symbol that has none, even one below `solverEpsilon`.
    private mutating func insertNew(_ value: Double, for symbol: SolverSymbol) {
        if (count + 1) * 2 > keys.count { grow() }
        let key = symbol.raw + 1
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    /// Removes the coefficient of `symbol` and returns it, if it had one.
    @discardableResult
    mutating func removeValue(for symbol: SolverSymbol) -> Double? {
        guard count > 0 else { return nil }
        let key = symbol.raw + 1
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key {
                let value = values[slot]
                removeSlot(slot)
                return value
            }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    private func home(of key: Int) -> Int {
        let hashed = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hashed >> 32) & (keys.count - 1)
    }

    /// Empties a slot, moving later entries of its probe run back so that lookups still find them.
    private mutating func removeSlot(_ removed: Int) {
        let mask = keys.count - 1
        var hole = removed
        var slot = (removed + 1) & mask
        while keys[slot] != 0 {
            let home = home(of: keys[slot])
            // The entry may move into the hole if its home is not cyclically in (hole, slot].
            let distanceToSlot = (slot - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToSlot {
                keys[hole] = keys[slot]
                values[hole] = values[slot]
                hole = slot
            }
            slot = (slot + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        count = 0
        for (slot, key) in oldKeys.enumerated() where key != 0 {
            add(oldValues[slot], to: SolverSymbol(raw: key - 1))
        }
    }
}
