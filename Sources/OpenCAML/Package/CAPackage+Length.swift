import Foundation
import OpenQuartzCore

extension CAPackage {
    /// How long the document plays when nothing says otherwise: to the end of its longest
    /// animation (``animationsEnd(under:)``: one cycle of one that repeats for ever), 2 s when
    /// no animation has a finite end, at most ``longestPlayingLength``. `carender render`,
    /// `frame` and `gallery` and the preview's timeline all play a document this long.
    public var playingLength: CFTimeInterval { Self.playingLength(under: rootLayer) }

    /// ``playingLength`` for the tree under `root`.
    public static func playingLength(under root: CALayer) -> CFTimeInterval {
        let end = animationsEnd(under: root)
        return end > 0 ? min(end, longestPlayingLength) : stillPlayingLength
    }

    /// The longest a document plays: an hour.
    public static let longestPlayingLength: CFTimeInterval = 3600

    /// How long a document whose animations have no finite end (or that has none) plays.
    public static let stillPlayingLength: CFTimeInterval = 2

    /// When the animations under `root` stop changing, in the root's time: the latest end of
    /// any animation on `root`, its sublayers or their masks, where an animation ends at its
    /// `beginTime` (the tiny `1e-100` CAML editors write counts as 0) plus its active duration,
    /// one cycle when it repeats forever. Zero when no animation has a finite, positive end.
    ///
    /// ``playingLength`` is the length a document plays for, made from it.
    public static func animationsEnd(under root: CALayer) -> CFTimeInterval {
        var latest: CFTimeInterval = 0
        var pending = [root]
        while let layer = pending.popLast() {
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) else { continue }
                latest = max(latest, end(of: animation))
            }
        }
        return latest
    }

    private static func end(of animation: CAAnimation) -> CFTimeInterval {
        var active = animation.activeDuration
        // One that repeats for ever counts one cycle.
        if !active.isFinite { active = animation.cycleDuration }
        let speed = animation.speed == 0 ? 1 : abs(Double(animation.speed))
        let end = max(0, animation.beginTime) + active / speed
        return end.isFinite && end > 0 ? end : 0
    }
}
