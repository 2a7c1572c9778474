import CMemoryHints
import Foundation

extension RenderTree {
    /// One frame of the vector lane, by pointers into the tree's arrays: what the calling
    /// thread and the ``LaneWorker`` each evaluate part of.
    struct VectorLaneJob {
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
                    timings[timing].eased($0)
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
}
