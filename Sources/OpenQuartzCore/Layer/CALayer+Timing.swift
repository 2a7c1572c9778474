import Foundation

extension CALayer {
    /// Converts `t` from the time space of `layer` (media time when nil) to this layer's.
    ///
    /// Each layer maps its superlayer's time `tp` to `(tp − beginTime) × speed + timeOffset`;
    /// animations on the layer are timed in the result.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: layer?.mediaTime(fromLocalTime: t) ?? t)
    }

    /// Converts `t` from this layer's time space to that of `layer` (media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return layer?.localTime(fromMediaTime: media) ?? media
    }

    /// Media time → this layer's time, through every ancestor, root first. A loop, not a
    /// recursion, for trees of any depth; only the ancestors with timing of their own are
    /// visited (see `nearestTimedLayer`), so the usual chain costs no allocation and a deep
    /// one no walk.
    package func localTime(fromMediaTime media: Double) -> Double {
        guard var next = nearestTimedLayer() else { return media }
        var timed: [CALayer] = []
        while true {
            timed.append(next)
            guard let above = next.parent?.nearestTimedLayer() else { break }
            next = above
        }
        var time = media
        for current in timed.reversed() {
            let timing = current.storage.timing
            time = (time - timing.beginTime) * Double(timing.speed) + timing.timeOffset
            // Infinite timing values are allowed; where they meet (∞ − ∞, 0 × ∞) no time has
            // elapsed, rather than NaN reaching every animation below.
            if time.isNaN { time = timing.timeOffset }
        }
        return time
    }

    /// This layer or its nearest ancestor whose timing maps its superlayer's time to anything
    /// but the same time; nil when the whole chain keeps media time.
    ///
    /// Remembered per layer until layer timing or the tree next changes (the scheduler's
    /// generation), and filled for every layer a walk passes, so that asking for each layer of
    /// a chain 100,000 deep walks it once, not once per layer.
    package func nearestTimedLayer() -> CALayer? {
        TransactionLock.shared.withLock {
            let generation = layerTimingGeneration.load(ordering: .relaxed)
            // First the answer, walking up to a layer that knows it or has timing of its own;
            // then the same walk again to leave it with every layer passed: two walks and no
            // list of the layers on the way, so a commit of fresh layers allocates nothing here.
            var found: CALayer?
            var layer: CALayer? = self
            while let current = layer {
                if current.timingCache.generation == generation {
                    found = current.timingCache.nearestTimed
                    break
                }
                if current.hasOwnTiming {
                    found = current
                    break
                }
                layer = current.parent
            }
            let cache = TimingChainCache(generation: generation, nearestTimed: found)
            layer = self
            while let current = layer, current.timingCache.generation != generation {
                guard !current.hasOwnTiming else {
                    current.timingCache = TimingChainCache(generation: generation, nearestTimed: current)
                    break
                }
                current.timingCache = cache
                layer = current.parent
            }
            return found
        }
    }

    /// This layer's time → media time; infinite when a layer on the way is paused (no
    /// media time reaches that local time).
    package func mediaTime(fromLocalTime local: Double) -> Double {
        var time = local
        var layer = nearestTimedLayer()
        while let current = layer {
            let speed = Double(current.storage.timing.speed)
            if speed == 0 {
                // A paused layer shows one local time, `timeOffset`, at every parent time from
                // its `beginTime` on: that is the first parent time that reaches it.
                guard time == current.storage.timing.timeOffset else { return .infinity }
                time = current.storage.timing.beginTime
            } else {
                time = (time - current.storage.timing.timeOffset) / speed + current.storage.timing.beginTime
                if time.isNaN { time = current.storage.timing.beginTime }
            }
            layer = current.parent?.nearestTimedLayer()
        }
        return time
    }

    /// Whether the layer maps its superlayer's time to anything but the same time.
    var hasOwnTiming: Bool {
        storage.timing.beginTime != 0 || storage.timing.speed != 1 || storage.timing.timeOffset != 0
    }
}

/// What a layer last learnt of its timing chain: the nearest layer at or above it with
/// timing of its own, valid while the timing generation it was found in lasts. Held
/// unretained: it is the layer itself or an ancestor, which outlives the answer's use (any
/// change to the tree bumps the generation).
package struct TimingChainCache {
    package var generation = -1
    package unowned(unsafe) var nearestTimed: CALayer?
}
