/// How much a layout constraint matters: Apple's `UILayoutPriority`, from 1 to 1000.
///
/// A constraint at ``required`` must hold; any other is optional, and the layout satisfies a
/// higher priority completely before it considers a lower one (a 751 beats any number of
/// 750s). Between optional constraints of the same priority, the layout keeps the sum of
/// their errors as small as it can.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's resistance to being squeezed below its content.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: a scene resized by a drag.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: a scene keeping its size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 250: a button's reluctance to grow beyond its content.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: what `systemLayoutSizeFitting(_:)` presses the size with.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}
