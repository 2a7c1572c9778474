import Foundation

/// When a cell's particles are born within one recorded configuration of its layer.
///
/// The rule: the cell's birth rate R(τ) — the layer's `birthRate` times the cell's, each as
/// animated, zero outside the cell's active interval and before the simulation starts (local
/// time 0) — is integrated along the layer's time into a count N(τ) of births so far, which
/// carries on from one configuration to the next. Particle k (k = 0, 1, 2…) is born at the
/// first moment N exceeds k: at k / R for a constant rate, one born at time 0. Stretches
/// where no rate animation runs are integrated exactly; where one runs, R is sampled at the
/// middle of steps of 1/240 s laid from the stretch's start, and N is linear within a step
/// (for at most ``maximumSampledSteps`` steps, after which the mean rate of those goes on).
/// Everything here depends only on the recorded configurations and the time asked for.
struct BirthCurve {
    /// A stretch of the configuration with one way of counting births.
    struct Segment {
        let start: Double
        let end: Double
        /// The rate all along, or nil when an animation changes it and it is sampled.
        let rate: Double?
    }

    static let samplingStep = 1.0 / 240
    /// Sampled running sums are remembered every this many steps (one a second).
    static let checkpointInterval = 240
    /// How many steps of a rate animation are sampled (about 69 minutes); past them, births go
    /// on at the mean rate of those sampled.
    static let maximumSampledSteps = 1_000_000
    /// Rates are clamped to this many births a second, so that counts stay exact integers in
    /// a `Double` over any plausible time.
    static let maximumRate = 1e7

    let epoch: EmitterTimeline.Epoch
    let cell: EmitterCellConfiguration
    let segments: [Segment]

    init(epoch: EmitterTimeline.Epoch, cell: EmitterCellConfiguration) {
        self.epoch = epoch
        self.cell = cell
        let from = max(epoch.start, 0)
        let to = epoch.end
        guard from < to, let gate = Self.activeInterval(of: cell.values) else {
            segments = []
            return
        }
        let animations = cell.rateAnimations(in: epoch.configuration).map(Self.activeInterval(of:))
        var cuts = [from, to, gate.lowerBound, gate.upperBound]
        for interval in animations { cuts += [interval.lowerBound, interval.upperBound] }
        let bounds = Array(Set(cuts.filter { $0 >= from && $0 <= to && !$0.isNaN })).sorted()
        var segments: [Segment] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            let middle = end.isFinite ? (start + end) / 2 : start + 1
            let rate: Double?
            if !gate.contains(middle) {
                rate = 0
            } else if animations.contains(where: { $0.contains(middle) }) {
                rate = nil
            } else {
                rate = Self.clamped(epoch.configuration.layerBirthRate(at: middle) * cell.birthRate(at: middle))
            }
            segments.append(Segment(start: start, end: end, rate: rate))
        }
        self.segments = segments
    }

    /// When a cell emits, in its emitter's time: from `beginTime` for its active duration
    /// (`duration` repeated by `repeatCount` or `repeatDuration`, doubled when autoreversing,
    /// run at `speed`), for ever when `duration` is 0; nil for a disabled or stopped cell.
    static func activeInterval(of cell: EmitterCellValues) -> Range<Double>? {
        let speed = Double(cell.timing.speed)
        guard cell.isEnabled, speed > 0, speed.isFinite, cell.timing.beginTime.isFinite else { return nil }
        let length = cell.timing.duration > 0 ? cell.timing.activeDuration : .infinity
        let end = cell.timing.beginTime + length / speed
        return end.isNaN || end <= cell.timing.beginTime ? nil : cell.timing.beginTime..<end
    }

    /// Where an animation can change a value, in the layer's time.
    static func activeInterval(of animation: CompiledAnimation) -> Range<Double> {
        let timing = animation.groups.first?.timing ?? animation.timing
        let begin = timing.fillsBackwards ? -Double.infinity : timing.beginTime
        let end = timing.fillsForwards && !timing.removedOnCompletion ? Double.infinity : timing.endTimeInParent
        return begin < end ? begin..<end : begin..<begin
    }

    static func clamped(_ rate: Double) -> Double {
        rate > 0 ? min(rate, maximumRate) : 0
    }

    /// The birth rate at `time`, animations included.
    func rate(at time: Double) -> Double {
        Self.clamped(epoch.configuration.layerBirthRate(at: time) * cell.birthRate(at: time))
    }

    /// Births from the configuration's start to `time`.
    func count(at time: Double) -> Double {
        var total = 0.0
        for segment in segments where segment.start < time {
            total += count(in: segment, upTo: min(time, segment.end))
        }
        return total
    }

    private func count(in segment: Segment, upTo time: Double) -> Double {
        if let rate = segment.rate { return rate == 0 ? 0 : rate * (time - segment.start) }
        let step = Self.samplingStep
        let steps = (time - segment.start) / step
        guard steps.isFinite else { return 0 }
        guard steps < Double(Self.maximumSampledSteps) else {
            // Beyond the sampled span, births go on at the span's mean rate.
            let span = Double(Self.maximumSampledSteps) * step
            return sampledSum(segment, steps: Self.maximumSampledSteps) * ((time - segment.start) / span)
        }
        let whole = Int(steps.rounded(.down))
        let partial = time - (segment.start + Double(whole) * step)
        return sampledSum(segment, steps: whole) + rate(at: segment.start + (Double(whole) + 0.5) * step) * partial
    }

    /// The sum of the first `steps` sampled steps of `segment`, from the remembered running
    /// sums, extending them as needed.
    private func sampledSum(_ segment: Segment, steps: Int) -> Double {
        let key = BirthCurveKey(cell: cell.identity, segmentStart: segment.start)
        let interval = Self.checkpointInterval
        var checkpoints = epoch.checkpoints[key] ?? [0]
        let step = Self.samplingStep
        let needed = steps / interval
        if checkpoints.count <= needed {
            while checkpoints.count <= needed {
                let first = (checkpoints.count - 1) * interval
                var sum = checkpoints[checkpoints.count - 1]
                for index in first..<(first + interval) {
                    sum += rate(at: segment.start + (Double(index) + 0.5) * step) * step
                }
                checkpoints.append(sum)
            }
            epoch.checkpoints[key] = checkpoints
        }
        var sum = checkpoints[needed]
        for index in (needed * interval)..<steps {
            sum += rate(at: segment.start + (Double(index) + 0.5) * step) * step
        }
        return sum
    }

    /// Calls `body` with each particle born between `from` and `to` (the index and the birth
    /// time), newest first, until it answers false. `counted` is the number born before the
    /// configuration started; `includingEnd` takes in one born exactly at `to` (the time of
    /// the frame).
    func forEachBirth(
        from: Double, to: Double, includingEnd: Bool, counted: Double, _ deliver: (Double, Double) -> Bool
    ) {
        // Births come newest first; a count landing exactly on an integer at a boundary that
        // several pieces share (the end of a ramp, closed at `to`) would otherwise give the
        // same birth once per piece.
        var newestUndelivered = Double.infinity
        let body = { (index: Double, time: Double) -> Bool in
            guard index < newestUndelivered else { return true }
            newestUndelivered = index
            return deliver(index, time)
        }
        for segment in segments.reversed() where segment.start <= to && segment.end >= from {
            let low = max(segment.start, from)
            let high = min(segment.end, to)
            let closed = includingEnd && high == to
            guard low < high || (low == high && closed) else { continue }
            if let rate = segment.rate {
                guard rate > 0 else { continue }
                let countLow = counted + count(at: low)
                let countHigh = countLow + rate * (high - low)
                guard births(low, high, countLow, countHigh, rate, closed: closed, body) else { return }
                continue
            }
            // Sampled: step by step, newest first.
            let step = Self.samplingStep
            let lastStepTime = ((high - segment.start) / step).rounded(.down)
            guard lastStepTime < Double(Self.maximumSampledSteps) else {
                // Past the sampled span: the mean rate the count goes on at.
                let countLow = counted + count(at: low)
                let countHigh = counted + count(at: high)
                let rate = high > low ? (countHigh - countLow) / (high - low) : 0
                guard rate > 0 else { continue }
                guard births(low, high, countLow, countHigh, rate, closed: closed, body) else { return }
                continue
            }
            let firstStep = Int(((low - segment.start) / step).rounded(.down))
            let lastStep = Int(lastStepTime)
            var starts: [Double] = []
            starts.reserveCapacity(lastStep - firstStep + 1)
            var running = counted + count(at: segment.start) + sampledSum(segment, steps: firstStep)
            var rates: [Double] = []
            for index in firstStep...lastStep {
                let rate = rate(at: segment.start + (Double(index) + 0.5) * step)
                starts.append(running)
                rates.append(rate)
                running += rate * step
            }
            for offset in stride(from: starts.count - 1, through: 0, by: -1) {
                let rate = rates[offset]
                guard rate > 0 else { continue }
                let stepStart = segment.start + Double(firstStep + offset) * step
                let pieceLow = max(stepStart, low)
                let pieceHigh = min(stepStart + step, high)
                let pieceClosed = closed && pieceHigh == high
                guard pieceLow < pieceHigh || (pieceLow == pieceHigh && pieceClosed) else { continue }
                let countLow = starts[offset] + rate * (pieceLow - stepStart)
                let countHigh = starts[offset] + rate * (pieceHigh - stepStart)
                guard births(pieceLow, pieceHigh, countLow, countHigh, rate, closed: pieceClosed, body) else { return }
            }
        }
    }

    /// The births of a stretch of constant `rate`, newest first; false when `body` said stop.
    private func births(
        _ low: Double, _ high: Double, _ countLow: Double, _ countHigh: Double, _ rate: Double, closed: Bool,
        _ body: (Double, Double) -> Bool
    ) -> Bool {
        let newest = closed ? countHigh.rounded(.down) : countHigh.rounded(.up) - 1
        let oldest = countLow.rounded(.up)
        guard newest >= oldest else { return true }
        var index = newest
        while index >= oldest {
            let time = min(max(low + (index - countLow) / rate, low), high)
            guard body(index, time) else { return false }
            // Past 2⁵³ (a birth rate run for an absurd time) a Double no longer steps by one.
            guard index - 1 < index else { return false }
            index -= 1
        }
        return true
    }
}

/// Counting births across configurations.
enum EmitterBirths {
    /// Each cell's births before configuration `index` of `timeline` started, by cell
    /// identity; remembered in the configuration.
    static func counts(atStartOf index: Int, in timeline: EmitterTimeline) -> [UInt64: Double] {
        guard index > 0 else { return timeline.baseCounts }
        // From the nearest configuration that knows its counts.
        var known = index
        while known > 0, timeline.epochs[known].countsAtStart == nil { known -= 1 }
        var counts = known == 0 ? timeline.baseCounts : timeline.epochs[known].countsAtStart ?? [:]
        var current = known
        while current < index {
            let epoch = timeline.epochs[current]
            for cell in epoch.configuration.cells {
                let curve = BirthCurve(epoch: epoch, cell: cell)
                counts[cell.identity, default: 0] += curve.count(at: epoch.end)
            }
            current += 1
            timeline.epochs[current].countsAtStart = counts
        }
        return counts
    }
}
