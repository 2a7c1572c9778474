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

    /// Media time → this layer's time, through every ancestor.
    package func localTime(fromMediaTime media: Double) -> Double {
        let parentTime = parent?.localTime(fromMediaTime: media) ?? media
        return (parentTime - storage.beginTime) * Double(storage.speed) + storage.timeOffset
    }

    /// This layer's time → media time; infinite when a layer on the way is paused (no
    /// media time reaches that local time).
    package func mediaTime(fromLocalTime local: Double) -> Double {
        let speed = Double(storage.speed)
        guard speed != 0 else { return local == storage.timeOffset ? storage.beginTime : .infinity }
        let parentTime = (local - storage.timeOffset) / speed + storage.beginTime
        return parent?.mediaTime(fromLocalTime: parentTime) ?? parentTime
    }
}
