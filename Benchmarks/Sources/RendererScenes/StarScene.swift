import CairoReference
import Foundation
import OpenQuartzCore

/// The content-caching benchmark's scene: 1,000 shape layers whose content is costly to draw
/// and never changes — each a many-pointed star, filled and stroked with dashes — while their
/// transforms animate. Laid out by the same seeded generator as ``RectScene``.
public enum StarScene {
    public static let count = 1_000
    public static let seed: UInt64 = 5
    /// How long one full turn of a star takes, or one slide there and back.
    public static let turnDuration = 8.0

    /// How the stars' transforms animate.
    public enum Motion: Sendable {
        /// Each star turns about its centre: `transform.rotation.z`, one turn in
        /// ``turnDuration``. Its cached bitmap is composited rotated, which Cairo (pixman)
        /// samples bilinearly pixel by pixel, the costliest way to composite.
        case turning
        /// Each star slides 200 pt to the right and back: `transform.translation.x`,
        /// autoreversing. Its bitmap is composited scaled and moved, which pixman does fast.
        case sliding
    }

    /// The tree: an opaque root as large as ``RectScene``'s canvas, and ``count`` stars of 16
    /// to 32 points, 60 to 140 pt across, at random places, scaled 0.75 to 1.25 and turning
    /// forever as `motion` says. Call inside the clock's `CAClock.$current`, at time 0.
    public static func makeLayerTree(motion: Motion = .turning) -> CALayer {
        var state = seed
        func random() -> Double { rect_scene_random(&state) }
        // Built without implicit animations: only the turns move.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: RectScene.width, height: RectScene.height)
        root.position = CGPoint(x: RectScene.width / 2, y: RectScene.height / 2)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)
        var stars: [(CAShapeLayer, Double)] = []
        for _ in 0..<count {
            let size = 60 + 80 * random()
            let points = 16 + Int(17 * random())
            let star = CAShapeLayer()
            star.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            star.position = CGPoint(x: Double(RectScene.width) * random(), y: Double(RectScene.height) * random())
            star.path = starPath(points: points, centre: size / 2, outer: size / 2 - 4, inner: size * 0.3)
            star.fillColor = CGColor(red: random(), green: random(), blue: random(), alpha: 0.8)
            star.strokeColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
            star.lineWidth = 2
            star.lineJoin = .round
            star.lineDashPattern = [6, 3]
            let scale = 0.75 + 0.5 * random()
            // Sliding stars stand upright: a turned bitmap would composite as slowly as a turning one.
            let turn = 2 * Double.pi * random()
            let angle = motion == .turning ? turn : 0
            star.transform = CATransform3DRotate(CATransform3DMakeScale(scale, scale, 1), angle, 0, 0, 1)
            root.addSublayer(star)
            stars.append((star, angle))
        }
        CATransaction.commit()
        for (star, angle) in stars {
            let animation: CABasicAnimation
            switch motion {
            case .turning:
                animation = CABasicAnimation(keyPath: "transform.rotation.z")
                animation.fromValue = angle
                animation.toValue = angle + 2 * Double.pi
                animation.duration = turnDuration
            case .sliding:
                animation = CABasicAnimation(keyPath: "transform.translation.x")
                animation.fromValue = 0
                animation.toValue = 200
                animation.duration = turnDuration / 2
                animation.autoreverses = true
            }
            animation.beginTime = 0
            animation.repeatCount = .infinity
            star.add(animation, forKey: "move")
        }
        CATransaction.flush()
        return root
    }

    private static func starPath(points: Int, centre: Double, outer: Double, inner: Double) -> CGPath {
        let path = CGMutablePath()
        for index in 0..<(2 * points) {
            let radius = index % 2 == 0 ? outer : inner
            let angle = Double(index) * Double.pi / Double(points)
            let point = CGPoint(x: centre + radius * sin(angle), y: centre - radius * cos(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path.copy() ?? path
    }
}
