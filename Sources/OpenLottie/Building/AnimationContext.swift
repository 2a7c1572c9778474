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
    /// The JSON path of the item being built, for warnings.
    var warn: (String, String) -> Void

    /// The animation's length, in seconds.
    var animationDuration: Double { (endFrame - startFrame) / frameRate }

    /// Seconds from the start of the animation to `frame` of the layer being built.
    func time(forFrame frame: Double) -> Double {
        (simpleTimeRemapping(frame) - startFrame) / frameRate
    }

    /// Where `frame` of the layer being built falls in the animation, 0 at its start, 1 at its end.
    func progressTime(for frame: Double) -> Double {
        (simpleTimeRemapping(frame) - startFrame) / (endFrame - startFrame)
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
    func timed(_ animation: CAAnimation) -> CAAnimation {
        animation.duration = animationDuration
        animation.speed = playback.toFrame < playback.fromFrame ? -1 : 1
        let clip = CAAnimationGroup()
        clip.animations = [animation]
        clip.duration = abs(playback.toFrame - playback.fromFrame) / frameRate
        animation.timeOffset = (playback.fromFrame - startFrame) / frameRate
        clip.autoreverses = playback.autoreverses
        clip.repeatCount = playback.repeatCount
        clip.fillMode = .both
        clip.isRemovedOnCompletion = false
        if playback.isPaused {
            // The root's time is its time offset; a begin time just before 0 keeps the commit
            // from stamping the current time on the group.
            clip.beginTime = -Double.leastNonzeroMagnitude
        }
        return clip
    }
}
