/// A function that defines the pacing of an animation as a cubic Bézier timing curve.
///
/// The curve runs from (0, 0) to (1, 1) through the control points given at creation; it maps
/// an animation's normalised time x in [0, 1] to its progress y. The y coordinates of the
/// control points may leave [0, 1] (the animation overshoots); the x coordinates may not.
///
/// Differences from Apple: not an `NSObject` subclass (Linux has no Objective-C runtime), and
/// control points whose x is outside [0, 1], or that are NaN or infinite, stop the program
/// with a message instead of giving an unspecified curve.
///
///     let animation = CABasicAnimation(keyPath: "position")
///     animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
///     let pop = CAMediaTimingFunction(controlPoints: 0.2, 0, 0, 1)
//
// `@unchecked Sendable`: every stored property is a `let` (or, for `storedName`, written only
// inside an initialiser, before the object can escape), so instances never change after
// creation and can be shared freely between threads. The class is `open` because Apple's is
// subclassable, which rules out checked `Sendable`; subclasses must stay immutable too.
open class CAMediaTimingFunction: CustomStringConvertible, CustomDebugStringConvertible, Hashable,
    @unchecked Sendable
{
    /// The curve, solved per frame by the animation engine.
    package let curve: UnitBezier

    /// The control points exactly as given, returned by `getControlPoint(at:values:)`.
    private let points: (c1x: Float, c1y: Float, c2x: Float, c2y: Float)

    /// The predefined name this function was created with, if any.
    private var storedName: CAMediaTimingFunctionName?

    /// Returns a timing function modelled as a cubic Bézier curve with the given control points.
    ///
    /// The end points of the curve are (0, 0) and (1, 1); the curve is defined by
    /// [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)].
    ///
    /// - Precondition: `c1x` and `c2x` are in [0, 1], and no value is NaN or infinite.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        if let problem = Self.controlPointProblem(c1x, c1y, c2x, c2y) {
            misuse(problem)
        }
        points = (c1x, c1y, c2x, c2y)
        curve = UnitBezier(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y))
    }

    /// Creates the predefined timing function with the given name.
    ///
    /// - Precondition: `name` is one of the predefined names (`linear`, `easeIn`, `easeOut`,
    ///   `easeInEaseOut`, `default`). Apple answers nil for another name, which the Swift
    ///   signature cannot express.
    public convenience init(name: CAMediaTimingFunctionName) {
        guard let p = name.controlPoints else {
            misuse(
                "CAMediaTimingFunction(name:): \"\(name.rawValue)\" is not a predefined timing function name "
                    + "(linear, easeIn, easeOut, easeInEaseOut, default)"
            )
        }
        self.init(controlPoints: p.0, p.1, p.2, p.3)
        storedName = name
    }

    /// Writes control point `index` into `ptr[0]` (x) and `ptr[1]` (y).
    ///
    /// Index 0 is (0, 0), 1 and 2 are the control points given at creation, 3 is (1, 1).
    ///
    /// - Precondition: `index` is in 0...3 and `ptr` has room for two `Float`s.
    open func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        switch index {
        case 0: (ptr[0], ptr[1]) = (0, 0)
        case 1: (ptr[0], ptr[1]) = (points.c1x, points.c1y)
        case 2: (ptr[0], ptr[1]) = (points.c2x, points.c2y)
        case 3: (ptr[0], ptr[1]) = (1, 1)
        default:
            misuse("CAMediaTimingFunction.getControlPoint(at:values:): index \(index) is not in 0...3")
        }
    }

    /// The curve's progress y at normalised time x; x is clamped to [0, 1] first.
    package func value(at x: Double) -> Double {
        curve.solve(x)
    }

    /// The predefined name this function was created with, or nil for custom control points.
    package var name: CAMediaTimingFunctionName? { storedName }

    /// Why these control points cannot make a timing function, or nil when they can.
    ///
    /// Readers of outside data (CAML files) call this first so that they can throw an error
    /// naming the input instead of reaching the initialiser's precondition.
    package static func controlPointProblem(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) -> String? {
        // The usual case, without the labelled list: a Lottie file makes a function per keyframe.
        if c1y.isFinite, c2y.isFinite, (0...1).contains(c1x), (0...1).contains(c2x) { return nil }
        let labelled: [(String, Float)] = [("c1x", c1x), ("c1y", c1y), ("c2x", c2x), ("c2y", c2y)]
        for (label, value) in labelled where !value.isFinite {
            return "CAMediaTimingFunction control point \(label) is \(value); control points must be finite numbers"
        }
        // Apple documents the input time as normalised to [0, 1]; with x outside it the curve
        // doubles back and a time can map to several progress values (CSS rejects it too).
        for (label, value) in labelled where label.hasSuffix("x") && !(0...1).contains(value) {
            return "CAMediaTimingFunction control point \(label) = \(value) is outside [0, 1]; "
                + "x coordinates must lie in [0, 1] so that each time has one progress value"
        }
        return nil
    }

    // MARK: Description

    /// The predefined name (`easeInEaseOut`, `default`, …) for a named function, as Apple's
    /// animation descriptions print it, or the two control points otherwise.
    open var description: String {
        if let storedName { return storedName.rawValue }
        return "(\(points.c1x), \(points.c1y)), (\(points.c2x), \(points.c2y))"
    }

    /// The class name with the description, for the debugger.
    open var debugDescription: String {
        "<CAMediaTimingFunction: \(description)>"
    }

    // MARK: Equality

    /// Two timing functions are equal when their control points are; the name is not compared,
    /// so `CAMediaTimingFunction(name: .linear)` equals `CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)`.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.points == rhs.points
    }

    /// Hashes the control points.
    open func hash(into hasher: inout Hasher) {
        hasher.combine(points.c1x)
        hasher.combine(points.c1y)
        hasher.combine(points.c2x)
        hasher.combine(points.c2y)
    }
}
