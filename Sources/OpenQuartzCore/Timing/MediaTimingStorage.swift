import Foundation

/// The stored `CAMediaTiming` values of a timed object — a layer, an animation, an emitter
/// cell — declared once. `CAMediaTiming.h`: every value defaults to 0 (`speed` to 1, `fillMode`
/// to removed) but a layer's `duration`, which is infinite.
package struct MediaTimingStorage {
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode = CAMediaTimingFillMode.removed

    package init(duration: CFTimeInterval = 0) {
        self.duration = duration
    }

    /// The length of the active interval in the object's own time
    /// (``TimingParameters/activeDuration(duration:repeatCount:repeatDuration:autoreverses:)``).
    package var activeDuration: CFTimeInterval {
        TimingParameters.activeDuration(
            duration: duration, repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
            autoreverses: autoreverses)
    }

    /// The length of one cycle: the active interval of a single play, there and back when
    /// autoreversing.
    package var cycleDuration: CFTimeInterval {
        TimingParameters.activeDuration(
            duration: duration, repeatCount: 0, repeatDuration: 0, autoreverses: autoreverses)
    }
}
