/// A name Core Animation spells as a string constant — a contents filter, a contents gravity, a
/// corner curve — kept in one word: the index of one of the names Core Animation defines, or
/// any other name in a box of its own. Every render node carries four of them, and a frame
/// touches nodes by the hundred thousand: a `String` took twice the room.
///
/// A name in `names` is always stored by its index, so two packed names are equal exactly when
/// their strings are.
package enum PackedName: Hashable, Sendable {
    case known(UInt8)
    case custom(CustomName)

    /// The name `name`, by its index in `names` when it is one of them.
    package init(_ name: String, among names: [String]) {
        if let index = names.firstIndex(of: name) {
            self = .known(UInt8(index))
        } else {
            self = .custom(CustomName(name))
        }
    }

    /// The name's string, `names` being the list it was packed among.
    package func string(among names: [String]) -> String {
        switch self {
        case .known(let index): names[Int(index)]
        case .custom(let custom): custom.name
        }
    }

    /// A name outside the defined ones.
    package final class CustomName: Hashable, Sendable {
        package let name: String

        init(_ name: String) { self.name = name }

        package static func == (a: CustomName, b: CustomName) -> Bool { a.name == b.name }
        package func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }
}
