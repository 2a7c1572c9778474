import Foundation

/// The kind of timing a ``UITimingCurveProvider`` supplies: UIKit's `UITimingCurveType`,
/// with its raw values.
public enum UITimingCurveType: Int, Sendable {
    /// One of UIKit's named curves (`UIView.AnimationCurve`), or Core Animation's default.
    case builtin = 0
    /// A cubic Bézier curve with control points of your own.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A cubic curve and a spring together.
    case composed = 3
}

/// An object that supplies the timing of an animator's animations: UIKit's
/// `UITimingCurveProvider`, adopted by ``UICubicTimingParameters`` and
/// ``UISpringTimingParameters``.
///
/// Differs from Apple: it does not refine `NSCoding` and `NSCopying` (nothing here archives
/// or copies timing objects). An animator reads ``timingCurveType`` and then the matching
/// parameters; a `.composed` provider is paced by its spring when it has one, otherwise by
/// its cubic curve (UIKit does not document how it combines the two).
///
///     final class Snappy: NSObject, UITimingCurveProvider {
///         var timingCurveType: UITimingCurveType { .spring }
///         var cubicTimingParameters: UICubicTimingParameters? { nil }
///         var springTimingParameters: UISpringTimingParameters? { UISpringTimingParameters(dampingRatio: 0.7) }
///     }
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    /// Which of the parameters below the animator uses.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for `.builtin`, `.cubic` and `.composed` providers.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed` providers.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// Timing as a cubic Bézier curve from (0, 0) to (1, 1): UIKit's `UICubicTimingParameters`.
///
///     let snap = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
///     let animator = UIViewPropertyAnimator(duration: 0.4, timingParameters: snap)
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The named curve these parameters were made from; `.easeInOut` for `init()` and for
    /// control points of your own (UIKit leaves it unspecified for those).
    public let animationCurve: UIView.AnimationCurve
    /// The curve's first control point.
    public let controlPoint1: CGPoint
    /// The curve's second control point.
    public let controlPoint2: CGPoint
    /// `.builtin` for a named curve or the default, `.cubic` for control points of your own.
    public let timingCurveType: UITimingCurveType

    /// Core Animation's default timing curve, control points (0.25, 0.1) and (0.25, 1), as
    /// UIKit's header says ("initializes with the default CA timing curve").
    public override init() {
        let points = Self.controlPoints(of: nil)
        animationCurve = .easeInOut
        controlPoint1 = points.0
        controlPoint2 = points.1
        timingCurveType = .builtin
        super.init()
    }

    /// Parameters from an archive. Nothing is decoded (there is no Objective-C archiving of
    /// these here): they are those of `init()`.
    public required convenience init?(coder: NSCoder) {
        self.init()
    }

    /// The control points of one of UIKit's named curves: ease-in-out (0.42, 0, 0.58, 1),
    /// ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1) or linear.
    public init(animationCurve curve: UIView.AnimationCurve) {
        let points = Self.controlPoints(of: curve)
        animationCurve = curve
        controlPoint1 = points.0
        controlPoint2 = points.1
        timingCurveType = .builtin
        super.init()
    }

    /// A curve with control points of your own. The x coordinates must lie in [0, 1] and
    /// every coordinate must be finite (a trap otherwise; Apple does not say).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        if let problem = CAMediaTimingFunction.controlPointProblem(
            Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        {
            misuse(
                "UICubicTimingParameters(controlPoint1: \(point1), controlPoint2: \(point2)): \(problem)")
        }
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        timingCurveType = .cubic
        super.init()
    }

    /// The parameters themselves.
    public var cubicTimingParameters: UICubicTimingParameters? { self }

    /// nil: a cubic curve has no spring.
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as a Core Animation timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(
            controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x),
            Float(controlPoint2.y))
    }

    /// The control points of Core Animation's named curves (nil: its default curve),
    /// as exact decimals rather than through `Float`.
    private static func controlPoints(of curve: UIView.AnimationCurve?) -> (CGPoint, CGPoint) {
        switch curve {
        case nil: (CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1))
        case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
    }

    /// The control points, for the debugger.
    public override var description: String {
        "<UICubicTimingParameters: (\(controlPoint1.x), \(controlPoint1.y)), (\(controlPoint2.x), \(controlPoint2.y))>"
    }
}
