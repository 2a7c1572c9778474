import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// The frames of an export, numbered from media time 0: frame `n` is at exactly `n / fps`,
/// computed from the whole number `n`, so an export of part of a scene gives exactly the
/// pictures of the same frames of a whole export.
public struct CAFrameSpan: Equatable, Sendable {
    /// The number of the first frame: a whole number, kept as a `Double` so that any finite
    /// start time has one.
    public let first: Double
    /// How many frames; at least one.
    public let count: Int
    /// Frames per second.
    public let fps: Int

    /// The frames from `from` up to but not including `to`, both rounded to the nearest frame
    /// (times such as 0.1 are not exact in binary, and a user gives them meaning a frame).
    public init(from: CFTimeInterval, to: CFTimeInterval, fps: Int) {
        require(fps > 0, "CAFrameSpan needs a positive frame rate, got \(fps)")
        self.fps = fps
        first = (from * Double(fps)).rounded()
        count = max(1, Int(min((to * Double(fps)).rounded() - first, Double(Int32.max))))
    }

    /// `count` frames from frame number `first`.
    public init(first: Double, count: Int, fps: Int) {
        require(fps > 0 && count > 0, "CAFrameSpan needs a positive frame rate and count")
        self.first = first
        self.count = count
        self.fps = fps
    }

    /// The media time of each frame: frame n at exactly n / fps.
    public var times: [CFTimeInterval] {
        (0..<count).map { (first + Double($0)) / Double(fps) }
    }

    /// The time of the first frame.
    public var start: CFTimeInterval { first / Double(fps) }
    /// The time the frames stop before.
    public var end: CFTimeInterval { (first + Double(count)) / Double(fps) }

    /// Part `part` (1 to `parts`) of `parts` near-equal parts: frames
    /// `⌊(part − 1) · count / parts⌋ ..< ⌊part · count / parts⌋` of this span, so the sizes
    /// differ by one at most and the parts cover the span in order without overlap. Nil when
    /// that part has no frame (fewer frames than parts).
    public func shard(_ part: Int, of parts: Int) -> (span: CAFrameSpan, offset: Int)? {
        require(parts > 0 && (1...parts).contains(part), "CAFrameSpan.shard needs 1 ≤ part ≤ parts")
        let lower = (part - 1) * count / parts
        let upper = part * count / parts
        guard upper > lower else { return nil }
        return (CAFrameSpan(first: first + Double(lower), count: upper - lower, fps: fps), lower)
    }
}
