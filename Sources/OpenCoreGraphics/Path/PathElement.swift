import Foundation

/// One step of a path, in Swift form: the way the animation engine and the renderer walk a
/// ``CGPath`` through ``CGPath/elements``.
///
/// Not part of Apple's CoreGraphics (Apple offers only ``CGPath/applyWithBlock(_:)``); it is
/// the same information without pointers.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at `to`.
    case move(to: CGPoint)
    /// A straight line from the current point to `to`.
    case line(to: CGPoint)
    /// A quadratic Bézier curve from the current point to `to`.
    case quadCurve(to: CGPoint, control: CGPoint)
    /// A cubic Bézier curve from the current point to `to`.
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    /// Closes the current subpath with a line back to its first point.
    case closeSubpath

    /// The element's end point, or `nil` for `closeSubpath`, whose end is the subpath start.
    var endPoint: CGPoint? {
        switch self {
        case .move(let to), .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
        case .closeSubpath: nil
        }
    }

    /// The element with every point mapped through `t`.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let to): .move(to: to.applying(t))
        case .line(let to): .line(to: to.applying(t))
        case .quadCurve(let to, let control):
            .quadCurve(to: to.applying(t), control: control.applying(t))
        case .curve(let to, let control1, let control2):
            .curve(to: to.applying(t), control1: control1.applying(t), control2: control2.applying(t))
        case .closeSubpath: .closeSubpath
        }
    }
}

/// The kind of a ``CGPathElement``, with Apple's raw values.
public enum CGPathElementType: Int32, Sendable {
    /// The element holds one point: the start of a new subpath.
    case moveToPoint = 0
    /// The element holds one point: the end of a line.
    case addLineToPoint = 1
    /// The element holds two points: the control point, then the end point.
    case addQuadCurveToPoint = 2
    /// The element holds three points: two control points, then the end point.
    case addCurveToPoint = 3
    /// The element holds no points.
    case closeSubpath = 4
}

/// One element of a path as ``CGPath/applyWithBlock(_:)`` hands it out.
///
/// `points` is valid only during the callback, as with Apple's.
public struct CGPathElement {
    /// The kind of element, which tells how many of `points` are valid.
    public var type: CGPathElementType
    /// The element's points, in Apple's order: controls first, end point last.
    public var points: UnsafeMutablePointer<CGPoint>

    /// Creates an element from its kind and points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which regions a path encloses.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding: a point is inside when the path winds around it a non-zero number
    /// of times.
    case winding = 0
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}

/// A function that receives each element of a path, for ``CGPath/apply(info:function:)``.
///
/// Apple's is a `@convention(c)` function pointer; a Swift struct cannot cross a C
/// signature here, so this is a plain Swift function type. Capture-free closures written for
/// Apple's version compile unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void
