import Foundation

/// The timing model shared by layers and animations: Apple's `CAMediaTiming`.
///
/// A timing object maps its parent's time `tp` to its own local time
/// `t = (tp − beginTime) × speed + timeOffset`, then repeats, reverses and fills as its
/// properties say. Layers are timing objects too, so `speed = 0` on a layer pauses every
/// animation below it.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time. An animation added with 0 starts when
    /// its transaction commits.
    var beginTime: CFTimeInterval { get set }
    /// The length of one simple cycle. An animation added with 0 (or less) takes the
    /// transaction's duration.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs against the parent's time.
    var speed: Float { get set }
    /// An offset added to local time; an animation with one wraps around to its start.
    var timeOffset: CFTimeInterval { get set }
    /// How many times to repeat (may be fractional; `.infinity` repeats for ever).
    var repeatCount: Float { get set }
    /// How long to repeat for, instead of a count.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards and then backwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows before it begins and after it ends.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing: outside its active interval the animation has no effect (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the final value after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the first value before the beginning.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    public var description: String { rawValue }

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// `kCAFillModeRemoved` and friends, for code written against the Objective-C names.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// `kCAFillModeForwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `kCAFillModeBackwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `kCAFillModeBoth`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both
