import Foundation

/// A property animation converted, once, into the typed form that frames evaluate: the
/// target, the values, the frozen timing (with that of enclosing groups) and the curve.
///
/// Evaluating it touches no `Any`, no dictionary and no heap: it is the per-frame path.
package struct CompiledAnimation {
    package var timing: TimingParameters
    /// The pacing curve, held by reference: the curve itself is large and compiled
    /// animations are copied around.
    package var timingFunction: CAMediaTimingFunction?
    package var curve: UnitBezier? { timingFunction?.curve }
    /// Enclosing groups, outermost first; empty for an animation added on its own.
    package var groups: [GroupTiming] = []
    /// The property key the animation changes (`position` for `position.x`).
    package var baseKey: String
    /// The part of the property's value that is animated, if not all of it.
    package var component: ValueComponent?
    package let source: AnimationSource
    package var isAdditive: Bool
    package var isCumulative: Bool
    package var valueFunction: CAValueFunction?
    /// A basic animation's from and to values as vectors, when both are given and
    /// of one kind the vector lane takes: read once, by whoever compiles the animation and
    /// still holds the values, rather than on every render tree built over the animation's
    /// life, each of which copied the values out of `source` to read them.
    let vectorEnds: VectorEnds?

    /// `vectorEnds` are those of a basic animation's from and to values (nil for any other
    /// source, or when either is missing); the caller reads them from the values it has
    /// (reading them back out of `source` cost an implicit animation, whose to value is always
    /// missing, 520 instructions).
    init(
        timing: TimingParameters, timingFunction: CAMediaTimingFunction?, groups: [GroupTiming] = [],
        baseKey: String, component: ValueComponent?, source: AnimationSource, isAdditive: Bool,
        isCumulative: Bool, valueFunction: CAValueFunction?, vectorEnds: VectorEnds? = nil
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.groups = groups
        self.baseKey = baseKey
        self.component = component
        self.source = source
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.vectorEnds = vectorEnds
    }

    /// Sets the begin time of the outermost timing (the group's, for a group's child) when the
    /// transaction commits.
    package mutating func stampBeginTime(_ time: Double) {
        if groups.isEmpty {
            timing.beginTime = time
        } else {
            groups[0].timing.beginTime = time
        }
    }

    /// The animated value at a time in the layer's time space, given the value underneath
    /// (the model value, or what earlier animations made of it); nil when the animation has
    /// no effect at that time. An interpolated path is written into a path of `paths` where
    /// one is given (``PathPool``).
    @inline(__always)
    package func value(
        atLayerTime layerTime: Double, underlying: AnimatableValue, paths: PathPool? = nil
    ) -> AnimatableValue? {
        guard let progress = progress(atLayerTime: layerTime) else { return nil }
        switch source {
        case .basic(let from, let to, let by):
            let fraction = timingFunction?.curve.solve(progress.fraction) ?? progress.fraction
            return interpolate(
                from, to, by, fraction: fraction, iteration: progress.iteration, underlying: underlying, paths: paths)
        case .spring(let from, let to, let by, let solver):
            // The spring's own motion replaces the timing curve: it runs in seconds (those of
            // an infinite duration too, where the fraction stays 0).
            let fraction = solver.progress(at: progress.seconds)
            return interpolate(from, to, by, fraction: fraction, iteration: progress.iteration, underlying: underlying)
        case .keyframes(let track):
            return value(of: track, at: progress, underlying: underlying, paths: paths)
        case .tangentRotation(let track, let reversed):
            let fraction = timingFunction?.curve.solve(progress.fraction) ?? progress.fraction
            let angle = track.tangentAngle(atFraction: fraction, reversed: reversed)
            return underlying.adding(.transform(CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)))
        }
    }

    /// The progress of the animation's own timing at `layerTime`, through its groups' timings;
    /// nil when it has no effect then.
    @inline(__always)
    private func progress(atLayerTime layerTime: Double) -> TimingProgress? {
        var time = layerTime
        if !groups.isEmpty {
            // Read in place: a group's timing and curve are a few hundred bytes.
            let outcome: Double? = groups.withUnsafeBufferPointer { groups in
                var time = layerTime
                for index in groups.indices {
                    guard let progress = groups[index].timing.progress(atParentTime: time) else { return nil }
                    time =
                        (groups[index].curve?.solve(progress.fraction) ?? progress.fraction)
                        * groups[index].timing.duration
                }
                return time
            }
            guard let outcome else { return nil }
            time = outcome
        }
        return timing.progress(atParentTime: time)
    }

    /// A keyframe animation's value from `track` (its source's) at `progress`.
    @inline(__always)
    private func value(
        of track: KeyframeTrack, at progress: TimingProgress, underlying: AnimatableValue, paths: PathPool?
    ) -> AnimatableValue {
        let fraction = timingFunction?.curve.solve(progress.fraction) ?? progress.fraction
        var value = track.value(atFraction: fraction, paths: paths)
        if isCumulative, progress.iteration > 0 {
            // Each repetition starts where the previous one ended.
            let travel = track.value(atFraction: 1).subtracting(track.value(atFraction: 0))
            value = value.adding(
                AnimatableValue.interpolate(from: travel.zero, to: travel, fraction: progress.iteration))
        }
        return finish(value, underlying: underlying)
    }

    /// ``applied(at:to:paths:transforms:)`` for a keyframe animation, given its track: what
    /// the render tree's general lane calls with the track it holds unretained, so that the
    /// source is not copied out (and the track retained) for every evaluation. A part of a
    /// value the animation replaces (it does not add) is not read: for a transform's, that
    /// would be a decomposition.
    @inline(__always)
    package func applied(
        keyframes track: KeyframeTrack, at layerTime: Double, to underlying: AnimatableValue, paths: PathPool?,
        transforms: TransformMemo?
    ) -> AnimatableValue {
        guard let progress = progress(atLayerTime: layerTime) else { return underlying }
        guard let component else { return value(of: track, at: progress, underlying: underlying, paths: paths) }
        let part = isAdditive ? component.read(from: underlying) : .number(0)
        return component.write(
            value(of: track, at: progress, underlying: part, paths: nil), into: underlying, memo: transforms)
    }

    /// The value underneath with this animation applied at `layerTime`: the whole value, or
    /// the part the key path names (`position.x`) written back into it.
    ///
    /// `transforms` lets transform components written one after another on the same layer
    /// skip decomposing each other's results (``TransformMemo``).
    @inline(__always)
    package func applied(
        at layerTime: Double, to underlying: AnimatableValue, paths: PathPool? = nil,
        transforms: TransformMemo? = nil
    ) -> AnimatableValue {
        if case .keyframes(let track) = source {
            return applied(keyframes: track, at: layerTime, to: underlying, paths: paths, transforms: transforms)
        }
        if let component {
            guard let animated = value(atLayerTime: layerTime, underlying: component.read(from: underlying)) else {
                return underlying
            }
            return component.write(animated, into: underlying, memo: transforms)
        }
        return value(atLayerTime: layerTime, underlying: underlying, paths: paths) ?? underlying
    }

    /// `CABasicAnimation.h`'s from/to/by rules at an eased fraction of the current cycle.
    @inline(__always)
    private func interpolate(
        _ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?,
        fraction: Double, iteration: Double, underlying: AnimatableValue, paths: PathPool? = nil
    ) -> AnimatableValue {
        let base = valueFunction == nil ? underlying : .number(neutralFunctionInput)
        let (start, end) = Self.endpoints(from: from, to: to, by: by, base: base)
        var value = AnimatableValue.interpolate(from: start, to: end, fraction: fraction, paths: paths)
        if isCumulative, iteration > 0 {
            let travel = AnimatableValue.interpolate(
                from: start.zero, to: end.subtracting(start), fraction: iteration)
            value = value.adding(travel)
        }
        return finish(value, underlying: underlying)
    }

    /// Applies the value function and additivity to an interpolated value.
    @inline(__always)
    private func finish(_ interpolated: AnimatableValue, underlying: AnimatableValue) -> AnimatableValue {
        var value = interpolated
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

extension CompiledAnimation {
    /// `CABasicAnimation.h`'s from/to/by rules: the two values an animation goes between, with
    /// `base` (the value underneath) standing in for the ones it leaves out.
    @inline(__always)
    static func endpoints(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, base: AnimatableValue
    ) -> (start: AnimatableValue, end: AnimatableValue) {
        fixedEndpoints(from: from, to: to, by: by) ?? baseEndpoints(from: from, to: to, by: by, base: base)
    }

    /// The endpoints when the animation's own values fix both (from and to, or one of them
    /// and by); nil when one of them is the value underneath.
    @inline(__always)
    static func fixedEndpoints(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?
    ) -> (start: AnimatableValue, end: AnimatableValue)? {
        switch (from, to, by) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, from.adding(by))
        case let (nil, to?, by?): (to.subtracting(by), to)
        default: nil
        }
    }

    @inline(__always)
    private static func baseEndpoints(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, base: AnimatableValue
    ) -> (start: AnimatableValue, end: AnimatableValue) {
        switch (from, to, by) {
        case let (from?, nil, _): (from, base)
        case let (nil, to?, _): (base, to)
        case let (nil, nil, by?): (base, base.adding(by))
        default: (base, base)
        }
    }
}
