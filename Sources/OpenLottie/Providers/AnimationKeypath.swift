import Foundation

/// A path to properties of an animation, as lottie-ios spells it: names separated by dots —
/// layer names (through precompositions), then group and item names, then the property
/// (`Color`, `Opacity`, `Stroke Width`, `Colors`, `Transform.Position`, `Transform.Scale`,
/// `Transform.Rotation`, `Transform.Opacity`). `*` stands for exactly one name, `**` for any
/// number of them.
///
///     AnimationKeypath(keypath: "**.Stroke 1.**.Color")   // every colour under any "Stroke 1"
///     AnimationKeypath(keypath: "H2.Transform.Rotation")  // the rotation of the layer "H2"
///
/// ``LottieAnimationLayer/allHierarchyKeypaths()`` lists the keypaths an animation has.
public struct AnimationKeypath: Hashable, Sendable, CustomStringConvertible {
    /// The names, in order.
    public let keys: [String]

    /// The keypath `keypath` spells, split at its dots.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The keypath of these names.
    public init(keys: [String]) {
        self.keys = keys
    }

    /// The names joined with dots.
    public var fullPath: String { keys.joined(separator: ".") }

    public var description: String { fullPath }

    /// Whether `path` (a property's full keypath, with no wildcards) is one this keypath names.
    ///
    /// Matched as lottie-ios matches: the keypath is read as a pattern over the whole dotted
    /// string, where `**.` and `**` match any text (dots included) and `*` one or more
    /// characters other than a dot. So `**.Color` matches `Color`, `Fill 1.Color` and
    /// `A.B.Color`, and (as in lottie-ios) also `Layer.BackgroundColor`.
    public func matches(_ path: String) -> Bool {
        KeypathPattern(self).matches(Array(path.utf8))
    }
}

/// A keypath compiled to the pattern lottie-ios builds of it.
struct KeypathPattern: Sendable {
    enum Token: Equatable, Sendable {
        case literal(UInt8)
        /// `**` or `**.`: any text.
        case anything
        /// `*`: one or more characters other than a dot.
        case name
    }

    let tokens: [Token]

    init(_ keypath: AnimationKeypath) {
        let text = Array(keypath.fullPath.utf8)
        var tokens: [Token] = []
        var index = 0
        let star = UInt8(ascii: "*")
        let dot = UInt8(ascii: ".")
        while index < text.count {
            if text[index] == star, index + 1 < text.count, text[index + 1] == star {
                index += 2
                if index < text.count, text[index] == dot { index += 1 }
                if tokens.last != .anything { tokens.append(.anything) }
            } else if text[index] == star {
                tokens.append(.name)
                index += 1
            } else {
                tokens.append(.literal(text[index]))
                index += 1
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `text` matches. Backtracking with a table of the (token, position)
    /// pairs already tried, so any pattern costs at most tokens × characters steps.
    func matches(_ text: [UInt8]) -> Bool {
        var failed = Set<Int>()
        let width = text.count + 1
        func match(_ token: Int, _ position: Int) -> Bool {
            if token == tokens.count { return position == text.count }
            let key = token * width + position
            if failed.contains(key) { return false }
            let result: Bool
            switch tokens[token] {
            case .literal(let byte):
                result = position < text.count && text[position] == byte && match(token + 1, position + 1)
            case .anything:
                result = (position...text.count).contains { match(token + 1, $0) }
            case .name:
                var end = position
                var found = false
                while end < text.count, text[end] != UInt8(ascii: ".") {
                    end += 1
                    if match(token + 1, end) {
                        found = true
                        break
                    }
                }
                result = found
            }
            if !result { failed.insert(key) }
            return result
        }
        return match(0, 0)
    }
}
