import Foundation

/// How a keyframe animation computes the values between its keyframes.
///
/// Raw values are Apple's (`kCAAnimationCubicPaced` is `"cubicPaced"`), so modes read from a
/// CAML file or an archived animation map straight onto these constants.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The mode's string, as Apple spells it.
    public let rawValue: String

    /// Creates a mode from its string. An unknown string animates as `linear`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight lines between the values, at the key times (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds from its key time until the next one.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Straight lines between the values at constant speed; key times and timing functions
    /// are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Kochanek–Bartels spline through the values, at the key times.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The `cubic` spline at constant speed; key times and timing functions are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")

    /// The raw value.
    public var description: String { rawValue }
}

/// Whether a layer animated along a path turns with the path's tangent.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The mode's string, as Apple spells it.
    public let rawValue: String

    /// Creates a mode from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's rotation follows the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer's rotation follows the path's tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")

    /// The raw value.
    public var description: String { rawValue }
}

/// `kCAAnimationLinear`, for code written against the Objective-C names.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `kCAAnimationDiscrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `kCAAnimationPaced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `kCAAnimationCubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `kCAAnimationCubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// `kCAAnimationRotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// `kCAAnimationRotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// Animates a property through a sequence of values, or a point along a path: Apple's
/// `CAKeyframeAnimation`.
///
/// Differences from Apple, where Apple leaves the outcome undefined: `NaN` in `values`,
/// `keyTimes` or the cubic parameters, a value of the wrong type, and a `path` with no points
/// stop the program with a message naming the key path when the animation is added. Invalid
/// `keyTimes` are ignored as Apple documents.
///
///     let bounce = CAKeyframeAnimation(keyPath: "position.y")
///     bounce.values = [0, 120, 80, 120]
///     bounce.keyTimes = [0, 0.5, 0.75, 1]
///     bounce.duration = 1
///     layer.add(bounce, forKey: "bounce")
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values (`NSNumber`, `NSValue`, `CGPoint`, `CGColor`, `CGImage`…, matching
    /// the property). Ignored when `path` is set.
    open var values: [Any]?

    private var storedPath: CGPath?

    /// A path for a point property to follow; every point of it that is not a move is a
    /// keyframe. Overrides `values`. Copied on assignment, as Apple's is.
    open var path: CGPath? {
        get { storedPath }
        set { storedPath = newValue?.copy() }
    }

    /// When each keyframe is reached, as fractions of the duration in [0, 1]: one per value
    /// (one more than the values for `discrete`). Ignored when invalid, and in the paced modes.
    open var keyTimes: [NSNumber]?

    /// The pacing of each segment between two keyframes (n − 1 for n keyframes), applied after
    /// the animation's own `timingFunction`. Ignored in the paced modes.
    open var timingFunctions: [CAMediaTimingFunction]?

    /// How values between keyframes are computed (default `linear`).
    open var calculationMode: CAAnimationCalculationMode = .linear

    /// Whether a layer moving along `path` turns with its tangent (default nil: it does not).
    open var rotationMode: CAAnimationRotationMode?

    /// The tension of the cubic spline at each keyframe, in [−1, 1]; missing entries are 0.
    open var tensionValues: [NSNumber]?
    /// The continuity of the cubic spline at each keyframe, in [−1, 1]; missing entries are 0.
    open var continuityValues: [NSNumber]?
    /// The bias of the cubic spline at each keyframe, in [−1, 1]; missing entries are 0.
    open var biasValues: [NSNumber]?

    /// A copy with every property, keyframe properties included.
    override package func copyState(to target: CAAnimation) {
        super.copyState(to: target)
        let copy = unsafeDowncast(target, to: CAKeyframeAnimation.self)
        copy.values = values
        copy.storedPath = storedPath
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.rotationMode = rotationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
    }

    // The seeds print `calculationMode = discrete; values = (…); keyPath = contents`; the
    // order of the fields the seeds do not show is ours.
    override package func subclassFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        if calculationMode != .linear { fields.append(("calculationMode", calculationMode.rawValue)) }
        if let rotationMode { fields.append(("rotationMode", rotationMode.rawValue)) }
        if let values { fields.append(("values", describeAnimationValue(values))) }
        if let storedPath { fields.append(("path", describeObject(storedPath))) }
        if let keyTimes { fields.append(("keyTimes", describeAnimationValue(keyTimes))) }
        if let timingFunctions {
            let names = timingFunctions.map { "\"\($0.description)\"" }
            fields.append(("timingFunctions", "(" + names.joined(separator: ", ") + ")"))
        }
        if let tensionValues { fields.append(("tensionValues", describeAnimationValue(tensionValues))) }
        if let continuityValues { fields.append(("continuityValues", describeAnimationValue(continuityValues))) }
        if let biasValues { fields.append(("biasValues", describeAnimationValue(biasValues))) }
        return fields + super.subclassFields() + keyPathField
    }

    override package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "values": values
        case "path": storedPath
        case "keyTimes": keyTimes
        case "timingFunctions": timingFunctions
        case "calculationMode": calculationMode.rawValue
        case "rotationMode": rotationMode?.rawValue
        case "tensionValues": tensionValues
        case "continuityValues": continuityValues
        case "biasValues": biasValues
        default: super.animationPropertyValue(forKey: key)
        }
    }

    override package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value.flatMap { $0 as? CGPath }
        case "keyTimes": keyTimes = Self.numbers(value, forKey: key)
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode":
            calculationMode = Self.modeName(value).map(CAAnimationCalculationMode.init(rawValue:)) ?? .linear
        case "rotationMode": rotationMode = Self.modeName(value).map(CAAnimationRotationMode.init(rawValue:))
        case "tensionValues": tensionValues = Self.numbers(value, forKey: key)
        case "continuityValues": continuityValues = Self.numbers(value, forKey: key)
        case "biasValues": biasValues = Self.numbers(value, forKey: key)
        default: return super.setAnimationProperty(value, forKey: key)
        }
        return true
    }

    private static func modeName(_ value: Any?) -> String? {
        switch value {
        case let name as String: name
        case let mode as CAAnimationCalculationMode: mode.rawValue
        case let mode as CAAnimationRotationMode: mode.rawValue
        default: nil
        }
    }

    /// `[NSNumber]` from an array of anything numeric (`[Double]`, `[CGFloat]`, `[NSNumber]`).
    private static func numbers(_ value: Any?, forKey key: String) -> [NSNumber]? {
        guard let value else { return nil }
        guard let array = value as? [Any] else {
            misuse(
                "CAKeyframeAnimation.setValue(_:forKey: \"\(key)\") needs an array of numbers, got \(describeType(value))"
            )
        }
        return array.enumerated().map { index, element in
            guard let number = AnimatableValue.double(from: element) else {
                misuse(
                    "CAKeyframeAnimation.setValue(_:forKey: \"\(key)\"): element \(index) is \(describeType(element)), "
                        + "not a number")
            }
            return NSNumber(value: number)
        }
    }
}
