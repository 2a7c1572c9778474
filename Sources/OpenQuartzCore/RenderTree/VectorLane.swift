import Foundation

/// The fast lane of a `RenderTree`: animations whose values are up to four numbers (numbers,
/// points, sizes, rectangles) going between two fixed values — along a timing curve or a
/// spring — evaluated as plain structs of doubles.
///
/// Most animations a frame evaluates are of this shape (`position`, `bounds`, `opacity`
/// going from one value to another). Keeping them out of the general `AnimatableValue` path
/// means a frame copies no enums and touches no reference counts for them: the loop reads
/// about 100 bytes per animation, in order, and writes 32.
///
/// Animations committed together usually share their timing (same begin time, duration and
/// curve); the lane keeps one copy of each distinct timing and works out the progress once
/// for a run of entries that share timing and local time, instead of solving the same
/// Bézier curve for every one of them.
struct VectorEntry {
    /// The value at fraction 0; in lanes the animation does not write, the model value.
    var from: SIMD4<Double>
    /// To minus from; 0 in lanes the animation does not write.
    var delta: SIMD4<Double>
    /// The model value, shown when the animation has no effect.
    var base: SIMD4<Double>
    var node: Int32
    /// Index into the tree's table of distinct timings (timing parameters and curve).
    var timing: Int32

    /// An entry writing `lanes` of the value: all four for a whole value, fewer for a key-path
    /// component of a point, size or rectangle (`position.x` writes lane 0 of the point). The
    /// other lanes are folded into `from` and `delta`, so that a frame computes every lane as
    /// `from + delta × fraction` and the entry is 104 bytes, not 136.
    init(
        node: Int32, timing: Int32, from: SIMD4<Double>, delta: SIMD4<Double>, base: SIMD4<Double>,
        lanes: SIMDMask<SIMD4<Int64>>
    ) {
        self.from = base.replacing(with: from, where: lanes)
        self.delta = SIMD4().replacing(with: delta, where: lanes)
        self.base = base
        self.node = node
        self.timing = timing
    }
}

/// What a frame reads of every vector entry: the value from fraction 0 and the change to 1.
struct VectorRamp {
    var from: SIMD4<Double>
    var delta: SIMD4<Double>
}

/// Whose local time, and which timing, a vector entry follows.
struct VectorSource {
    var node: Int32
    var timing: Int32
}

/// The vector entries as a frame reads them, row for row.
struct VectorEntries {
    let ramps: UnsafeBufferPointer<VectorRamp>
    let sources: UnsafeBufferPointer<VectorSource>
    let bases: UnsafeBufferPointer<SIMD4<Double>>

    var count: Int { ramps.count }
}

/// One distinct timing of the vector lane: when and how fast its animations progress.
struct VectorTiming: Hashable {
    var parameters: TimingParameters
    var curve: UnitBezier?
    /// A spring's motion, which replaces the curve (`CASpringAnimation`).
    var spring: SpringSolver?

    static func == (lhs: VectorTiming, rhs: VectorTiming) -> Bool {
        lhs.parameters == rhs.parameters && lhs.curve == rhs.curve && lhs.spring == rhs.spring
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(parameters)
        hasher.combine(curve?.x1)
        hasher.combine(curve?.y1)
        hasher.combine(curve?.x2)
        hasher.combine(curve?.y2)
        hasher.combine(spring?.stiffness)
        hasher.combine(spring?.damping)
    }

    /// The eased fraction for a raw one: along the spring (in seconds) or the curve.
    @inline(__always)
    func eased(_ fraction: Double) -> Double {
        if let spring { return spring.progress(at: fraction * parameters.duration) }
        return curve?.solve(fraction) ?? fraction
    }
}

/// What a frame reads of one distinct timing, 80 bytes in a table of its own, for the common
/// shape — one forward cycle along a curve (or linear), no time offset, no repeats, no
/// autoreverse, no spring — whose progress is a subtraction, a multiply and a division.
/// Timings of any other shape are marked `general` and take `TimingParameters.progress`.
///
/// With distinct timings (every animation its own begin time, duration and curve) a frame
/// reads one of these per animation instead of the whole `VectorTiming`, which with its
/// curve's table of samples and room for a spring is several times larger.
struct TimingRow {
    enum Form: UInt8 {
        case general
        case curve
        case linear
    }

    var beginTime: Double
    var speed: Double
    var duration: Double
    var polynomial: BezierPolynomial
    var form: Form
    var fillsBackwards: Bool
    /// Fills forwards and stays after completion: holds the end value once the cycle is over.
    var holdsEnd: Bool

    init(_ timing: VectorTiming) {
        let p = timing.parameters
        beginTime = p.beginTime
        speed = p.speed
        duration = p.duration
        polynomial = (timing.curve ?? .linear).polynomial
        fillsBackwards = p.fillsBackwards
        holdsEnd = p.fillsForwards && !p.removedOnCompletion
        // Below a million seconds (elapsed / duration) rounds below 1 whenever elapsed is a
        // nanosecond short of the end, so the single cycle's arithmetic here is exactly
        // `TimingParameters.progress`'s.
        let oneCycle =
            p.timeOffset == 0 && p.repeatCount == 0 && p.repeatDuration == 0 && !p.autoreverses
            && p.duration > 0 && p.duration < 1e6 && timing.spring == nil
        form = oneCycle ? (timing.curve == nil ? .linear : .curve) : .general
    }

    /// The raw fraction at local time `time`, as `TimingParameters.progress` gives it for
    /// this shape; nil when the animation has no effect then. Only for `curve` and `linear`.
    @inline(__always)
    func fraction(at time: Double) -> Double? {
        TimingParameters.singleCycleFraction(
            atParentTime: time, beginTime: beginTime, speed: speed, duration: duration, fillsBackwards: fillsBackwards,
            holdsEnd: holdsEnd)
    }
}

/// The eased fraction of the last (timing, local time) pair a lane asked for, reused by the
/// run of entries that share it: animations committed together share their timing, so a frame
/// solves each curve once per run instead of once per animation.
struct ProgressMemo {
    private var lastTiming: Int32 = -1
    private var lastTime = Double.nan
    private var fraction: Double?

    /// The eased fraction of `timing` at local time `time`; nil when it has no effect then.
    @inline(__always)
    mutating func fraction(timing: Int32, at time: Double, in timings: UnsafeBufferPointer<VectorTiming>) -> Double? {
        if timing != lastTiming || time != lastTime {
            lastTiming = timing
            lastTime = time
            // Read in place, not copied out: a timing with its curve and spring is a few hundred
            // bytes, and with distinct timings every entry has its own.
            let index = Int(timing)
            if let progress = timings[index].parameters.progress(atParentTime: time) {
                fraction = timings[index].eased(progress.fraction)
            } else {
                fraction = nil
            }
        }
        return fraction
    }
}

extension AnimatableValue {
    /// The value as up to four numbers, for the kinds the vector lane handles.
    var vector: SIMD4<Double>? {
        switch self {
        case .number(let n): SIMD4(n, 0, 0, 0)
        case .point(let p): SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .size(let s): SIMD4(Double(s.width), Double(s.height), 0, 0)
        case .rect(let r):
            SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case .color(let c?): SIMD4(c.red, c.green, c.blue, c.alpha)
        default: nil
        }
    }

    /// The vector form of a colour animation's end point, where a missing colour stands for
    /// transparent black, as in `interpolate(from:to:fraction:)`.
    var endpointVector: SIMD4<Double>? {
        if case .color(nil) = self { return SIMD4() }
        return vector
    }

    /// The vector form of a model value: as `vector`, and a missing colour as NaNs, which
    /// `init(vector:kind:)` reads back as no colour.
    var baseVector: SIMD4<Double>? {
        if case .color(nil) = self { return SIMD4(repeating: .nan) }
        return vector
    }

    /// Rebuilds a value of `kind` from its vector form.
    init(vector v: SIMD4<Double>, kind: ValueKind) {
        switch kind {
        case .point: self = .point(CGPoint(x: v[0], y: v[1]))
        case .size: self = .size(CGSize(width: v[0], height: v[1]))
        case .rect: self = .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            self = .color(v[0].isNaN ? nil : ColorComponents(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        default: self = .number(v[0])
        }
    }
}

extension CompiledAnimation {
    /// The fixed end points of an animation the vector lane can take: basic or spring, not
    /// additive, cumulative, grouped or run through a value function, with both ends known
    /// without looking at the value underneath. For a key-path component (`position.x`,
    /// `transform.rotation.z`) these are the component's own end points.
    func vectorEndpoints() -> (from: SIMD4<Double>, to: SIMD4<Double>, spring: SpringSolver?)? {
        guard groups.isEmpty, !isAdditive, !isCumulative, valueFunction == nil else { return nil }
        let from: AnimatableValue?
        let to: AnimatableValue?
        let by: AnimatableValue?
        let spring: SpringSolver?
        switch source {
        case .basic(let f, let t, let b): (from, to, by, spring) = (f, t, b, nil)
        case .spring(let f, let t, let b, let solver): (from, to, by, spring) = (f, t, b, solver)
        default: return nil
        }
        let start: AnimatableValue
        let end: AnimatableValue
        switch (from, to, by) {
        case let (from?, to?, _): (start, end) = (from, to)
        case let (from?, nil, by?): (start, end) = (from, from.adding(by))
        case let (nil, to?, by?): (start, end) = (to.subtracting(by), to)
        default: return nil
        }
        guard start.kind == end.kind, let a = start.endpointVector, let b = end.endpointVector else { return nil }
        return (a, b, spring)
    }
}

extension CompiledAnimation {
    /// The kind of the animation's from, to or by value.
    var endpointKind: ValueKind? {
        switch source {
        case .basic(let f, let t, let b), .spring(let f, let t, let b, _): (f ?? t ?? b)?.kind
        default: nil
        }
    }
}

extension ValueComponent {
    /// The first lane of the vector form of a value of `kind` that this part occupies; nil
    /// for parts of transforms.
    func firstLane(in kind: ValueKind) -> Int? {
        switch (self, kind) {
        case (.x, .point), (.width, .size), (.origin, .rect), (.originX, .rect): 0
        case (.y, .point), (.height, .size), (.originY, .rect): 1
        case (.size, .rect), (.sizeWidth, .rect): 2
        case (.sizeHeight, .rect): 3
        default: nil
        }
    }
}
