import Foundation

/// A property animation converted, once, into the typed form that frames evaluate: the
/// target, the from/to/by values, the frozen timing and the timing curve.
///
/// Evaluating it touches no `Any`, no dictionary and no heap: it is the per-frame path.
package struct CompiledAnimation {
    package var timing: TimingParameters
    package var curve: UnitBezier?
    /// The property key the animation changes (`position` for `position.x`).
    package var baseKey: String
    /// The part of the property's value that is animated, if not all of it.
    package var component: ValueComponent?
    package var from: AnimatableValue?
    package var to: AnimatableValue?
    package var by: AnimatableValue?
    package var isAdditive: Bool
    package var isCumulative: Bool
    package var valueFunction: CAValueFunction?

    /// The animated value at a time in the layer's time space, given the value underneath
    /// (the model value, or what earlier animations made of it); nil when the animation has
    /// no effect at that time.
    @inline(__always)
    package func value(atLayerTime time: Double, underlying: AnimatableValue) -> AnimatableValue? {
        guard let progress = timing.progress(atParentTime: time) else { return nil }
        let fraction = curve?.solve(progress.fraction) ?? progress.fraction
        return value(atFraction: fraction, iteration: progress.iteration, underlying: underlying)
    }

    /// The value at an eased fraction of the current cycle.
    @inline(__always)
    package func value(atFraction fraction: Double, iteration: Double, underlying: AnimatableValue)
        -> AnimatableValue
    {
        let base = valueFunction == nil ? underlying : .number(neutralFunctionInput)
        let start: AnimatableValue
        let end: AnimatableValue
        switch (from, to, by) {
        case let (from?, to?, _): (start, end) = (from, to)
        case let (from?, nil, by?): (start, end) = (from, from.adding(by))
        case let (nil, to?, by?): (start, end) = (to.subtracting(by), to)
        case let (from?, nil, nil): (start, end) = (from, base)
        case let (nil, to?, nil): (start, end) = (base, to)
        case let (nil, nil, by?): (start, end) = (base, base.adding(by))
        case (nil, nil, nil): (start, end) = (base, base)
        }
        var value = AnimatableValue.interpolate(from: start, to: end, fraction: fraction)
        if isCumulative, iteration > 0 {
            let travel = AnimatableValue.interpolate(from: start.zero, to: end.subtracting(start), fraction: iteration)
            value = value.adding(travel)
        }
        if let valueFunction, case .number(let input) = value {
            value = .transform(valueFunction.transform(for: input))
        }
        return isAdditive ? underlying.adding(value) : value
    }

    /// What a value function's missing from/to value stands for: no rotation or translation,
    /// a scale of one.
    private var neutralFunctionInput: Double {
        switch valueFunction?.name {
        case .scale?, .scaleX?, .scaleY?, .scaleZ?: 1
        default: 0
        }
    }
}
