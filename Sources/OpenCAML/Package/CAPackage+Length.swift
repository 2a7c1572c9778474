import Foundation
import OpenQuartzCore

extension CAPackage {
    /// When the animations under `root` stop changing, in the root's time: the latest end of
    /// any animation on `root`, its sublayers or their masks, where an animation ends at its
    /// `beginTime` (the tiny `1e-100` CAML editors write counts as 0) plus its active duration,
    /// one cycle when it repeats forever. Zero when no animation has a finite, positive end.
    ///
    /// `carender render` and `carender preview` both take a document's length from it.
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
        let cycle = animation.duration * (animation.autoreverses ? 2 : 1)
        var active = cycle
        if animation.repeatDuration > 0 {
            active = animation.repeatDuration.isFinite ? animation.repeatDuration : cycle
        } else if animation.repeatCount > 0 {
            active = animation.repeatCount.isFinite ? cycle * Double(animation.repeatCount) : cycle
        }
        let speed = animation.speed == 0 ? 1 : abs(Double(animation.speed))
        let end = max(0, animation.beginTime) + active / speed
        return end.isFinite && end > 0 ? end : 0
    }
}
