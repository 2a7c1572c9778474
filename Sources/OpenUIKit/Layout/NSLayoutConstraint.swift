import Foundation

/// A relation between two layout attributes: Apple's `NSLayoutConstraint`,
/// `first.attribute = multiplier × second.attribute + constant` (or ≤, ≥).
///
/// Items are views and layout guides. An active constraint belongs to the closest common
/// ancestor of its items and takes part in the layout of that view's hierarchy, which
/// `layoutIfNeeded()` solves (the Cassowary algorithm, as Apple's engine). Changing
/// ``constant`` re-solves incrementally and marks the layout as needed, so the idiom every iOS
/// engineer uses animates:
///
///     heightConstraint.constant = 300
///     UIView.animate(withDuration: 0.3) { container.layoutIfNeeded() }
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// The attributes a constraint relates. Raw values are Apple's.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// `.lastBaseline`'s older name.
        public static var baseline: Attribute { .lastBaseline }

        var isHorizontal: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                .trailingMargin, .centerXWithinMargins:
                true
            default: false
            }
        }

        var isSize: Bool { self == .width || self == .height }
    }

    /// How the first item's attribute relates to the second's. Raw values are Apple's.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item: a view or a layout guide.
    open private(set) weak var firstItem: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var relation: Relation
    /// The second item; nil for a constant size (`width == 100`).
    open private(set) weak var secondItem: AnyObject?
    open private(set) var secondAttribute: Attribute
    open private(set) var multiplier: CGFloat

    /// Added to the second attribute. Changing it on an active constraint re-solves the layout
    /// from where it is (no rebuild) and marks its views as needing layout.
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            LayoutCheck.requireFinite(constant, "constant", of: self)
            LayoutEngine.constantChanged(of: self)
        }
    }

    /// 1…1000; ``UILayoutPriority/required`` must hold. An active constraint cannot change
    /// between required and optional (Apple raises an exception).
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            guard priority.rawValue > 0, priority.rawValue <= 1000 else {
                fatalError("NSLayoutConstraint: priority must be in 1…1000; got \(priority.rawValue) for \(self)")
            }
            if isActive, (priority == .required) != (oldValue == .required) {
                fatalError(
                    "NSLayoutConstraint: mutating a priority from required to not on an installed constraint (or vice-versa) is not supported (\(self))"
                )
            }
            LayoutEngine.priorityChanged(of: self)
        }
    }

    /// A name that the layout's messages show.
    open var identifier: String?

    /// Kept for code that sets it; archiving does not exist here.
    open var shouldBeArchived = false

    /// Called on a constraint loaded from a nib or storyboard. There are none here, so it is
    /// never called; it exists so that constraint subclasses that override it (to set their
    /// constant from the screen, say) compile — call it yourself if its work is needed.
    open func awakeFromNib() {}

    /// Whether the constraint takes part in layout. Activating it adds it to the closest
    /// common ancestor of its items (which must exist: Apple raises an exception otherwise).
    open var isActive: Bool {
        get { container != nil }
        set {
            if newValue { LayoutEngine.activate([self]) } else { LayoutEngine.deactivate([self]) }
        }
    }

    /// The view the constraint is installed on while active.
    weak var container: UIView?
    /// Made by a view from its frame (`translatesAutoresizingMaskIntoConstraints`) or from its
    /// intrinsic content size; not listed as the user's.
    var origin = Origin.user

    enum Origin {
        case user, autoresizing, contentSize
    }

    /// Apple's initializer: `item.attribute (relation) multiplier × toItem.attribute + constant`.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        let first = view1 as AnyObject
        guard first is UIView || first is UILayoutGuide else {
            fatalError("NSLayoutConstraint: the first item must be a view or a layout guide; got \(type(of: view1))")
        }
        let second = view2.map { $0 as AnyObject }
        if let second, !(second is UIView || second is UILayoutGuide) {
            fatalError("NSLayoutConstraint: the second item must be a view or a layout guide; got \(type(of: second))")
        }
        guard attr1 != .notAnAttribute else {
            fatalError("NSLayoutConstraint: the first attribute cannot be .notAnAttribute (\(type(of: first)))")
        }
        if second == nil {
            guard attr1.isSize, attr2 == .notAnAttribute else {
                fatalError(
                    "NSLayoutConstraint: a constraint without a second item must be a width or height against a constant (attribute \(attr1.rawValue) to \(attr2.rawValue))"
                )
            }
        } else {
            // A size relates to a size on either axis (an aspect ratio); a location to a
            // location on its own axis.
            let sizes = attr1.isSize && attr2.isSize
            let locations = !attr1.isSize && !attr2.isSize && attr1.isHorizontal == attr2.isHorizontal
            guard attr2 != .notAnAttribute, sizes || locations else {
                fatalError(
                    "NSLayoutConstraint: invalid pairing of layout attributes \(attr1) and \(attr2): a location relates to a location on the same axis, a size to a size"
                )
            }
        }
        guard multiplier.isFinite, multiplier != 0 || second == nil else {
            fatalError("NSLayoutConstraint: a multiplier of \(multiplier) cannot be satisfied")
        }
        LayoutCheck.requireFinite(c, "constant", of: nil)
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// An empty constraint, relating nothing: what iOS code keeps as a placeholder
    /// (`var bottom = NSLayoutConstraint()`) until it makes the real one. Activating it does
    /// nothing.
    public override init() {
        firstAttribute = .notAnAttribute
        relation = .equal
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
        super.init()
    }

    /// Activates every constraint at once (one re-solve).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        LayoutEngine.activate(constraints)
    }

    /// Deactivates every constraint at once.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        LayoutEngine.deactivate(constraints)
    }

    /// The first item's anchor for ``firstAttribute``.
    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor(item: firstItem, attribute: firstAttribute) }
    /// The second item's anchor, nil for a constant size.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor(item: $0, attribute: secondAttribute) }
    }

    /// As UIKit prints a constraint in its layout messages:
    /// `<NSLayoutConstraint:0x… UIView:0x….width == 100   (active)>`.
    open override var description: String {
        MainActor.assumeIsolated { describe() }
    }

    private func describe() -> String {
        func name(_ item: AnyObject?, _ attribute: Attribute) -> String {
            guard let item else { return "" }
            return "\(Self.itemName(item)).\(attribute)"
        }
        var text = identifier.map { "'\($0)' " } ?? ""
        text += name(firstItem, firstAttribute)
        text += [" <= ", " == ", " >= "][relation.rawValue + 1]
        if let secondItem {
            if multiplier != 1 { text += "\(Self.number(multiplier))*" }
            text += name(secondItem, secondAttribute)
            if constant != 0 { text += constant > 0 ? " + \(Self.number(constant))" : " - \(Self.number(-constant))" }
        } else {
            text += Self.number(constant)
        }
        if priority != .required { text += "   (priority \(Self.number(CGFloat(priority.rawValue))))" }
        if isActive { text += "   (active)" }
        let kind = origin == .autoresizing ? "NSAutoresizingMaskLayoutConstraint" : "NSLayoutConstraint"
        return "<\(kind):0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)) \(text)>"
    }

    static func itemName(_ item: AnyObject) -> String {
        if let guide = item as? UILayoutGuide { return "'\(guide.identifier)'" }
        let address = String(UInt(bitPattern: ObjectIdentifier(item).hashValue), radix: 16)
        return "\(type(of: item)):0x\(address)"
    }

    nonisolated static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }
}

/// Checks of values a user's code hands to Auto Layout.
enum LayoutCheck {
    static func requireFinite(_ value: CGFloat, _ name: String, of constraint: NSLayoutConstraint?) {
        guard value.isFinite else {
            fatalError(
                "NSLayoutConstraint: \(name) must be finite; got \(value)\(constraint.map { " for \($0)" } ?? "")")
        }
    }
}
