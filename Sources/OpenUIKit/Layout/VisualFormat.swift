import Foundation

extension NSLayoutConstraint {
    /// What a visual format string's views are aligned by, and in which direction they run:
    /// UIKit's `NSLayoutConstraint.FormatOptions`, with its bits.
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let spacingEdgeToEdge = FormatOptions(rawValue: 0 << 19)
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format string describes (Apple's "Visual Format Language"):
    /// `"H:|-[name(>=100)]-8-[other(==name)]-|"`, `"V:|-(20@750)-[name]"`. Views and metrics
    /// are looked up by name in `views` and `metrics`; `-` alone is the standard space, 8 points
    /// between views and 20 to the superview's edge, as Apple's documentation gives them; the
    /// options align every view of the string by an attribute across the string's direction.
    /// The constraints are returned, not activated. A string that does not read traps, naming
    /// the string and the place, as UIKit raises.
    public static func constraints(
        withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]? = nil,
        views: [String: Any]
    ) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        return parser.parse(options: options)
    }
}

/// Reads one visual format string.
@MainActor
private struct VisualFormatParser {
    let format: String
    let characters: [Character]
    let metrics: [String: Any]
    let views: [String: Any]
    var position = 0

    /// One predicate: `>=100@750`, `==other`.
    struct Predicate {
        var relation = NSLayoutConstraint.Relation.equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        self.format = format
        characters = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
    }

    mutating func parse(options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint] {
        var horizontal = true
        if characters.starts(with: ["H", ":"]) {
            position = 2
        } else if characters.starts(with: ["V", ":"]) {
            horizontal = false
            position = 2
        }
        let leading: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trailing: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        var startsAtSuperview = false
        var pending: [Predicate]?
        var laidOut: [UIView] = []

        if peek("|") {
            position += 1
            startsAtSuperview = true
            pending = readConnection(toSuperview: true)
        }
        while position < characters.count {
            if peek("|") {
                position += 1
                guard let last = previous, let superview = last.superview else {
                    fail("a superview edge needs a view with a superview before it")
                }
                for predicate in pending ?? [] {
                    constraints.append(spacing(from: last, trailing, to: superview, trailing, predicate))
                }
                pending = nil
                guard position == characters.count else { fail("nothing may follow the closing superview edge") }
                break
            }
            let view = readView(size: size, into: &constraints)
            laidOut.append(view)
            if let previous {
                for predicate in pending ?? [spacingPredicate(0)] {
                    constraints.append(spacing(from: previous, trailing, to: view, leading, predicate))
                }
            } else if startsAtSuperview {
                guard let superview = view.superview else { fail("a superview edge needs the view to have a superview") }
                for predicate in pending ?? [] {
                    constraints.append(spacing(from: superview, leading, to: view, leading, predicate))
                }
            }
            previous = view
            pending = nil
            if position < characters.count {
                pending = readConnection(toSuperview: peekConnectionReachesSuperview())
            }
        }
        constraints += alignments(of: laidOut, options: options, horizontal: horizontal)
        return constraints
    }

    // MARK: Pieces

    /// `[name(predicates)]`: the view, and its size predicates added to `constraints`.
    private mutating func readView(size: NSLayoutConstraint.Attribute, into constraints: inout [NSLayoutConstraint]) -> UIView {
        expect("[")
        let name = readName()
        guard let view = views[name] as? UIView else { fail("no view named \"\(name)\" in the views dictionary") }
        if peek("(") {
            for predicate in readPredicateList() {
                let constraint: NSLayoutConstraint
                if let other = predicate.view {
                    constraint = NSLayoutConstraint(
                        item: view, attribute: size, relatedBy: predicate.relation, toItem: other, attribute: size,
                        multiplier: 1, constant: 0)
                } else {
                    constraint = NSLayoutConstraint(
                        item: view, attribute: size, relatedBy: predicate.relation, toItem: nil, attribute: .notAnAttribute,
                        multiplier: 1, constant: predicate.constant)
                }
                constraint.priority = predicate.priority
                constraints.append(constraint)
            }
        }
        expect("]")
        return view
    }

    /// After a view or the opening edge: `-`, `-8-`, `-(>=8)-`, or nothing (flush).
    private mutating func readConnection(toSuperview: Bool) -> [Predicate] {
        guard peek("-") else { return [spacingPredicate(0)] }
        position += 1
        if peek("[") || peek("|") {
            return [spacingPredicate(toSuperview ? 20 : 8)]
        }
        let predicates = peek("(") ? readPredicateList() : [readSimplePredicate()]
        expect("-")
        return predicates
    }

    /// Whether the connection being read ends at the superview edge.
    private func peekConnectionReachesSuperview() -> Bool {
        var index = position
        var depth = 0
        while index < characters.count {
            switch characters[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "[" where depth == 0: return false
            case "|" where depth == 0: return true
            default: break
            }
            index += 1
        }
        return false
    }

    private mutating func readPredicateList() -> [Predicate] {
        expect("(")
        var predicates = [readPredicate()]
        while peek(",") {
            position += 1
            predicates.append(readPredicate())
        }
        expect(")")
        return predicates
    }

    private mutating func readSimplePredicate() -> Predicate {
        var predicate = Predicate()
        predicate.constant = readConstant()
        return predicate
    }

    private mutating func readPredicate() -> Predicate {
        var predicate = Predicate()
        if peek("=") || peek("<") || peek(">") {
            let first = characters[position]
            position += 1
            expect("=")
            predicate.relation = first == "<" ? .lessThanOrEqual : first == ">" ? .greaterThanOrEqual : .equal
        }
        if let character = characters[safe: position], character.isLetter || character == "_" {
            let name = readName()
            if let metric = metric(name) {
                predicate.constant = metric
            } else if let view = views[name] as? UIView {
                predicate.view = view
            } else {
                fail("\"\(name)\" is neither a metric nor a view")
            }
        } else {
            predicate.constant = readConstant()
        }
        if peek("@") {
            position += 1
            predicate.priority = UILayoutPriority(Float(readConstant()))
        }
        return predicate
    }

    private mutating func readConstant() -> CGFloat {
        if let character = characters[safe: position], character.isLetter || character == "_" {
            let name = readName()
            guard let value = metric(name) else { fail("no metric named \"\(name)\"") }
            return value
        }
        let start = position
        if peek("-") || peek("+") { position += 1 }
        while let character = characters[safe: position], character.isNumber || character == "." { position += 1 }
        guard let value = Double(String(characters[start..<position])) else { fail("a number was expected") }
        return CGFloat(value)
    }

    private mutating func readName() -> String {
        let start = position
        while let character = characters[safe: position], character.isLetter || character.isNumber || character == "_" {
            position += 1
        }
        guard position > start else { fail("a name was expected") }
        return String(characters[start..<position])
    }

    private func metric(_ name: String) -> CGFloat? {
        switch metrics[name] {
        case let value as CGFloat: value
        case let value as Double: CGFloat(value)
        case let value as Float: CGFloat(value)
        case let value as Int: CGFloat(value)
        case let value as NSNumber: CGFloat(value.doubleValue)
        default: nil
        }
    }

    private func spacingPredicate(_ constant: CGFloat) -> Predicate {
        var predicate = Predicate()
        predicate.constant = constant
        return predicate
    }

    /// `second.secondAttribute (relation) first.firstAttribute + constant`: what comes later in
    /// the string from what comes before it.
    private func spacing(
        from first: UIView, _ firstAttribute: NSLayoutConstraint.Attribute, to second: UIView,
        _ secondAttribute: NSLayoutConstraint.Attribute, _ predicate: Predicate
    ) -> NSLayoutConstraint {
        let constraint = NSLayoutConstraint(
            item: second, attribute: secondAttribute, relatedBy: predicate.relation, toItem: first,
            attribute: firstAttribute, multiplier: 1, constant: predicate.constant)
        constraint.priority = predicate.priority
        return constraint
    }

    /// The options' alignments: each view after the first aligned with the first.
    private func alignments(
        of views: [UIView], options: NSLayoutConstraint.FormatOptions, horizontal: Bool
    ) -> [NSLayoutConstraint] {
        let table: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        var made: [NSLayoutConstraint] = []
        for (option, attribute) in table where options.contains(option) {
            if attribute.isHorizontal == horizontal {
                fail("the alignment option \(option.rawValue) runs along the string's own direction")
            }
            guard let first = views.first else { continue }
            for view in views.dropFirst() {
                made.append(
                    NSLayoutConstraint(
                        item: view, attribute: attribute, relatedBy: .equal, toItem: first, attribute: attribute,
                        multiplier: 1, constant: 0))
            }
        }
        return made
    }

    // MARK: Reading

    private func peek(_ character: Character) -> Bool {
        characters[safe: position] == character
    }

    private mutating func expect(_ character: Character) {
        guard peek(character) else { fail("\"\(character)\" was expected") }
        position += 1
    }

    private func fail(_ message: String) -> Never {
        fatalError(
            "NSLayoutConstraint.constraints(withVisualFormat:): unable to parse \"\(format)\" at character \(position + 1): \(message)")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
