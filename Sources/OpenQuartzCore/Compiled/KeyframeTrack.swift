import Foundation
import OpenCoreGraphics

/// A keyframe animation's values (or path) compiled into the form frames evaluate: key times,
/// per-segment timing curves, spline control points and arc-length tables, all computed once.
///
/// `value(atFraction:)` takes the fraction of the cycle after the animation's own timing
/// function and returns the animated value. It touches no `Any`, searches small arrays and
/// allocates nothing for numbers, geometry, colours and transforms, since it runs for every
/// animated layer on every frame.
///
/// The facets live in their own files: key times and steps (`+Timeline`), constant speed
/// (`+Paced`), the Kochanek–Bartels spline (`+Cubic`), the spline storage (`+Spline`), paths
/// (`+Path`) and the conversion from a `CAKeyframeAnimation` (`+Making`).
///
/// A class, immutable: a frame evaluates a track through a reference it borrows, where a
/// struct was copied out of its animation for every evaluation, retaining every array it holds.
package final class KeyframeTrack {
    /// Apple's calculation modes, decoded once.
    package enum CalculationMode: Equatable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced

        /// The mode a `CAAnimationCalculationMode` names; an unknown name is `linear`, Apple's
        /// default.
        package init(_ mode: CAAnimationCalculationMode) {
            switch mode {
            case .discrete: self = .discrete
            case .paced: self = .paced
            case .cubic: self = .cubic
            case .cubicPaced: self = .cubicPaced
            default: self = .linear
            }
        }
    }

    /// How a fraction turns into a value.
    enum Storage {
        /// A single keyframe: the value at every fraction.
        case constant(AnimatableValue)
        /// Value i holds from `times[i]` until `times[i + 1]` (`times` has one more entry).
        case steps(values: [AnimatableValue], times: [Double])
        /// Value i is reached at `times[i]`; segments interpolate as `AnimatableValue` does,
        /// eased by `curves[i]` where there is one.
        case interpolated(values: [AnimatableValue], times: [Double], curves: [UnitBezier])
        /// Spline segment i runs from `times[i]` to `times[i + 1]`, eased by `curves[i]`.
        case keyedSpline(KeyframeSpline, times: [Double], curves: [UnitBezier])
        /// The spline at constant speed along its arc length.
        case pacedSpline(KeyframeSpline, ArcLengthTable)
    }

    let storage: Storage

    /// The calculation mode the track was built for.
    package let mode: CalculationMode

    /// The stepped and interpolated storages' arrays, held again outside the enum: a frame
    /// reads them in place from the track, where matching `storage` copies them out (retaining
    /// each) — the commonest tracks, evaluated for every animated layer on every frame. A
    /// switch over `form` is measurably cheaper than one over `storage` that binds nothing.
    private let form: Form
    private let keyValues: [AnimatableValue]
    private let keyTimes: [Double]
    private let keyCurves: [UnitBezier]

    private enum Form { case steps, interpolated, other }

    init(storage: Storage, mode: CalculationMode) {
        self.storage = storage
        self.mode = mode
        switch storage {
        case .steps(let values, let times): (form, keyValues, keyTimes, keyCurves) = (.steps, values, times, [])
        case .interpolated(let values, let times, let curves):
            (form, keyValues, keyTimes, keyCurves) = (.interpolated, values, times, curves)
        default: (form, keyValues, keyTimes, keyCurves) = (.other, [], [], [])
        }
    }

    /// Builds the track for keyframe values of one kind.
    ///
    /// `keyTimes` that do not fit the mode (wrong count, decreasing, outside [0, 1], NaN) are
    /// ignored and the keyframes spaced evenly, as `CAKeyframeAnimation.keyTimes` documents;
    /// `timingFunctions` beyond the number of segments are ignored and missing ones are linear.
    ///
    /// - Precondition: `values` is not empty and every value has the same kind.
    package convenience init(
        values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [UnitBezier]?,
        mode: CalculationMode, tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) {
        self.init(
            storage: Self.storage(
                values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode, tension: tension,
                continuity: continuity, bias: bias),
            mode: mode)
    }

    private static func storage(
        values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [UnitBezier]?,
        mode: CalculationMode, tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) -> Storage {
        require(!values.isEmpty, "KeyframeTrack needs at least one value")
        guard values.count > 1 else { return .constant(values[0]) }
        let curves = timingFunctions ?? []
        switch mode {
        case .linear:
            return .interpolated(values: values, times: Self.keyTimes(keyTimes, count: values.count), curves: curves)
        case .discrete:
            return .steps(values: values, times: Self.keyTimes(keyTimes, count: values.count + 1))
        case .paced:
            return .interpolated(values: values, times: Self.pacedTimes(values), curves: [])
        case .cubic, .cubicPaced:
            let parameters = KochanekBartels(tension: tension, continuity: continuity, bias: bias)
            guard let spline = KeyframeSpline(values: values, parameters: parameters) else {
                // No spline for this kind (transforms, booleans, images, arrays): the linear
                // equivalent of the mode.
                return storage(
                    values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                    mode: mode == .cubic ? .linear : .paced, tension: nil, continuity: nil, bias: nil)
            }
            if mode == .cubic {
                return .keyedSpline(spline, times: Self.keyTimes(keyTimes, count: values.count), curves: curves)
            }
            return .pacedSpline(spline, ArcLengthTable(spline))
        }
    }

    /// The animated value at `f`, the fraction of the cycle after the animation's timing
    /// function. Fractions outside [0, 1] (a timing curve that overshoots) hold the first or
    /// last keyframe rather than extrapolating, so a path animation never leaves its path.
    /// Paths interpolate into a path of `paths` where one is given.
    @inline(__always)
    package func value(atFraction f: Double, paths: PathPool? = nil) -> AnimatableValue {
        let f = f.isNaN ? 0 : min(max(f, 0), 1)
        switch form {
        case .steps:
            return keyValues[Self.step(in: keyTimes, at: f, count: keyValues.count)]
        case .interpolated:
            let (segment, local) = Self.segment(in: keyTimes, curves: keyCurves, at: f)
            return AnimatableValue.interpolate(
                from: keyValues[segment], to: keyValues[segment + 1], fraction: local, paths: paths)
        case .other:
            break
        }
        // Only the other storages are left: a tag test alone, where the two above would copy.
        switch storage {
        case .constant(let value):
            return value
        case .steps, .interpolated:
            fatalError("KeyframeTrack: stepped and interpolated tracks are read through their form")
        case .keyedSpline(let spline, let times, let curves):
            let (segment, local) = Self.segment(in: times, curves: curves, at: f)
            return spline.value(segment: segment, at: local)
        case .pacedSpline(let spline, let table):
            let (segment, local) = table.segment(atFraction: f, of: spline)
            return spline.value(segment: segment, at: local)
        }
    }

    /// The direction of travel at `f`, in radians from the x axis towards the y axis, for
    /// `rotationMode`; `reversed` (`rotateAutoReverse`) adds π.
    ///
    /// Defined for point keyframes and paths; other kinds answer 0. Where the curve stops
    /// (a zero-length segment, a control point on an end point) the direction is the limit
    /// along the curve, or the neighbouring segment's.
    @inline(__always)
    package func tangentAngle(atFraction f: Double, reversed: Bool = false) -> Double {
        let f = f.isNaN ? 0 : min(max(f, 0), 1)
        let angle: Double
        switch storage {
        case .constant:
            angle = 0
        case .steps(let values, let times):
            let index = Self.step(in: times, at: f, count: values.count)
            angle =
                index + 1 < values.count
                ? Self.chordAngle(values[index], values[index + 1])
                : Self.chordAngle(values[index - 1], values[index])
        case .interpolated(let values, let times, let curves):
            let (segment, _) = Self.segment(in: times, curves: curves, at: f)
            angle = Self.chordAngle(values[segment], values[segment + 1])
        case .keyedSpline(let spline, let times, let curves):
            let (segment, local) = Self.segment(in: times, curves: curves, at: f)
            angle = spline.tangentAngle(segment: segment, at: local)
        case .pacedSpline(let spline, let table):
            let (segment, local) = table.segment(atFraction: f, of: spline)
            angle = spline.tangentAngle(segment: segment, at: local)
        }
        return reversed ? angle + Double.pi : angle
    }

    /// The direction from one point keyframe to the next; 0 for other kinds or equal points.
    private static func chordAngle(_ from: AnimatableValue, _ to: AnimatableValue) -> Double {
        guard case .point(let a) = from, case .point(let b) = to, a != b else { return 0 }
        return atan2(Double(b.y - a.y), Double(b.x - a.x))
    }
}
