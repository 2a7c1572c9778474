// Constants of Darwin's <math.h> that iOS code uses and Glibc's Swift overlay does not import.
// On Apple's platforms they come with CoreGraphics (which imports Darwin); here they come with
// OpenCoreGraphics, which every module of the package re-exports.

/// The largest finite `Float`, 3.40282347e+38: Darwin's `MAXFLOAT`.
///
/// Darwin defines it as the float literal `0x1.fffffep+127f`, which Swift imports as `Float`,
/// so iOS code writes `CGFloat(MAXFLOAT)` or assigns it to a `Float` property directly.
///
///     let unbounded = CGSize(width: CGFloat(MAXFLOAT), height: 40)
public let MAXFLOAT: Float = 0x1.fffffep+127

/// Darwin's `HUGE`, defined in <math.h> as `MAXFLOAT`: the largest finite `Float`, not
/// infinity (that is `HUGE_VAL`).
///
/// iOS code sets `repeatCount = HUGE` to repeat an animation for as long as the program runs.
///
///     spin.repeatCount = HUGE
public let HUGE: Float = MAXFLOAT
