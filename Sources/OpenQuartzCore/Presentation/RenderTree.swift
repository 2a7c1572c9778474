import CMemoryHints
import Foundation

/// An immutable snapshot of committed layer trees — their timing and the compiled
/// animations on them — whose presentation values can be evaluated at any media time
/// without allocating. An OpenQuartzCore addition: the renderer draws from it, and it is
/// what a frame costs.
///
///     let tree = RenderTree(roots: [root])
///     tree.evaluate(at: 1.5)
///     let position = tree.presentationValue(of: layer, forKeyPath: "position") as? CGPoint
///
/// The snapshot reflects the layers when it was made; make a new one after changing them.
public final class RenderTree {
    private struct Node {
        var parent: Int
        var beginTime: Double
        var speed: Double
        var timeOffset: Double
    }

    /// Where an evaluated value lives.
    enum Slot {
        case vector(Int, ValueKind)
        case keyframe(Int, ValueKind)
        case general(Int)
        /// A transform one of whose parts (`transform.rotation.z`, `transform.scale`, …) a
        /// vector entry animates: index into `transformParts`. The entry holds the part in its
        /// first lanes and 1 in its last while it has an effect; reading writes the part into
        /// the model transform, as `ValueComponent.write` does.
        case transformPart(Int)
    }

    /// A transform component animated in the vector lane, written into the model at read time.
    private struct TransformPart {
        var entry: Int
        var component: TransformComponent
        var model: CATransform3D
        /// The model with the part set, as `constant + first × p + second × q`: p and q are
        /// the cosine and sine of a rotation's angle, a scale's or a translation's number, or
        /// a translation's two numbers. Every entry of the model recomposed from its
        /// decomposition is of that form in them, so that the coefficients, found once when
        /// the tree is built, give what recomposing gives, with 48 multiply-adds (and one sine
        /// and cosine) a frame.
        var form: TransformForm
        /// False when the model has no decomposition: a part is then written into the
        /// model's entries, as `setting(component:to:)` does (and `form` is unused).
        var hasForm: Bool

        init(entry: Int, component: TransformComponent, model: CATransform3D) {
            self.entry = entry
            self.component = component
            self.model = model
            guard let parts = DecomposedTransform(model) else {
                form = TransformForm(constant: model, first: model, second: model)
                hasForm = false
                return
            }
            let angles = parts.rotation.eulerAngles
            let compose = { (p: Double, q: Double) in
                Self.recomposed(parts, model: model, component: component, angles: angles, p, q)
            }
            let constant = compose(0, 0)
            form = TransformForm(
                constant: constant, first: compose(1, 0).minus(constant), second: compose(0, 1).minus(constant))
            hasForm = true
        }

        /// The model from its decomposition with the part set: a rotation about one axis to
        /// the angle of cosine `p` and sine `q` (`RotationBasis(eulerX:eulerY:eulerZ:)` term
        /// for term, the other two angles the model's), anything else to `p` (and a
        /// translation's y to `q`), as `setting(component:to:)` and `setting(translation:)` give.
        private static func recomposed(
            _ parts: DecomposedTransform, model: CATransform3D, component: TransformComponent,
            angles: (x: Double, y: Double, z: Double), _ p: Double, _ q: Double
        ) -> CATransform3D {
            var parts = parts
            let x = (sin: sin(angles.x), cos: cos(angles.x))
            let y = (sin: sin(angles.y), cos: cos(angles.y))
            let z = (sin: sin(angles.z), cos: cos(angles.z))
            switch component {
            case .rotationZ, .rotation: parts.rotation = basis(x, y, (q, p))
            case .rotationX: parts.rotation = basis((q, p), y, z)
            case .rotationY: parts.rotation = basis(x, (q, p), z)
            case .scaleX: parts.scale.x = p
            case .scaleY: parts.scale.y = p
            case .scaleZ: parts.scale.z = p
            case .scale: parts.scale = TransformVector(p, p, p)
            case .scaleXY: (parts.scale.x, parts.scale.y) = (p, p)
            case .translationX: parts.translation.x = p
            case .translationY: parts.translation.y = p
            case .translationZ: parts.translation.z = p
            case .translation: (parts.translation.x, parts.translation.y) = (p, q)
            }
            return parts.matrix.multiplied(by: model.m44)
        }

        /// `RotationBasis(eulerX:eulerY:eulerZ:)` from the angles' sines and cosines.
        private static func basis(
            _ x: (sin: Double, cos: Double), _ y: (sin: Double, cos: Double), _ z: (sin: Double, cos: Double)
        ) -> RotationBasis {
            let (sa, ca) = x
            let (sb, cb) = y
            let (sg, cg) = z
            return RotationBasis(
                x: TransformVector(cg * cb, sg * ca + cg * sb * sa, sg * sa - cg * sb * ca),
                y: TransformVector(-sg * cb, cg * ca - sg * sb * sa, cg * sa + sg * sb * ca),
                z: TransformVector(sb, -cb * sa, cb * ca))
        }

        /// The model with the part set to `lanes` (its first lane; both first for
        /// `.translation`), or the model itself while the animation has no effect (its last
        /// lane 0).
        func transform(_ lanes: SIMD4<Double>) -> CATransform3D {
            var transform = model
            withUnsafePointer(to: self) { Self.write(lanes, of: $0, to: &transform) }
            return transform
        }

        /// Writes `transform(lanes)` of `part` into `transform`, reading through the pointer
        /// so that the part (four transforms) is not copied.
        @inline(__always)
        static func write(
            _ lanes: SIMD4<Double>, of part: UnsafePointer<TransformPart>,
            to transform: UnsafeMutablePointer<CATransform3D>
        ) {
            let component = part.pointee.component
            guard lanes[3] != 0 else {
                transform.pointee = part.pointee.model
                return
            }
            guard part.pointee.hasForm else {
                transform.pointee =
                    component == .translation
                    ? part.pointee.model.setting(translation: CGSize(width: lanes[0], height: lanes[1]))
                    : part.pointee.model.setting(component: component, to: lanes[0])
                return
            }
            let p: Double
            let q: Double
            switch component {
            case .rotationZ, .rotation, .rotationX, .rotationY:
                let turn = sineAndCosine(lanes[0])
                (p, q) = (turn.cos, turn.sin)
            case .translation: (p, q) = (lanes[0], lanes[1])
            default: (p, q) = (lanes[0], 0)
            }
            part.pointee.form.write(p, q, to: transform)
        }
    }

    /// A transform as `constant + first × p + second × q` (see `TransformPart.form`).
    private struct TransformForm {
        var constant: CATransform3D
        var first: CATransform3D
        var second: CATransform3D

        /// Writes the transform at `p` and `q` entry by entry, with no transform made whole
        /// and copied.
        @inline(__always)
        func write(_ p: Double, _ q: Double, to transform: UnsafeMutablePointer<CATransform3D>) {
            let (a, b, c) = (constant, first, second)
            transform.pointee.m11 = a.m11 + b.m11 * p + c.m11 * q
            transform.pointee.m12 = a.m12 + b.m12 * p + c.m12 * q
            transform.pointee.m13 = a.m13 + b.m13 * p + c.m13 * q
            transform.pointee.m14 = a.m14 + b.m14 * p + c.m14 * q
            transform.pointee.m21 = a.m21 + b.m21 * p + c.m21 * q
            transform.pointee.m22 = a.m22 + b.m22 * p + c.m22 * q
            transform.pointee.m23 = a.m23 + b.m23 * p + c.m23 * q
            transform.pointee.m24 = a.m24 + b.m24 * p + c.m24 * q
            transform.pointee.m31 = a.m31 + b.m31 * p + c.m31 * q
            transform.pointee.m32 = a.m32 + b.m32 * p + c.m32 * q
            transform.pointee.m33 = a.m33 + b.m33 * p + c.m33 * q
            transform.pointee.m34 = a.m34 + b.m34 * p + c.m34 * q
            transform.pointee.m41 = a.m41 + b.m41 * p + c.m41 * q
            transform.pointee.m42 = a.m42 + b.m42 * p + c.m42 * q
            transform.pointee.m43 = a.m43 + b.m43 * p + c.m43 * q
            transform.pointee.m44 = a.m44 + b.m44 * p + c.m44 * q
        }
    }

    /// A transform part whose form changes only `m11`, `m12`, `m21` and `m22` — a rotation
    /// about z or a scale in x or y of a model with no rotation about x or y, the common case
    /// — and leaves the other twelve entries exactly the model's: a frame writes those four,
    /// and reads 128 bytes instead of the part's 530 (with 100,000 animations, a quarter of
    /// them rotations, 10 MB a frame less).
    private struct PlanarPart {
        /// The four entries as `(m11, m12, m21, m22)`.
        var model: SIMD4<Double>
        var constant: SIMD4<Double>
        var first: SIMD4<Double>
        var second: SIMD4<Double>

        /// Nil when the part changes any other entry, or its form's other entries are not
        /// exactly the model's.
        init?(_ part: TransformPart) {
            guard part.hasForm else { return nil }
            let form = part.form
            let outside: [KeyPath<CATransform3D, CGFloat>] = [
                \.m13, \.m14, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
            ]
            for entry in outside {
                guard form.first[keyPath: entry] == 0, form.second[keyPath: entry] == 0,
                    form.constant[keyPath: entry] == part.model[keyPath: entry]
                else { return nil }
            }
            model = Self.planar(part.model)
            constant = Self.planar(form.constant)
            first = Self.planar(form.first)
            second = Self.planar(form.second)
        }

        private static func planar(_ t: CATransform3D) -> SIMD4<Double> { SIMD4(t.m11, t.m12, t.m21, t.m22) }

        /// Writes the four entries at `lanes` as `TransformPart.write` writes the whole
        /// transform: `turns` for a rotation (the cosine and sine of the first lane), a
        /// scale's number otherwise; the model's while the animation has no effect.
        @inline(__always)
        static func write(
            _ lanes: SIMD4<Double>, turns: Bool, of part: UnsafePointer<PlanarPart>,
            to transform: UnsafeMutablePointer<CATransform3D>
        ) {
            let entries: SIMD4<Double>
            if lanes[3] == 0 {
                entries = part.pointee.model
            } else if turns {
                let turn = sineAndCosine(lanes[0])
                entries = part.pointee.constant + part.pointee.first * turn.cos + part.pointee.second * turn.sin
            } else {
                entries = part.pointee.constant + part.pointee.first * lanes[0] + part.pointee.second * 0
            }
            transform.pointee.m11 = entries[0]
            transform.pointee.m12 = entries[1]
            transform.pointee.m21 = entries[2]
            transform.pointee.m22 = entries[3]
        }
    }

    private struct GeneralEntry {
        var node: Int
        /// The entry below this one on the same layer and key; nil for the model value.
        var input: Slot?
        var base: AnimatableValue
        var animation: CompiledAnimation
    }

    private let nodes: [Node]
    private let timings: [VectorTiming]
    /// The hot fields of `timings`, row for row.
    private let timingRows: [TimingRow]
    /// The vector entries, split by what a frame reads of each: the ramp (from, delta) and
    /// the node and timing always, the model value only while the animation has no effect.
    /// Beside a large node buffer, 72 bytes an entry instead of 128 keep more of a frame's
    /// data in the cache from one frame to the next.
    private let vectorRamps: [VectorRamp]
    private let vectorSources: [VectorSource]
    private let vectorBases: [SIMD4<Double>]
    private let keyframeLane: KeyframeLane
    private let generalEntries: [GeneralEntry]
    private let transformParts: [TransformPart]
    /// The parts that have a ``PlanarPart`` (nil for the others), and those planar parts.
    private let planarIndexOfPart: [Int?]
    private let planarParts: [PlanarPart]
    private var nodeTimes: [Double]
    private(set) var vectorValues: [SIMD4<Double>]
    /// Per vector entry, the curve parameter t its last evaluation solved for (NaN before
    /// the first): frames come in increasing time, so it starts Newton next to the answer.
    private var solvedParameters: [Double]
    private(set) var keyframeValues: [SIMD4<Double>]
    private(set) var generalValues: [AnimatableValue]
    /// The topmost entry of each animated (layer, key), for reading results.
    let topEntry: [LayerKey: Slot]
    let nodeIndex: [ObjectIdentifier: Int]
    /// The layers, in the order of their nodes (depth-first, parents first; see `Builder`).
    let layers: [CALayer]

    struct LayerKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// Snapshots the trees under `roots` (each root with all its sublayers and masks).
    public init(roots: [CALayer]) {
        var builder = Builder()
        // Under the lock, so the snapshot is of whole states: other threads may be changing
        // these layers or ending their animations.
        TransactionLock.shared.withLock {
            for root in roots { builder.visit(root, parent: -1) }
        }
        nodes = builder.nodes
        timings = builder.timings
        timingRows = builder.timings.map(TimingRow.init)
        vectorRamps = builder.vectorEntries.map { VectorRamp(from: $0.from, delta: $0.delta) }
        vectorSources = builder.vectorEntries.map { VectorSource(node: $0.node, timing: $0.timing) }
        vectorBases = builder.vectorEntries.map(\.base)
        keyframeLane = builder.keyframeLane
        generalEntries = builder.generalEntries
        transformParts = builder.transformParts
        var planarParts: [PlanarPart] = []
        planarIndexOfPart = builder.transformParts.map { part in
            guard let planar = PlanarPart(part) else { return nil }
            planarParts.append(planar)
            return planarParts.count - 1
        }
        self.planarParts = planarParts
        topEntry = builder.topEntry
        nodeIndex = builder.nodeIndex
        layers = builder.layers
        nodeTimes = Array(repeating: 0, count: builder.nodes.count)
        vectorValues = builder.vectorEntries.map(\.base)
        solvedParameters = Array(repeating: .nan, count: builder.vectorEntries.count)
        keyframeValues = builder.keyframeLane.entries.map(\.base)
        generalValues = builder.generalEntries.map(\.base)
    }

    /// The number of layers in the snapshot.
    public var layerCount: Int { nodes.count }

    /// The number of animations in the snapshot.
    public var animationCount: Int { vectorRamps.count + keyframeLane.entries.count + generalEntries.count }

    /// How many animations each lane took (vector, keyframe, general), for tests.
    package var laneCounts: (vector: Int, keyframe: Int, general: Int) {
        (vectorRamps.count, keyframeLane.entries.count, generalEntries.count)
    }

    /// From this many vector entries on, a frame evaluates the vector lane in two parts, one
    /// on the ``LaneWorker``; below it, one thread does them all (handing half over costs
    /// tens of microseconds, a few hundred entries' worth).
    package static let vectorLaneSplitCount = 16_384

    /// How many transform parts a frame writes as four entries (``PlanarPart``), for tests.
    package var planarPartCount: Int { planarParts.count }

    /// How many distinct keyframe tracks the keyframe lane stores, for tests.
    package var keyframeTrackCount: Int { keyframeLane.tracks.count }

    /// Evaluates every animation at `mediaTime`. Allocates nothing.
    public func evaluate(at mediaTime: CFTimeInterval) {
        evaluate(at: mediaTime, writes: nil, into: nil)
    }

    /// Evaluates every animation at `mediaTime`, as ``evaluate(at:)``, and writes each vector
    /// entry's value into the node buffer at `nodes` as `writes` (row for row with the
    /// vector entries) says, in the same pass: the stores into nodes, scattered through a
    /// large buffer, wait on memory beside the arithmetic of the entries that follow.
    /// Allocates nothing.
    ///
    /// A value stored into a node is not kept in the tree as well (it would be one more
    /// stream through memory): the tree's own readers (``presentationValue(of:forKeyPath:)``,
    /// `value(in:)`) are for trees evaluated with ``evaluate(at:)``. An entry under another
    /// on the same key, which the general lane reads, is no node's field and is kept.
    package func evaluate(
        at mediaTime: CFTimeInterval, writing writes: UnsafeBufferPointer<LaneWrite>,
        into nodes: UnsafeMutableRawPointer
    ) {
        require(
            writes.count == vectorRamps.count,
            "\(writes.count) lane writes for \(vectorRamps.count) vector entries")
        evaluate(at: mediaTime, writes: writes, into: nodes)
    }

    @inline(__always)
    private func evaluate(
        at mediaTime: CFTimeInterval, writes: UnsafeBufferPointer<LaneWrite>?, into nodeBuffer: UnsafeMutableRawPointer?
    ) {
        nodes.withUnsafeBufferPointer { nodes in
            nodeTimes.withUnsafeMutableBufferPointer { times in
                for index in nodes.indices {
                    let node = nodes[index]
                    let parentTime = node.parent < 0 ? mediaTime : times[node.parent]
                    times[index] = (parentTime - node.beginTime) * node.speed + node.timeOffset
                }
            }
        }
        evaluateVectorLane(writes: writes, into: nodeBuffer)
        nodeTimes.withUnsafeBufferPointer { times in
            timings.withUnsafeBufferPointer { timings in
                keyframeValues.withUnsafeMutableBufferPointer { values in
                    keyframeLane.evaluate(nodeTimes: times, timings: timings, into: values)
                }
            }
        }
        evaluateGeneralLane()
    }

    @inline(__always)
    private func evaluateVectorLane(writes: UnsafeBufferPointer<LaneWrite>?, into nodes: UnsafeMutableRawPointer?) {
        vectorRamps.withUnsafeBufferPointer { ramps in
            vectorSources.withUnsafeBufferPointer { sources in
                vectorBases.withUnsafeBufferPointer { bases in
                    timings.withUnsafeBufferPointer { timings in
                        timingRows.withUnsafeBufferPointer { rows in
                            nodeTimes.withUnsafeBufferPointer { times in
                                solvedParameters.withUnsafeMutableBufferPointer { solved in
                                    transformParts.withUnsafeBufferPointer { parts in
                                        planarParts.withUnsafeBufferPointer { planar in
                                            vectorValues.withUnsafeMutableBufferPointer { values in
                                                VectorLaneJob(
                                                    entries: VectorEntries(ramps: ramps, sources: sources, bases: bases),
                                                    timings: timings, rows: rows, times: times, solved: solved,
                                                    parts: parts, planar: planar, values: values, writes: writes,
                                                    nodes: nodes
                                                ).run()
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One frame of the vector lane, by pointers into the tree's arrays: what the calling
    /// thread and the ``LaneWorker`` each evaluate part of.
    private struct VectorLaneJob {
        let entries: VectorEntries
        let timings: UnsafeBufferPointer<VectorTiming>
        let rows: UnsafeBufferPointer<TimingRow>
        let times: UnsafeBufferPointer<Double>
        let solved: UnsafeMutableBufferPointer<Double>
        let parts: UnsafeBufferPointer<TransformPart>
        let planar: UnsafeBufferPointer<PlanarPart>
        let values: UnsafeMutableBufferPointer<SIMD4<Double>>
        /// With `nodes`: where each entry's value goes in a frame's node buffer.
        let writes: UnsafeBufferPointer<LaneWrite>?
        let nodes: UnsafeMutableRawPointer?


        /// Evaluates every entry: a large lane in two parts, the first on the ``LaneWorker``
        /// (when it is free) and the second here. Each entry's evaluation reads only shared,
        /// unchanging data and writes only its own slots and its own node field, so the parts
        /// do not touch each other's results.
        func run() {
            let count = entries.count
            guard count >= RenderTree.vectorLaneSplitCount, let worker = LaneWorker.shared else {
                evaluate(0..<count)
                return
            }
            // At the start of a run of entries sharing a timing (see `evaluate(_:)`), so that
            // every value is what one thread would give.
            var split = count / 2
            let farthest = count / 2 + count / 4
            while split < farthest, entries.sources[split].timing == entries.sources[split - 1].timing { split += 1 }
            // One long run (animations committed together share one timing): its progress is
            // found once, so there is little to share.
            guard split < farthest else {
                evaluate(0..<count)
                return
            }
            withUnsafePointer(to: self) { job in
                let work: LaneWorker.Work = { context, lower, upper in
                    context.assumingMemoryBound(to: VectorLaneJob.self).pointee.evaluate(lower..<upper)
                }
                guard worker.start(work, context: UnsafeRawPointer(job), lower: 0, upper: split) else {
                    evaluate(0..<count)
                    return
                }
                evaluate(split..<count)
                worker.wait()
            }
        }

        /// What the first look at an entry found of its fraction.
        private enum Progress {
            /// The animation has no effect: the entry's base value.
            case none
            /// Known: `fraction`.
            case known
            /// Its timing's curve to solve at x = `fraction`.
            case solve
            /// The same timing at the same local time as the entry before: its fraction.
            case previous
        }

        private struct Found {
            var progress = Progress.none
            var fraction = 0.0
            var guess = 0.5
            /// With `.solve`: the timing whose curve is solved.
            var timing = 0

            /// 1 when the curve is to be solved, else 0.
            var solves: Int64 { progress == .solve ? 1 : 0 }
        }

        /// The last (timing, local time) looked at, and the fraction the entry of it took.
        private struct Memo {
            var timing: Int32 = -1
            var time = Double.nan
            var fraction: Double? = nil
        }

        /// The vector lane's loop over `range`. A run of entries sharing a timing and local time
        /// (animations committed together) takes the progress of its first; otherwise a
        /// one-cycle timing's progress comes from its `TimingRow`, and its curve is solved by
        /// Newton from the entry's last answer — with distinct timings, the bulk of a frame, so
        /// four entries' curves are solved together (``BezierPolynomials4``) — and any other
        /// timing's through `TimingParameters.progress` and `VectorTiming.eased`. Each entry's
        /// value goes into its node's field when `writes` has one for it, and into `values`
        /// otherwise.
        func evaluate(_ range: Range<Int>) {
            var memo = Memo()
            var index = range.lowerBound
            while index + 4 <= range.upperBound {
                // One at a time into scalars (a SIMD lane set by index would go through memory
                // whole each time), then the four curves at once.
                let a = look(at: index, &memo)
                let b = look(at: index + 1, &memo)
                let c = look(at: index + 2, &memo)
                let d = look(at: index + 3, &memo)
                var eased = SIMD4(a.fraction, b.fraction, c.fraction, d.fraction)
                if a.progress == .solve || b.progress == .solve || c.progress == .solve || d.progress == .solve {
                    eased = solve(a, b, c, d, at: index)
                }
                finish(index, a, eased[0], &memo)
                finish(index + 1, b, eased[1], &memo)
                finish(index + 2, c, eased[2], &memo)
                finish(index + 3, d, eased[3], &memo)
                index += 4
            }
            while index < range.upperBound {
                let found = look(at: index, &memo)
                var fraction = found.fraction
                if found.progress == .solve {
                    let polynomial = rows[found.timing].polynomial
                    let t = polynomial.parameter(forX: found.fraction, near: found.guess) ?? fullSolve(found)
                    solved[index] = t
                    fraction = polynomial.sampleY(t)
                }
                finish(index, found, fraction, &memo)
                index += 1
            }
        }

        /// An entry's raw fraction, and its curve when it must be solved.
        @inline(__always)
        private func look(at index: Int, _ memo: inout Memo) -> Found {
            let entry = entries.sources[index]
            let time = times[Int(entry.node)]
            if entry.timing == memo.timing, time == memo.time { return Found(progress: .previous) }
            memo.timing = entry.timing
            memo.time = time
            let timing = Int(entry.timing)
            let fraction: Double?
            switch rows[timing].form {
            case .curve:
                fraction = rows[timing].fraction(at: time)
                // 0 and 1 are the curve's ends, as `UnitBezier.solve` gives them.
                if let raw = fraction, raw > 0, raw < 1 {
                    return Found(progress: .solve, fraction: raw, guess: solved[index], timing: timing)
                }
            case .linear:
                fraction = rows[timing].fraction(at: time)
            case .general:
                fraction = timings[timing].parameters.progress(atParentTime: time).map {
                    timings[timing].eased($0.fraction)
                }
            }
            guard let fraction else { return Found() }
            return Found(progress: .known, fraction: fraction)
        }

        /// The eased fractions of four entries, those of `.solve` solved together; the others
        /// keep theirs.
        @inline(__always)
        private func solve(_ a: Found, _ b: Found, _ c: Found, _ d: Found, at index: Int) -> SIMD4<Double> {
            let curves = BezierPolynomials4(curve(a), curve(b), curve(c), curve(d))
            let xs = SIMD4(a.fraction, b.fraction, c.fraction, d.fraction)
            var (t, arrived) = curves.parameters(forX: xs, near: SIMD4(a.guess, b.guess, c.guess, d.guess))
            let solving =
                SIMD4<Int64>(a.solves, b.solves, c.solves, d.solves) .!= SIMD4<Int64>(repeating: 0)
            if any(solving .& .!arrived) {
                if solving[0] && !arrived[0] { t[0] = fullSolve(a) }
                if solving[1] && !arrived[1] { t[1] = fullSolve(b) }
                if solving[2] && !arrived[2] { t[2] = fullSolve(c) }
                if solving[3] && !arrived[3] { t[3] = fullSolve(d) }
            }
            if solving[0] { solved[index] = t[0] }
            if solving[1] { solved[index + 1] = t[1] }
            if solving[2] { solved[index + 2] = t[2] }
            if solving[3] { solved[index + 3] = t[3] }
            return xs.replacing(with: curves.sampleY(t), where: solving)
        }

        /// The parameter of an entry's curve solved from scratch, where Newton from its last
        /// answer did not arrive.
        private func fullSolve(_ found: Found) -> Double {
            timings[found.timing].curve.unsafelyUnwrapped.parameter(forX: found.fraction)
        }

        /// The curve of an entry to solve; a stand-in for the others, which every step handles
        /// without a NaN.
        @inline(__always)
        private func curve(_ found: Found) -> BezierPolynomial {
            found.progress == .solve ? rows[found.timing].polynomial : .identity
        }

        /// Writes an entry's value at `fraction` (the entry before's for `.previous`, its base
        /// value for `.none`).
        @inline(__always)
        private func finish(_ index: Int, _ found: Found, _ fraction: Double, _ memo: inout Memo) {
            switch found.progress {
            case .none: memo.fraction = nil
            case .known, .solve: memo.fraction = fraction
            case .previous: break
            }
            let value: SIMD4<Double>
            if let fraction = memo.fraction {
                let ramp = entries.ramps[index]
                value = ramp.from + ramp.delta * fraction
            } else {
                value = entries.bases[index]
            }
            guard let writes, let nodes else {
                values[index] = value
                return
            }
            RenderTree.prefetchWrite(index + RenderTree.prefetchDistance, writes, nodes)
            // A value stored into a node is not kept here too.
            let write = writes[index]
            if write.store == .none {
                values[index] = value
            } else {
                RenderTree.write(value, by: write, into: nodes, parts: parts, planar: planar)
            }
        }
    }

    /// How many entries ahead of the one being written the field of a later one is fetched.
    private static let prefetchDistance = 12

    /// Asks for the cache lines of entry `index`'s field (if there is such an entry) ahead of
    /// its write. The fields are scattered through a node buffer larger than the caches: each
    /// store would otherwise wait on memory in turn, and take twice as long as the evaluation.
    @inline(__always)
    private static func prefetchWrite(
        _ index: Int, _ writes: UnsafeBufferPointer<LaneWrite>, _ nodes: UnsafeMutableRawPointer
    ) {
        guard index < writes.count else { return }
        let write = writes[index]
        switch write.store {
        case .none: return
        case .planarTurn, .planarScale:
            // m11 … m22: 48 bytes, one or two lines.
            let field = nodes + write.offset
            oqc_prefetch_for_writing(field)
            oqc_prefetch_for_writing(field + 47)
        case .transformPart:
            // 128 bytes: two or three lines.
            let field = nodes + write.offset
            oqc_prefetch_for_writing(field)
            oqc_prefetch_for_writing(field + 64)
            oqc_prefetch_for_writing(field + MemoryLayout<CATransform3D>.size - 1)
        default:
            // At most 33 bytes (a colour): one or two lines.
            let field = nodes + write.offset
            oqc_prefetch_for_writing(field)
            oqc_prefetch_for_writing(field + 32)
        }
    }

    /// Writes a vector entry's value into its node's field, as `write` says.
    @inline(__always)
    private static func write(
        _ value: SIMD4<Double>, by write: LaneWrite, into nodes: UnsafeMutableRawPointer,
        parts: UnsafeBufferPointer<TransformPart>, planar: UnsafeBufferPointer<PlanarPart>
    ) {
        let field = nodes + write.offset
        switch write.store {
        case .planarTurn, .planarScale:
            guard let planar = planar.baseAddress else { return }
            PlanarPart.write(
                value, turns: write.store == .planarTurn, of: planar + write.part,
                to: field.assumingMemoryBound(to: CATransform3D.self))
        case .transformPart:
            guard let parts = parts.baseAddress else { return }
            TransformPart.write(value, of: parts + write.part, to: field.assumingMemoryBound(to: CATransform3D.self))
        default:
            write.store(value, into: nodes)
        }
    }

    /// The planar part (``LaneWrite/Store/planarTurn``, ``LaneWrite/Store/planarScale``) that
    /// writes part `index` over a field holding `base`, nil when there is none: the part
    /// changes more than four entries, or `base` is not the part's model, whose other entries
    /// the planar write leaves in place.
    package func planarPart(ofPart index: Int, over base: CATransform3D) -> (index: Int, turns: Bool)? {
        guard let planar = planarIndexOfPart[index], transformParts[index].model == base else { return nil }
        switch transformParts[index].component {
        case .rotationZ, .rotation: return (planar, true)
        case .scaleX, .scaleY, .scaleXY: return (planar, false)
        default: return nil
        }
    }

    /// The vector entry a `.transformPart` slot's part is evaluated in.
    package func vectorEntry(ofPart index: Int) -> Int { transformParts[index].entry }

    private func evaluateGeneralLane() {
        for index in generalEntries.indices {
            let underlying: AnimatableValue
            if let input = generalEntries[index].input {
                underlying = value(in: input)
            } else {
                underlying = generalEntries[index].base
            }
            generalValues[index] = generalEntries[index].animation.applied(
                at: nodeTimes[generalEntries[index].node], to: underlying)
        }
    }

    /// The whole value of a (layer, key) that `slot` holds, as last evaluated.
    /// The value a slot holds as last evaluated: what `presentationValue`, the general lane and
    /// render nodes read.
    func value(in slot: Slot) -> AnimatableValue {
        switch slot {
        case .vector(let slot, let kind): return AnimatableValue(vector: vectorValues[slot], kind: kind)
        case .keyframe(let slot, let kind): return AnimatableValue(vector: keyframeValues[slot], kind: kind)
        case .general(let slot): return generalValues[slot]
        case .transformPart(let index):
            return .transform(transform(ofPart: index))
        }
    }

    /// The transform a `.transformPart` slot holds, as last evaluated, without boxing it.
    func transform(ofPart index: Int) -> CATransform3D {
        transformParts.withUnsafeBufferPointer { parts in
            parts[index].transform(vectorValues[parts[index].entry])
        }
    }

    /// Calls `body` with the vector and keyframe lanes' values as last evaluated, so that a
    /// reader takes their numbers without boxing them into values.
    func withLaneValues<Result>(
        _ body: (_ vector: UnsafeBufferPointer<SIMD4<Double>>, _ keyframe: UnsafeBufferPointer<SIMD4<Double>>) ->
            Result
    ) -> Result {
        vectorValues.withUnsafeBufferPointer { vector in
            keyframeValues.withUnsafeBufferPointer { keyframe in body(vector, keyframe) }
        }
    }

    /// The presentation value of a property of `layer` as last evaluated (the model value if
    /// nothing animates it), boxed as `value(forKeyPath:)` boxes it; nil if the layer is not in
    /// the snapshot.
    public func presentationValue(of layer: CALayer, forKeyPath keyPath: String) -> Any? {
        guard nodeIndex[ObjectIdentifier(layer)] != nil else { return nil }
        let path = LayerKeyPath(keyPath, in: type(of: layer))
        let value: AnimatableValue
        if let slot = topEntry[LayerKey(layer: ObjectIdentifier(layer), key: path.baseKey)] {
            value = self.value(in: slot)
        } else {
            value = layer.modelValue(forKey: path.baseKey)
        }
        switch path {
        case .property(_, let component?): return component.read(from: value).boxed
        case .property(let property, nil): return property.box(value)
        case .custom: return value.boxed
        }
    }

    /// Collects nodes and sorts animations into the two lanes.
    private struct Builder {
        var nodes: [Node] = []
        var timings: [VectorTiming] = []
        var timingIndices: [VectorTiming: Int32] = [:]
        var vectorEntries: [VectorEntry] = []
        var keyframeLane = KeyframeLane()
        var generalEntries: [GeneralEntry] = []
        var transformParts: [TransformPart] = []
        var topEntry: [LayerKey: Slot] = [:]
        var nodeIndex: [ObjectIdentifier: Int] = [:]
        var layers: [CALayer] = []

        /// Adds `root` and everything under it, parents before children (sublayers in order,
        /// then the mask), from an explicit stack: trees may be of any depth.
        mutating func visit(_ root: CALayer, parent rootParent: Int) {
            var pending: [(layer: CALayer, parent: Int)] = [(root, rootParent)]
            while let (layer, parent) = pending.popLast() {
                let index = nodes.count
                nodes.append(
                    Node(
                        parent: parent, beginTime: layer.storage.beginTime, speed: Double(layer.storage.speed),
                        timeOffset: layer.storage.timeOffset))
                nodeIndex[ObjectIdentifier(layer)] = index
                layers.append(layer)
                for attached in layer.attachedAnimations where attached.lifecycle.isCommitted {
                    for compiled in attached.compiledParts {
                        add(compiled, of: layer, node: index)
                    }
                }
                // Pushed last to first, so that they come off the stack in the recursive order.
                if let mask = layer.mask { pending.append((mask, index)) }
                for sublayer in (layer.sublayers ?? []).reversed() { pending.append((sublayer, index)) }
            }
        }

        private mutating func add(_ compiled: CompiledAnimation, of layer: CALayer, node: Int) {
            let key = LayerKey(layer: ObjectIdentifier(layer), key: compiled.baseKey)
            let below = topEntry[key]
            let model = layer.modelValue(forKey: compiled.baseKey)
            if below == nil, let (slot, entry) = vectorEntry(compiled, model: model, node: node) {
                topEntry[key] = slot
                vectorEntries.append(entry)
            } else if below == nil, compiled.component == nil, let base = model.vector,
                let shape = KeyframeLane.shape(of: compiled)
            {
                let timing = timingIndex(VectorTiming(parameters: compiled.timing, curve: compiled.curve, spring: nil))
                let entry = keyframeLane.add(shape, node: node, timing: timing, base: base)
                topEntry[key] = .keyframe(entry, model.kind)
            } else {
                topEntry[key] = .general(generalEntries.count)
                generalEntries.append(GeneralEntry(node: node, input: below, base: model, animation: compiled))
            }
        }

        /// The vector entry of an animation between fixed values on a whole value of up to four
        /// numbers or a colour, or on a component of one (`position.x`, `bounds.size`), or on a
        /// part of a transform (`transform.rotation.z`); nil when the vector lane cannot take it.
        private mutating func vectorEntry(
            _ compiled: CompiledAnimation, model: AnimatableValue, node: Int
        ) -> (Slot, VectorEntry)? {
            guard let (from, to, spring) = compiled.vectorEndpoints() else { return nil }
            let timing = timingIndex(
                VectorTiming(parameters: compiled.timing, curve: spring == nil ? compiled.curve : nil, spring: spring))
            let all = SIMDMask<SIMD4<Int64>>(repeating: true)
            guard let component = compiled.component else {
                guard let base = model.baseVector, compiled.endpointKind == model.kind else {
                    return nil
                }
                return (
                    .vector(vectorEntries.count, model.kind),
                    VectorEntry(
                        node: Int32(node), timing: timing, from: from, delta: to - from, base: base, lanes: all)
                )
            }
            guard compiled.endpointKind == component.kind else { return nil }
            if case .transform(let part) = component, case .transform(let transform) = model {
                // The part's numbers in the first lanes; the last lane says whether it shows.
                var start = from
                var delta = to - from
                start[3] = 1
                delta[3] = 0
                transformParts.append(TransformPart(entry: vectorEntries.count, component: part, model: transform))
                return (
                    .transformPart(transformParts.count - 1),
                    VectorEntry(node: Int32(node), timing: timing, from: start, delta: delta, base: SIMD4(), lanes: all)
                )
            }
            // A part of a point, size or rectangle: its numbers go to the lanes it occupies.
            guard let base = model.vector, let first = component.firstLane(in: model.kind) else { return nil }
            let count = component.kind == .number ? 1 : 2
            var start = SIMD4<Double>()
            var end = SIMD4<Double>()
            var lanes = SIMDMask<SIMD4<Int64>>(repeating: false)
            for lane in 0..<count {
                start[first + lane] = from[lane]
                end[first + lane] = to[lane]
                lanes[first + lane] = true
            }
            return (
                .vector(vectorEntries.count, model.kind),
                VectorEntry(node: Int32(node), timing: timing, from: start, delta: end - start, base: base, lanes: lanes)
            )
        }

        /// Keeps one copy of each distinct timing.
        private mutating func timingIndex(_ timing: VectorTiming) -> Int32 {
            if let index = timingIndices[timing] { return index }
            let index = Int32(timings.count)
            timings.append(timing)
            timingIndices[timing] = index
            return index
        }
    }
}

extension CATransform3D {
    /// Entry by entry, `self − other`.
    fileprivate func minus(_ other: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 - other.m11, m12: m12 - other.m12, m13: m13 - other.m13, m14: m14 - other.m14,
            m21: m21 - other.m21, m22: m22 - other.m22, m23: m23 - other.m23, m24: m24 - other.m24,
            m31: m31 - other.m31, m32: m32 - other.m32, m33: m33 - other.m33, m34: m34 - other.m34,
            m41: m41 - other.m41, m42: m42 - other.m42, m43: m43 - other.m43, m44: m44 - other.m44)
    }
}
