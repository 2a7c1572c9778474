import Foundation
import OpenQuartzCore

/// How the animations of a tree are timed: the animation's frames, the part of them played and
/// how, and the time mapping of the precomposition being built.
///
/// Every property animation spans the whole animation (`startFrame`…`endFrame` in the
/// animation's seconds) and is wrapped in a group that plays the chosen range, repeats and
/// fills: the tree shows any frame by its root layer's time alone.
struct AnimationContext {
    struct Playback: Equatable {
        var fromFrame: Double
        var toFrame: Double
        var repeatCount: Float = 0
        var autoreverses = false
        /// Whether the tree is paused (the root layer's speed is 0).
        var isPaused = true

        /// Whether the range is played from a later frame to an earlier one.
        var isBackwards: Bool { toFrame < fromFrame }

        /// How long the clipped range plays, in seconds of the tree's time, every repeat and
        /// reversal counted, as the clipping group's active interval is
        /// (`TimingParameters.activeDuration`): where a backwards tree's time starts, counting
        /// down to 0. A range repeating for ever starts 2²⁰ cycles up.
        func playedLength(frameRate: Double) -> Double {
            let repeats = repeatCount.isFinite ? Double(repeatCount) : Double(1 << 20)
            return activeDuration(frameRate: frameRate, repeats: repeats)
        }

        /// The active interval of the clipping group, which plays the range `repeats` times.
        private func activeDuration(frameRate: Double, repeats: Double) -> Double {
            TimingParameters.activeDuration(
                duration: abs(toFrame - fromFrame) / frameRate, repeatCount: repeats, repeatDuration: 0,
                autoreverses: autoreverses)
        }

        /// The frame shown `elapsed` seconds after playback started, as the clipping groups
        /// play it: the range repeated, reversed on the way back, holding where it ends when
        /// done.
        func frame(afterPlaying elapsed: Double, frameRate: Double) -> Double {
            let cycle = abs(toFrame - fromFrame) / frameRate
            guard cycle > 0, elapsed > 0 else { return fromFrame }
            let direction: Double = toFrame >= fromFrame ? 1 : -1
            let total = activeDuration(frameRate: frameRate, repeats: Double(repeatCount))
            let played = total.isFinite ? min(elapsed, total) : elapsed
            var position = played.truncatingRemainder(dividingBy: autoreverses ? 2 * cycle : cycle)
            // Ended on a cycle's end: at the range's end, or back at its start when reversing.
            if played == total, position == 0 { position = autoreverses ? 0 : cycle }
            if position > cycle { position = 2 * cycle - position }
            return fromFrame + direction * position * frameRate
        }
    }

    let frameRate: Double
    let startFrame: Double
    let endFrame: Double
    var playback: Playback
    /// A frame of the layer being built, as a frame of the root composition.
    var simpleTimeRemapping: (Double) -> Double = { $0 }
    /// A frame of the root composition, as a frame of the layer being built.
    var complexTimeRemapping: (Double) -> Double = { $0 }
    /// Whether a precomposition above has a time remapping curve, which cannot be inverted:
    /// keyframes below it are sampled at every frame instead.
    var mustUseComplexTimeRemapping = false
    /// The names of the precompositions the layers being built are in, outermost first: the
    /// start of their keypaths (``AnimationKeypath``).
    var keypath: [String] = []
    /// Where the build notes what lottie-ios's Core Animation engine does not draw, when asked.
    var compatibility: CompatibilityReport?
    /// The lottie-ios engine whose drawing the tree reproduces where the two differ.
    var engine: RenderingEngine = .coreAnimation

    /// The frames the animations' timeline spans: `op − ip` while playing, one more while
    /// paused, as lottie-ios lays out an animation shown frame by frame (its
    /// `animationDuration` then counts `op + 1 − ip` frames, so that the last frame is inside
    /// it, and key times are fractions of that).
    var timelineFrames: Double { endFrame - startFrame + (playback.isPaused ? 1 : 0) }

    /// The animation's length, in seconds.
    var animationDuration: Double { timelineFrames / frameRate }

    /// Seconds from the start of the animation to `frame` of the layer being built.
    func time(forFrame frame: Double) -> Double {
        (simpleTimeRemapping(frame) - startFrame) / frameRate
    }

    /// Where `frame` of the layer being built falls in the animation, 0 at its start, 1 at its end.
    func progressTime(for frame: Double) -> Double {
        (simpleTimeRemapping(frame) - startFrame) / timelineFrames
    }

    func withSimpleTimeRemapping(_ remap: @escaping (Double) -> Double) -> AnimationContext {
        var copy = self
        let existing = simpleTimeRemapping
        copy.simpleTimeRemapping = { existing(remap($0)) }
        return copy
    }

    func withComplexTimeRemapping(required: Bool, _ remap: @escaping (Double) -> Double) -> AnimationContext {
        var copy = self
        copy.mustUseComplexTimeRemapping = mustUseComplexTimeRemapping || required
        let existing = complexTimeRemapping
        copy.complexTimeRemapping = { remap(existing($0)) }
        return copy
    }

    func withoutTimeRemapping() -> AnimationContext {
        var copy = self
        copy.simpleTimeRemapping = { $0 }
        copy.complexTimeRemapping = { $0 }
        copy.mustUseComplexTimeRemapping = false
        return copy
    }

    /// Wraps `animation` (which spans the whole animation) in the group that plays the chosen
    /// range: it holds the first and last frames outside, and repeats as asked.
    ///
    /// A range played backwards is clipped forwards, from its lower frame; the layer that holds
    /// the tree runs its time backwards (``LottieAnimationLayer`` gives it a negative speed),
    /// as an animation's own negative speed would take it out of its active interval.
    func timed(_ animation: CAAnimation) -> CAAnimation {
        animation.duration = animationDuration
        let clip = CAAnimationGroup()
        clip.animations = [animation]
        clip.duration = (abs(playback.toFrame - playback.fromFrame) + (playback.isPaused ? 1 : 0)) / frameRate
        animation.timeOffset = (min(playback.fromFrame, playback.toFrame) - startFrame) / frameRate
        clip.autoreverses = playback.autoreverses
        clip.repeatCount = playback.repeatCount
        clip.fillMode = .both
        clip.isRemovedOnCompletion = false
        // The inner layer's time is 0 where playback starts (its time offset while paused); a
        // begin time just before 0 keeps the commit from stamping its current time instead.
        clip.beginTime = -Double.leastNonzeroMagnitude
        return clip
    }
}
