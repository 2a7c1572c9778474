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

/// A from and a to value as vectors, both of one kind the vector lane takes, and that kind.
struct VectorEnds {
    var from: SIMD4<Double>
    var to: SIMD4<Double>
    var kind: ValueKind

    /// Nil when either value is missing, the two differ in kind, or the lane takes neither.
    init?(_ from: AnimatableValue?, _ to: AnimatableValue?) {
        guard let from, let to, from.kind == to.kind, let a = from.endpointVector, let b = to.endpointVector else {
            return nil
        }
        (self.from, self.to, kind) = (a, b, from.kind)
    }
}

extension CompiledAnimation {
    /// The fixed end points of an animation the vector lane can take: basic or spring, not
    /// additive, cumulative, grouped or run through a value function, with both ends known
    /// without looking at the value underneath. For a key-path component (`position.x`,
    /// `transform.rotation.z`) these are the component's own end points.
    func vectorEndpoints() -> (ends: VectorEnds, spring: SpringSolver?)? {
        guard groups.isEmpty, !isAdditive, !isCumulative, valueFunction == nil else { return nil }
        if let vectorEnds { return (vectorEnds, nil) }
        // A spring, or a by value with one end, whose other end is worked out.
        let from: AnimatableValue?
        let to: AnimatableValue?
        let by: AnimatableValue?
        let spring: SpringSolver?
        switch source {
        case .basic(let f, let t, let b): (from, to, by, spring) = (f, t, b, nil)
        case .spring(let f, let t, let b, let solver): (from, to, by, spring) = (f, t, b, solver)
        default: return nil
        }
        guard let (start, end) = Self.fixedEndpoints(from: from, to: to, by: by), let ends = VectorEnds(start, end)
        else { return nil }
        return (ends, spring)
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
