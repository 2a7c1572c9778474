import Foundation

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
                fraction = timings[index].eased(progress)
            } else {
                fraction = nil
            }
        }
        return fraction
    }
}
